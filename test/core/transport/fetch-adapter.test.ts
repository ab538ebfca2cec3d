// The fetch-shaped adapter Octokit sends through: real HTTP on 127.0.0.1, the step's transport.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransportError } from '../../../src/core/errors.js';
import { fetchOver, transportFailureOf } from '../../../src/core/transport/fetch-adapter.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { refusedBaseUrl } from '../../support/closed-port.js';

let server: http.Server;
let base: string;
const seen: { method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body });
      if (req.url === '/hang') return;
      if (req.url === '/slow') {
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('late'), 1500);
        return;
      }
      const status = /^\/status\/(\d{3})$/.exec(req.url ?? '')?.[1];
      res.writeHead(status !== undefined ? Number(status) : req.url === '/missing' ? 404 : 200, {
        'content-type': 'application/json',
        'X-RateLimit-Remaining': '41',
      });
      res.end('{"tag_name":"v1"}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const transport = createTransport({}, [], 2000);
const fetch = fetchOver(transport, 2000);

describe('fetchOver', () => {
  it('answers as fetch does, in what Octokit reads: status, url, headers by name and in order, the body', async () => {
    const response = await fetch(`${base}/repos/o/r`, {
      method: 'get',
      headers: { authorization: 'token t', accept: 'application/vnd.github+json' },
    });
    expect(response).toMatchObject({ status: 200, statusText: '', url: `${base}/repos/o/r` });
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('41');
    expect(response.headers.get('absent')).toBeNull();
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/json',
      'x-ratelimit-remaining': '41',
    });
    expect(await response.text()).toBe('{"tag_name":"v1"}');
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe('{"tag_name":"v1"}');
    expect(seen.at(-1)).toMatchObject({
      method: 'GET',
      headers: { authorization: 'token t', accept: 'application/vnd.github+json' },
    });
  });

  it('an error status is an answer, not a failure', async () => {
    const response = await fetch(`${base}/missing`);
    expect(response).toMatchObject({ status: 404 });
  });

  it('sends a string body', async () => {
    await fetch(`${base}/x`, { method: 'POST', body: '{"a":1}', headers: {} });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('no answer throws the transport failure, found again behind a wrapping cause', async () => {
    const refused = new URL(await refusedBaseUrl()).origin;
    const error = await fetch(`${refused}/x`).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TransportError);
    const wrapped = Object.assign(new Error('wrapped'), { cause: error });
    expect(transportFailureOf(wrapped)).toMatchObject({ kind: 'failure', code: 'ECONNREFUSED' });
    expect(transportFailureOf(new Error('other'))).toBeUndefined();
    expect(transportFailureOf(null)).toBeUndefined();
  });

  it('cuts an attempt at its deadline', async () => {
    const quick = fetchOver(transport, 200);
    const timedOut = await quick(`${base}/hang`).catch((thrown: unknown) => thrown);
    expect(transportFailureOf(timedOut)).toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('keeps its own deadline on a transport made for a shorter one (the marketplace)', async () => {
    // undici's own timers are coarse (about 1 s): the answer comes well after the short limit.
    const short = createTransport({}, [], 100);
    try {
      const response = await fetchOver(short, 2000)(`${base}/slow`);
      expect(await response.text()).toBe('late');
    } finally {
      await short.destroy();
    }
  });

  it.each([200, 204, 299, 300, 304, 404])(
    'status %i as it came, the status text empty',
    async (status) => {
      const response = await fetch(`${base}/status/${status}`);
      expect(response).toMatchObject({ status, statusText: '' });
    },
  );

  it('sends no body for null, as fetch does', async () => {
    await fetch(`${base}/x`, { method: 'POST', body: null });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '' });
  });
});

describe('TransportError and transportFailureOf', () => {
  const failure = { kind: 'failure', code: 'ECONNRESET', ms: 3 } as const;
  const wrapped = (error: unknown, times: number): unknown =>
    times === 0 ? error : wrapped(new Error('wrapped', { cause: error }), times - 1);

  it('names the failure by its code, never more', () => {
    const error = new TransportError(failure);
    expect(error).toMatchObject({ name: 'TransportError', message: 'no answer (ECONNRESET)' });
    expect(String(error)).toBe('TransportError: no answer (ECONNRESET)');
  });

  it.each<[number, boolean]>([
    [0, true],
    [1, true],
    [4, true],
    [5, false],
    [6, false],
  ])('behind %i wrapping causes, the failure is found: %s', (times, found) => {
    expect(transportFailureOf(wrapped(new TransportError(failure), times))).toEqual(
      found ? failure : undefined,
    );
  });

  it('stops on a cause that loops back', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    Object.assign(first, { cause: second });
    expect(transportFailureOf(first)).toBeUndefined();
  });
});
