// The GitHub port against a local fake of the REST API (real HTTP on 127.0.0.1).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  classify,
  createGitHub,
  describeGitHubFailure,
  type GitHubFailure,
  type GitHubOptions,
  toRelease,
} from '../../src/action/github.js';
import { TransportError } from '../../src/core/errors.js';
import { createTransport } from '../../src/core/transport/transport.js';
import { refusedBaseUrl } from '../support/closed-port.js';
import { FAKE_TOKEN, GitHubApi, REPOSITORY } from '../support/github-api.js';
import { TestProxy } from '../support/proxy.js';

let api: GitHubApi;
let url: string;

beforeEach(async () => {
  api = new GitHubApi([
    { tag_name: 'v2.0.0-beta.1', body: 'beta', prerelease: true },
    { tag_name: 'v1.5.0', body: 'draft', draft: true },
    { tag_name: 'v1.4.0', body: '## Notes\n- a' },
    { tag_name: 'pkg/v1.0.0', body: null },
  ]);
  url = await api.start();
});
afterEach(() => api.stop());

const port = (over: Partial<GitHubOptions> = {}) =>
  createGitHub({
    token: FAKE_TOKEN,
    repository: REPOSITORY,
    apiUrl: `${url}/`,
    env: {},
    retryPauseMs: 1,
    ...over,
  });

describe('createGitHub', () => {
  it('reads the latest release (not a draft, not a pre-release) with the token', async () => {
    expect(await port().latestRelease()).toEqual({
      kind: 'found',
      release: {
        tag: 'v1.4.0',
        body: '## Notes\n- a',
        url: `https://github.com/${REPOSITORY}/releases/tag/v1.4.0`,
      },
    });
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `/repos/${REPOSITORY}/releases/latest`,
        authorization: `token ${FAKE_TOKEN}`,
        userAgent: expect.stringContaining('listing-auto-deploy/'),
      }),
    ]);
  });

  it('reads the release of a tag, slashes included; a null body is empty', async () => {
    expect(await port().releaseByTag('pkg/v1.0.0')).toMatchObject({
      kind: 'found',
      release: { tag: 'pkg/v1.0.0', body: '' },
    });
  });

  it('reports 404 as no release', async () => {
    expect(await port().releaseByTag('v9.9.9')).toEqual({ kind: 'none' });
    const empty = new GitHubApi();
    const emptyUrl = await empty.start();
    expect(await port({ apiUrl: emptyUrl }).latestRelease()).toEqual({ kind: 'none' });
    await empty.stop();
  });

  it.each([
    ['a refused token', () => (api.token = 'other'), { cause: 'bad-token', status: 401 }],
    [
      'a rate limit',
      () => api.inject({ kind: 'rate-limit' }),
      { cause: 'rate-limited', status: 403, resetAt: '08:00 UTC' },
    ],
    [
      'a 429',
      () => api.inject({ kind: 'status', status: 429 }),
      { cause: 'rate-limited', status: 429, resetAt: '' },
    ],
    [
      'a 403 without a rate limit',
      () =>
        api.inject({ kind: 'status', status: 403, body: '{"message":"Resource not accessible"}' }),
      { cause: 'forbidden', status: 403 },
    ],
    [
      'another 4xx',
      () => api.inject({ kind: 'status', status: 422 }),
      { cause: 'rejected', status: 422 },
    ],
  ])('does not retry %s', async (_, arrange, failure) => {
    arrange();
    expect(await port().latestRelease()).toEqual({ kind: 'failed', failure });
    expect(api.requests).toHaveLength(1);
  });

  it('retries a 5xx once, and succeeds', async () => {
    api.inject({ kind: 'status', status: 502, body: 'bad gateway' });
    expect(await port().latestRelease()).toMatchObject({ kind: 'found' });
    expect(api.requests).toHaveLength(2);
  });

  it('gives up after one retry of a 5xx', async () => {
    api.inject({ kind: 'status', status: 503, times: 5 });
    expect(await port().latestRelease()).toEqual({
      kind: 'failed',
      failure: { cause: 'server', status: 503 },
    });
    expect(api.requests).toHaveLength(2);
  });

  it('cuts a hanging call at its deadline, retries once, and gives up', async () => {
    api.inject({ kind: 'hang', times: 2 });
    const started = Date.now();
    expect(await port({ timeoutMs: 300 }).latestRelease()).toEqual({
      kind: 'failed',
      failure: { cause: 'timeout', host: new URL(url).host },
    });
    expect(api.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a refused connection with its code, after one retry', async () => {
    const refused = (await refusedBaseUrl()).replace(/\/v1$/, '');
    expect(await port({ apiUrl: refused }).latestRelease()).toEqual({
      kind: 'failed',
      failure: { cause: 'unreachable', code: 'ECONNREFUSED', host: new URL(refused).host },
    });
  });

  it('an API address that is not a URL is unreachable, never an unexpected error', async () => {
    expect(await port({ apiUrl: 'not a url' }).latestRelease()).toMatchObject({
      kind: 'failed',
      failure: { cause: 'unreachable' },
    });
  });

  it('makes no request without a token or a repository', async () => {
    expect(await port({ token: '' }).latestRelease()).toEqual({
      kind: 'failed',
      failure: { cause: 'no-token' },
    });
    expect(await port({ token: 'ghs_a\nb' }).latestRelease()).toEqual({
      kind: 'failed',
      failure: { cause: 'malformed-token' },
    });
    expect(await port({ repository: '' }).releaseByTag('v1')).toEqual({
      kind: 'failed',
      failure: { cause: 'no-repository' },
    });
    expect(api.requests).toEqual([]);
  });

  it('loads the client once, on the first call; a failed load is a GitHub failure', async () => {
    let loads = 0;
    const failing = port({
      load: async () => {
        loads++;
        throw new Error('Cannot find module ./413.index.js');
      },
    });
    expect(loads).toBe(0);
    expect(await failing.latestRelease()).toEqual({
      kind: 'failed',
      failure: { cause: 'unloadable' },
    });
    let real = 0;
    const counted = port({
      load: () => {
        real++;
        return import('../../src/action/octokit.js');
      },
    });
    await counted.latestRelease();
    await counted.releaseByTag('v1.4.0');
    expect(real).toBe(1);
  });

  it('without a transport, its own checks the proxy of the API first: a bad one loads nothing', async () => {
    let loads = 0;
    // Not loopback, so that the proxy applies; refused before any connection.
    const github = port({
      apiUrl: 'https://ghe.example.com/api/v3',
      env: { HTTPS_PROXY: 'proxy.corp:3128' },
      load: () => {
        loads++;
        return import('../../src/action/octokit.js');
      },
    });
    expect(await github.latestRelease()).toEqual({
      kind: 'failed',
      failure: { cause: 'unloadable' },
    });
    expect(loads).toBe(0);
  });

  it('refuses an answer that is not a release', async () => {
    api.inject({ kind: 'status', status: 200, body: '{"message":"hello"}' });
    expect(await port().latestRelease()).toEqual({
      kind: 'failed',
      failure: { cause: 'bad-answer' },
    });
  });
});

