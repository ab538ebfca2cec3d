import { performance } from 'node:perf_hooks';
import type { AttemptResult } from '../attempt.js';
import type { ApiKey } from '../guard/secret.js';
import { USER_AGENT } from '../meta.js';
import { type ExchangeDebug, exchangeLines, requestLines } from './debug-lines.js';
import { ABORTED, errorCode } from './error-code.js';
import { DecoratorHandler, type Dispatcher, request } from './undici.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** One request to the marketplace: the update (PATCH) or the list of listings (GET). */
export interface ApiRequest {
  readonly method: 'GET' | 'PATCH';
  readonly url: string;
  readonly apiKey: ApiKey;
  /** JSON; none for a GET. */
  readonly body?: string;
  readonly timeoutMs: number;
  /** How much of the answer's body is read; MAX_BODY_BYTES unless given (a page of the list). */
  readonly maxBytes?: number | undefined;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

async function readCapped(
  body: AsyncIterable<Buffer>,
  maxBytes = MAX_BODY_BYTES,
): Promise<{ text: string; cut: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  for await (const chunk of body) {
    const room = maxBytes - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      cut = true;
      break; // Leaving the loop destroys the stream: the rest is never read.
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks)), cut };
}

/** The status of a proxy that refused the tunnel: undici says so only in its message. */
function tunnelRefusal(error: unknown): number | undefined {
  // Stryker disable next-line StringLiteral: no text but undici's own matches the refusal
  const message = error instanceof Error ? error.message : '';
  const status = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/.exec(message)?.[1];
  return status === undefined ? undefined : Number(status);
}

/**
 * The dispatcher, calling `onSending` when the request starts to be written: undici calls a
 * handler's `onConnect` on a connected socket (after any tunnel and TLS handshake), just before
 * it writes the request.
 */
function watchSending(dispatcher: Dispatcher, onSending: () => void): Dispatcher {
  class Watch extends DecoratorHandler {
    override onConnect(abort: (error?: Error) => void): void {
      onSending();
      super.onConnect(abort);
    }
  }
  return dispatcher.compose(
    (dispatch) => (options, handler) => dispatch(options, new Watch(handler)),
  );
}

/** One HTTP exchange of the step, whoever asks: the marketplace's requests and the GitHub API's. */
export interface Exchange {
  readonly method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | null;
  readonly timeoutMs: number;
  /** The caller's own abort, on top of the deadline. */
  readonly signal?: AbortSignal | undefined;
  /** How much of the answer's body is read; MAX_BODY_BYTES unless given. */
  readonly maxBytes?: number | undefined;
}

function allHeaders(headers: Record<string, string | string[] | undefined>) {
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    // Stryker disable next-line ConditionalExpression: undici gives no header without a value; the type allows it
    if (value !== undefined) all[name.toLowerCase()] = [value].flat().join(', ');
  }
  return all;
}

/**
 * One attempt with one deadline for connect, headers and the whole body. Never throws: a failure
 * is classified here once (system, TLS or undici code; a proxy's refusal of the tunnel). With
 * `debug`, the request and what came back are written to the debug log.
 */
export async function exchange(
  req: Exchange,
  dispatcher: Dispatcher,
  debug?: ExchangeDebug,
): Promise<AttemptResult> {
  if (debug === undefined) return attempt(req, dispatcher);
  for (const line of requestLines(req.method, req.url, req.headers, req.body, debug.via)) {
    debug.log(line);
  }
  const result = await attempt(req, dispatcher);
  for (const line of exchangeLines(result, debug.redact)) debug.log(line);
  return result;
}

async function attempt(req: Exchange, dispatcher: Dispatcher): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), req.timeoutMs);
  // Whichever comes first, the deadline or the caller's own abort, says what ended the attempt.
  let abandoned = false;
  const abort = () => {
    abandoned ||= !deadline.signal.aborted;
    deadline.abort();
  };
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: the listener is removed in `finally` either way
  req.signal?.addEventListener('abort', abort, { once: true });
  if (req.signal?.aborted) abort();
  let sending = false;
  try {
    const response = await request(req.url, {
      dispatcher: watchSending(dispatcher, () => {
        sending = true;
      }),
      method: req.method,
      maxRedirections: 0,
      signal: deadline.signal,
      // The dispatcher's own limits are the marketplace's; each request keeps its own deadline.
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
      headers: req.headers,
      body: req.body ?? null,
    });
    const { text, cut } = await readCapped(response.body, req.maxBytes);
    return {
      kind: 'answer',
      status: response.statusCode,
      location: header(response.headers, 'location'),
      retryAfter: header(response.headers, 'retry-after'),
      contentType: header(response.headers, 'content-type'),
      link: [response.headers.link ?? []].flat().join(', '),
      body: text,
      cut,
      ms: elapsed(),
      headers: allHeaders(response.headers),
    };
  } catch (error) {
    const proxyStatus = deadline.signal.aborted ? undefined : tunnelRefusal(error);
    if (proxyStatus !== undefined) {
      return { kind: 'failure', code: `PROXY_HTTP_${proxyStatus}`, proxyStatus, ms: elapsed() };
    }
    const sent = sending ? { sent: true as const } : {};
    if (deadline.signal.aborted) {
      return { kind: 'failure', code: abandoned ? ABORTED : 'ETIMEDOUT', ...sent, ms: elapsed() };
    }
    const code = errorCode(error) ?? (error instanceof Error ? error.name : 'UNKNOWN');
    return { kind: 'failure', code, ...sent, ms: elapsed() };
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', abort);
  }
}

/** One attempt to the marketplace, GET or PATCH, with its headers (the key among them). */
export async function sendOnce(
  req: ApiRequest,
  dispatcher: Dispatcher,
  debug?: ExchangeDebug,
): Promise<AttemptResult> {
  const result = await exchange(
    {
      method: req.method,
      url: req.url,
      timeoutMs: req.timeoutMs,
      headers: {
        'x-api-key': req.apiKey.reveal(),
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': USER_AGENT,
      },
      body: req.body ?? null,
      maxBytes: req.maxBytes,
    },
    dispatcher,
    debug,
  );
  // Stryker disable next-line ConditionalExpression,StringLiteral: a failure has no headers: its copy without them is the same failure
  if (result.kind === 'failure') return result;
  // The marketplace's answer keeps only the headers it reads: nothing else reaches the report.
  const { headers: _unread, ...answer } = result;
  return answer;
}

/** The listing's URL: the id is one encoded path segment (`.` and `..` are refused as inputs). */
export function listingUrl(baseUrl: string, listingId: string): string {
  return `${baseUrl}/listings/${encodeURIComponent(listingId)}`;
}

/** The list of the key's account's listings (`GET`), used by the dry run and `skip-unchanged`. */
export function listingsUrl(baseUrl: string): string {
  return `${baseUrl}/listings`;
}
