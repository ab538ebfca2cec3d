import { ProxySettingError } from '../errors.js';
import { type Env, isLoopbackHost } from '../inputs.js';
import { hostPort } from './failure.js';
import { Agent, type Dispatcher, ProxyAgent } from './undici.js';

/** NO_PROXY read as the runner reads it; IP addresses match exactly, as curl matches them. */
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
    return host === suffix || host.endsWith(suffix.startsWith('.') ? suffix : `.${suffix}`);
  });
}

/** As the runner chooses it; its `url` holds the credentials, never printed. */
export function proxyFor(url: URL, env: Env) {
  if (isLoopbackHost(url.hostname)) return undefined;
  const names =
    url.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  // As the runner reads them, an empty variable counts as unset: the next one applies.
  const variable = names.find((name) => env[name]);
  if (variable === undefined || bypassesProxy(url, env.no_proxy || env.NO_PROXY || ''))
    return undefined;
  try {
    const proxy = new URL(env[variable]?.trim() ?? '');
    // ProxyAgent decodes the credentials; a bad escape in them would fail there, unexplained.
    decodeURIComponent(`${proxy.username}:${proxy.password}`);
    // `proxy.corp:3128` parses as a URL of scheme `proxy.corp:`.
    if (/^https?:$/.test(proxy.protocol)) return { variable, url: proxy };
  } catch {}
  throw new ProxySettingError(variable);
}

export function createTransport(env: Env, urls: readonly string[], timeoutMs: number) {
  // Not undici's EnvHttpProxyAgent: it is experimental (a warning on every run), its NO_PROXY not
  // the runner's. One connection: with a pool, a request sent as the previous answer ends finds
  // that connection still busy and opens another, one more TCP and TLS handshake.
  const options = { connections: 1, connect: { timeout: timeoutMs } };
  const route = (url: string) => proxyFor(new URL(url), env);
  // A malformed proxy fails here, whichever host is asked first; an address that is not a URL
  // fails on its own request, as it would without a proxy.
  for (const url of urls) if (URL.canParse(url)) route(url);
  const dispatchers = new Map<string, Dispatcher>();
  return {
    proxyInUse(url: string) {
      const proxy = route(url);
      return proxy && { variable: proxy.variable, host: hostPort(proxy.url) };
    },
    dispatcherFor(url: string) {
      const proxy = route(url);
      const key = proxy?.url.href ?? '';
      const dispatcher =
        dispatchers.get(key) ??
        (proxy === undefined
          ? new Agent(options)
          : new ProxyAgent({ ...options, uri: key, proxyTls: { timeout: timeoutMs } }));
      dispatchers.set(key, dispatcher);
      return dispatcher;
    },
    async destroy(): Promise<void> {
      await Promise.all([...dispatchers.values()].map((dispatcher) => dispatcher.destroy()));
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;
