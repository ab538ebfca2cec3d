import type { AttemptResult } from '../attempt.js';
import { type Exchange, type ExchangeDebug, requestLines, resultLines } from './debug-lines.js';
import { errorCode } from './failure.js';
import { DecoratorHandler, type Dispatcher } from './undici.js';

// undici says that a proxy refused the tunnel only in its message.
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/;

/** One attempt with one deadline for connect, headers and the whole body. Never throws. */
export async function exchange(
  req: Exchange,
  dispatcher: Dispatcher,
  debug?: ExchangeDebug,
): Promise<AttemptResult> {
  if (debug) for (const line of requestLines(req, debug.via)) debug.log(line);
  const result = await attempt(req, dispatcher);
  if (debug) for (const line of resultLines(result, debug.redact)) debug.log(line);
  return result;
}

async function attempt(req: Exchange, dispatcher: Dispatcher): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const deadline = AbortSignal.timeout(req.timeoutMs);
  let sent = false;
  // undici calls onConnect once connected (tunnel and TLS included), right before the request.
  class Watch extends DecoratorHandler {
    override onConnect(abort: (error?: Error) => void): void {
      sent = true;
      super.onConnect(abort);
    }
  }
  try {
    const { origin, pathname, search } = new URL(req.url);
    const watched = dispatcher.compose(
      (dispatch) => (opts, handler) => dispatch(opts, new Watch(handler)),
    );
    // undici follows no redirect unless told to: the key never reaches another address.
    const response = await watched.request({
      origin,
      path: `${pathname}${search}`,
      method: req.method,
      signal: deadline,
      // undici's own limits (300 s by default) would cut a longer deadline short.
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
      headers: req.headers,
      body: req.body ?? null,
    });
    // Decoded as it comes, so that no chunk is kept once read.
    const decoder = new TextDecoder();
    let text = '';
    let room = req.maxBytes ?? 1024 * 1024;
    for await (const chunk of response.body) {
      text += decoder.decode(chunk.subarray(0, room), { stream: true });
      room -= chunk.length;
      // Leaving the loop destroys the stream: the rest is never read.
      if (room < 0) break;
    }
    text += decoder.decode();
    // undici gives the names in lower case, a repeated header as an array.
    const values = (name: string) => [response.headers[name] ?? []].flat();
    const first = (name: string) => values(name)[0] ?? '';
    const names = Object.keys(response.headers);
    return {
      kind: 'answer',
      status: response.statusCode,
      location: first('location'),
      retryAfter: first('retry-after'),
      contentType: first('content-type'),
      link: values('link').join(', '),
      body: text,
      cut: room < 0,
      ms: elapsed(),
      headers: Object.fromEntries(names.map((name) => [name, values(name).join(', ')])),
    };
  } catch (error) {
    const refused = error instanceof Error && TUNNEL_REFUSED.exec(error.message);
    if (refused && !deadline.aborted) {
      const proxyStatus = Number(refused[1]);
      return { kind: 'failure', code: `PROXY_HTTP_${proxyStatus}`, proxyStatus, ms: elapsed() };
    }
    const code = deadline.aborted
      ? 'ETIMEDOUT'
      : (errorCode(error) ?? (error instanceof Error ? error.name : 'UNKNOWN'));
    return { kind: 'failure', code, ...(sent ? { sent: true as const } : {}), ms: elapsed() };
  }
}

// `.` and `..` are refused as listing ids by the settings.
export function listingUrl(baseUrl: string, listingId: string): string {
  return `${baseUrl}/listings/${encodeURIComponent(listingId)}`;
}

export function listingsUrl(baseUrl: string): string {
  return `${baseUrl}/listings`;
}
