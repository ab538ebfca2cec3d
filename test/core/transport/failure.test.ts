// A failed attempt classified once for every host, and a proxy's failure in the same words for all.
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../../src/core/attempt.js';
import {
  classifyFailure,
  errorCode,
  hostPort,
  proxyName,
  proxyTroubleText,
  type Trouble,
} from '../../../src/core/transport/failure.js';

const failure = (code: string, proxyStatus?: number): Failure => ({
  kind: 'failure',
  code,
  ms: 1,
  ...(proxyStatus === undefined ? {} : { proxyStatus }),
});
const proxy = { variable: 'HTTPS_PROXY', host: 'proxy.corp:3128' };

describe('classifyFailure', () => {
  it.each<[string, Failure, boolean, Trouble]>([
    [
      '407 to CONNECT',
      failure('PROXY_HTTP_407', 407),
      true,
      { kind: 'proxy-refused', status: 407 },
    ],
    [
      '403 to CONNECT',
      failure('PROXY_HTTP_403', 403),
      true,
      { kind: 'proxy-refused', status: 403 },
    ],
    [
      '499 to CONNECT',
      failure('PROXY_HTTP_499', 499),
      true,
      { kind: 'proxy-refused', status: 499 },
    ],
    [
      '505 to CONNECT',
      failure('PROXY_HTTP_505', 505),
      true,
      { kind: 'proxy-refused', status: 505 },
    ],
    ...[500, 502, 503, 504].map((status): [string, Failure, boolean, Trouble] => [
      `${status} to CONNECT`,
      failure(`PROXY_HTTP_${status}`, status),
      true,
      { kind: 'proxy-upstream', status },
    ]),
    ...['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].map(
      (code): [string, Failure, boolean, Trouble] => [
        `${code} through a proxy`,
        failure(code),
        true,
        { kind: 'proxy-unreachable', code },
      ],
    ),
    [
      'ECONNREFUSED direct',
      failure('ECONNREFUSED'),
      false,
      { kind: 'network', code: 'ECONNREFUSED' },
    ],
    [
      'ECONNRESET through a proxy',
      failure('ECONNRESET'),
      true,
      { kind: 'network', code: 'ECONNRESET' },
    ],
    [
      'a code that only holds one',
      failure('XECONNREFUSED'),
      true,
      { kind: 'network', code: 'XECONNREFUSED' },
    ],
    ...[
      'CERT_HAS_EXPIRED',
      'CERT_NOT_YET_VALID',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'CRL_HAS_EXPIRED',
      'HOSTNAME_MISMATCH',
      'INVALID_CA',
      'INVALID_PURPOSE',
      'PATH_LENGTH_EXCEEDED',
    ].map((code): [string, Failure, boolean, Trouble] => [
      `the certificate error ${code}`,
      failure(code),
      true,
      { kind: 'tls', code },
    ]),
    [
      'a code that only holds a certificate error past its start',
      failure('E_UNABLE_TO_X'),
      false,
      { kind: 'network', code: 'E_UNABLE_TO_X' },
    ],
    ['the deadline', failure('ETIMEDOUT'), false, { kind: 'timeout' }],
  ])('%s', (_, given, proxied, trouble) => {
    expect(classifyFailure(given, proxied ? proxy : undefined)).toEqual(trouble);
  });
});

