import { setTimeout as sleep } from 'node:timers/promises';
import type { Answer, AttemptResult } from '../attempt.js';
import { classifyFailure } from './failure.js';

export function isRetryable(result: AttemptResult): boolean {
  if (result.kind === 'answer') return [408, 429, 500, 502, 503, 504].includes(result.status);
  // A proxy's refusal of the tunnel (407, 401, 403) and a certificate are settings to fix.
  return !['proxy-refused', 'tls'].includes(classifyFailure(result, undefined).kind);
}

export function parseRetryAfter(value: string, nowMs: number): number | undefined {
  const text = value.trim();
  // However many digits: a wait too long to represent is still a wait too long (never "ignored").
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, Number.MAX_SAFE_INTEGER);
  // IMF-fixdate and the two obsolete HTTP-date forms all carry a weekday name and a time.
  if (!/^[A-Za-z]{3,9},? .*\d{2}:\d{2}:\d{2}/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

// Equal jitter: the retries ride out a short outage, and runs that failed together spread out.
export function backoffMs(retry: number, random: () => number): number {
  const half = Math.min(30_000, 4_000 * 2 ** (retry - 1)) / 2;
  return Math.floor(half + random() * half);
}

export type NextAttempt =
  | { readonly kind: 'stop'; readonly askedMs?: number }
  | { readonly kind: 'wait'; readonly ms: number; readonly retryAfter: boolean }
  | { readonly kind: 'too-long'; readonly ms: number };

export function decide(
  result: AttemptResult,
  attempt: number,
  maxAttempts: number,
  clock: Pick<RetryClock, 'now' | 'random'>,
  policy = { retryable: isRetryable, backoffMs },
): NextAttempt {
  if (!policy.retryable(result)) return { kind: 'stop' };
  const asked =
    result.kind === 'answer' ? parseRetryAfter(result.retryAfter, clock.now()) : undefined;
  // Said as such on the last attempt too: no retry can help.
  if (asked !== undefined && asked > 60_000) return { kind: 'too-long', ms: asked };
  if (attempt >= maxAttempts) return { kind: 'stop', askedMs: asked };
  const ms = asked ?? policy.backoffMs(attempt, clock.random);
  return { kind: 'wait', ms, retryAfter: asked !== undefined };
}

/** May have been applied: a gateway may answer 5xx although the service behind it stored it. */
export function answerLost(result: AttemptResult): boolean {
  if (result.kind === 'answer') return result.status >= 500 || isWebPage(result);
  return result.sent === true;
}

export function isWebPage(result: AttemptResult): result is Answer & { refusal: 'web-page' } {
  return result.kind === 'answer' && result.refusal === 'web-page';
}

export function succeeded({ last }: Outcome): boolean {
  return last.kind === 'answer' && last.status >= 200 && last.status < 300 && !last.refusal;
}

export interface Outcome {
  readonly last: AttemptResult;
  readonly attempts: number;
  readonly tooLongMs?: number;
  readonly lost?: AttemptResult;
  readonly askedMs?: number;
}

export const REAL_CLOCK = { now: Date.now, sleep: (ms: number) => sleep(ms), random: Math.random };
export type RetryClock = typeof REAL_CLOCK;

export async function withRetries(
  attempt: () => Promise<AttemptResult>,
  retries: number,
  clock: RetryClock,
  onAttempt: (result: AttemptResult, attempt: number, next: NextAttempt) => void,
  policy?: Parameters<typeof decide>[4],
): Promise<Outcome> {
  let lost: AttemptResult | undefined;
  for (let attempts = 1; ; attempts++) {
    const last = await attempt();
    if (answerLost(last)) lost = last;
    const next = decide(last, attempts, retries + 1, clock, policy);
    onAttempt(last, attempts, next);
    if (next.kind === 'wait') await clock.sleep(next.ms);
    else if (next.kind === 'stop') return { last, attempts, lost, askedMs: next.askedMs };
    else return { last, attempts, lost, tooLongMs: next.ms };
  }
}
