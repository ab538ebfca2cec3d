import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer, AttemptResult, Failure } from '../../../src/core/attempt.js';
import {
  answerLost,
  backoffMs,
  decide,
  isRetryable,
  type NextAttempt,
  parseRetryAfter,
  withRetries,
} from '../../../src/core/transport/retry.js';

const answer = (status: number, retryAfter = ''): Answer => ({
  kind: 'answer',
  status,
  location: '',
  link: '',
  retryAfter,
  contentType: 'application/json',
  body: '',
  cut: false,
  ms: 5,
});
const failure = (code: string): Failure => ({ kind: 'failure', code, ms: 5 });

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('isRetryable', () => {
  it.each([
    [answer(408), true],
    [answer(429), true],
    [answer(500), true],
    [answer(502), true],
    [answer(503), true],
    [answer(504), true],
    [answer(200), false],
    [answer(204), false],
    [answer(301), false],
    [answer(400), false],
    [answer(401), false],
    [answer(403), false],
    [answer(404), false],
    [answer(409), false],
    [answer(422), false],
    [answer(501), false],
    [answer(505), false],
    [failure('ECONNREFUSED'), true],
    [failure('ECONNRESET'), true],
    [failure('ENOTFOUND'), true],
    [failure('EAI_AGAIN'), true],
    [failure('ETIMEDOUT'), true],
    [failure('UND_ERR_SOCKET'), true],
    [failure('CERT_HAS_EXPIRED'), false],
    [failure('DEPTH_ZERO_SELF_SIGNED_CERT'), false],
    [failure('SELF_SIGNED_CERT_IN_CHAIN'), false],
    [failure('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), false],
    [failure('ERR_TLS_CERT_ALTNAME_INVALID'), false],
    [failure('HOSTNAME_MISMATCH'), false],
  ])('%o → %s', (result, expected) => {
    expect(isRetryable(result)).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['5', 5000],
    [' 60 ', 60_000],
    ['3600', 3_600_000],
    ['Sun, 22 Nov 2026 10:00:30 GMT', 30_000],
    ['Sunday, 22-Nov-26 10:00:10 GMT', 10_000],
    ['Sun Nov 22 10:00:02 2026', 2000],
    ['Sun, 22 Nov 2026 09:00:00 GMT', 0],
    ['', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    ['Sun, 99 Foo 2026 10:00:00 GMT', undefined],
  ])('%j → %s ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('backoffMs', () => {
  it.each([
    [1, 0, 2000],
    [1, 1, 3999],
    [2, 0, 4000],
    [2, 1, 7999],
    [3, 0, 8000],
    [3, 1, 15_999],
    [4, 0, 15_000],
    [4, 0.5, 22_500],
    [4, 1, 29_999],
    [5, 0, 15_000],
    [5, 1, 29_999],
    [10, 0, 15_000],
    [10, 1, 29_999],
  ])(
    'retry %i with random %d waits %i ms (equal jitter, the backoff capped at 30 s)',
    (retry, random, expected) => {
      expect(backoffMs(retry, () => (random === 1 ? 0.99999999 : random))).toBe(expected);
    },
  );

  it('waits between half its backoff and its backoff, for every retry and draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, r) => {
          const backoff = Math.min(30_000, 4000 * 2 ** (retry - 1));
          const ms = backoffMs(retry, () => r);
          expect(ms).toBeGreaterThanOrEqual(backoff / 2);
          expect(ms).toBeLessThanOrEqual(backoff);
          expect(ms).toBeLessThanOrEqual(30_000);
        },
      ),
    );
  });

  it('the default 3 retries wait at least 14 s in all, under 28 s (SPEC 4: 2-4 s, 4-8 s, 8-16 s)', () => {
    const least = [1, 2, 3].reduce((sum, retry) => sum + backoffMs(retry, () => 0), 0);
    const most = [1, 2, 3].reduce((sum, retry) => sum + backoffMs(retry, () => 0.99999999), 0);
    expect(least).toBe(14_000);
    expect(most).toBe(27_997);
  });
});

