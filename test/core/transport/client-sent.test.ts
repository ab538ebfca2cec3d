// Whether a failed attempt's request may have been sent: told apart on real loopback servers, as
// an update whose answer was lost is read back and one that never left is not.
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { exchange } from '../../../src/core/transport/exchange.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { refusedBaseUrl } from '../../support/closed-port.js';
import { TestProxy } from '../../support/proxy.js';
import { makeCertificate } from '../../support/tls.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listen(server: net.Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(async () => {
    if (server instanceof http.Server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as AddressInfo).port;
}

/** A server that reads the whole request, then does `then` with its socket instead of answering. */
async function server(then: (socket: net.Socket) => void): Promise<string> {
  const port = await listen(
    http.createServer((req) => {
      req.resume();
      req.on('end', () => then(req.socket));
    }),
  );
  return `http://127.0.0.1:${port}/v1/listings/asset-1`;
}

async function attempt(url: string, timeoutMs = 5000, env: Record<string, string> = {}) {
  const transport = createTransport(env, [url], timeoutMs);
  closers.push(() => transport.destroy());
  return exchange(
    { method: 'PATCH', url, headers: {}, body: '{"version":"1.0.0"}', timeoutMs },
    transport.dispatcherFor(url),
  );
}

describe('a failed attempt says whether its request may have been sent', () => {
  it('sent: the connection closed after the request was read', async () => {
    const url = await server((socket) => socket.destroy());
    const result = await attempt(url);
    expect(result).toMatchObject({ kind: 'failure', sent: true });
  });

  it('sent: the deadline passed while the answer was awaited', async () => {
    const url = await server(() => {});
    expect(await attempt(url, 300)).toMatchObject({
      kind: 'failure',
      code: 'ETIMEDOUT',
      sent: true,
    });
  });

  it('sent: the deadline passed while the body dripped', async () => {
    const port = await listen(
      http.createServer((_, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), 20);
        res.on('close', () => clearInterval(timer));
      }),
    );
    const url = `http://127.0.0.1:${port}/v1/listings/asset-1`;
    expect(await attempt(url, 300)).toMatchObject({ code: 'ETIMEDOUT', sent: true });
  });

  it('not sent: the connection was refused', async () => {
    const result = await attempt(`${await refusedBaseUrl()}/listings/asset-1`);
    expect(result).toMatchObject({ kind: 'failure', code: 'ECONNREFUSED' });
    expect(result).not.toHaveProperty('sent');
  });

  it('not sent: the deadline passed during the TLS handshake', async () => {
    // Accepts the connection and never answers the TLS hello.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
    });
    const port = await listen(silent);
    const result = await attempt(`https://127.0.0.1:${port}/v1/listings/asset-1`, 300);
    expect(result).toMatchObject({ kind: 'failure', code: 'ETIMEDOUT' });
    expect(result).not.toHaveProperty('sent');
  });

  it('not sent: the certificate was rejected', async () => {
    const { key, cert } = makeCertificate();
    const port = await listen(tls.createServer({ key, cert }, (socket) => socket.end()));
    const result = await attempt(`https://127.0.0.1:${port}/v1/listings/asset-1`);
    expect(result).toMatchObject({ kind: 'failure' });
    expect(result).not.toHaveProperty('sent');
  });

  it('not sent: the proxy refused the tunnel', async () => {
    const proxy = new TestProxy({ refuseStatus: 407 });
    const port = await proxy.start();
    closers.push(() => proxy.stop());
    const result = await attempt('http://marketplace.test:8080/v1/listings/asset-1', 5000, {
      HTTP_PROXY: `http://127.0.0.1:${port}`,
    });
    expect(result).toMatchObject({ kind: 'failure', proxyStatus: 407 });
    expect(result).not.toHaveProperty('sent');
  });

  it('not sent, then sent: through a proxy, the target reset after the request', async () => {
    const url = await server((socket) => socket.destroy());
    const proxy = new TestProxy();
    const proxyPort = await proxy.start();
    closers.push(() => proxy.stop());
    const { port } = new URL(url);
    const result = await attempt(`http://marketplace.test:${port}/v1/listings/asset-1`, 5000, {
      HTTP_PROXY: `http://127.0.0.1:${proxyPort}`,
    });
    expect(proxy.uses.map((use) => use.method)).toEqual(['CONNECT']);
    expect(result).toMatchObject({ kind: 'failure', sent: true });
  });
});
