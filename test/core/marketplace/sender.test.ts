// The sender's debug log against a real server on 127.0.0.1: each exchange, and a decision line
// after each attempt that was not a success, numbered out of all attempts; the key never shown.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { parseConnection } from '../../../src/core/inputs.js';
import { Sender } from '../../../src/core/marketplace/sender.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { keyFragments } from '../../support/runner.js';

const KEY = 'mk_live_0123456789abcdefXYZ';
const redact = makeGuard([{ name: 'the API key', value: KEY }]);
const clock = { now: Date.now, sleep: async () => {}, random: () => 0.5 };

/** The statuses the server answers in turn; it echoes the key in its body. */
let statuses: number[] = [];
let base = '';
const server = http.createServer((request, response) => {
  request.resume();
  response.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ echo: request.headers['x-api-key'] }));
});

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.close();
});

async function send(given: number[], retries: string, debugOn: boolean) {
  statuses = [...given];
  const logs: string[] = [];
  const debugs: string[] = [];
  const settings = parseConnection({ 'api-key': KEY, 'base-url': base, retries }, ACTION_WORDS);
  const transport = createTransport({}, [base], settings.timeoutMs);
  const channel = {
    settings,
    env: {},
    log: (line: string) => logs.push(line),
    redact,
    clock,
    debug: debugOn ? (line: string) => debugs.push(line) : undefined,
    transport,
  };
  const sender = new Sender(channel);
  try {
    const outcome = await sender.send('GET', `${base}/listings`);
    sender.channel.debug?.('a line of the caller');
    const printed = [...logs, ...debugs].join('\n');
    for (const fragment of keyFragments(KEY)) expect(printed).not.toContain(fragment);
    return { outcome, logs, debugs };
  } finally {
    await transport.destroy();
  }
}

describe('Sender, with the debug log on', () => {
  it('each exchange, then why it was retried, out of retries + 1 attempts', async () => {
    const { outcome, logs, debugs } = await send([503, 200], '2', true);
    expect(outcome.attempts).toBe(2);
    expect(logs).toHaveLength(2);
    const requests = debugs.filter((line) => line.startsWith('Request: GET '));
    expect(requests).toEqual([`Request: GET ${base}/listings`, `Request: GET ${base}/listings`]);
    expect(debugs.filter((line) => line.startsWith('Answer: HTTP '))).toHaveLength(2);
    const decisions = debugs.filter((line) => /^(Retrying|Not retried) /.test(line));
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatch(/^Retrying after HTTP 503 \(attempt 1 of 3\) in \d+ ms: /);
    // The caller's own line comes last: nothing after a success.
    expect(debugs.at(-1)).toBe('a line of the caller');
    expect(debugs.at(-2)).toMatch(/^ {2}< body: /);
  });

  it('a last attempt that fails: why it was not retried', async () => {
    const { debugs } = await send([404], '1', true);
    expect(debugs.filter((line) => /^(Retrying|Not retried) /.test(line))).toEqual([
      'Not retried after HTTP 404 (attempt 1 of 2): it is not one that a retry can mend',
    ]);
  });
});

describe('Sender, with the debug log off', () => {
  it('the attempt lines only, and a debug line goes nowhere', async () => {
    const { logs, debugs } = await send([503, 200], '1', false);
    expect(logs).toHaveLength(2);
    expect(debugs).toEqual([]);
  });
});