describe('decide', () => {
  const random = () => 0.5;
  it.each<[string, AttemptResult, number, number, NextAttempt]>([
    ['success stops', answer(200), 1, 4, { kind: 'stop' }],
    ['404 stops', answer(404), 1, 4, { kind: 'stop' }],
    ['503 waits with backoff', answer(503), 1, 4, { kind: 'wait', ms: 3000, retryAfter: false }],
    ['503 backoff doubles', answer(503), 3, 4, { kind: 'wait', ms: 12_000, retryAfter: false }],
    ['last attempt stops', answer(503), 4, 4, { kind: 'stop' }],
    ['no retries configured', answer(503), 1, 1, { kind: 'stop' }],
    [
      '429 with Retry-After seconds',
      answer(429, '7'),
      1,
      4,
      { kind: 'wait', ms: 7000, retryAfter: true },
    ],
    [
      'Retry-After date',
      answer(503, 'Sun, 22 Nov 2026 10:00:20 GMT'),
      1,
      4,
      { kind: 'wait', ms: 20_000, retryAfter: true },
    ],
    [
      'Retry-After of 60 s is honoured',
      answer(429, '60'),
      1,
      4,
      { kind: 'wait', ms: 60_000, retryAfter: true },
    ],
    ['Retry-After over 60 s stops', answer(429, '61'), 1, 4, { kind: 'too-long', ms: 61_000 }],
    [
      'Retry-After over 60 s on the last attempt is still too long',
      answer(503, '600'),
      1,
      1,
      { kind: 'too-long', ms: 600_000 },
    ],
    [
      'Retry-After within 60 s on the last attempt is kept for the next request',
      answer(429, '30'),
      4,
      4,
      { kind: 'stop', askedMs: 30_000 },
    ],

    [
      'bad Retry-After falls back to backoff',
      answer(429, 'later'),
      2,
      4,
      { kind: 'wait', ms: 6000, retryAfter: false },
    ],
    ['Retry-After on a 400 is ignored', answer(400, '1'), 1, 4, { kind: 'stop' }],
    [
      'network error waits',
      failure('ECONNRESET'),
      1,
      4,
      { kind: 'wait', ms: 3000, retryAfter: false },
    ],
    ['certificate error stops', failure('CERT_HAS_EXPIRED'), 1, 4, { kind: 'stop' }],
  ])('%s', (_, result, attempt, max, expected) => {
    expect(decide(result, attempt, max, { now: () => NOW, random })).toEqual(expected);
  });
});

describe('answerLost', () => {
  const sent: Failure = { kind: 'failure', code: 'ECONNRESET', sent: true, ms: 5 };
  it.each<[string, AttemptResult, boolean]>([
    ['a 500', answer(500), true],
    ['a 502', answer(502), true],
    ['a 599', answer(599), true],
    ['a 499', answer(499), false],
    ['a 429', answer(429), false],
    ['a 409', answer(409), false],
    ['a 200', answer(200), false],
    ['a 200 web page', { ...answer(200), refusal: 'web-page' as const }, true],
    ['a 200 refusal', { ...answer(200), refusal: 'refused' as const }, false],
    ['a failure after sending', sent, true],
    ['a deadline after sending', { ...sent, code: 'ETIMEDOUT' }, true],
    ['a failure before sending', failure('ECONNRESET'), false],
    ['a refused connection', failure('ECONNREFUSED'), false],
  ])('%s: %s', (_, result, lost) => {
    expect(answerLost(result)).toBe(lost);
  });
});

