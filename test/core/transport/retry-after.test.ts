// SPEC 4: a Retry-After beyond 60 s stops the retries, however many digits it has.

import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../src/core/attempt.js';
import { decide, parseRetryAfter } from '../../../src/core/transport/retry.js';

const answer = (retryAfter: string): Answer => ({
  kind: 'answer',
  status: 429,
  location: '',
  retryAfter,
  contentType: 'application/json',
  link: '',
  body: '',
  cut: false,
  ms: 5,
});

describe('Retry-After of many digits', () => {
  it.each([
    ['9999999999', 9_999_999_999_000],
    ['10000000000', 10_000_000_000_000],
    ['99999999999', 99_999_999_999_000],
    ['9999999999999', Number.MAX_SAFE_INTEGER],
    ['9'.repeat(400), Number.MAX_SAFE_INTEGER],
    ['00000000000000000005', 5000],
  ])('%s s → %i ms', (value, expected) => {
    expect(parseRetryAfter(value, 0)).toBe(expected);
  });

  it.each(['12345678901', '9'.repeat(30), '9'.repeat(400)])('%s stops as too long', (value) => {
    const decision = decide(answer(value), 1, 4, { now: () => 0, random: () => 0.5 });
    expect(decision.kind).toBe('too-long');
  });

  it('leading zeros are the value they write', () => {
    expect(decide(answer('000000000030'), 1, 4, { now: () => 0, random: () => 0.5 })).toEqual({
      kind: 'wait',
      ms: 30_000,
      retryAfter: true,
    });
  });
});

describe('Retry-After dates', () => {
  it.each([
    'x Sun, 22 Nov 2026 10:00:30 GMT',
    'Sun, 22 Nov 2026 1:00:30 GMT',
    'Sun, 22 Nov 2026 10:00:3 GMT',
  ])('%j is not an HTTP-date, and is not used', (value) => {
    expect(parseRetryAfter(value, Date.parse('2026-11-22T10:00:00Z'))).toBeUndefined();
  });
});
