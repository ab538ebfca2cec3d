// One classification of failed attempts, so that the marketplace and the GitHub API explain the
// same network, TLS or proxy failure alike (docs/proxies-and-cas.md).
import type { Failure } from '../attempt.js';

export const ABORTED = 'ABORTED';

// undici's own limits are the attempt's deadline, and its timers are coarse: when one of them
// fires before the deadline's, the deadline has passed all the same.
const UNDICI_TIMEOUTS: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '')
      return UNDICI_TIMEOUTS.has(code) ? 'ETIMEDOUT' : code;
    current = current.cause;
  }
  return undefined;
}

/** Certificate problems: retrying cannot help, and the user must act (NODE_EXTRA_CA_CERTS). */
function isCertificateError(code: string): boolean {
  return (
    /CERT|CRL|^UNABLE_TO_/.test(code) ||
    ['HOSTNAME_MISMATCH', 'INVALID_CA', 'INVALID_PURPOSE', 'PATH_LENGTH_EXCEEDED'].includes(code)
  );
}

/** Never its credentials. */
export interface ProxyInUse {
  readonly variable: string;
  /** host:port, when it could be told. */
  readonly host?: string | undefined;
}

export type Trouble =
  | { readonly kind: 'proxy-refused'; readonly status: number }
  /** The proxy could not reach the host. */
  | { readonly kind: 'proxy-upstream'; readonly status: number }
  | { readonly kind: 'proxy-unreachable'; readonly code: string }
  | { readonly kind: 'tls'; readonly code: string }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'aborted' }
  | { readonly kind: 'network'; readonly code: string };

/** Through a proxy, these concern the proxy: the action connects to no other. */
const PROXY_CONNECT_ERROR =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)$/;

export function classifyFailure(failure: Failure, proxy: ProxyInUse | undefined): Trouble {
  const { code, proxyStatus: status } = failure;
  // A proxy that could not reach the host (or was itself unavailable) says so with 500, 502, 503
  // or 504: tinyproxy answers 500 "Unable to connect", squid 503.
  if (status !== undefined) {
    const upstream = [500, 502, 503, 504].includes(status);
    return { kind: upstream ? 'proxy-upstream' : 'proxy-refused', status };
  }
  if (proxy !== undefined && PROXY_CONNECT_ERROR.test(code))
    return { kind: 'proxy-unreachable', code };
  if (isCertificateError(code)) return { kind: 'tls', code };
  if (code === 'ETIMEDOUT') return { kind: 'timeout' };
  if (code === ABORTED) return { kind: 'aborted' };
  return { kind: 'network', code };
}

/** What a proxy is asked to connect to: the port always given. */
export function hostPort(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
}

export function proxyName(proxy: ProxyInUse): string {
  return `the proxy set in ${proxy.variable}${proxy.host ? ` (${proxy.host})` : ''}`;
}

/** What a proxy's failure means and what to check; undefined when it is not the proxy's. */
export function proxyTroubleText(
  trouble: Trouble,
  proxy: ProxyInUse,
  target: string,
): string | undefined {
  const name = proxyName(proxy);
  switch (trouble.kind) {
    case 'proxy-refused': {
      const answered = `${name} answered HTTP ${trouble.status} when asked to connect to ${target}`;
      // Proxies word the same refusal differently (tinyproxy answers wrong credentials with 401).
      if (trouble.status === 407 || trouble.status === 401) {
        return `the proxy refused the tunnel, as it wants other credentials: check the user and password in ${proxy.variable} (http://user:password@host:port); ${answered}`;
      }
      if (trouble.status === 403) {
        return `the proxy refused the tunnel, as its rules refuse ${target}: ask its administrators to allow it (or exclude the host with NO_PROXY if this machine can reach it directly); ${answered}`;
      }
      return `${answered}: check the proxy settings with its administrators`;
    }
    case 'proxy-upstream':
      return `the proxy could not reach ${target}: ${name} answered HTTP ${trouble.status} (the host is down, or the proxy cannot resolve or route to it)`;
    case 'proxy-unreachable':
      return `${name} could not be reached (${trouble.code}): check the proxy address in ${proxy.variable} and that the proxy runs, or exclude the host with NO_PROXY if this machine can reach it directly`;
  }
  return undefined;
}
