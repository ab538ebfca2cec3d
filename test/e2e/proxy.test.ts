// Proxies (SPEC 4) on the committed dist/index.js, run as the runner runs it. The marketplace is
// named `api.marketplace.test`; the proxy and, for direct connections, a name lookup in the child
// (LOOPBACK_DNS) send every name to 127.0.0.1, so nothing leaves this machine.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusedBaseUrl } from '../support/closed-port.js';
import { Emulator, KEYS } from '../support/emulator.js';
import { FAKE_TOKEN, GitHubApi } from '../support/github-api.js';
import { TestProxy } from '../support/proxy.js';
import {
  everythingPrinted,
  leakedFragments,
  type RunOptions,
  type RunResult,
  runAction,
  tagPush,
} from '../support/runner.js';
import { makeCertificate } from '../support/tls.js';

const HOST = 'api.marketplace.test';

/** Preloaded in the action's process: every name resolves to 127.0.0.1. */
const LOOPBACK_DNS = `--import=data:text/javascript,${encodeURIComponent(
  'import dns from "node:dns";const lookup=dns.lookup;dns.lookup=(name,...rest)=>lookup.call(dns,"127.0.0.1",...rest);',
)}`;

const cert = makeCertificate(2, [HOST]);
let marketplace: Emulator;
let base: string;
let proxy: TestProxy;
let proxyAddress: string;

beforeAll(async () => {
  marketplace = new Emulator({ tls: cert });
  const { port } = new URL(await marketplace.start());
  base = `https://${HOST}:${port}/v1`;
});
afterAll(async () => {
  await marketplace.stop();
});
beforeEach(async () => {
  marketplace.requests.length = 0;
  proxy = new TestProxy();
  proxyAddress = `127.0.0.1:${await proxy.start()}`;
});
afterEach(async () => {
  await proxy.stop();
});

// `if-older: deploy`: one request per step, the update, so that each test counts the route of
// one request; the default step's GET takes the same route (tested below).
const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEYS.creator,
  'base-url': base,
  version: `1.0.${Date.now()}`,
  'if-older': 'deploy',
  ...over,
});

async function run(options: RunOptions): Promise<RunResult> {
  const result = await runAction({
    ...options,
    env: { NODE_EXTRA_CA_CERTS: cert.certFile, NODE_OPTIONS: LOOPBACK_DNS, ...options.env },
  });
  expect(leakedFragments(result, options.inputs['api-key'] ?? '')).toEqual([]);
  // undici's EnvHttpProxyAgent would print this on every run with a proxy variable.
  expect(`${result.stdout}${result.stderr}`).not.toMatch(/experimental/i);
  return result;
}

function failed(result: RunResult, title: string, ...parts: string[]): string {
  expect(result.code).toBe(1);
  expect(result.errors).toHaveLength(1);
  expect(result.errors[0]?.properties.title).toBe(title);
  const message = result.errors[0]?.data ?? '';
  for (const part of parts) expect(message).toContain(part);
  expect(message).not.toContain('UND_ERR_ABORTED');
  return message;
}