describe('through the step transport and a proxy (the same classification as the marketplace)', () => {
  // Not loopback, so that it is proxied; the test proxy reaches every host on 127.0.0.1.
  const viaProxy = async (options: { refuseStatus?: number } = {}) => {
    const proxy = new TestProxy(options);
    const proxyAddress = `127.0.0.1:${await proxy.start()}`;
    const apiUrl = `http://github.test:${new URL(url).port}`;
    const env = { HTTP_PROXY: `http://user:pw-7731@${proxyAddress}` };
    const transport = createTransport(env, [apiUrl], 5000);
    return { proxy, proxyAddress, apiUrl, transport, github: port({ apiUrl, transport }) };
  };

  it('reads the release through the proxy', async () => {
    const { proxy, github, transport } = await viaProxy();
    try {
      expect(await github.latestRelease()).toMatchObject({ kind: 'found' });
      expect(proxy.uses.map((use) => use.method)).toEqual(['CONNECT']);
      expect(api.requests).toHaveLength(1);
    } finally {
      await transport.destroy();
      await proxy.stop();
    }
  });

  it.each([
    [407, 'proxy-refused', 1],
    [401, 'proxy-refused', 1],
    [403, 'proxy-refused', 1],
    [500, 'proxy-upstream', 2],
    [502, 'proxy-upstream', 2],
    [503, 'proxy-upstream', 2],
    [504, 'proxy-upstream', 2],
  ])('HTTP %i from the proxy is %s, asked %i time(s)', async (status, kind, asked) => {
    const { proxy, proxyAddress, apiUrl, github, transport } = await viaProxy({
      refuseStatus: status,
    });
    try {
      expect(await github.latestRelease()).toEqual({
        kind: 'failed',
        failure: {
          cause: 'proxy',
          trouble: { kind, status },
          proxy: { variable: 'HTTP_PROXY', host: proxyAddress },
          target: new URL(apiUrl).host,
        },
      });
      expect(proxy.uses).toHaveLength(asked);
      expect(api.requests).toEqual([]);
    } finally {
      await transport.destroy();
      await proxy.stop();
    }
  });

  it('without a transport, the calls take the route of the environment given', async () => {
    const proxy = new TestProxy();
    const proxyAddress = `127.0.0.1:${await proxy.start()}`;
    const apiUrl = `http://github.test:${new URL(url).port}`;
    try {
      const github = port({ apiUrl, env: { HTTP_PROXY: `http://${proxyAddress}` } });
      expect(await github.latestRelease()).toMatchObject({ kind: 'found' });
      expect(proxy.uses.map((use) => use.target)).toEqual([new URL(apiUrl).host]);
      // The same without the variable: direct, the proxy not asked again.
      const direct = port({ apiUrl: `${url}/`, env: {} });
      expect(await direct.latestRelease()).toMatchObject({ kind: 'found' });
      expect(proxy.uses).toHaveLength(1);
    } finally {
      await proxy.stop();
    }
  });

  it('a proxy that cannot be reached is named, after one retry', async () => {
    const dead = new URL(await refusedBaseUrl()).host;
    const apiUrl = `http://github.test:${new URL(url).port}`;
    const transport = createTransport({ HTTP_PROXY: `http://${dead}` }, [apiUrl], 5000);
    try {
      expect(await port({ apiUrl, transport }).latestRelease()).toEqual({
        kind: 'failed',
        failure: {
          cause: 'proxy',
          trouble: { kind: 'proxy-unreachable', code: 'ECONNREFUSED' },
          proxy: { variable: 'HTTP_PROXY', host: dead },
          target: new URL(apiUrl).host,
        },
      });
    } finally {
      await transport.destroy();
    }
  });
});

