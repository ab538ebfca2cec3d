// The client against real loopback servers: the emulator, a proxy and a TLS server.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { parseConnection } from '../../../src/core/inputs.js';
import { Sender } from '../../../src/core/marketplace/sender.js';
import { USER_AGENT } from '../../../src/core/meta.js';
import { exchange, listingsUrl, listingUrl } from '../../../src/core/transport/exchange.js';
import { classifyFailure } from '../../../src/core/transport/failure.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import type { Dispatcher } from '../../../src/core/transport/undici.js';
import { refusedBaseUrl } from '../../support/closed-port.js';
import { Emulator, KEYS } from '../../support/emulator.js';
import { TestProxy } from '../../support/proxy.js';
import { makeCertificate } from '../../support/tls.js';
import { useEmulator } from '../../support/use-emulator.js';

/** How much of a body the transport reads unless a request says otherwise. */
const MAX_BODY_BYTES = 1024 * 1024;
const BODY = JSON.stringify({ version: '1.2.3', changelog: 'notes' });

const local = useEmulator();
const direct = (timeoutMs: number) =>
  createTransport({}, [], timeoutMs).dispatcherFor('http://127.0.0.1/');

async function patch(
  id: string,
  options: { timeoutMs?: number; env?: Record<string, string>; baseUrl?: string } = {},
) {
  const url = listingUrl(options.baseUrl ?? local.base, id);
  const timeoutMs = options.timeoutMs ?? 5000;
  const env = options.env ?? {};
  const dispatcher = createTransport(env, [], timeoutMs).dispatcherFor(url);
  const headers = { 'x-api-key': KEYS.creator, 'content-type': 'application/json' };
  try {
    return await exchange({ method: 'PATCH', url, headers, body: BODY, timeoutMs }, dispatcher);
  } finally {
    await dispatcher.destroy();
  }
}

/** One attempt of a marketplace request as the sender makes it: its key and headers added. */
async function send(method: 'GET' | 'PATCH', url: string, maxBytes?: number) {
  const settings = parseConnection(
    { 'api-key': KEYS.creator, 'base-url': local.base, retries: '0' },
    ACTION_WORDS,
  );
  const transport = createTransport({}, [], settings.timeoutMs);
  const channel = { settings, log: () => {}, redact: makeGuard([]), transport };
  try {
    const body = method === 'PATCH' ? BODY : undefined;
    return (await new Sender(channel).send(method, url, body, 0, maxBytes)).last;
  } finally {
    await transport.destroy();
  }
}

