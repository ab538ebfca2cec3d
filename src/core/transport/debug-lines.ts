import type { Answer, AttemptResult } from '../attempt.js';
import { guardStart } from '../guard/guard.js';
import { cutUtf8, quote } from '../guard/safe-text.js';
import type { Redact } from '../guard/secret.js';
import { isRetryable, type NextAttempt } from './retry.js';
import type { Dispatcher } from './undici.js';

export interface ExchangeDebug {
  readonly log: (line: string) => void;
  readonly redact: Redact;
  readonly via?: string | undefined;
}

const CREDENTIALS = /^(?:x-api-key|authorization|proxy-authorization)$/i;

export interface Exchange {
  readonly method: Dispatcher.HttpMethod;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | null;
  readonly timeoutMs: number;
  readonly maxBytes?: number | undefined;
}

export function requestName(method: string, url: string, via?: string): string {
  return via === undefined ? `${method} ${url}` : `${method} ${url} via proxy ${via}`;
}

export function requestLines({ method, url, headers, body }: Exchange, via?: string): string[] {
  const lines = [`Request: ${requestName(method, url, via)}`];
  for (const [name, value] of Object.entries(headers))
    lines.push(`  > ${name.toLowerCase()}: ${CREDENTIALS.test(name) ? '(set, not shown)' : value}`);
  lines.push(`  > body: ${Buffer.byteLength(body ?? '')} bytes`);
  return lines;
}

function bodyStart(answer: Answer, redact: Redact): string {
  if (answer.body === '') return '(empty)';
  const end = cutUtf8(answer.body, 2048).length;
  const shown = guardStart(redact, answer.body, end, answer.cut);
  if (shown !== answer.body.slice(0, end)) return shown;
  const more = end < answer.body.length || answer.cut;
  return `${quote(shown)}${more ? ' (first 2 KiB)' : ''}`;
}

export function resultLines(result: AttemptResult, redact: Redact): string[] {
  if (result.kind === 'failure') {
    const proxy =
      result.proxyStatus === undefined
        ? ''
        : `, the proxy answered HTTP ${result.proxyStatus} instead of opening the tunnel`;
    const sent = result.sent
      ? 'the request had been sent, so it may have been applied'
      : 'the request was not sent';
    return [`No answer: ${result.code} after ${result.ms} ms${proxy}; ${sent}`];
  }
  const size = Buffer.byteLength(result.body);
  const read = result.cut ? `more than ${size} bytes (the rest was not read)` : `${size} bytes`;
  return [
    `Answer: HTTP ${result.status} in ${result.ms} ms, ${read}`,
    // Each value on its own: a header that echoes the key is withheld alone.
    ...Object.entries(result.headers ?? {}).map(([name, value]) => `  < ${name}: ${redact(value)}`),
    `  < body: ${bodyStart(result, redact)}`,
  ];
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

// The log's line for an attempt and, when it failed, the debug line saying why it is retried or not.
export function attemptLines(
  request: string,
  result: AttemptResult,
  attempt: number,
  maxAttempts: number,
  decision: NextAttempt,
): [string, string | undefined] {
  const of = `(attempt ${attempt} of ${maxAttempts})`;
  const [what, after] =
    result.kind === 'answer'
      ? [`HTTP ${result.status} in ${result.ms} ms`, `HTTP ${result.status}`]
      : [
          `${result.code} after ${result.ms} ms`,
          result.proxyStatus === undefined
            ? result.code
            : `the proxy's HTTP ${result.proxyStatus} to CONNECT`,
        ];
  const line = `${request}: ${what} ${of}`;
  if (result.kind === 'answer' && result.status >= 200 && result.status < 300)
    return [line, undefined];
  if (decision.kind === 'wait') {
    const [asked, why] = decision.retryAfter
      ? [' (Retry-After)', 'the wait the answer asked for (Retry-After)']
      : ['', 'the backoff (at least half of it waited)'];
    return [
      `${line}; retrying in ${seconds(decision.ms)}${asked}`,
      `Retrying after ${after} ${of} in ${decision.ms} ms: ${why}`,
    ];
  }
  if (decision.kind === 'too-long') {
    return [
      `${line}; Retry-After asks for ${seconds(decision.ms)}, more than 60 s: not retrying`,
      `Not retried after ${after} ${of}: Retry-After asks for ${Math.ceil(decision.ms / 1000)} s, more than the 60 s waited at most`,
    ];
  }
  const why = isRetryable(result) ? 'no attempt left' : 'it is not one that a retry can mend';
  return [line, `Not retried after ${after} ${of}: ${why}`];
}