describe('classify', () => {
  const answered = (status: number, headers: Record<string, string> = {}) => ({
    status: 500,
    response: { status, headers },
  });

  it.each([
    [answered(404), false, { kind: 'none' }, false],
    [answered(500), false, { kind: 'failed', failure: { cause: 'server', status: 500 } }, true],
    [
      answered(403, { 'retry-after': '60' }),
      false,
      { kind: 'failed', failure: { cause: 'rate-limited', status: 403, resetAt: '' } },
      false,
    ],
    // Octokit's network errors and aborts: status 500 and no response. Never read as HTTP 500.
    [{ status: 500 }, true, { kind: 'failed', failure: { cause: 'timeout' } }, true],
    [
      Object.assign(new Error('fetch failed'), {
        status: 500,
        cause: Object.assign(new Error('x'), { code: 'ENOTFOUND' }),
      }),
      false,
      { kind: 'failed', failure: { cause: 'unreachable', code: 'ENOTFOUND' } },
      true,
    ],
    [
      new Error('odd'),
      false,
      { kind: 'failed', failure: { cause: 'unreachable', code: 'network error' } },
      true,
    ],
  ])('%j (timed out: %s)', (error, timedOut, lookup, retry) => {
    expect(classify(error, timedOut)).toEqual({ lookup, retry });
  });

  // As Octokit wraps what its fetch threw: status 500, no response, the transport's error as cause.
  const wrapped = (code: string, proxyStatus?: number) =>
    Object.assign(new Error('wrapped'), {
      status: 500,
      cause: new TransportError(
        proxyStatus === undefined
          ? { kind: 'failure', code, ms: 1 }
          : { kind: 'failure', code, proxyStatus, ms: 1 },
      ),
    });
  const route = {
    proxy: { variable: 'HTTPS_PROXY', host: 'proxy.corp:3128' },
    target: 'api.github.com:443',
  };

  it.each([
    ['CERT_HAS_EXPIRED', undefined, undefined, { cause: 'tls', code: 'CERT_HAS_EXPIRED' }, false],
    ['ETIMEDOUT', undefined, undefined, { cause: 'timeout' }, true],
    ['ECONNRESET', undefined, undefined, { cause: 'unreachable', code: 'ECONNRESET' }, true],
    ['ECONNREFUSED', undefined, undefined, { cause: 'unreachable', code: 'ECONNREFUSED' }, true],
    // The caller's own abort is neither a timeout nor a network failure, and is not retried.
    ['ABORTED', undefined, undefined, { cause: 'aborted' }, false],
    [
      'ECONNREFUSED',
      undefined,
      { proxy: undefined, target: 'ghe.example.com:443', host: 'ghe.example.com' },
      { cause: 'unreachable', code: 'ECONNREFUSED', host: 'ghe.example.com' },
      true,
    ],
    [
      'ETIMEDOUT',
      undefined,
      { proxy: undefined, target: 'ghe.example.com:8443', host: 'ghe.example.com:8443' },
      { cause: 'timeout', host: 'ghe.example.com:8443' },
      true,
    ],
    [
      'PROXY_HTTP_407',
      407,
      route,
      { cause: 'proxy', trouble: { kind: 'proxy-refused', status: 407 }, ...route },
      false,
    ],
    [
      'ECONNREFUSED',
      undefined,
      route,
      { cause: 'proxy', trouble: { kind: 'proxy-unreachable', code: 'ECONNREFUSED' }, ...route },
      true,
    ],
    // Through a proxy, a reset is not the proxy's: the GitHub API is named, as for the marketplace.
    ['ECONNRESET', undefined, route, { cause: 'unreachable', code: 'ECONNRESET' }, true],
  ])(
    'the transport failure %s (proxy status %s, route %j)',
    (code, status, where, failure, retry) => {
      expect(classify(wrapped(code, status), false, where)).toEqual({
        lookup: { kind: 'failed', failure },
        retry,
      });
    },
  );
});