describe('exchange', () => {
  it('sends one PATCH with the key, JSON headers, User-Agent and exactly the body', async () => {
    const result = await send('PATCH', listingUrl(local.base, 'asset-1'));
    expect(result).toMatchObject({ kind: 'answer', status: 200, cut: false });
    expect(local.emulator.requests).toHaveLength(1);
    const [request] = local.emulator.requests;
    expect(request).toMatchObject({
      method: 'PATCH',
      path: '/v1/listings/asset-1',
      apiKey: KEYS.creator,
      body: BODY,
    });
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': USER_AGENT,
    });
    expect(JSON.parse(result.kind === 'answer' ? result.body : '')).toMatchObject({
      id: 'asset-1',
      version: '1.2.3',
    });
  });

  it('encodes the listing id as one path segment', async () => {
    await patch('a/b?c#d %2e..');
    expect(local.emulator.requests[0]?.path).toBe('/v1/listings/a%2Fb%3Fc%23d%20%252e..');
  });

  it('accepts a 204 without a body', async () => {
    local.emulator.inject({ kind: 'status', status: 204 });
    expect(await patch('asset-1')).toMatchObject({ kind: 'answer', status: 204, body: '' });
  });

  it('returns error answers with their headers and body', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 429,
      retryAfter: '3',
      body: '{"message":"slow down"}',
    });
    expect(await patch('asset-1')).toMatchObject({
      kind: 'answer',
      status: 429,
      retryAfter: '3',
      contentType: 'application/json',
      body: '{"message":"slow down"}',
    });
  });

  it('does not follow a redirect: the other address receives nothing', async () => {
    const other = new Emulator();
    const otherBase = await other.start();
    try {
      local.emulator.inject({
        kind: 'redirect',
        status: 307,
        location: `${otherBase}/listings/asset-1`,
      });
      const result = await patch('asset-1');
      expect(result).toMatchObject({
        kind: 'answer',
        status: 307,
        location: `${otherBase}/listings/asset-1`,
      });
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.stop();
    }
  });

  it('sends a GET to the list of listings with the same headers and no body', async () => {
    const result = await send('GET', listingsUrl(local.base));
    expect(result).toMatchObject({ kind: 'answer', status: 200, link: '' });
    expect(local.emulator.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/listings',
      apiKey: KEYS.creator,
      body: '',
    });
    expect(local.emulator.requests[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': USER_AGENT,
    });
    expect(JSON.parse(result.kind === 'answer' ? result.body : '').listings).toHaveLength(3);
  });

  it('returns the Link header for pagination', async () => {
    local.emulator.list = { shape: 'array', pageSize: 1, pagination: 'link' };
    expect(await send('GET', listingsUrl(local.base))).toMatchObject({
      status: 200,
      link: '</v1/listings?page=2>; rel="next"',
    });
  });

  it('reads at most 1 MiB of a body and discards the rest without reading it', async () => {
    const total = 64 * MAX_BODY_BYTES;
    local.emulator.inject({ kind: 'huge', status: 502, bytes: total });
    const result = await patch('asset-1');
    expect(result).toMatchObject({ kind: 'answer', status: 502, cut: true });
    expect(result.kind === 'answer' && result.body.length).toBe(MAX_BODY_BYTES);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(local.emulator.hugeBytesWritten).toBeLessThan(total / 2);
  });

  it('keeps one deadline over the whole body: a drip-fed body cannot keep it alive', async () => {
    local.emulator.inject({ kind: 'drip', status: 200, intervalMs: 50 });
    const started = Date.now();
    const result = await patch('asset-1', { timeoutMs: 1000 });
    expect(result).toMatchObject({ kind: 'failure', code: 'ETIMEDOUT' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('times out a server that never answers', async () => {
    local.emulator.inject({ kind: 'hang' });
    expect(await patch('asset-1', { timeoutMs: 1000 })).toMatchObject({
      kind: 'failure',
      code: 'ETIMEDOUT',
    });
  });

  it('reports a reset connection', async () => {
    local.emulator.inject({ kind: 'reset' });
    const result = await patch('asset-1');
    expect(result.kind === 'failure' ? result.code : 'an answer').toMatch(
      /^(ECONNRESET|UND_ERR_SOCKET|EPIPE)$/,
    );
  });

  it('reports a refused connection', async () => {
    expect(await patch('asset-1', { baseUrl: await refusedBaseUrl() })).toMatchObject({
      kind: 'failure',
      code: 'ECONNREFUSED',
    });
  });

  it('rejects an untrusted certificate with a certificate error code', async () => {
    const tls = new Emulator({ tls: makeCertificate() });
    const tlsBase = await tls.start();
    try {
      const result = await patch('asset-1', { baseUrl: tlsBase });
      expect(result.kind).toBe('failure');
      expect(result.kind === 'failure' && classifyFailure(result, undefined).kind).toBe('tls');
      expect(tls.requests).toHaveLength(0);
    } finally {
      await tls.stop();
    }
  });
});

/** The local marketplace under a name that is not loopback: only such hosts go through a proxy. */
const named = (base: string) => base.replace('127.0.0.1', 'marketplace.test');

describe('exchange through a proxy', () => {
  let proxy: TestProxy;
  let proxyPort: number;
  beforeEach(async () => {
    proxy = new TestProxy();
    proxyPort = await proxy.start();
  });
  afterEach(async () => {
    await proxy.stop();
  });

  it('goes through HTTP_PROXY, with its credentials', async () => {
    const result = await patch('asset-1', {
      baseUrl: named(local.base),
      env: { HTTP_PROXY: `http://user:secret@127.0.0.1:${proxyPort}` },
    });
    expect(result).toMatchObject({ kind: 'answer', status: 200 });
    expect(proxy.uses).toHaveLength(1);
    expect(proxy.uses[0]?.authorization).toBe(
      `Basic ${Buffer.from('user:secret').toString('base64')}`,
    );
    expect(local.emulator.requests).toHaveLength(1);
  });

  it('decodes percent-encoded proxy credentials', async () => {
    const result = await patch('asset-1', {
      baseUrl: named(local.base),
      env: { HTTP_PROXY: `http://us%40er:p%3Ass%25@127.0.0.1:${proxyPort}` },
    });
    expect(result).toMatchObject({ kind: 'answer', status: 200 });
    expect(proxy.uses[0]?.authorization).toBe(
      `Basic ${Buffer.from('us@er:p:ss%').toString('base64')}`,
    );
  });

  it('skips the proxy for hosts in NO_PROXY', async () => {
    const result = await patch('asset-1', {
      env: { HTTP_PROXY: `http://127.0.0.1:${proxyPort}`, NO_PROXY: '127.0.0.1' },
    });
    expect(result).toMatchObject({ kind: 'answer', status: 200 });
    expect(proxy.uses).toHaveLength(0);
  });

  it('never sends a request for a loopback host through the proxy', async () => {
    for (const baseUrl of [local.base, local.base.replace('127.0.0.1', 'localhost')]) {
      const result = await patch('asset-1', {
        baseUrl,
        env: { HTTP_PROXY: `http://127.0.0.1:${proxyPort}`, NO_PROXY: '' },
      });
      expect(result.kind).toBe('answer');
    }
    expect(proxy.uses).toHaveLength(0);
    expect(local.emulator.requests).toHaveLength(2);
  });

  it('tunnels https through HTTPS_PROXY', async () => {
    const cert = makeCertificate();
    const tls = new Emulator({ tls: cert });
    const tlsBase = await tls.start();
    try {
      const result = await patch('asset-1', {
        baseUrl: named(tlsBase),
        env: { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}` },
      });
      // The proxy carried the connection; the certificate check still applies end to end.
      expect(proxy.uses[0]).toMatchObject({
        method: 'CONNECT',
        target: new URL(named(tlsBase)).host,
      });
      expect(result.kind === 'failure' && classifyFailure(result, undefined).kind).toBe('tls');
    } finally {
      await tls.stop();
    }
  });
});

describe('exchange through a proxy that refuses', () => {
  it.each([407, 403, 502])(
    'reports the status of a proxy that answers CONNECT with %i',
    async (status) => {
      const proxy = new TestProxy({ refuseStatus: status });
      const port = await proxy.start();
      try {
        const result = await patch('asset-1', {
          baseUrl: named(local.base),
          env: { HTTP_PROXY: `http://user:secret@127.0.0.1:${port}` },
        });
        expect(result).toMatchObject({
          kind: 'failure',
          code: `PROXY_HTTP_${status}`,
          proxyStatus: status,
        });
        expect(proxy.uses).toHaveLength(1);
        expect(local.emulator.requests).toHaveLength(0);
      } finally {
        await proxy.stop();
      }
    },
  );

  it('reports a proxy that refuses the connection as a connection error', async () => {
    const refused = new URL(await refusedBaseUrl());
    const result = await patch('asset-1', {
      baseUrl: named(local.base),
      env: { HTTP_PROXY: `http://${refused.host}` },
    });
    expect(result).toMatchObject({ kind: 'failure', code: 'ECONNREFUSED' });
    expect(result.kind === 'failure' && result.proxyStatus).toBeUndefined();
  });
});

describe('exchange and informational answers', () => {
  it.each([
    ['before the body is read', false],
    ['after the body is read', true],
  ])(
    'reads the final answer after an unsolicited 100 Continue %s, sending one PATCH',
    async (_, late) => {
      const received: string[] = [];
      const server = http.createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        if (!late) res.writeContinue();
        req.on('end', () => {
          received.push(body);
          if (late) res.writeContinue();
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"asset-1"}');
        });
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { port } = server.address() as AddressInfo;
        const result = await patch('asset-1', { baseUrl: `http://127.0.0.1:${port}/v1` });
        expect(result).toMatchObject({ kind: 'answer', status: 200, body: '{"id":"asset-1"}' });
        expect(received).toEqual([BODY]);
      } finally {
        server.closeAllConnections();
        server.close();
      }
    },
  );
});

