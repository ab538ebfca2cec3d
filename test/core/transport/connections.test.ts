// One connection per host for the whole step: the list (GET), every update (PATCH), retries and the
// GitHub API's calls share one keep-alive connection (through a proxy, one tunnel) unless the server
// closes it. Counted on real servers on 127.0.0.1; test/e2e/connections.test.ts counts the TLS
// handshakes of the bundle.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHub } from '../../../src/action/github.js';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { ApiKey } from '../../../src/core/guard/secret.js';
import type { Settings } from '../../../src/core/inputs.js';
import { parseSettings } from '../../../src/core/inputs.js';
import { deployAll, type Step } from '../../../src/core/marketplace/deploy.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { Emulator, KEYS } from '../../support/emulator.js';
import { FAKE_TOKEN, GitHubApi, REPOSITORY } from '../../support/github-api.js';

let marketplace: Emulator;
let base: string;
let connections: number;

beforeEach(async () => {
  marketplace = new Emulator();
  connections = 0;
  marketplace.server.on('connection', () => connections++);
  base = await marketplace.start();
});
afterEach(() => marketplace.stop());

function step(inputs: Record<string, string>, env: Record<string, string> = {}): Step {
  const all = { 'listing-id': 'asset-1', 'api-key': KEYS.creator, 'base-url': base, ...inputs };
  const settings = parseSettings(all, ACTION_WORDS);
  return {
    settings,
    transport: createTransport(env, [settings.baseUrl], settings.timeoutMs),
    resolved: {
      version: '5.0.0',
      versionSource: 'input',
      tag: '',
      changelog: 'Notes',
      changelogSource: 'input',
    },
    log: () => {},
    redact: makeGuard([{ name: 'the API key', value: KEYS.creator }]),
    clock: { now: Date.now, sleep: async () => {}, random: Math.random },
  };
}

const sent = () => marketplace.requests.map((request) => `${request.method} ${request.path}`);

describe('one connection to the marketplace', () => {
  it.each<[string, Record<string, string>, string[]]>([
    [
      'one listing: the list, then the update',
      {},
      ['GET /v1/listings', 'PATCH /v1/listings/asset-1'],
    ],
    [
      'several listings',
      { 'listing-id': 'asset-1\nasset-2\n1001' },
      [
        'GET /v1/listings',
        'PATCH /v1/listings/asset-1',
        'PATCH /v1/listings/asset-2',
        'PATCH /v1/listings/1001',
      ],
    ],
    ['a dry run: the list alone', { 'dry-run': 'true' }, ['GET /v1/listings']],
    [
      'the updates alone',
      { 'listing-id': 'asset-1\nasset-2', 'if-older': 'deploy' },
      ['PATCH /v1/listings/asset-1', 'PATCH /v1/listings/asset-2'],
    ],
  ])('%s', async (_, inputs, requests) => {
    const done = await deployAll(step(inputs));
    expect(done.problem).toBeUndefined();
    expect(sent()).toEqual(requests);
    expect(connections).toBe(1);
  });

  it('a retry after a 503 goes on the same connection', async () => {
    marketplace.inject({ kind: 'status', status: 503, body: '{"message":"busy"}' });
    const done = await deployAll(step({ retries: '2' }));
    expect(done.problem).toBeUndefined();
    expect(sent()).toEqual(['GET /v1/listings', 'GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(connections).toBe(1);
  });

  it('a connection the server resets is opened again, and the step goes on', async () => {
    marketplace.inject({ kind: 'reset' });
    const done = await deployAll(step({ retries: '1' }));
    expect(done.problem).toBeUndefined();
    expect(sent()).toEqual(['GET /v1/listings', 'GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(connections).toBe(2);
  });
});

describe('a server that closes each connection', () => {
  let server: http.Server;
  let url: string;
  let opened: number;
  beforeEach(async () => {
    opened = 0;
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      res.end('[]');
    });
    server.on('connection', () => opened++);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is answered on a new connection for each request', async () => {
    const done = await deployAll(
      step({ 'base-url': url, 'listing-id': 'asset-1\nasset-2', 'if-older': 'deploy' }),
    );
    expect(done.problem).toBeUndefined();
    expect(done.rows.map((row) => row.state)).toEqual(['sent', 'sent']);
    expect(opened).toBe(2);
  });
});

describe('one connection to the GitHub API, shared with the marketplace route', () => {
  it('two calls, one after the other, share one connection', async () => {
    const api = new GitHubApi([{ tag_name: 'v1.4.0', body: 'Notes' }]);
    const apiUrl = await api.start();
    let apiConnections = 0;
    api.server.on('connection', () => apiConnections++);
    const transport = createTransport({}, [apiUrl, base], 5000);
    try {
      const github = createGitHub({
        settings: { githubToken: new ApiKey(FAKE_TOKEN) } as Settings,
        context: { repository: REPOSITORY, apiUrl, sha: '', runUrl: '', workspace: '' },
        transport,
      });
      expect(await github.latestRelease()).toHaveProperty('tag', 'v1.4.0');
      expect(await github.releaseByTag('v1.4.0')).toHaveProperty('tag', 'v1.4.0');
      expect(await github.releaseByTag('v9.9.9')).toBeUndefined();
      const done = await deployAll({ ...step({}), transport });
      expect(done.problem).toBeUndefined();
      expect(apiConnections).toBe(1);
      expect(connections).toBe(1);
    } finally {
      await transport.destroy();
      await api.stop();
    }
  });
});