describe('describeGitHubFailure', () => {
  it.each<[GitHubFailure, string]>([
    [{ cause: 'no-token' }, '`github-token` is empty'],
    [{ cause: 'no-repository' }, 'GITHUB_REPOSITORY'],
    [{ cause: 'malformed-token' }, 'characters a token cannot have'],
    [{ cause: 'unloadable' }, 'could not be loaded'],
    [{ cause: 'bad-answer' }, 'not a release'],
    [{ cause: 'bad-token', status: 401 }, 'token was refused (HTTP 401)'],
    [{ cause: 'forbidden', status: 403 }, '`contents: read`'],
    [
      { cause: 'rate-limited', status: 403, resetAt: '12:34 UTC' },
      'rate limit was reached (HTTP 403); it resets at 12:34 UTC',
    ],
    [{ cause: 'rate-limited', status: 429, resetAt: '' }, 'rate limit was reached (HTTP 429)'],
    [{ cause: 'server', status: 502 }, 'failed (HTTP 502), also when retried'],
    [{ cause: 'rejected', status: 422 }, 'refused the request (HTTP 422)'],
    [{ cause: 'unreachable', code: 'ECONNRESET' }, 'could not be reached (ECONNRESET)'],
    [{ cause: 'timeout' }, 'within 10 s'],
    [{ cause: 'tls', code: 'CERT_HAS_EXPIRED' }, 'NODE_EXTRA_CA_CERTS'],
    [
      {
        cause: 'proxy',
        trouble: { kind: 'proxy-refused', status: 407 },
        proxy: { variable: 'HTTPS_PROXY', host: 'proxy.corp:3128' },
        target: 'api.github.com:443',
      },
      'the proxy refused the tunnel, as it wants other credentials: check the user and password in HTTPS_PROXY',
    ],
    [
      {
        cause: 'proxy',
        trouble: { kind: 'proxy-upstream', status: 503 },
        proxy: { variable: 'https_proxy', host: 'proxy.corp:3128' },
        target: 'api.github.com:443',
      },
      'the proxy could not reach api.github.com:443: the proxy set in https_proxy (proxy.corp:3128) answered HTTP 503',
    ],
    [
      {
        cause: 'proxy',
        trouble: { kind: 'proxy-unreachable', code: 'ECONNREFUSED' },
        proxy: { variable: 'HTTPS_PROXY', host: 'proxy.corp:3128' },
        target: 'api.github.com:443',
      },
      'the proxy set in HTTPS_PROXY (proxy.corp:3128) could not be reached (ECONNREFUSED)',
    ],
  ])('%j', (failure, text) => {
    expect(describeGitHubFailure(failure)).toContain(text);
  });
});