describe('proxyTroubleText', () => {
  const target = 'api.example.com:443';
  it.each<[Trouble, string | undefined]>([
    [
      { kind: 'proxy-refused', status: 407 },
      'the proxy refused the tunnel, as it wants other credentials: check the user and password in HTTPS_PROXY (http://user:password@host:port); the proxy set in HTTPS_PROXY (proxy.corp:3128) answered HTTP 407 when asked to connect to api.example.com:443',
    ],
    [
      { kind: 'proxy-refused', status: 401 },
      'the proxy refused the tunnel, as it wants other credentials: check the user and password in HTTPS_PROXY (http://user:password@host:port); the proxy set in HTTPS_PROXY (proxy.corp:3128) answered HTTP 401 when asked to connect to api.example.com:443',
    ],
    [
      { kind: 'proxy-refused', status: 403 },
      'the proxy refused the tunnel, as its rules refuse api.example.com:443: ask its administrators to allow it (or exclude the host with NO_PROXY if this machine can reach it directly); the proxy set in HTTPS_PROXY (proxy.corp:3128) answered HTTP 403 when asked to connect to api.example.com:443',
    ],
    [
      { kind: 'proxy-refused', status: 418 },
      'the proxy set in HTTPS_PROXY (proxy.corp:3128) answered HTTP 418 when asked to connect to api.example.com:443: check the proxy settings with its administrators',
    ],
    [
      { kind: 'proxy-upstream', status: 503 },
      'the proxy could not reach api.example.com:443: the proxy set in HTTPS_PROXY (proxy.corp:3128) answered HTTP 503 (the host is down, or the proxy cannot resolve or route to it)',
    ],
    [
      { kind: 'proxy-unreachable', code: 'ECONNREFUSED' },
      'the proxy set in HTTPS_PROXY (proxy.corp:3128) could not be reached (ECONNREFUSED): check the proxy address in HTTPS_PROXY and that the proxy runs, or exclude the host with NO_PROXY if this machine can reach it directly',
    ],
    [{ kind: 'tls', code: 'CERT_HAS_EXPIRED' }, undefined],
    [{ kind: 'timeout' }, undefined],
    [{ kind: 'network', code: 'ECONNRESET' }, undefined],
  ])('%j', (trouble, text) => {
    expect(proxyTroubleText(trouble, proxy, target)).toBe(text);
  });

  it('names a proxy whose host could not be told by its variable alone', () => {
    expect(proxyName({ variable: 'http_proxy' })).toBe('the proxy set in http_proxy');
  });
});

describe('hostPort', () => {
  it.each([
    ['https://api.example.com/v1', 'api.example.com:443'],
    ['http://api.example.com/v1', 'api.example.com:80'],
    ['https://api.example.com:8443/v1', 'api.example.com:8443'],
    ['http://[::1]:3128/', '[::1]:3128'],
  ])('%s is %s', (url, expected) => {
    expect(hostPort(url)).toBe(expected);
    expect(hostPort(new URL(url))).toBe(expected);
  });
});

describe('errorCode', () => {
  const coded = (code: unknown, cause?: unknown) =>
    Object.assign(new Error('x', cause === undefined ? {} : { cause }), { code });
  const wrapped = (error: unknown, times: number): unknown =>
    times === 0 ? error : wrapped(new Error('wrapped', { cause: error }), times - 1);

  it.each<[string, unknown, string | undefined]>([
    ['its own code', coded('ECONNRESET'), 'ECONNRESET'],
    ["a cause's code", coded('', coded('UND_ERR_SOCKET')), 'UND_ERR_SOCKET'],
    ['the first code from the top', coded('A', coded('B')), 'A'],
    ['a code that is not a string', coded(42), undefined],
    ['four causes deep', wrapped(coded('DEEP'), 4), 'DEEP'],
    ['five causes deep: too deep', wrapped(coded('DEEP'), 5), undefined],
    ['not an error', { code: 'EPIPE' }, undefined],
    ["undici's own connect limit: the deadline", coded('UND_ERR_CONNECT_TIMEOUT'), 'ETIMEDOUT'],
    ["undici's own headers limit: the deadline", coded('UND_ERR_HEADERS_TIMEOUT'), 'ETIMEDOUT'],
    ["undici's own body limit, as a cause", coded('', coded('UND_ERR_BODY_TIMEOUT')), 'ETIMEDOUT'],
  ])('%s', (_, error, code) => {
    expect(errorCode(error)).toBe(code);
  });
});
