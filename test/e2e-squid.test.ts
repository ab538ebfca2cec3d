// The committed bundle behind a real forward proxy (SPEC 4, 7.1): Debian's squid, started on
// loopback with its own config inside a network namespace where only loopback exists, so no
// request and no name lookup can leave the machine. The marketplace and the GitHub API are named
// `marketplace.test` and `github.test`: only squid can resolve them, so an answer proves the proxy
// was used. Skipped, saying why, where squid or a network namespace is not available.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from './support/emulator.js';
import { FAKE_TOKEN } from './support/github-api.js';
import {
  everythingPrinted,
  leakedFragments,
  type RunOptions,
  type RunResult,
  type Trigger,
  tagPush,
} from './support/runner.js';
import {
  PROXY_PASSWORD,
  PROXY_USER,
  type Ran,
  SquidWorld,
  squidSkipReason,
  type World,
} from './support/squid.js';

const skip = squidSkipReason();
if (skip !== undefined) {
  console.warn(`test/e2e-squid.test.ts: the real-proxy suite is SKIPPED: ${skip}.`);
}

const dispatch: Trigger = {
  eventName: 'workflow_dispatch',
  ref: 'refs/heads/main',
  payload: { inputs: {} },
};

let squid: SquidWorld;
let world: World;
let version = 0;

beforeAll(async () => {
  if (skip !== undefined) return;
  squid = await SquidWorld.start();
  world = squid.world;
}, 60_000);
afterAll(async () => {
  await squid?.stop();
});

/**
 * The update of asset-1, inputs only (no GitHub call), not retried unless asked. `if-older:
 * deploy`: one request to the marketplace, the update; the order check's GET through the proxy
 * (SPEC 7.8) has a test of its own.
 */
const update = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEYS.creator,
  'base-url': world.marketplace,
  version: `3.0.${++version}`,
  changelog: 'Sent through squid.',
  retries: '0',
  'if-older': 'deploy',
  ...over,
});

/** A manual run on a branch: the version comes from GitHub's latest release, first. */
const latest = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEYS.creator,
  'base-url': world.marketplace,
  'strip-tag-prefix': 'v',
  retries: '0',
  'if-older': 'deploy',
  ...over,
});

const open = () => `http://${world.openProxy}`;
const authed = () => `http://${PROXY_USER}:${PROXY_PASSWORD}@${world.authProxy}`;

/** Secrets that must never be printed, any part of them: the key, the token, the proxy password. */
function noLeaks(result: RunResult): void {
  expect(leakedFragments(result, KEYS.creator)).toEqual([]);
  expect(leakedFragments(result, FAKE_TOKEN)).toEqual([]);
  expect(leakedFragments(result, PROXY_PASSWORD)).toEqual([]);
}

async function run(options: RunOptions): Promise<Ran> {
  const ran = await squid.run({
    ...options,
    env: { NODE_EXTRA_CA_CERTS: world.caFile, ...options.env },
  });
  noLeaks(ran.result);
  return ran;
}

function failed(result: RunResult, title: string, ...parts: string[]): string {
  expect(result.code).toBe(1);
  expect(result.errors.map((error) => error.properties.title)).toEqual([title]);
  const message = result.errors[0]?.data ?? '';
  for (const part of parts) expect(message).toContain(part);
  expect(message).not.toMatch(/UND_ERR_ABORTED|undefined/);
  return message;
}

const connects = (ran: Ran, host: string) =>
  ran.squid.filter((line) => line.startsWith(`CONNECT ${host}`));