describe('toRelease', () => {
  it.each([
    [null, undefined],
    ['text', undefined],
    [{ tag_name: '' }, undefined],
    [
      { tag_name: 'v1', body: 5 },
      { tag: 'v1', body: '', url: '' },
    ],
  ])('%j', (data, expected) => {
    expect(toRelease(data)).toEqual(expected);
  });
});

describe('describeGitHubFailure, whole messages', () => {
  const proxy = { variable: 'HTTPS_PROXY', host: 'proxy.corp:3128' } as const;
  const target = 'api.github.com:443';

  it.each<[GitHubFailure, string]>([
    // A GitHub Enterprise Server is named by its own address, as the marketplace is.
    [
      { cause: 'unreachable', code: 'ECONNREFUSED', host: 'ghe.example.com' },
      'the GitHub API at ghe.example.com could not be reached (ECONNREFUSED), also when retried',
    ],
    [
      { cause: 'timeout', host: 'ghe.example.com:8443' },
      'the GitHub API at ghe.example.com:8443 did not answer within 10 s, also when retried',
    ],
    [
      { cause: 'tls', code: 'SELF_SIGNED_CERT_IN_CHAIN', host: 'ghe.example.com' },
      'the TLS certificate of the GitHub API at ghe.example.com was rejected (SELF_SIGNED_CERT_IN_CHAIN): ' +
        'with a private certificate authority, set NODE_EXTRA_CA_CERTS on the step to a PEM file holding its certificate',
    ],
    [
      { cause: 'aborted', host: 'ghe.example.com' },
      'the request to the GitHub API at ghe.example.com was abandoned before it was answered',
    ],
    [{ cause: 'aborted' }, 'the request to the GitHub API was abandoned before it was answered'],
    [
      { cause: 'rate-limited', status: 429, resetAt: '' },
      'the GitHub API rate limit was reached (HTTP 429)',
    ],
    [
      { cause: 'rate-limited', status: 403, resetAt: '22:13 UTC' },
      'the GitHub API rate limit was reached (HTTP 403); it resets at 22:13 UTC',
    ],
    [
      { cause: 'tls', code: 'CERT_HAS_EXPIRED' },
      'the TLS certificate of the GitHub API was rejected (CERT_HAS_EXPIRED): with a private ' +
        'certificate authority, set NODE_EXTRA_CA_CERTS on the step to a PEM file holding its certificate',
    ],
  ])('%j', (failure, text) => {
    expect(describeGitHubFailure(failure)).toBe(text);
  });

  it('a proxy failure without words of its own is named as one', () => {
    expect(
      describeGitHubFailure({ cause: 'proxy', trouble: { kind: 'timeout' }, proxy, target }),
    ).toBe('the GitHub API was not reached: proxy failure, also when retried');
  });

  it('a proxy that refused the tunnel was not retried; one that failed otherwise was', () => {
    const refused = describeGitHubFailure({
      cause: 'proxy',
      trouble: { kind: 'proxy-refused', status: 407 },
      proxy,
      target,
    });
    expect(refused).toMatch(
      /^the GitHub API was not reached: the proxy refused the tunnel, [^\n]*HTTPS_PROXY/,
    );
    expect(refused).not.toMatch(/retried|Stryker|proxy failure/);
    const upstream = describeGitHubFailure({
      cause: 'proxy',
      trouble: { kind: 'proxy-upstream', status: 503 },
      proxy,
      target,
    });
    expect(upstream).toMatch(
      /^the GitHub API was not reached: the proxy could not reach api\.github\.com:443: .*\), also when retried$/,
    );
  });
});

