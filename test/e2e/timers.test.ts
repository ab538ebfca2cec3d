// The cases of the committed bundle that hold the step on a timer: a GitHub API that hangs or drips
// its body, and answers refused with a header holding the key, retried after the backoff. Each case
// builds its own marketplace and servers, so that the cases wait side by side (describe.concurrent)
// instead of one after another: their waits cost the suite's time, not the machine's CPU. Every run
// is checked for a leak of the key it was given.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, type ExpectStatic, it } from 'vitest';
import { Emulator, type Injected, KEYS } from '../support/emulator.js';
import { GitHubApi } from '../support/github-api.js';
import { leakedFragments, type RunOptions, runAction, tagPush } from '../support/runner.js';

const KEY = KEYS.creator;

/** Runs the bundle against a fresh marketplace; fails when any part of the key was printed. */
async function run(
  expect: ExpectStatic,
  options: Omit<RunOptions, 'inputs'> & { inputs?: object; faults?: Injected[] },
) {
  const market = new Emulator();
  const base = await market.start();
  market.inject(...(options.faults ?? []));
  try {
    const result = await runAction({
      ...options,
      inputs: {
        'listing-id': 'asset-1',
        'api-key': KEY,
        'base-url': base,
        retries: '0',
        ...options.inputs,
      },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
    return result;
  } finally {
    await market.stop();
  }
}

/** A server on 127.0.0.1 that `handle` answers; stopped with every connection it holds. */
async function serve(handle: http.RequestListener) {
  const server = http.createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.concurrent('a GitHub API that holds the step', () => {
  it('GitHub answering headers then dripping the body forever costs at most about 20 s', async ({
    expect,
  }) => {
    const github = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"tag_name":"v1.2.3","body":"');
      const timer = setInterval(() => res.write('a'), 500);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    try {
      const result = await run(expect, { githubApiUrl: github.url, trigger: tagPush('v1.2.3') });
      // Two attempts of 10 s; a third would pass 30 s. The margin is for a busy machine's start-up.
      expect(Date.now() - started).toBeLessThan(28_000);
      expect(result.code).toBe(0);
    } finally {
      await github.stop();
    }
  }, 60_000);

  it('a hanging API holds the deploy about 20 s at most (10 s, one retry), then the deploy goes on', async ({
    expect,
  }) => {
    const github = new GitHubApi();
    const githubApiUrl = await github.start();
    try {
      github.releases.push({ tag_name: 'v1.2.3', body: 'unread' });
      github.inject({ kind: 'hang', times: 5 });
      const started = Date.now();
      const result = await run(expect, { githubApiUrl, trigger: tagPush('v1.2.3') });
      const seconds = (Date.now() - started) / 1000;
      expect(result.code).toBe(0);
      expect(result.outputs.updated).toBe('true');
      expect(github.requests).toHaveLength(2);
      const warnings = result.errors.filter((e) => e.command === 'warning');
      expect(warnings[0]?.data).toContain('did not answer within 10 s');
      expect(seconds).toBeGreaterThan(19);
      expect(seconds).toBeLessThan(28);
    } finally {
      await github.stop();
    }
  }, 60_000);
});

describe.concurrent('key leaks through the headers of a refused answer', () => {
  // Refused with a 503 and retried once, on the GET of the list and on the PATCH alike, with
  // RUNNER_DEBUG=1: every header the step may read or log holds the key.
  it.for<[string, Record<string, string>]>([
    ['Retry-After seconds then key', { 'retry-after': `99999 ${KEY}` }],
    ['Retry-After key only', { 'retry-after': KEY }],
    ['Link next with the key', { link: `<https://x.example/${KEY}>; rel="next"` }],
    ['Location on a 201', { location: `https://x.example/${KEY}` }],
  ])('a header holding the key: %s', { timeout: 60_000 }, async ([, headers], { expect }) => {
    const market = await serve((req, res) => {
      req.resume();
      res
        .writeHead(503, { 'content-type': 'application/json', ...headers })
        .end('{"message":"busy"}');
    });
    try {
      const result = await run(expect, {
        inputs: { 'base-url': `${market.url}/v1`, retries: '1' },
        env: { RUNNER_DEBUG: '1' },
      });
      expect(result.code).not.toBe(0);
    } finally {
      await market.stop();
    }
  });
});

describe.concurrent('a wait the marketplace asked for', () => {
  it('a Retry-After with no retry left is waited before the next listing is sent', async ({
    expect,
  }) => {
    const started = Date.now();
    const result = await run(expect, {
      trigger: tagPush('v1.2.3'),
      inputs: { 'listing-id': 'asset-1,asset-2', 'if-older': 'deploy' },
      faults: [{ kind: 'status', status: 503, retryAfter: '2', path: '/listings/asset-1' }],
    });
    expect(result.stdout).toMatch(
      /Waiting 2 s before PATCH http:\/\/127\.0\.0\.1:\d+\/v1\/listings\/asset-2, as the last answer asked \(Retry-After\)\./,
    );
    expect(JSON.parse(result.outputs.results ?? '[]')[1]).toMatchObject({ updated: true });
    // A lower bound only: the wait was made, however slow the machine.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });
});
