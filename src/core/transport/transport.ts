import { ProxySettingError } from '../errors.js';
import { type Env, isLoopbackHost } from '../inputs.js';
import { hostPort } from './failure.js';
import { Agent, type Dispatcher, ProxyAgent } from './undici.js';

export interface ProxySetting {
  /** The variable it came from, e.g. `https_proxy`: safe to print, unlike the address. */
  readonly variable: string;
  /** Its address, credentials included: for the connection only, never printed. */
  readonly url: URL;
}

/**
 * Whether NO_PROXY exempts `url`, read as the runner reads it: comma-separated entries, trimmed,
 * any case; `example.com` covers it and its subdomains, `.example.com` only its subdomains
 * (`*.example.com` too); `host:port` only that port (the scheme's default when the URL has none);
 * `*` every host. IP addresses match exactly, as @actions/http-client and curl match them.
 */
export function bypassesProxy(url: URL, noProxy: string): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return noProxy.split(',').some((item) => {
    const entry = item.trim().toLowerCase();
    if (entry === '*') return true;
    // `name`, `name:port` or `[v6]:port`; more than one colon is an IPv6 address without brackets.
    const [, name = `[${entry}]`, entryPort] = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(entry) ?? [];
    if (entry === '' || (entryPort && entryPort !== port)) return false;
    const suffix = name.startsWith('*.') ? name.slice(1) : name;
    return suffix.startsWith('.')
      ? host.endsWith(suffix)
      : host === suffix || host.endsWith(`.${suffix}`);
  });
}

/**
 * The proxy the request to `url` goes through, or undefined to go direct: HTTPS_PROXY for https,
 * HTTP_PROXY for http (lowercase first when set and not empty), never for loopback hosts (as the
 * runner) nor for hosts that NO_PROXY exempts. Throws ProxySettingError when the proxy that
 * applies is not a URL.
 */
export function proxyFor(url: URL, env: Env): ProxySetting | undefined {
  if (isLoopbackHost(url.hostname)) return undefined;
  const names =
    url.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  // An empty variable counts as unset, as the runner reads it: the next one applies.
  const variable = names.find((name) => env[name]);
  // As the runner: an empty `no_proxy` leaves `NO_PROXY` in force.
  if (variable === undefined || bypassesProxy(url, env.no_proxy || env.NO_PROXY || '')) {
    return undefined;
  }
  return { variable, url: proxyUrl(variable, env[variable] as string) };
}

function proxyUrl(variable: string, address: string): URL {
  try {
    const url = new URL(address.trim());
    // ProxyAgent decodes the credentials; a bad escape in them would fail there, unexplained.
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    // `proxy.corp:3128` parses as a URL of scheme `proxy.corp:`: only http(s) proxies are URLs here.
    if (/^https?:$/.test(url.protocol) && url.hostname !== '') return url;
  } catch {
    // Not a URL, or credentials that do not decode: the error below names the variable.
  }
  throw new ProxySettingError(variable);
}

/**
 * A dispatcher through `proxy` (from `proxyFor`) when there is one, never following a redirect so
 * that the key never reaches another address. Not undici's EnvHttpProxyAgent: it is experimental
 * (a warning in the step log on every run) and its NO_PROXY rules are not the runner's.
 */
export function createDispatcher(proxy: ProxySetting | undefined, timeoutMs: number): Dispatcher {
  const options = {
    maxRedirections: 0,
    // One keep-alive connection per host (through a proxy, one tunnel), each request queued until
    // the one before it has ended. With a pool, a request sent in the same tick as the previous
    // answer's end finds that connection still busy and opens another: one more TCP and TLS
    // handshake, one to three round trips. A connection the server closes is opened again.
    connections: 1,
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  };
  if (proxy === undefined) return new Agent(options);
  return new ProxyAgent({
    ...options,
    uri: proxy.url.href,
    proxyTls: { timeout: timeoutMs },
  });
}

/**
 * Every request of the step goes through one Transport, so that no two requests can take different
 * routes or explain the same failure differently: the proxy of each host is decided once, from
 * the same variables and rules, before the first request.
 */
export interface Transport {
  /** The proxy in use for `url` as messages may name it: variable and host:port. */
  proxyInUse(url: string): { variable: string; host: string } | undefined;
  dispatcherFor(url: string): Dispatcher;
  destroy(): Promise<void>;
}

/**
 * The step's transport for requests to `urls` (the marketplace's and the GitHub API's). Throws
 * ProxySettingError, naming the variable, when the proxy that applies to any of them is not a
 * URL: so a malformed proxy fails the step before any request, whichever host comes first.
 */
export function createTransport(env: Env, urls: readonly string[], timeoutMs: number): Transport {
  const routes = new Map<string, ProxySetting | undefined>();
  const route = (url: string) => {
    const parsed = new URL(url);
    if (!routes.has(parsed.origin)) routes.set(parsed.origin, proxyFor(parsed, env));
    return routes.get(parsed.origin);
  };
  // An address that is not a URL fails on its own request, as it would without a proxy.
  for (const url of urls) if (URL.canParse(url)) route(url);
  // One dispatcher per route (direct, or each proxy address): hosts on one route share it.
  const dispatchers = new Map<string, Dispatcher>();
  return {
    proxyInUse(url) {
      const proxy = route(url);
      return proxy && { variable: proxy.variable, host: hostPort(proxy.url) };
    },
    dispatcherFor(url) {
      const proxy = route(url);
      const key = proxy?.url.href ?? '';
      const dispatcher = dispatchers.get(key) ?? createDispatcher(proxy, timeoutMs);
      dispatchers.set(key, dispatcher);
      return dispatcher;
    },
    async destroy() {
      await Promise.all([...dispatchers.values()].map((dispatcher) => dispatcher.destroy()));
      dispatchers.clear();
    },
  };
}
