// fetch for Octokit over the step's transport: its requests take the same route, deadline and
// failure classification as the marketplace's, and neither undici's fetch nor Node's is loaded.
import type { Failure } from '../attempt.js';
import { TransportError } from '../errors.js';
import type { ExchangeDebug } from './debug-lines.js';
import { exchange } from './exchange.js';
import type { Transport } from './transport.js';
import type { Dispatcher } from './undici.js';

export function transportFailureOf(error: unknown): Failure | undefined {
  for (let at = error, depth = 0; at !== null && typeof at === 'object' && depth < 5; depth++) {
    if (at instanceof TransportError) return at.failure;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Each call one attempt, answering with the part of a Response that Octokit reads. */
export function fetchOver(
  transport: Transport,
  timeoutMs: number,
  debug?: Omit<ExchangeDebug, 'via'>,
) {
  return async (
    input: string | URL,
    init: { method?: string; headers?: Record<string, string>; body?: string | null } = {},
  ) => {
    const url = String(input);
    const result = await exchange(
      {
        method: (init.method ?? 'GET').toUpperCase() as Dispatcher.HttpMethod,
        url,
        headers: init.headers ?? {},
        body: init.body,
        timeoutMs,
      },
      transport.dispatcherFor(url),
      debug && { ...debug, via: transport.proxyInUse(url)?.host },
    );
    if (result.kind === 'failure') throw new TransportError(result);
    const headers = new Map(Object.entries(result.headers ?? {}));
    return {
      status: result.status,
      // Read by Octokit only for HEAD.
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
