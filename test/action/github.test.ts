// The action's GitHub client against a local fake of the REST API (real HTTP on 127.0.0.1), over
// the step's transport; and why a call read no release, as a table of what Octokit throws.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGitHub } from '../../src/action/github.js';
import { ApiKey } from '../../src/core/guard/secret.js';
import type { Settings } from '../../src/core/inputs.js';
import type { RetryClock } from '../../src/core/transport/retry.js';
import { createTransport, type Transport } from '../../src/core/transport/transport.js';
import { refusedBaseUrl } from '../support/closed-port.js';
import { FAKE_TOKEN, GitHubApi, REPOSITORY, releaseAnswer } from '../support/github-api.js';
import { TestProxy } from '../support/proxy.js';
import { makeCertificate } from '../support/tls.js';

// Octokit binds console.warn when it loads: watched from before the client is imported.
const warn = vi.hoisted(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));

let api: GitHubApi;
let url: string;
let host: string;
let transport: Transport;

beforeEach(async () => {
  api = new GitHubApi([
    { tag_name: 'v2.0.0-beta.1', body: 'beta', prerelease: true },
    { tag_name: 'v1.5.0', body: 'draft', draft: true },
    { tag_name: 'v1.4.0', body: '## Notes\n- a' },
    { tag_name: 'pkg/v1.0.0', body: null },
  ]);
  url = await api.start();
  host = new URL(url).host;
  transport = createTransport({}, [], 5000);
  warn.mockClear();
});
afterEach(async () => {
  await transport.destroy();
  await api.stop();
});

const origin = { sha: '', runUrl: '', workspace: '' };

// GitHub's one retry waits 500 ms: not waited here.
const INSTANT: RetryClock = { now: Date.now, sleep: async () => {}, random: () => 0 };

interface Over {
  readonly token?: string;
  readonly repository?: string;
  readonly apiUrl?: string;
  readonly transport?: Transport;
  readonly timeoutMs?: number;
  readonly clock?: RetryClock;
  readonly debug?: Parameters<typeof createGitHub>[1];
}

/** A port asking through a step that holds `over`'s token, repository, API and transport. */
const port = ({ token = FAKE_TOKEN, repository = REPOSITORY, ...over }: Over = {}) =>
  createGitHub(
    {
      settings: { githubToken: new ApiKey(token) } as Settings,
      context: { ...origin, repository, apiUrl: over.apiUrl ?? `${url}/` },
      transport: over.transport ?? transport,
    },
    over.debug,
    { clock: over.clock ?? INSTANT, timeoutMs: over.timeoutMs },
  );

/** A call that throws, as the reason it gives. */
const outcome = (call: Promise<unknown>) =>
  call.catch((error: Error) => ({ reason: error.message }));
const failed = (reason: string) => ({ reason });