describe.skipIf(skip !== undefined)(
  `behind a real squid${skip === undefined ? '' : ` (SKIPPED: ${skip})`}`,
  () => {
    describe('the marketplace', () => {
      it('through an open proxy: updated, each attempt line names the proxy', async () => {
        const ran = await run({ inputs: update(), env: { HTTPS_PROXY: open() } });
        expect(ran.result.errors.map((annotation) => annotation.data)).toEqual([]);
        expect(ran.result.code).toBe(0);
        expect(ran.result.outputs.updated).toBe('true');
        expect(ran.marketplace).toEqual(['/v1/listings/asset-1']);
        expect(ran.result.stdout).toContain(
          `PATCH ${world.marketplace}/listings/asset-1 via proxy ${world.openProxy}: HTTP 200`,
        );
        expect(connects(ran, 'marketplace.test')).toHaveLength(1);
      });

      it("the order check's GET /listings and the update, both through the proxy", async () => {
        const ran = await run({
          inputs: update({ 'if-older': 'skip' }),
          env: { HTTPS_PROXY: open() },
        });
        expect(ran.result.errors.map((annotation) => annotation.data)).toEqual([]);
        expect(ran.result.code).toBe(0);
        expect(ran.marketplace).toEqual(['/v1/listings', '/v1/listings/asset-1']);
        expect(ran.result.stdout).toContain(
          `GET ${world.marketplace}/listings via proxy ${world.openProxy}: HTTP 200`,
        );
      });

      it.each([
        ['', {}],
        [' with RUNNER_DEBUG=1', { RUNNER_DEBUG: '1' }],
      ])(
        'through a proxy with basic auth%s: updated, the credentials never printed',
        async (_, env) => {
          const ran = await run({ inputs: update(), env: { HTTPS_PROXY: authed(), ...env } });
          expect(ran.result.errors.map((annotation) => annotation.data)).toEqual([]);
          expect(ran.result.code).toBe(0);
          expect(ran.marketplace).toEqual(['/v1/listings/asset-1']);
          expect(ran.result.stdout).toContain(`via proxy ${world.authProxy}: HTTP 200`);
          expect(everythingPrinted(ran.result)).not.toContain(`${PROXY_USER}:`);
        },
      );

      it('407 from the proxy: the tunnel refused, named as such, and not retried', async () => {
        const ran = await run({
          inputs: update({ retries: '2' }),
          env: { HTTPS_PROXY: `http://${PROXY_USER}:wrong-${PROXY_PASSWORD}@${world.authProxy}` },
        });
        failed(
          ran.result,
          'Proxy refused the tunnel (HTTP 407)',
          'proxy refused the tunnel: check the credentials in HTTPS_PROXY',
          world.authProxy,
        );
        expect(ran.result.outputs.attempts).toBe('1');
        expect(connects(ran, 'marketplace.test')).toEqual([expect.stringMatching(/ 407$/)]);
        expect(ran.marketplace).toEqual([]);
      });

      it('a dead proxy: the proxy named as unreachable', async () => {
        const ran = await run({
          inputs: update(),
          env: { HTTPS_PROXY: `http://${world.deadProxy}` },
        });
        failed(ran.result, 'Proxy unreachable', world.deadProxy, 'ECONNREFUSED', 'HTTPS_PROXY');
      });

      it('a dead upstream: the proxy could not reach the marketplace', async () => {
        const ran = await run({
          inputs: update({ 'base-url': world.deadUpstream }),
          env: { HTTPS_PROXY: open() },
        });
        const host = new URL(world.deadUpstream).host;
        failed(
          ran.result,
          'Proxy could not reach the marketplace (HTTP 503)',
          `proxy could not reach ${host}`,
        );
        expect(connects(ran, host)).toEqual([expect.stringMatching(/ 503$/)]);
      });

      it('NO_PROXY exempts the host: it goes direct (and cannot be found without the proxy)', async () => {
        const ran = await run({
          inputs: update(),
          env: { HTTPS_PROXY: open(), NO_PROXY: 'github.test, .test' },
        });
        failed(ran.result, 'Marketplace unreachable', 'marketplace.test');
        expect(ran.result.stdout).not.toContain('via proxy');
        expect(ran.squid).toEqual([]);
      });

      it('lowercase wins over uppercase', async () => {
        const ran = await run({
          inputs: update(),
          env: { https_proxy: open(), HTTPS_PROXY: `http://${world.deadProxy}` },
        });
        expect(ran.result.errors.map((annotation) => annotation.data)).toEqual([]);
        expect(ran.result.code).toBe(0);
        expect(ran.result.stdout).toContain(`via proxy ${world.openProxy}`);
      });

      it('an empty lowercase counts as unset: the uppercase applies', async () => {
        const ran = await run({ inputs: update(), env: { https_proxy: '', HTTPS_PROXY: open() } });
        expect(ran.result.errors.map((annotation) => annotation.data)).toEqual([]);
        expect(ran.result.code).toBe(0);
        expect(ran.result.stdout).toContain(`via proxy ${world.openProxy}`);
      });
    });

    describe('the GitHub API', () => {
      it('the latest release, then the update, both through the proxy', async () => {
        const ran = await run({
          inputs: latest(),
          trigger: dispatch,
          githubApiUrl: world.github,
          env: { HTTPS_PROXY: open() },
        });
        expect(ran.result.errors.map((annotation) => annotation.data)).toEqual([]);
        expect(ran.result.code).toBe(0);
        expect(ran.result.outputs.version).toBe('1.4.0');
        expect(ran.github).toEqual(['/repos/octo-creator/shiny-asset/releases/latest']);
        expect(ran.marketplace).toEqual(['/v1/listings/asset-1']);
        expect(connects(ran, 'github.test')).toHaveLength(1);
      });

      it.each([
        ['', {}],
        [' with RUNNER_DEBUG=1', { RUNNER_DEBUG: '1' }],
      ])('the release notes of the tag through a proxy with basic auth%s', async (_, env) => {
        const ran = await run({
          inputs: update({ changelog: '', version: '' }),
          trigger: tagPush('v1.4.0'),
          githubApiUrl: world.github,
          env: { HTTPS_PROXY: authed(), ...env },
        });
        expect(ran.result.errors.map((annotation) => annotation.data)).toEqual([]);
        expect(ran.result.code).toBe(0);
        expect(ran.result.outputs.changelog).toBe('Notes read through squid.');
        expect(ran.github).toEqual(['/repos/octo-creator/shiny-asset/releases/tags/v1.4.0']);
      });

      it('407 from the proxy: the tunnel refused, named as such, and not retried', async () => {
        const ran = await run({
          inputs: latest(),
          trigger: dispatch,
          githubApiUrl: world.github,
          env: { HTTPS_PROXY: `http://${world.authProxy}` },
        });
        const message = failed(
          ran.result,
          'Latest release unavailable',
          'proxy refused the tunnel: check the credentials in HTTPS_PROXY',
          world.authProxy,
        );
        expect(message).not.toContain('also when retried');
        expect(connects(ran, 'github.test')).toEqual([expect.stringMatching(/ 407$/)]);
        expect(ran.github).toEqual([]);
        expect(ran.marketplace).toEqual([]);
      });

      it('a dead proxy: the proxy named as unreachable', async () => {
        const ran = await run({
          inputs: latest(),
          trigger: dispatch,
          githubApiUrl: world.github,
          env: { HTTPS_PROXY: `http://${world.deadProxy}` },
        });
        failed(
          ran.result,
          'Latest release unavailable',
          `the proxy set in HTTPS_PROXY (${world.deadProxy}) could not be reached (ECONNREFUSED)`,
        );
      });

      it('a dead upstream: the proxy could not reach the GitHub API, retried once', async () => {
        const ran = await run({
          inputs: latest(),
          trigger: dispatch,
          githubApiUrl: world.deadUpstream.replace(/\/v1$/, ''),
          env: { HTTPS_PROXY: open() },
        });
        const host = new URL(world.deadUpstream).host;
        failed(ran.result, 'Latest release unavailable', `proxy could not reach ${host}`);
        expect(connects(ran, host)).toHaveLength(2);
      });

      it('NO_PROXY exempts GitHub while the marketplace still goes through the proxy', async () => {
        const ran = await run({
          inputs: update({ changelog: '', version: '' }),
          trigger: tagPush('v1.4.0'),
          githubApiUrl: world.github,
          env: { HTTPS_PROXY: open(), NO_PROXY: 'github.test' },
        });
        // GitHub only adds the changelog: its failure is a warning, the update goes on.
        expect(ran.result.code).toBe(0);
        expect(ran.github).toEqual([]);
        expect(connects(ran, 'github.test')).toEqual([]);
        expect(connects(ran, 'marketplace.test')).toHaveLength(1);
        const warnings = ran.result.commands.filter((command) => command.command === 'warning');
        expect(warnings.map((warning) => warning.data).join('\n')).toMatch(
          /could not be reached \((ENOTFOUND|EAI_AGAIN)\)/,
        );
      });

      it('lowercase over uppercase, and an empty lowercase as unset, for GitHub too', async () => {
        for (const env of [
          { https_proxy: open(), HTTPS_PROXY: `http://${world.deadProxy}` },
          { https_proxy: '', HTTPS_PROXY: open() },
        ]) {
          const ran = await run({
            inputs: latest(),
            trigger: dispatch,
            githubApiUrl: world.github,
            env,
          });
          expect(ran.result.errors.map((annotation) => annotation.data)).toEqual([]);
          expect(ran.result.code).toBe(0);
          expect(connects(ran, 'github.test')).toHaveLength(1);
        }
      });

      it('a malformed proxy value fails the step before the first request, GitHub first', async () => {
        const ran = await run({
          inputs: latest(),
          trigger: dispatch,
          githubApiUrl: world.github,
          env: { HTTPS_PROXY: `${PROXY_USER}:${PROXY_PASSWORD}@${world.openProxy}` },
        });
        failed(ran.result, 'Invalid proxy setting: HTTPS_PROXY', 'HTTPS_PROXY is not a proxy URL');
        expect(ran.github).toEqual([]);
        expect(ran.marketplace).toEqual([]);
        expect(ran.squid).toEqual([]);
      });
    });
  },
);