describe('classify, what counts as an answer', () => {
  const answered = (status: number, headers: Record<string, string> = {}) => ({
    status: 500,
    response: { status, headers },
  });
  const unreachable = { kind: 'failed', failure: { cause: 'unreachable', code: 'network error' } };

  it.each<[string, unknown, unknown, boolean]>([
    ['null', null, unreachable, true],
    ['a null response', { status: 500, response: null }, unreachable, true],
    ['a response without a status', { status: 500, response: { headers: {} } }, unreachable, true],
    [
      'a 5xx with Retry-After: not a rate limit',
      answered(503, { 'retry-after': '60' }),
      { kind: 'failed', failure: { cause: 'server', status: 503 } },
      true,
    ],
    [
      'a 403 with no requests left, reset at 0: no time',
      answered(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' }),
      { kind: 'failed', failure: { cause: 'rate-limited', status: 403, resetAt: '' } },
      false,
    ],
    [
      'a 403 with no requests left, a reset time',
      answered(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000000' }),
      { kind: 'failed', failure: { cause: 'rate-limited', status: 403, resetAt: '22:13 UTC' } },
      false,
    ],
    [
      'a 422',
      answered(422),
      { kind: 'failed', failure: { cause: 'rejected', status: 422 } },
      false,
    ],
  ])('%s', (_, error, lookup, retry) => {
    expect(classify(error, false)).toEqual({ lookup, retry });
  });
});

describe('toRelease, the tag', () => {
  it.each([
    [{ tag_name: '  v1.2.0\n' }, { tag: 'v1.2.0', body: '', url: '' }],
    [{ tag_name: ' \t ' }, undefined],
  ])('%j', (data, expected) => {
    expect(toRelease(data)).toEqual(expected);
  });
});

describe('createGitHub, the repository and the pause between attempts', () => {
  it.each(['owner', 'owner/', '/repo', '/'])(
    'makes no request for the repository %j',
    async (repository) => {
      expect(await port({ repository }).latestRelease()).toEqual({
        kind: 'failed',
        failure: { cause: 'no-repository' },
      });
      expect(api.requests).toEqual([]);
    },
  );

  it('pauses once, between the two attempts only', async () => {
    // A long pause, so that one pause and two are told apart with a wide margin on a busy machine.
    const pause = 1500;
    const github = port({ retryPauseMs: pause });
    await github.latestRelease(); // loads the client first: its loading is not timed
    api.inject({ kind: 'status', status: 502 });
    let started = performance.now();
    expect(await github.latestRelease()).toMatchObject({ kind: 'found' });
    const retried = performance.now() - started;
    expect(retried).toBeGreaterThanOrEqual(pause - 10);
    expect(retried).toBeLessThan(2 * pause);
    api.inject({ kind: 'status', status: 502, times: 2 });
    started = performance.now();
    expect(await github.latestRelease()).toMatchObject({ failure: { cause: 'server' } });
    const failed = performance.now() - started;
    expect(failed).toBeGreaterThanOrEqual(pause - 10);
    expect(failed).toBeLessThan(2 * pause);
  });
});

describe('createGitHub, the debug log', () => {
  const logged = () => {
    const lines: string[] = [];
    const github = port({ debug: { log: (line) => lines.push(line), redact: (text) => text } });
    return { lines, github };
  };

  it('writes each exchange, the token named and never shown, and a release not found', async () => {
    const { lines, github } = logged();
    expect(await github.releaseByTag('v9.9.9')).toEqual({ kind: 'none' });
    expect(lines[0]).toMatch(
      /^Request: GET http:\/\/127\.0\.0\.1:\d+\/repos\/.+\/releases\/tags\/v9\.9\.9$/,
    );
    expect(lines).toContain('  > authorization: (set, not shown)');
    expect(lines.join('\n')).not.toContain(FAKE_TOKEN);
    expect(lines.at(-1)).toBe('GitHub: no release for tag "v9.9.9" (HTTP 404)');
  });

  it('says when a failed call is retried, and when it failed again', async () => {
    api.inject({ kind: 'status', status: 503, times: 2 });
    const { lines, github } = logged();
    expect(await github.latestRelease()).toMatchObject({ kind: 'failed' });
    const decisions = lines.filter((line) => line.startsWith('GitHub: '));
    expect(decisions).toEqual([
      'GitHub: the latest release could not be read (HTTP 503): retried once in 1 ms',
      'GitHub: the latest release could not be read (HTTP 503), also when retried',
    ]);
  });

  it('says a refused token is not retried', async () => {
    api.inject({ kind: 'status', status: 401 });
    const { lines, github } = logged();
    await github.latestRelease();
    expect(lines.at(-1)).toBe(
      'GitHub: the latest release could not be read (HTTP 401): not retried',
    );
  });
});
