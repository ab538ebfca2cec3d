// The committed bundle behind real forward proxies: Debian's squid and tinyproxy, started on
// loopback with their own configs inside a network namespace where only loopback exists, so no
// request and no name lookup can leave the machine. The marketplace and the GitHub API are named
// `marketplace.test` and `github.test`: only the proxies can resolve them, so an answer proves the
// proxy was used. Proxies word the same failure differently; the action follows the meaning.
// Skipped, saying why, where squid (or tinyproxy, for its cases) or a namespace is not available.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/emulator.js';
import { FAKE_TOKEN } from '../support/github-api.js';
import {
  everythingPrinted,
  leakedFragments,
  type RunOptions,
  type RunResult,
  type Trigger,
  tagPush,
} from '../support/runner.js';
import {
  PROXY_PASSWORD,
  PROXY_USER,
  type Ran,
  SquidWorld,
  squidSkipReason,
  tinyproxySkipReason,
  type World,
} from '../support/squid.js';

const skip = squidSkipReason();
if (skip !== undefined) {
  console.warn(`test/e2e/squid.test.ts: the real-proxy suite is SKIPPED: ${skip}.`);
}
const tinySkip = skip ?? tinyproxySkipReason();
if (skip === undefined && tinySkip !== undefined) {
  console.warn(`test/e2e/squid.test.ts: the tinyproxy cases are SKIPPED: ${tinySkip}.`);
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
 * The update of asset-1, inputs only (no GitHub call), not retried unless asked; the PATCH alone
 * (`if-older: deploy`), so that each case is about one request. The default path's GET is below.
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

      it('the default path: the one GET /listings and the PATCH, both through the proxy', async () => {
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
        expect(ran.result.stdout).toContain(
          `PATCH ${world.marketplace}/listings/asset-1 via proxy ${world.openProxy}: HTTP 200`,
        );
        // One connection per host: the GET and the PATCH share one tunnel.
        expect(connects(ran, 'marketplace.test')).toHaveLength(1);
      });

      it('several listings: the GET and every PATCH through one tunnel', async () => {
        const ran = await run({
          inputs: update({ 'if-older': 'skip', 'listing-id': 'asset-1\nasset-2' }),
          env: { HTTPS_PROXY: open() },
        });
        expect(ran.result.code).toBe(0);
        expect(ran.marketplace).toEqual([
          '/v1/listings',
          '/v1/listings/asset-1',
          '/v1/listings/asset-2',
        ]);
        expect(connects(ran, 'marketplace.test')).toEqual([expect.stringMatching(/ 200$/)]);
      });

      it("403 from the proxy's rules (a port it does not tunnel to): named as such, not retried", async () => {
        const ran = await run({
          inputs: update({ retries: '2' }),
          env: { HTTPS_PROXY: `http://${world.strictProxy}` },
        });
        const message = failed(
          ran.result,
          'Proxy refused the tunnel (HTTP 403)',
          `its rules refuse ${new URL(world.marketplace).host}: ask its administrators`,
          world.strictProxy,
        );
        expect(message).not.toMatch(/credentials|password/);
        expect(ran.result.outputs.attempts).toBe('1');
        expect(connects(ran, 'marketplace.test')).toEqual([expect.stringMatching(/ 403$/)]);
        expect(ran.marketplace).toEqual([]);
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
          'wants other credentials: check the user and password in HTTPS_PROXY',
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

      it('a dead upstream: the proxy could not reach the marketplace, retried as a network error', async () => {
        const ran = await run({
          inputs: update({ 'base-url': world.deadUpstream, retries: '1' }),
          env: { HTTPS_PROXY: open() },
        });
        const host = new URL(world.deadUpstream).host;
        failed(
          ran.result,
          'Proxy could not reach the marketplace (HTTP 503)',
          `proxy could not reach ${host}`,
          '(2 attempts)',
        );
        expect(connects(ran, host)).toEqual([
          expect.stringMatching(/ 503$/),
          expect.stringMatching(/ 503$/),
        ]);
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
          'wants other credentials: check the user and password in HTTPS_PROXY',
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
    describe.skipIf(tinySkip !== undefined)(
      `behind tinyproxy${tinySkip === undefined ? '' : ` (SKIPPED: ${tinySkip})`}`,
      () => {
        const tiny = () => world.tinyproxy ?? { open: '', guarded: '' };
        const tunnels = (ran: Ran, host: string) =>
          ran.tinyproxy.filter((line) => line.startsWith(`CONNECT ${host}:`));

        it('the GET and every PATCH through one tunnel, each attempt line naming the proxy', async () => {
          const ran = await run({
            inputs: update({ 'if-older': 'skip', 'listing-id': 'asset-1\nasset-2' }),
            env: { HTTPS_PROXY: `http://${tiny().open}` },
          });
          expect(ran.result.errors.map((annotation) => annotation.data)).toEqual([]);
          expect(ran.result.code).toBe(0);
          expect(ran.marketplace).toHaveLength(3);
          expect(ran.result.stdout).toContain(`via proxy ${tiny().open}: HTTP 200`);
          expect(tunnels(ran, 'marketplace.test')).toHaveLength(1);
        });

        it('the GitHub API through it: the latest release, then the update', async () => {
          const ran = await run({
            inputs: latest(),
            trigger: dispatch,
            githubApiUrl: world.github,
            env: { HTTPS_PROXY: `http://${tiny().open}` },
          });
          expect(ran.result.code).toBe(0);
          expect(ran.result.outputs.version).toBe('1.4.0');
          expect(tunnels(ran, 'github.test')).toHaveLength(1);
        });

        it('500 "Unable to connect": the proxy could not reach the host, retried as a network error', async () => {
          const ran = await run({
            inputs: update({ 'base-url': world.deadUpstream, retries: '1' }),
            env: { HTTPS_PROXY: `http://${tiny().open}` },
          });
          const host = new URL(world.deadUpstream).host;
          failed(
            ran.result,
            'Proxy could not reach the marketplace (HTTP 500)',
            `proxy could not reach ${host}`,
            '(2 attempts)',
          );
          expect(tunnels(ran, 'dead.test')).toHaveLength(2);
        });

        it('401 for wrong credentials: other credentials wanted, never retried', async () => {
          const ran = await run({
            inputs: update({ retries: '2' }),
            env: {
              HTTPS_PROXY: `http://${PROXY_USER}:wrong-${PROXY_PASSWORD}@${tiny().guarded}`,
            },
          });
          failed(
            ran.result,
            'Proxy refused the tunnel (HTTP 401)',
            'wants other credentials: check the user and password in HTTPS_PROXY',
            tiny().guarded,
          );
          expect(ran.result.outputs.attempts).toBe('1');
          expect(ran.marketplace).toEqual([]);
        });

        it('403 for a port its rules refuse: ask its administrators, never retried', async () => {
          const ran = await run({
            inputs: update({ retries: '2' }),
            env: { HTTPS_PROXY: `http://${PROXY_USER}:${PROXY_PASSWORD}@${tiny().guarded}` },
          });
          const message = failed(
            ran.result,
            'Proxy refused the tunnel (HTTP 403)',
            `its rules refuse ${new URL(world.marketplace).host}: ask its administrators`,
          );
          expect(message).not.toMatch(/credentials|password/);
          expect(ran.result.outputs.attempts).toBe('1');
          expect(tunnels(ran, 'marketplace.test')).toHaveLength(1);
        });
      },
    );
  },
);