describe('withRetries (fake clock)', () => {
  function fakeClock() {
    const slept: number[] = [];
    let now = NOW;
    return {
      slept,
      clock: {
        now: () => now,
        random: () => 1 - Number.EPSILON,
        sleep: async (ms: number) => {
          slept.push(ms);
          now += ms;
        },
      },
    };
  }

  async function run(results: AttemptResult[], retries: number) {
    const { slept, clock } = fakeClock();
    const seen: [number, NextAttempt['kind']][] = [];
    let calls = 0;
    const outcome = await withRetries(
      async () => results[calls++] ?? answer(200),
      retries,
      clock,
      (_, attempt, decision) => seen.push([attempt, decision.kind]),
    );
    return { outcome, slept, seen, calls };
  }

  it('returns the first success', async () => {
    const { outcome, slept, calls } = await run([answer(201)], 3);
    expect(outcome).toEqual({ last: answer(201), attempts: 1 });
    expect(slept).toEqual([]);
    expect(calls).toBe(1);
  });

  it('retries a 503 then succeeds, waiting with doubling backoff', async () => {
    const { outcome, slept, seen } = await run(
      [answer(503), failure('ECONNRESET'), answer(502), answer(200)],
      3,
    );
    expect(outcome.attempts).toBe(4);
    expect(outcome.last).toEqual(answer(200));
    expect(slept).toEqual([3999, 7999, 15_999]);
    expect(seen).toEqual([
      [1, 'wait'],
      [2, 'wait'],
      [3, 'wait'],
      [4, 'stop'],
    ]);
  });

  it('gives up after retries + 1 attempts', async () => {
    const { outcome, calls } = await run([answer(503), answer(503), answer(503)], 2);
    expect(outcome).toEqual({ last: answer(503), attempts: 3, lost: answer(503) });
    expect(calls).toBe(3);
  });

  it('keeps the last attempt whose answer was lost, whatever came after it', async () => {
    const reset: Failure = { kind: 'failure', code: 'ECONNRESET', sent: true, ms: 5 };
    const { outcome } = await run([answer(502), reset, answer(409)], 3);
    expect(outcome).toEqual({ last: answer(409), attempts: 3, lost: reset });
    const refused = await run([failure('ECONNREFUSED'), answer(409)], 3);
    expect(refused.outcome).toEqual({ last: answer(409), attempts: 2 });
    const waited = await run([answer(503, '120')], 3);
    expect(waited.outcome).toEqual({
      last: answer(503, '120'),
      attempts: 1,
      tooLongMs: 120_000,
      lost: answer(503, '120'),
    });
  });

  it('never retries a 401', async () => {
    const { outcome, calls } = await run([answer(401)], 10);
    expect(outcome.attempts).toBe(1);
    expect(calls).toBe(1);
  });

  it('honours Retry-After, and stops when it asks for more than 60 s', async () => {
    const { outcome, slept } = await run([answer(429, '2'), answer(429, '120')], 5);
    expect(slept).toEqual([2000]);
    expect(outcome).toEqual({ last: answer(429, '120'), attempts: 2, tooLongMs: 120_000 });
  });

  it('the last attempt without Retry-After stops with no wait to carry', async () => {
    expect(decide(answer(503), 4, 4, { now: () => NOW, random: () => 0.5 })).toEqual({
      kind: 'stop',
      askedMs: undefined,
    });
    const { outcome } = await run([answer(503)], 0);
    expect(outcome).toEqual({ last: answer(503), attempts: 1, lost: answer(503) });
    expect(outcome.askedMs).toBeUndefined();
  });

  it('a wait asked on the last attempt is not waited here: the outcome carries it', async () => {
    const { outcome, slept } = await run([answer(429, '30')], 0);
    expect(slept).toEqual([]);
    expect(outcome).toEqual({ last: answer(429, '30'), attempts: 1, askedMs: 30_000 });
    const tooLong = await run([answer(429, '600')], 0);
    expect(tooLong.outcome).toEqual({ last: answer(429, '600'), attempts: 1, tooLongMs: 600_000 });
  });

  it('never waits longer than 30 s between attempts without Retry-After', async () => {
    const { slept } = await run(
      Array.from({ length: 11 }, () => answer(500)),
      10,
    );
    expect(slept).toHaveLength(10);
    expect(Math.max(...slept)).toBeLessThan(30_000);
    expect(Math.min(...slept)).toBeGreaterThanOrEqual(1000);
  });
});