describe('proxy', () => {
  it('goes through HTTPS_PROXY and never prints the proxy credentials', async () => {
    const result = await run({
      inputs: inputs(),
      env: { HTTPS_PROXY: `http://proxyuser:proxy-pass-7781@${proxyAddress}` },
    });
    expect(result.code).toBe(0);
    expect(proxy.uses).toEqual([
      {
        method: 'CONNECT',
        target: new URL(base).host,
        authorization: `Basic ${Buffer.from('proxyuser:proxy-pass-7781').toString('base64')}`,
      },
    ]);
    expect(marketplace.requests).toHaveLength(1);
    const printed = everythingPrinted(result);
    expect(printed).not.toContain('proxy-pass-7781');
    expect(printed).not.toContain('proxyuser');
  });

  it("the default step's GET and its update both go through the proxy", async () => {
    const { 'if-older': _, ...defaults } = inputs();
    const result = await run({
      inputs: defaults,
      env: { HTTPS_PROXY: `http://${proxyAddress}` },
    });
    expect(result.code).toBe(0);
    expect(marketplace.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    expect(proxy.uses.length).toBeGreaterThan(0);
    for (const use of proxy.uses)
      expect(use).toMatchObject({ method: 'CONNECT', target: new URL(base).host });
    expect(
      result.stdout.match(/^(GET|PATCH) https:\/\/api\.marketplace\.test:\d+\/v1\/listings/gm),
    ).toHaveLength(2);
  });

  it.each([
    ['127.0.0.1', (port: string) => `http://127.0.0.1:${port}/v1`],
    ['localhost', (port: string) => `http://localhost:${port}/v1`],
  ])('never sends a request to a loopback host (%s) through the proxy', async (_, url) => {
    const local = new Emulator();
    const { port } = new URL(await local.start());
    try {
      const result = await run({
        inputs: inputs({ 'base-url': url(port) }),
        env: { HTTP_PROXY: `http://${proxyAddress}`, http_proxy: `http://${proxyAddress}` },
      });
      expect(result.code).toBe(0);
      expect(proxy.uses).toEqual([]);
      expect(local.requests).toHaveLength(1);
    } finally {
      await local.stop();
    }
  });

  it.each(['marketplace.test', '.marketplace.test', ' other.example , MARKETPLACE.TEST ', '*'])(
    'NO_PROXY=%s sends the request directly',
    async (noProxy) => {
      const result = await run({
        inputs: inputs(),
        env: { HTTPS_PROXY: `http://${proxyAddress}`, NO_PROXY: noProxy },
      });
      expect(result.code).toBe(0);
      expect(proxy.uses).toEqual([]);
      expect(marketplace.requests).toHaveLength(1);
    },
  );

  it('NO_PROXY with another port still goes through the proxy', async () => {
    const result = await run({
      inputs: inputs(),
      env: { HTTPS_PROXY: `http://${proxyAddress}`, no_proxy: 'marketplace.test:1' },
    });
    expect(result.code).toBe(0);
    expect(proxy.uses).toHaveLength(1);
  });

  it.each([
    ['no scheme', 'proxy.corp:3128'],
    ['an address only', '10.20.30.40:3128'],
    ['another scheme', 'socks5://proxy.corp:1080'],
  ])(
    'a proxy value with %s is an error naming the variable, before any request',
    async (_, value) => {
      const result = await run({ inputs: inputs(), env: { https_proxy: value } });
      const message = failed(result, 'Invalid proxy setting: https_proxy', 'https_proxy');
      expect(everythingPrinted(result)).not.toContain(value);
      expect(message).not.toContain('Unexpected');
      expect(marketplace.requests).toHaveLength(0);
    },
  );

  it('mentions no proxy when NO_PROXY excluded the host', async () => {
    const { port } = new URL(await refusedBaseUrl());
    const result = await run({
      inputs: inputs({ 'base-url': `https://${HOST}:${port}/v1`, retries: '0' }),
      env: { HTTPS_PROXY: `http://${proxyAddress}`, NO_PROXY: 'marketplace.test' },
    });
    const message = failed(result, 'Marketplace unreachable', 'ECONNREFUSED');
    expect(message).not.toMatch(/proxy/i);
    expect(proxy.uses).toEqual([]);
  });

  it('names the proxy variable and address, without credentials, when the proxy is unreachable', async () => {
    const refused = new URL(await refusedBaseUrl()).host;
    const result = await run({
      inputs: inputs({ retries: '0' }),
      env: { https_proxy: `http://someone:hunter2-secret@${refused}` },
    });
    failed(result, 'Proxy unreachable', 'proxy set in https_proxy', refused, 'ECONNREFUSED');
    expect(everythingPrinted(result)).not.toContain('hunter2-secret');
    expect(everythingPrinted(result)).not.toContain('someone');
  });
});

describe('the GitHub API behind a proxy', () => {
  let github: GitHubApi;
  beforeEach(async () => {
    github = new GitHubApi([{ tag_name: 'v1.2.3', body: 'Notes read through the proxy' }]);
    await github.start();
  });
  afterEach(() => github.stop());

  // The GitHub client (its own chunk) sends through the step's one transport, over the proxy.
  it('reads the release notes of the tag through the proxy, as it sends the update', async () => {
    const githubHost = `api.github.test:${new URL(github.url).port}`;
    const result = await run({
      inputs: inputs({ version: '' }),
      trigger: tagPush('v1.2.3'),
      githubApiUrl: `http://${githubHost}`,
      env: { HTTPS_PROXY: `http://${proxyAddress}`, HTTP_PROXY: `http://${proxyAddress}` },
    });
    expect(result.code).toBe(0);
    expect(proxy.uses.map((use) => use.target)).toEqual([githubHost, new URL(base).host]);
    expect(github.requests.map((request) => request.path)).toEqual([
      '/repos/octo-creator/shiny-asset/releases/tags/v1.2.3',
    ]);
    expect(JSON.parse(marketplace.requests.at(-1)?.body ?? '')).toEqual({
      version: 'v1.2.3',
      changelog: 'Notes read through the proxy',
    });
    expect(leakedFragments(result, FAKE_TOKEN)).toEqual([]);
  });
});

describe('the proxy setting, checked before the first request whichever host it is', () => {
  it('a malformed value for the GitHub API fails a manual run from a branch before any request', async () => {
    const github = new GitHubApi([{ tag_name: 'v1.2.3', body: 'notes' }]);
    await github.start();
    try {
      const result = await run({
        inputs: inputs({ version: '' }),
        trigger: {
          eventName: 'workflow_dispatch',
          ref: 'refs/heads/main',
          payload: { inputs: {} },
        },
        githubApiUrl: `http://api.github.test:${new URL(github.url).port}`,
        // The marketplace is https and goes direct: only the GitHub call would use HTTP_PROXY.
        env: { HTTP_PROXY: `ops:pw-31337@${proxyAddress}` },
      });
      failed(result, 'Invalid proxy setting: HTTP_PROXY', 'HTTP_PROXY is not a proxy URL');
      expect(everythingPrinted(result)).not.toContain('pw-31337');
      expect(github.requests).toEqual([]);
      expect(proxy.uses).toEqual([]);
      expect(marketplace.requests).toEqual([]);
    } finally {
      await github.stop();
    }
  });
});

describe('a proxy value that @actions/github cannot read when it loads', () => {
  // The package reads the proxy of the GitHub API when it loads (`[bad` and `bad host:3128` fail
  // its URL parser, `http://[bad` it reads as no proxy): each is named in the step's words, as the
  // step's own check names it, never as the package's error.
  it.each(['[bad', 'bad host:3128', 'http://[bad', 'http://ops:pw-31337@[bad'])(
    'HTTP_PROXY=%s on a tag push that would read the release notes',
    async (value) => {
      const github = new GitHubApi([{ tag_name: 'v1.2.3', body: 'notes' }]);
      await github.start();
      try {
        const result = await run({
          inputs: inputs({ version: '' }),
          trigger: tagPush('v1.2.3'),
          githubApiUrl: `http://api.github.test:${new URL(github.url).port}`,
          env: { HTTP_PROXY: value },
        });
        const message = failed(
          result,
          'Invalid proxy setting: HTTP_PROXY',
          'HTTP_PROXY is not a proxy URL',
        );
        expect(message).not.toMatch(/Unexpected|TypeError|Invalid URL/);
        expect(result.stderr).toBe('');
        expect(everythingPrinted(result)).not.toMatch(/pw-31337|\bat .+:\d+:\d+\)/);
        expect(github.requests).toEqual([]);
        expect(marketplace.requests).toEqual([]);
      } finally {
        await github.stop();
      }
    },
  );
});

