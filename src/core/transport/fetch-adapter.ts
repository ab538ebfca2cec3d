// A `fetch`-shaped function over the step's transport, for clients that expect fetch (Octokit):
// their requests take the same route, deadline and failure classification as the marketplace's,
// and neither undici's fetch nor Node's is loaded for them.
import type { Failure } from '../attempt.js';
import { TransportError } from '../errors.js';
import type { ExchangeDebug } from './debug-lines.js';
import { type Exchange, exchange } from './exchange.js';
import type { Transport } from './transport.js';

/** The transport's failure behind an error a fetch client threw, following `cause`. */
export function transportFailureOf(error: unknown): Failure | undefined {
  for (let at = error, depth = 0; at !== null && typeof at === 'object' && depth < 5; depth++) {
    if (at instanceof TransportError) return at.failure;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

interface FetchInit {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  readonly signal?: AbortSignal | null;
}

/** The part of a fetch Response that Octokit reads. */
export interface FetchAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly headers: {
    get(name: string): string | null;
    [Symbol.iterator](): IterableIterator<[string, string]>;
  };
  readonly body: null;
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const METHODS: ReadonlySet<string> = new Set(['GET', 'PATCH', 'POST', 'PUT', 'DELETE', 'HEAD']);

/**
 * fetch(url, init) through `transport`, each call one attempt limited to `timeoutMs`. String
 * bodies only (JSON), as the clients here send. A failure throws TransportError. With `debug`
 * (its log and the step's guard), each exchange is written to the debug log.
 */
export function fetchOver(
  transport: Transport,
  timeoutMs: number,
  debug?: Omit<ExchangeDebug, 'via'>,
): (input: string | URL, init?: FetchInit) => Promise<FetchAnswer> {
  return async (input, init = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    if (!METHODS.has(method)) throw new TypeError(`method ${method} is not supported`);
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new TypeError('only string bodies are supported');
    }
    const result = await exchange(
      {
        method: method as Exchange['method'],
        url,
        headers: init.headers ?? {},
        body: init.body ?? null,
        timeoutMs,
        signal: init.signal ?? undefined,
      },
      transport.dispatcherFor(url),
      debug && { ...debug, via: transport.proxyInUse(url)?.host },
    );
    if (result.kind === 'failure') throw new TransportError(result);
    const headers = new Map(Object.entries(result.headers ?? {}));
    const bytes = new TextEncoder().encode(result.body);
    return {
      // Stryker disable next-line ConditionalExpression: undici answers 1xx itself: a final status is 200 or more
      ok: result.status >= 200 && result.status < 300,
      status: result.status,
      statusText: '',
      url,
      headers: {
        get: (name) => headers.get(name.toLowerCase()) ?? null,
        [Symbol.iterator]: () => headers.entries(),
      },
      body: null,
      text: async () => result.body,
      json: async () => JSON.parse(result.body) as unknown,
      arrayBuffer: async () =>
        // Stryker disable next-line MethodExpression: TextEncoder's array has a buffer of its own, exactly its size
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    };
  };
}
