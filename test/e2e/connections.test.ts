// The committed bundle keeps one TLS connection per host for the whole step: counted on node:https
// servers on 127.0.0.1 (`connection`: TCP, `secureConnection`: a TLS handshake), trusted through
// NODE_EXTRA_CA_CERTS as a private CA is. Each new connection would cost one to three round trips.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Emulator, KEYS } from '../support/emulator.js';
import { GitHubApi } from '../support/github-api.js';
import { runAction, tagPush } from '../support/runner.js';
import { makeCertificate } from '../support/tls.js';

const cert = makeCertificate();
const marketplace = new Emulator({ tls: cert });
const github = new GitHubApi([{ tag_name: 'v4.2.0', body: 'Notes from the release.' }], cert);
let base = '';
let githubUrl = '';
const opened = { tcp: 0, tls: 0, githubTcp: 0, githubTls: 0 };

beforeAll(async () => {
  marketplace.server.on('connection', () => opened.tcp++);
  marketplace.server.on('secureConnection', () => opened.tls++);
  github.server.on('connection', () => opened.githubTcp++);
  github.server.on('secureConnection', () => opened.githubTls++);
  base = await marketplace.start();
  githubUrl = await github.start();
});
afterAll(async () => {
  await marketplace.stop();
  await github.stop();
});
beforeEach(() => {
  Object.assign(opened, { tcp: 0, tls: 0, githubTcp: 0, githubTls: 0 });
  marketplace.requests.length = 0;
  marketplace.faults.length = 0;
  marketplace.listings.set('asset-1', { owner: 'creator', version: '0.9.0', changelog: '' });
  marketplace.listings.set('asset-2', { owner: 'creator', version: '0.1.0', changelog: '' });
});

let version = 0;
const run = (inputs: Record<string, string>) =>
  runAction({
    inputs: {
      'listing-id': 'asset-1',
      'api-key': KEYS.creator,
      'base-url': base,
      version: `5.0.${++version}`,
      changelog: 'One connection.',
      ...inputs,
    },
    env: { NODE_EXTRA_CA_CERTS: cert.certFile },
  });

const sent = () => marketplace.requests.map((request) => `${request.method} ${request.path}`);

describe('one TLS connection to the marketplace for the whole step', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['one listing', {}, ['GET /v1/listings', 'PATCH /v1/listings/asset-1']],
    [
      'several listings',
      { 'listing-id': 'asset-1\nasset-2' },
      ['GET /v1/listings', 'PATCH /v1/listings/asset-1', 'PATCH /v1/listings/asset-2'],
    ],
    ['a dry run', { 'dry-run': 'true', 'listing-id': 'asset-1\nasset-2' }, ['GET /v1/listings']],
  ])('%s', async (_, inputs, requests) => {
    const result = await run(inputs);
    expect(result.errors.map((error) => error.data)).toEqual([]);
    expect(result.code).toBe(0);
    expect(sent()).toEqual(requests);
    expect(opened).toMatchObject({ tcp: 1, tls: 1 });
  });

  it('a retry after a 503 on the same connection', async () => {
    marketplace.inject({
      kind: 'status',
      status: 503,
      retryAfter: '0',
      body: '{"message":"busy"}',
      path: '/listings/asset-1',
    });
    const result = await run({ retries: '1' });
    expect(result.code).toBe(0);
    expect(result.outputs.attempts).toBe('2');
    expect(sent()).toEqual([
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/asset-1',
    ]);
    expect(opened).toMatchObject({ tcp: 1, tls: 1 });
  });
});

describe('the GitHub API through the same transport', () => {
  it('its calls and the marketplace each keep one connection', async () => {
    const result = await runAction({
      inputs: {
        'listing-id': 'asset-1\nasset-2',
        'api-key': KEYS.creator,
        'base-url': base,
        'strip-tag-prefix': 'v',
      },
      trigger: tagPush('v4.2.0'),
      githubApiUrl: githubUrl,
      env: { NODE_EXTRA_CA_CERTS: cert.certFile },
    });
    expect(result.errors.map((error) => error.data)).toEqual([]);
    expect(result.outputs.changelog).toBe('Notes from the release.');
    expect(sent()).toHaveLength(3);
    expect(opened).toEqual({ tcp: 1, tls: 1, githubTcp: 1, githubTls: 1 });
  });
});
