import type { Failure } from '../attempt.js';

// undici's own limits are the attempt's deadline, and its timers are coarse: when one of them
// fires before the deadline's, the deadline has passed all the same.
const UNDICI_TIMEOUT = /^UND_ERR_(?:CONNECT|HEADERS|BODY)_TIMEOUT$/;

export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code) return UNDICI_TIMEOUT.test(code) ? 'ETIMEDOUT' : code;
    current = current.cause;
  }
}

// Retrying cannot help a certificate: the user must act (NODE_EXTRA_CA_CERTS).
const CERTIFICATE =
  /CERT|CRL|^UNABLE_TO_|^(?:HOSTNAME_MISMATCH|INVALID_CA|INVALID_PURPOSE|PATH_LENGTH_EXCEEDED)$/;

// Through a proxy, these concern the proxy: the action connects to no other.
const PROXY_CONNECT_ERROR = /^(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/;

export interface ProxyInUse {
  readonly variable: string;
  readonly host?: string | undefined;
}

export type Trouble =
  | { readonly kind: 'proxy-refused' | 'proxy-upstream'; readonly status: number }
  | { readonly kind: 'proxy-unreachable' | 'tls' | 'network'; readonly code: string }
  | { readonly kind: 'timeout' };

export function classifyFailure(failure: Failure, proxy: ProxyInUse | undefined): Trouble {
  const { code, proxyStatus: status } = failure;
  // tinyproxy answers 500 "Unable to connect", squid 503: the proxy could not reach the host.
  if (status !== undefined) {
    const upstream = [500, 502, 503, 504].includes(status);
    return { kind: upstream ? 'proxy-upstream' : 'proxy-refused', status };
  }
  if (proxy !== undefined && PROXY_CONNECT_ERROR.test(code))
    return { kind: 'proxy-unreachable', code };
  if (CERTIFICATE.test(code)) return { kind: 'tls', code };
  return code === 'ETIMEDOUT' ? { kind: 'timeout' } : { kind: 'network', code };
}

export function hostPort(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
}

export function proxyName(proxy: ProxyInUse): string {
  return `the proxy set in ${proxy.variable}${proxy.host ? ` (${proxy.host})` : ''}`;
}

export function proxyTroubleText(
  trouble: Trouble,
  proxy: ProxyInUse,
  target: string,
): string | undefined {
  const name = proxyName(proxy);
  if (trouble.kind === 'proxy-upstream')
    return `the proxy could not reach ${target}: ${name} answered HTTP ${trouble.status} (the host is down, or the proxy cannot resolve or route to it)`;
  if (trouble.kind === 'proxy-unreachable')
    return `${name} could not be reached (${trouble.code}): check the proxy address in ${proxy.variable} and that the proxy runs, or exclude the host with NO_PROXY if this machine can reach it directly`;
  if (trouble.kind !== 'proxy-refused') return undefined;
  const answered = `${name} answered HTTP ${trouble.status} when asked to connect to ${target}`;
  // tinyproxy answers wrong credentials with 401.
  if (trouble.status === 407 || trouble.status === 401)
    return `the proxy refused the tunnel, as it wants other credentials: check the user and password in ${proxy.variable} (http://user:password@host:port); ${answered}`;
  if (trouble.status === 403)
    return `the proxy refused the tunnel, as its rules refuse ${target}: ask its administrators to allow it (or exclude the host with NO_PROXY if this machine can reach it directly); ${answered}`;
  return `${answered}: check the proxy settings with its administrators`;
}
