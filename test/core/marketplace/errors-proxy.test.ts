// The annotations of proxy failures (SPEC 4): the proxy named with its address and status, the
// marketplace not blamed, credentials never shown, and the proxy mentioned only when one was used.

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import type { Failure } from '../../../src/core/attempt.js';
import { describeOutcome, type Target } from '../../../src/core/sentences.js';
import { isRetryable, type Outcome } from '../../../src/core/transport/retry.js';

const proxied: Target = {
  listingId: 'asset-1',
  baseUrl: 'https://api.example.com/v1',
  url: 'https://api.example.com/v1/listings/asset-1',
  timeoutMs: 30_000,
  words: ACTION_WORDS,
  proxy: { variable: 'HTTPS_PROXY', host: 'proxy.corp:3128' },
};
const direct: Target = { ...proxied, proxy: undefined };

const failure = (code: string, proxyStatus?: number): Failure =>
  proxyStatus === undefined
    ? { kind: 'failure', code, ms: 4 }
    : { kind: 'failure', code, proxyStatus, ms: 4 };
const outcome = (last: Failure, attempts = 1): Outcome => ({ last, attempts });

describe('a proxy that refuses the tunnel', () => {
  it.each<[number, number, string, string[]]>([
    [
      407,
      1,
      'Proxy refused the tunnel (HTTP 407)',
      [
        'he proxy refused the tunnel, as it wants other credentials: check the user and password in HTTPS_PROXY',
        'http://user:password@host:port',
      ],
    ],
    [
      401,
      1,
      'Proxy refused the tunnel (HTTP 401)',
      [
        'he proxy refused the tunnel, as it wants other credentials: check the user and password in HTTPS_PROXY',
        'http://user:password@host:port',
      ],
    ],
    [
      403,
      1,
      'Proxy refused the tunnel (HTTP 403)',
      [
        'he proxy refused the tunnel, as its rules refuse api.example.com:443: ask its administrators to allow it',
        'NO_PROXY',
      ],
    ],
    [
      500,
      3,
      'Proxy could not reach the marketplace (HTTP 500)',
      ['he proxy could not reach api.example.com:443', '(3 attempts)', 'Try again later'],
    ],
    [
      502,
      4,
      'Proxy could not reach the marketplace (HTTP 502)',
      ['he proxy could not reach api.example.com:443', '(4 attempts)', 'Try again later'],
    ],
    [
      503,
      2,
      'Proxy could not reach the marketplace (HTTP 503)',
      ['he proxy could not reach api.example.com:443', '(2 attempts)'],
    ],
    [
      504,
      2,
      'Proxy could not reach the marketplace (HTTP 504)',
      ['he proxy could not reach api.example.com:443'],
    ],
    [
      418,
      1,
      'Proxy refused the tunnel (HTTP 418)',
      ['answered HTTP 418', 'check the proxy settings'],
    ],
  ])('HTTP %i', (status, attempts, title, parts) => {
    const problem = describeOutcome(
      outcome(failure(`PROXY_HTTP_${status}`, status), attempts),
      proxied,
    );
    expect(problem?.title).toBe(title);
    for (const part of [
      `he proxy set in HTTPS_PROXY (proxy.corp:3128) answered HTTP ${status}`,
      'Nothing was sent to the marketplace',
      ...parts,
    ]) {
      expect(problem?.message).toContain(part);
    }
    expect(problem?.message).not.toContain('UND_ERR');
  });

  it.each([403, 418])('HTTP %i does not blame the credentials', (status) => {
    const problem = describeOutcome(outcome(failure(`PROXY_HTTP_${status}`, status)), proxied);
    expect(problem?.message).not.toMatch(/credentials|password/);
  });

  it.each([407, 401])('HTTP %i does not send the user to the administrators', (status) => {
    const problem = describeOutcome(outcome(failure(`PROXY_HTTP_${status}`, status)), proxied);
    expect(problem?.message).not.toMatch(/administrators|rules/);
  });

  it.each([
    [407, false],
    [401, false],
    [403, false],
    [418, false],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
  ])('HTTP %i is retried: %s', (status, expected) => {
    expect(isRetryable(failure(`PROXY_HTTP_${status}`, status))).toBe(expected);
  });
});

describe('a proxy that cannot be reached', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])(
    '%s is the proxy unreachable',
    (code) => {
      const problem = describeOutcome(outcome(failure(code), 2), proxied);
      expect(problem?.title).toBe('Proxy unreachable');
      for (const part of [
        `The proxy set in HTTPS_PROXY (proxy.corp:3128) could not be reached (${code})`,
        'check the proxy address in HTTPS_PROXY and that the proxy runs',
        'Nothing was sent to the marketplace (2 attempts)',
        'NO_PROXY',
      ]) {
        expect(problem?.message).toContain(part);
      }
    },
  );

  it('is still retried as a connection error', () => {
    expect(isRetryable(failure('ECONNREFUSED'))).toBe(true);
  });
});

describe('other failures through a proxy', () => {
  it.each([
    ['ETIMEDOUT', 'Marketplace timed out'],
    ['ECONNRESET', 'Marketplace unreachable'],
    ['UND_ERR_SOCKET', 'Marketplace unreachable'],
  ])('%s names the marketplace, with the proxy as a hint', (code, title) => {
    const problem = describeOutcome(outcome(failure(code)), proxied);
    expect(problem?.title).toBe(title);
    expect(problem?.message).toContain(
      'The request went through the proxy set in HTTPS_PROXY (proxy.corp:3128)',
    );
  });

  it('a certificate error stays a certificate error', () => {
    const problem = describeOutcome(outcome(failure('CERT_HAS_EXPIRED')), proxied);
    expect(problem?.title).toBe('TLS certificate rejected');
  });

  it('without a proxy in use, no message mentions a proxy', () => {
    for (const code of ['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND']) {
      const problem = describeOutcome(outcome(failure(code)), direct);
      expect(problem?.title).toMatch(/^Marketplace/);
      expect(problem?.message).not.toMatch(/proxy/i);
    }
  });

  it('names the variable alone when the proxy address is not known', () => {
    const problem = describeOutcome(outcome(failure('ECONNREFUSED')), {
      ...proxied,
      proxy: { variable: 'HTTPS_PROXY' },
    });
    expect(problem?.message).toContain(
      'The proxy set in HTTPS_PROXY could not be reached (ECONNREFUSED)',
    );
  });
});
