// fetch for Octokit over the step's transport: its requests take the same route, deadline and
// failure classification as the marketplace's, and neither undici's fetch nor Node's is loaded.
import type { Failure } from '../attempt.js';
import { TransportError } from '../errors.js';
import type { ExchangeDebug } from './debug-lines.js';
import { type Exchange, exchange } from './exchange.js';
import type { Transport } from './transport.js';

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

const METHODS: ReadonlySet<string> = new Set(['GET', 'PATCH', 'POST', 'PUT', 'DELETE', 'HEAD']);

/** Each call one attempt, answering with the part of a Response that Octokit reads. */
export function fetchOver(
  transport: Transport,
  timeoutMs: number,
  debug?: Omit<ExchangeDebug, 'via'>,
) {
  return async (input: string | URL, init: FetchInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    if (!METHODS.has(method)) throw new TypeError(`method ${method} is not supported`);
    const body = init.body ?? null;
    if (body !== null && typeof body !== 'string') {
      throw new TypeError('only string bodies are supported');
    }
    const result = await exchange(
      {
        method: method as Exchange['method'],
        url,
        headers: init.headers ?? {},
        body,
        timeoutMs,
        signal: init.signal ?? undefined,
      },
      transport.dispatcherFor(url),
      debug && { ...debug, via: transport.proxyInUse(url)?.host },
    );
    if (result.kind === 'failure') throw new TransportError(result);
    const headers = new Map(Object.entries(result.headers ?? {}));
    return {
      status: result.status,
      statusText: '',
      url,
      headers: {
        get: (name: string) => headers.get(name.toLowerCase()) ?? null,
        [Symbol.iterator]: () => headers.entries(),
      },
      text: async () => result.body,
      arrayBuffer: async () => new TextEncoder().encode(result.body).buffer,
    };
  };
}