describe('exchange', () => {
  let server: http.Server;
  let base: string;
  let dispatcher: Dispatcher;
  beforeEach(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/hang') return;
      if (req.url === '/exact') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(MAX_BODY_BYTES));
        return;
      }
      if (req.url === '/accents') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('ééé');
        return;
      }
      if (req.url === '/split') {
        // A character split across two chunks of the body.
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.write(Buffer.from([0xc3]));
        setTimeout(() => res.end(Buffer.from([0xa9])), 50);
        return;
      }
      if (req.url === '/twice') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('y'.repeat(2 * MAX_BODY_BYTES));
        return;
      }
      res.setHeader('link', ['<a>; rel="next"', '<b>; rel="last"']);
      res.setHeader('x-multi', ['one', 'two']);
      res.writeHead(200).end('ok');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dispatcher = direct(60_000);
  });
  afterEach(async () => {
    await dispatcher.destroy();
    server.closeAllConnections();
    server.close();
  });
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

  it('joins repeated headers, gives an absent one as empty, and times the exchange', async () => {
    const result = await exchange(
      { method: 'GET', url: `${base}/`, headers: {}, timeoutMs: 60_000 },
      dispatcher,
    );
    expect(result).toMatchObject({
      kind: 'answer',
      status: 200,
      link: '<a>; rel="next", <b>; rel="last"',
      location: '',
      retryAfter: '',
      contentType: '',
      body: 'ok',
      cut: false,
      headers: { 'x-multi': 'one, two' },
    });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(result.ms).toBeLessThan(30_000);
  });

  it('takes a body of exactly the limit whole: nothing was cut', async () => {
    const result = await exchange(
      { method: 'GET', url: `${base}/exact`, headers: {}, timeoutMs: 60_000 },
      dispatcher,
    );
    expect(result).toMatchObject({ kind: 'answer', cut: false });
    expect(result.kind === 'answer' && result.body.length).toBe(MAX_BODY_BYTES);
  });

  it.each<[string, number | undefined, number, boolean]>([
    ['1 MiB unless the request says otherwise', undefined, MAX_BODY_BYTES, true],
    [
      'a larger cap the request sets: the whole body',
      3 * MAX_BODY_BYTES,
      2 * MAX_BODY_BYTES,
      false,
    ],
    ['a cap of exactly the body: nothing cut', 2 * MAX_BODY_BYTES, 2 * MAX_BODY_BYTES, false],
    ['a smaller cap the request sets', 1000, 1000, true],
  ])('reads a body of 2 MiB up to %s', async (_, maxBytes, length, cut) => {
    const url = `${base}/twice`;
    const result = await exchange(
      { method: 'GET', url, headers: {}, timeoutMs: 60_000, maxBytes },
      dispatcher,
    );
    expect(result).toMatchObject({ kind: 'answer', status: 200, cut });
    expect(result.kind === 'answer' && result.body).toBe('y'.repeat(length));
    // The marketplace's requests take the same cap.
    const sent = await send('GET', url, maxBytes);
    expect(sent).toMatchObject({ kind: 'answer', cut });
    expect(sent.kind === 'answer' && sent.body.length).toBe(length);
  });

  it.each([
    [3, 'é\uFFFD', true],
    [4, 'éé', true],
    [6, 'ééé', false],
  ])(
    'decodes a body cut at %i bytes as UTF-8, a split character as U+FFFD',
    async (maxBytes, text, cut) => {
      const url = `${base}/accents`;
      const result = await exchange(
        { method: 'GET', url, headers: {}, timeoutMs: 60_000, maxBytes },
        dispatcher,
      );
      expect(result).toMatchObject({ kind: 'answer', body: text, cut });
    },
  );

  it('decodes a character split across two chunks whole', async () => {
    const result = await exchange(
      { method: 'GET', url: `${base}/split`, headers: {}, timeoutMs: 60_000 },
      dispatcher,
    );
    expect(result).toMatchObject({ kind: 'answer', body: 'é', cut: false });
  });

  it('ends at the deadline as a timeout, and leaves no timer behind', async () => {
    const before = timers();
    const late = await exchange(
      { method: 'GET', url: `${base}/hang`, headers: {}, timeoutMs: 100 },
      dispatcher,
    );
    expect(late).toMatchObject({ kind: 'failure', code: 'ETIMEDOUT' });
    expect(late.ms).toBeLessThan(2500);
    await exchange({ method: 'GET', url: `${base}/`, headers: {}, timeoutMs: 60_000 }, dispatcher);
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it.each<[string, string, string]>([
    [
      'the refusal undici reports',
      'Proxy response (407) !== 200 when HTTP Tunneling',
      'PROXY_HTTP_407',
    ],
    [
      'a message that only ends like it',
      'Upstream: Proxy response (407) !== 200 when HTTP Tunneling',
      'Error',
    ],
    [
      'a message that only starts like it',
      'Proxy response (407) !== 200 when HTTP Tunneling, then',
      'Error',
    ],
  ])('classifies %s', async (_, message, code) => {
    // A dispatcher that fails as undici does when the proxy refuses CONNECT, with this message.
    const throwing = {
      request: async () => {
        throw new Error(message);
      },
      // exchange watches the dispatcher through an interceptor: this one needs none.
      compose() {
        return this;
      },
    } as unknown as Dispatcher;
    const result = await exchange(
      { method: 'GET', url: `${base}/`, headers: {}, timeoutMs: 60_000 },
      throwing,
    );
    expect(result).toMatchObject({ kind: 'failure', code });
  });

  it.each<[string, unknown]>([
    ['a string', 'not an error'],
    ['null', null],
    [
      'an object with the message of a refusal',
      { message: 'Proxy response (407) !== 200 when HTTP Tunneling' },
    ],
  ])('names a thrown value that is not an error UNKNOWN: %s', async (_, thrown) => {
    const throwing = {
      request: async () => {
        throw thrown;
      },
      compose() {
        return this;
      },
    } as unknown as Dispatcher;
    expect(
      await exchange({ method: 'GET', url: `${base}/`, headers: {}, timeoutMs: 60_000 }, throwing),
    ).toMatchObject({ kind: 'failure', code: 'UNKNOWN' });
  });

  it('keeps no header of the answer but those it reads, for the marketplace', async () => {
    const result = await send('GET', `${base}/`);
    expect(result).toMatchObject({ kind: 'answer', status: 200 });
    expect(result).not.toHaveProperty('headers');
  });
});