describe('createGitHub', () => {
  it('reads the latest release (not a draft, not a pre-release) with the token', async () => {
    expect(await outcome(port().latestRelease())).toEqual({
      tag: 'v1.4.0',
      body: '## Notes\n- a',
      url: `https://github.com/${REPOSITORY}/releases/tag/v1.4.0`,
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
    expect(await outcome(port().releaseByTag('pkg/v1.0.0'))).toMatchObject({
      tag: 'pkg/v1.0.0',
      body: '',
    });
  });

  it.each(['', '/', '//', '///'])(
    'an API address ending in %j: requests under its root',
    async (end) => {
      expect(await outcome(port({ apiUrl: `${url}${end}` }).latestRelease())).toHaveProperty(
        'tag',
        'v1.4.0',
      );
      expect(api.requests.map((request) => request.path)).toEqual([
        `/repos/${REPOSITORY}/releases/latest`,
      ]);
    },
  );

  it('reports 404 as no release', async () => {
    expect(await outcome(port().releaseByTag('v9.9.9'))).toBeUndefined();
    const empty = new GitHubApi();
    const emptyUrl = await empty.start();
    expect(await outcome(port({ apiUrl: emptyUrl }).latestRelease())).toBeUndefined();
    await empty.stop();
  });

  it.each([
    [
      'a refused token',
      () => (api.token = 'other'),
      'the token was refused (HTTP 401): it is invalid or expired',
    ],
    [
      'a rate limit',
      () => api.inject({ kind: 'rate-limit' }),
      'the GitHub API rate limit was reached (HTTP 403); it resets at 08:00 UTC',
    ],
    [
      'a 429',
      () => api.inject({ kind: 'status', status: 429 }),
      'the GitHub API rate limit was reached (HTTP 429)',
    ],
    [
      'a 403 without a rate limit',
      () =>
        api.inject({ kind: 'status', status: 403, body: '{"message":"Resource not accessible"}' }),
      'the token may not read releases (HTTP 403): grant the workflow `contents: read`',
    ],
    [
      'another 4xx',
      () => api.inject({ kind: 'status', status: 422 }),
      'the GitHub API refused the request (HTTP 422)',
    ],
  ])('does not retry %s', async (_, arrange, reason) => {
    arrange();
    expect(await outcome(port().latestRelease())).toEqual(failed(reason));
    expect(api.requests).toHaveLength(1);
  });

  it('retries a 5xx once, and succeeds', async () => {
    api.inject({ kind: 'status', status: 502, body: 'bad gateway' });
    expect(await outcome(port().latestRelease())).toHaveProperty('tag');
    expect(api.requests).toHaveLength(2);
  });

  it('gives up after one retry of a 5xx', async () => {
    api.inject({ kind: 'status', status: 500, times: 5 });
    expect(await outcome(port().latestRelease())).toEqual(
      failed('the GitHub API failed (HTTP 500), also when retried'),
    );
    expect(api.requests).toHaveLength(2);
  });

  it('cuts a hanging call at its deadline, retries once, and gives up', async () => {
    api.inject({ kind: 'hang', times: 2 });
    const started = Date.now();
    expect(await outcome(port({ timeoutMs: 300 }).latestRelease())).toEqual(
      failed(`the GitHub API at ${host} did not answer within 0.3 s, also when retried`),
    );
    expect(api.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a refused connection with its code, after one retry', async () => {
    const refused = (await refusedBaseUrl()).replace(/\/v1$/, '');
    expect(await outcome(port({ apiUrl: refused }).latestRelease())).toEqual(
      failed(
        `the GitHub API at ${new URL(refused).host} could not be reached (ECONNREFUSED), also when retried`,
      ),
    );
  });

  it('a certificate it cannot trust is named, with what to set, and not retried', async () => {
    const tls = new GitHubApi([{ tag_name: 'v1', body: '' }], makeCertificate());
    const tlsUrl = await tls.start();
    const lines: string[] = [];
    try {
      const lookup = await outcome(
        port({
          apiUrl: tlsUrl,
          debug: { log: (line) => lines.push(line), redact: (text) => text },
        }).latestRelease(),
      );
      expect(lookup).toEqual(
        failed(expect.stringMatching(/^the TLS certificate of the GitHub API at 127\.0\.0\.1:/)),
      );
      expect((lookup as { reason: string }).reason).toMatch(
        /was rejected \([A-Z_]+\): with a private certificate authority, set NODE_EXTRA_CA_CERTS on the step to a PEM file holding its certificate$/,
      );
      expect(lines.at(-1)).toMatch(
        /^GitHub: the latest release could not be read \([A-Z_]+\): not retried$/,
      );
    } finally {
      await tls.stop();
    }
  });

  it('makes no request without a token or a repository', async () => {
    expect(await outcome(port({ token: '' }).latestRelease())).toEqual(
      failed('no token was given (input `github-token` is empty)'),
    );
    expect(await outcome(port({ token: 'ghs_a\nb' }).latestRelease())).toEqual(
      failed('the token (input `github-token`) holds characters a token cannot have'),
    );
    expect(api.requests).toEqual([]);
  });

  it.each(['', 'owner', 'owner/', '/repo', '/'])(
    'makes no request for the repository %j',
    async (repository) => {
      expect(await outcome(port({ repository }).releaseByTag('v1'))).toEqual(
        failed('the repository is not known (GITHUB_REPOSITORY is not set)'),
      );
      expect(api.requests).toEqual([]);
    },
  );

  it.each([
    ['{"message":"hello"}', failed('the GitHub API gave an answer that is not a release')],
    ['null', failed('the GitHub API gave an answer that is not a release')],
    ['{"tag_name":" \\t "}', failed('the GitHub API gave an answer that is not a release')],
    ['{"tag_name":"  v1.2.0\\n"}', { tag: 'v1.2.0', body: '', url: '' }],
    ['{"tag_name":"v1","body":5}', { tag: 'v1', body: '', url: '' }],
  ])('reads the answer %s as %j', async (body, lookup) => {
    api.inject({ kind: 'status', status: 200, body });
    expect(await outcome(port().latestRelease())).toEqual(lookup);
  });

  it('a deprecation the server announces is not printed (its text is the server’s)', async () => {
    const [owner = '', repo = ''] = REPOSITORY.split('/');
    api.inject({
      kind: 'status',
      status: 200,
      body: JSON.stringify(releaseAnswer(owner, repo, { tag_name: 'v1.4.0', body: 'Notes' })),
      headers: {
        deprecation: 'true',
        sunset: '::error::from the server',
        link: '<https://evil.example/x>; rel="deprecation"',
      },
    });
    expect(await outcome(port().latestRelease())).toHaveProperty('tag');
    expect(warn).not.toHaveBeenCalled();
  });

  it('waits 500 ms once, between the two attempts only, whatever Retry-After asks', async () => {
    const waits: number[] = [];
    const clock = { ...INSTANT, sleep: async (ms: number) => void waits.push(ms) };
    api.inject({ kind: 'status', status: 502, headers: { 'retry-after': '120' } });
    expect(await outcome(port({ clock }).latestRelease())).toHaveProperty('tag');
    expect(waits).toEqual([500]);
    api.inject({ kind: 'status', status: 503, headers: { 'retry-after': '30' }, times: 2 });
    expect(await outcome(port({ clock }).latestRelease())).toEqual(
      failed('the GitHub API failed (HTTP 503), also when retried'),
    );
    expect(waits).toEqual([500, 500]);
    expect(api.requests).toHaveLength(4);
  });
});

describe('through the step transport and a proxy (the same classification as the marketplace)', () => {
  // Not loopback, so that it is proxied; the test proxy reaches every host on 127.0.0.1.
  const viaProxy = async (options: { refuseStatus?: number } = {}) => {
    const proxy = new TestProxy(options);
    const proxyAddress = `127.0.0.1:${await proxy.start()}`;
    const apiUrl = `http://github.test:${new URL(url).port}`;
    const env = { HTTP_PROXY: `http://user:pw-7731@${proxyAddress}` };
    const proxied = createTransport(env, [apiUrl], 5000);
    const github = port({ apiUrl, transport: proxied });
    return { proxy, proxyAddress, target: new URL(apiUrl).host, proxied, github };
  };

  it('reads the release through the proxy', async () => {
    const { proxy, github, proxied } = await viaProxy();
    try {
      expect(await outcome(github.latestRelease())).toHaveProperty('tag');
      expect(proxy.uses.map((use) => use.method)).toEqual(['CONNECT']);
      expect(api.requests).toHaveLength(1);
    } finally {
      await proxied.destroy();
      await proxy.stop();
    }
  });

  const answered = (proxy: string, status: number, target: string) =>
    `the proxy set in HTTP_PROXY (${proxy}) answered HTTP ${status} when asked to connect to ${target}`;
  it.each<[number, number, (proxy: string, target: string) => string]>([
    [
      407,
      1,
      (proxy, target) =>
        'the proxy refused the tunnel, as it wants other credentials: check the user and password ' +
        `in HTTP_PROXY (http://user:password@host:port); ${answered(proxy, 407, target)}`,
    ],
    [
      401,
      1,
      (proxy, target) =>
        'the proxy refused the tunnel, as it wants other credentials: check the user and password ' +
        `in HTTP_PROXY (http://user:password@host:port); ${answered(proxy, 401, target)}`,
    ],
    [
      403,
      1,
      (proxy, target) =>
        `the proxy refused the tunnel, as its rules refuse ${target}: ask its administrators to ` +
        'allow it (or exclude the host with NO_PROXY if this machine can reach it directly); ' +
        answered(proxy, 403, target),
    ],
    ...[500, 502, 503, 504].map(
      (status) =>
        [
          status,
          2,
          (proxy: string, target: string) =>
            `the proxy could not reach ${target}: the proxy set in HTTP_PROXY (${proxy}) answered ` +
            `HTTP ${status} (the host is down, or the proxy cannot resolve or route to it), also when retried`,
        ] as [number, number, (proxy: string, target: string) => string],
    ),
  ])('HTTP %i from the proxy: asked %i time(s)', async (status, asked, words) => {
    const { proxy, proxyAddress, target, github, proxied } = await viaProxy({
      refuseStatus: status,
    });
    try {
      expect(await outcome(github.latestRelease())).toEqual(
        failed(`the GitHub API was not reached: ${words(proxyAddress, target)}`),
      );
      expect(proxy.uses).toHaveLength(asked);
      expect(api.requests).toEqual([]);
    } finally {
      await proxied.destroy();
      await proxy.stop();
    }
  });

  it('a proxy that cannot be reached is named, after one retry', async () => {
    const dead = new URL(await refusedBaseUrl()).host;
    const apiUrl = `http://github.test:${new URL(url).port}`;
    const proxied = createTransport({ HTTP_PROXY: `http://${dead}` }, [apiUrl], 5000);
    try {
      expect(await outcome(port({ apiUrl, transport: proxied }).latestRelease())).toEqual(
        failed(
          `the GitHub API was not reached: the proxy set in HTTP_PROXY (${dead}) could not be ` +
            'reached (ECONNREFUSED): check the proxy address in HTTP_PROXY and that the proxy ' +
            'runs, or exclude the host with NO_PROXY if this machine can reach it directly, also when retried',
        ),
      );
    } finally {
      await proxied.destroy();
    }
  });
});

describe('why a call read no release, and whether it was retried', () => {
  it.each<[string, Record<string, string>, string, number]>([
    [
      'a 5xx with Retry-After: not a rate limit',
      { 'retry-after': '60' },
      'the GitHub API failed (HTTP 503), also when retried',
      2,
    ],
    [
      'a 403 with Retry-After',
      { 'retry-after': '60' },
      'the GitHub API rate limit was reached (HTTP 403)',
      1,
    ],
    [
      'a 403 with no requests left, reset at 0: no time',
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' },
      'the GitHub API rate limit was reached (HTTP 403)',
      1,
    ],
    [
      'a 403 with no requests left, a reset time',
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000000' },
      'the GitHub API rate limit was reached (HTTP 403); it resets at 22:13 UTC',
      1,
    ],
    [
      'a 403 with requests left',
      { 'x-ratelimit-remaining': '10' },
      'the token may not read releases (HTTP 403): grant the workflow `contents: read`',
      1,
    ],
  ])('%s', async (name, headers, reason, asked) => {
    const status = name.startsWith('a 5xx') ? 503 : 403;
    api.inject({ kind: 'status', status, headers, times: 2 });
    expect(await outcome(port().latestRelease())).toEqual(failed(reason));
    expect(api.requests).toHaveLength(asked);
  });

  it('every 5xx is retried once, 501 included', async () => {
    api.inject({ kind: 'status', status: 501, times: 2 });
    expect(await outcome(port().latestRelease())).toEqual(
      failed('the GitHub API failed (HTTP 501), also when retried'),
    );
    expect(api.requests).toHaveLength(2);
  });

  // A transport whose every attempt ends with `error`, before any byte is sent.
  const failing = (error: Error, proxy?: { variable: string; host: string }): Transport => ({
    proxyInUse: () => proxy,
    dispatcherFor: () =>
      ({ compose: () => ({ request: () => Promise.reject(error) }) }) as unknown as ReturnType<
        Transport['dispatcherFor']
      >,
    destroy: async () => {},
  });
  const coded = (code: string) => Object.assign(new Error(code), { code });
  const proxy = { variable: 'HTTPS_PROXY', host: 'proxy.corp:3128' };
  const GHE = 'https://ghe.example.com:8443';

  it.each<[string, Error, typeof proxy | undefined, string, string]>([
    [
      'a certificate',
      coded('CERT_HAS_EXPIRED'),
      undefined,
      'the TLS certificate of the GitHub API at ghe.example.com:8443 was rejected ' +
        '(CERT_HAS_EXPIRED): with a private certificate authority, set NODE_EXTRA_CA_CERTS on ' +
        'the step to a PEM file holding its certificate',
      'CERT_HAS_EXPIRED: not retried',
    ],
    [
      'a deadline',
      coded('ETIMEDOUT'),
      undefined,
      'the GitHub API at ghe.example.com:8443 did not answer within 10 s, also when retried',
      'timeout, also when retried',
    ],
    [
      'a reset',
      coded('ECONNRESET'),
      undefined,
      'the GitHub API at ghe.example.com:8443 could not be reached (ECONNRESET), also when retried',
      'ECONNRESET, also when retried',
    ],
    [
      'an error without a code',
      new Error('no code'),
      undefined,
      'the GitHub API at ghe.example.com:8443 could not be reached (Error), also when retried',
      'Error, also when retried',
    ],
    [
      "a proxy's 407",
      new Error('Proxy response (407) !== 200 when HTTP Tunneling'),
      proxy,
      'the GitHub API was not reached: the proxy refused the tunnel, as it wants other ' +
        'credentials: check the user and password in HTTPS_PROXY (http://user:password@host:port); ' +
        'the proxy set in HTTPS_PROXY (proxy.corp:3128) answered HTTP 407 when asked to connect ' +
        'to ghe.example.com:8443',
      'proxy: not retried',
    ],
    [
      'a proxy that cannot be reached',
      coded('ECONNREFUSED'),
      proxy,
      'the GitHub API was not reached: the proxy set in HTTPS_PROXY (proxy.corp:3128) could ' +
        'not be reached (ECONNREFUSED): check the proxy address in HTTPS_PROXY and that the ' +
        'proxy runs, or exclude the host with NO_PROXY if this machine can reach it directly, ' +
        'also when retried',
      'proxy, also when retried',
    ],
    // Through a proxy, a reset is not the proxy's: the GitHub API is named, as for the marketplace.
    [
      'a reset through a proxy',
      coded('ECONNRESET'),
      proxy,
      'the GitHub API at ghe.example.com:8443 could not be reached (ECONNRESET), also when retried',
      'ECONNRESET, also when retried',
    ],
  ])('%s', async (_, error, through, reason, said) => {
    const lines: string[] = [];
    const debug = { log: (line: string) => lines.push(line), redact: (text: string) => text };
    const github = port({ apiUrl: GHE, transport: failing(error, through), debug });
    expect(await outcome(github.latestRelease())).toEqual(failed(reason));
    const [cause, end] = said.split(/(?=: not|, also)/);
    expect(lines.at(-1)).toBe(`GitHub: the latest release could not be read (${cause})${end}`);
  });

  it('an error before any attempt is read as no answer, not thrown on', async () => {
    const broken: Transport = {
      proxyInUse: () => undefined,
      dispatcherFor: () => {
        throw coded('EACCES');
      },
      destroy: async () => {},
    };
    expect(await outcome(port({ apiUrl: GHE, transport: broken }).latestRelease())).toEqual(
      failed('the GitHub API at ghe.example.com:8443 could not be reached (network error)'),
    );
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
    expect(await outcome(github.releaseByTag('v9.9.9'))).toBeUndefined();
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
    expect(await outcome(github.latestRelease())).toHaveProperty('reason');
    const decisions = lines.filter((line) => line.startsWith('GitHub: '));
    expect(decisions).toEqual([
      'GitHub: the latest release could not be read (HTTP 503): retried once in 500 ms',
      'GitHub: the latest release could not be read (HTTP 503), also when retried',
    ]);
  });

  it('says nothing more of a release read', async () => {
    const { lines, github } = logged();
    expect(await outcome(github.latestRelease())).toHaveProperty('tag');
    expect(lines.filter((line) => line.startsWith('GitHub: '))).toEqual([]);
  });

  it('says a refused token is not retried', async () => {
    api.inject({ kind: 'status', status: 401 });
    const { lines, github } = logged();
    await outcome(github.latestRelease());
    expect(lines.at(-1)).toBe(
      'GitHub: the latest release could not be read (HTTP 401): not retried',
    );
  });

  it('says a call that failed, then found nothing, found nothing', async () => {
    api.inject({ kind: 'status', status: 502 });
    const { lines, github } = logged();
    expect(await outcome(github.releaseByTag('v9.9.9'))).toBeUndefined();
    expect(lines.filter((line) => line.startsWith('GitHub: '))).toEqual([
      'GitHub: the release for tag "v9.9.9" could not be read (HTTP 502): retried once in 500 ms',
      'GitHub: no release for tag "v9.9.9" (HTTP 404)',
    ]);
  });
});