describe('a proxy that refuses the tunnel', () => {
  const refusing = async (status: number) => {
    const refuser = new TestProxy({ refuseStatus: status });
    return { refuser, address: `127.0.0.1:${await refuser.start()}` };
  };

  it.each([
    [407, 'wants other credentials: check the user and password in HTTPS_PROXY'],
    // tinyproxy answers wrong credentials with 401 where others answer 407.
    [401, 'wants other credentials: check the user and password in HTTPS_PROXY'],
    [403, `as its rules refuse ${HOST}:`],
  ])('HTTP %i: names the proxy and its status, and is not retried', async (status, advice) => {
    const { refuser, address } = await refusing(status);
    try {
      const result = await run({
        inputs: inputs({ retries: '2' }),
        env: { HTTPS_PROXY: `http://user:pw-55813@${address}` },
      });
      failed(
        result,
        `Proxy refused the tunnel (HTTP ${status})`,
        address,
        `HTTP ${status}`,
        'HTTPS_PROXY',
        advice,
      );
      expect(refuser.uses).toHaveLength(1);
      expect(result.outputs).toMatchObject({ attempts: '1', status: '', updated: 'false' });
      expect(everythingPrinted(result)).not.toContain('pw-55813');
      expect(marketplace.requests).toHaveLength(0);
    } finally {
      await refuser.stop();
    }
  });

  // tinyproxy answers 500 "Unable to connect" where squid answers 503: the same meaning.
  it.each([500, 502])('HTTP %i: retried, then names the proxy and its status', async (status) => {
    const { refuser, address } = await refusing(status);
    try {
      const result = await run({
        inputs: inputs({ retries: '1' }),
        env: { HTTPS_PROXY: `http://${address}` },
      });
      failed(
        result,
        `Proxy could not reach the marketplace (HTTP ${status})`,
        address,
        `proxy could not reach ${HOST}:`,
        '(2 attempts)',
      );
      expect(refuser.uses).toHaveLength(2);
      expect(result.stdout).toContain(`via proxy ${address}: PROXY_HTTP_${status}`);
    } finally {
      await refuser.stop();
    }
  });
});

describe('informational answers', () => {
  it('an unsolicited 100 Continue before the answer: one PATCH, and the answer is read', async () => {
    const bodies: string[] = [];
    const server = http.createServer((req, res) => {
      res.writeContinue();
      let body = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"asset-1"}');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const result = await run({
        inputs: inputs({ 'base-url': `http://127.0.0.1:${port}/v1`, version: '2.0.0' }),
      });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ status: '200', attempts: '1', updated: 'true' });
      expect(bodies).toHaveLength(1);
      expect(JSON.parse(bodies[0] ?? '')).toMatchObject({ version: '2.0.0' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
