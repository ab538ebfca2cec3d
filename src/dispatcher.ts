import { Agent, type Dispatcher, EnvHttpProxyAgent } from 'undici';
import type { Env } from './inputs.js';

export interface ProxySetting {
  /** The variable it came from, e.g. `https_proxy`: safe to print, unlike the address. */
  readonly variable: string;
  readonly address: string;
}

function first(env: Env, names: string[]): ProxySetting | undefined {
  for (const variable of names) {
    const address = env[variable];
    // Set but empty still wins: it turns the proxy off, as lowercase over uppercase does.
    if (address !== undefined) return address === '' ? undefined : { variable, address };
  }
  return undefined;
}

/** The proxy for the scheme of `url`: HTTPS_PROXY for https, HTTP_PROXY for http, lowercase first. */
export function proxyFor(url: URL, env: Env): ProxySetting | undefined {
  return url.protocol === 'https:'
    ? first(env, ['https_proxy', 'HTTPS_PROXY'])
    : first(env, ['http_proxy', 'HTTP_PROXY']);
}

/**
 * One dispatcher for the whole run, through `proxy` (from `proxyFor`) when there is one. Redirects
 * are never followed (maxRedirections 0), so the key never reaches another address. NO_PROXY
 * matching is undici's.
 */
export function createDispatcher(
  proxy: ProxySetting | undefined,
  env: Env,
  timeoutMs: number,
): Dispatcher {
  const options = {
    maxRedirections: 0,
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  };
  if (proxy === undefined) return new Agent(options);
  return new EnvHttpProxyAgent({
    ...options,
    httpProxy: proxy.address,
    httpsProxy: proxy.address,
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  });
}
