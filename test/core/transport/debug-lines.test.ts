// The debug log of an exchange: the request and the answer as a maintainer reports them, against a
// real server on 127.0.0.1 that echoes the key in a header and in its body; the key never shown.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHub } from '../../../src/action/github.js';
import { ACTION_WORDS } from '../../../src/action/words.js';
import type { Answer, AttemptResult } from '../../../src/core/attempt.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { commandFree } from '../../../src/core/guard/safe-text.js';
import { ApiKey } from '../../../src/core/guard/secret.js';
import { parseConnection, type Settings } from '../../../src/core/inputs.js';
import { Sender } from '../../../src/core/marketplace/sender.js';
import {
  attemptLines,
  requestLines,
  resultLines,
} from '../../../src/core/transport/debug-lines.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { refusedBaseUrl } from '../../support/closed-port.js';
import { keyFragments } from '../../support/runner.js';

const KEY = 'mk_live_0123456789abcdefXYZ';
const TOKEN = 'ghs_ZYXWVUTSRQPONMLKJIHGFEDCBA';
const redact = makeGuard([
  { name: 'the API key', value: KEY },
  { name: 'the GitHub token', value: TOKEN },
]);
const notice = (name: string) => `[withheld: this text contained part of ${name}]`;
const WITHHELD = notice('the API key');
/** How much of an answer's body the debug log shows. */
const DEBUG_BODY_BYTES = 2048;

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const key = String(req.headers['x-api-key'] ?? req.headers.authorization ?? '');
    if (req.url === '/echo' || req.url?.startsWith('/github/')) {
      // The key in a header of its own, in the body, and base64-encoded in another header.
      res.writeHead(422, {
        'content-type': 'application/json',
        'x-echo': key,
        'x-echo-b64': Buffer.from(key).toString('base64'),
        'x-request-id': 'req-42',
      });
      res.end(JSON.stringify({ error: { message: `Key ${key} is not allowed` } }));
      return;
    }
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${'a'.repeat(DEBUG_BODY_BYTES)}${key}`);
      return;
    }
    if (req.url === '/moved') {
      res.writeHead(301, { location: `https://elsewhere.example/?key=${key}` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"listings":[]}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The lines a marketplace request writes, each as the front end prints it (guarded, one line). */
async function marketplaceLines(path: string, method: 'GET' | 'PATCH' = 'GET', origin = base) {
  const lines: string[] = [];
  const settings = parseConnection(
    { 'api-key': KEY, 'base-url': origin, retries: '0' },
    ACTION_WORDS,
  );
  const transport = createTransport({}, [], 2000);
  const channel = {
    settings: { ...settings, timeoutMs: 2000 },
    log: () => {},
    redact,
    debug: (line: string) => lines.push(commandFree(redact(line))),
    transport,
  };
  try {
    const body = method === 'PATCH' ? '{"version":"1.2.3","changelog":"x"}' : undefined;
    const { last } = await new Sender(channel).send(method, `${origin}${path}`, body);
    return { lines, result: last };
  } finally {
    await transport.destroy();
  }
}

function leaks(lines: readonly string[], secret: string): string[] {
  const text = lines.join('\n');
  return keyFragments(secret).filter((piece) => text.includes(piece));
}

describe('the debug log of an exchange', () => {
  it('names the key header and never shows its value, with the other headers and the body size', async () => {
    const { lines } = await marketplaceLines('/listings/a', 'PATCH');
    expect(lines.slice(0, 6)).toEqual([
      `Request: PATCH ${base}/listings/a`,
      '  > x-api-key: (set, not shown)',
      '  > content-type: application/json',
      '  > accept: application/json',
      expect.stringMatching(/^ {2}> user-agent: listing-auto-deploy\//),
      '  > body: 35 bytes',
    ]);
    expect(lines).toContain('  < content-type: application/json');
    expect(lines).toContain('  < body: "{\\"listings\\":[]}"');
    expect(lines.find((line) => line.startsWith('Answer:'))).toMatch(
      /^Answer: HTTP 200 in \d+ ms, 15 bytes$/,
    );
    expect(leaks(lines, KEY)).toEqual([]);
  });

  it('withholds a header or a body that echoes the key, each alone', async () => {
    const { lines, result } = await marketplaceLines('/echo');
    expect(result).toMatchObject({ kind: 'answer', status: 422 });
    expect(lines).toContain(`  < x-echo: ${WITHHELD}`);
    expect(lines).toContain(`  < x-echo-b64: ${WITHHELD}`);
    expect(lines).toContain('  < x-request-id: req-42');
    expect(lines).toContain(`  < body: ${WITHHELD}`);
    expect(leaks(lines, KEY)).toEqual([]);
  });

  it('shows the first 2 KiB of a body, and withholds it when a key starts at its cut', async () => {
    const { lines } = await marketplaceLines('/big');
    expect(lines.find((line) => line.startsWith('Answer:'))).toMatch(
      new RegExp(`, ${DEBUG_BODY_BYTES + KEY.length} bytes$`),
    );
    // The key begins right after the 2 KiB shown: its start at the cut is withheld with it.
    expect(lines).toContain(`  < body: ${WITHHELD}`);
    expect(leaks(lines, KEY)).toEqual([]);
  });

  it('shows a Location only as the guard allows', async () => {
    const { lines } = await marketplaceLines('/moved');
    expect(lines).toContain(`  < location: ${WITHHELD}`);
    expect(leaks(lines, KEY)).toEqual([]);
  });

  it("writes the GitHub API's exchanges too, the token named and never shown", async () => {
    const lines: string[] = [];
    const transport = createTransport({}, [], 2000);
    const github = createGitHub(
      {
        settings: { githubToken: new ApiKey(TOKEN) } as Settings,
        context: {
          repository: 'o/r',
          apiUrl: `${base}/github`,
          sha: '',
          runUrl: '',
          workspace: '',
        },
        transport,
      },
      { log: (line) => lines.push(commandFree(redact(line))), redact },
    );
    await github.latestRelease().catch(() => {});
    await transport.destroy();
    expect(lines).toContain('  > authorization: (set, not shown)');
    expect(lines).toContain(`  < x-echo: ${notice('the GitHub token')}`);
    expect(leaks(lines, TOKEN)).toEqual([]);
  });

  it('says why no answer came', async () => {
    const { lines } = await marketplaceLines('/listings', 'GET', await refusedBaseUrl());
    expect(lines).toContainEqual(
      expect.stringMatching(/^No answer: ECONNREFUSED after \d+ ms; the request was not sent$/),
    );
  });
});

const GET = {
  method: 'GET',
  url: 'https://m.example/v1/listings',
  headers: {},
  timeoutMs: 1000,
} as const;

describe('requestLines', () => {
  it.each(['x-api-key', 'X-API-Key', 'authorization', 'Proxy-Authorization'])(
    'names %s without its value',
    (name) => {
      const lines = requestLines({ ...GET, headers: { [name]: KEY }, body: null });
      expect(lines[1]).toBe(`  > ${name.toLowerCase()}: (set, not shown)`);
      expect(lines.join('\n')).not.toContain(KEY.slice(0, 8));
    },
  );

  it('names the proxy a request goes through', () => {
    expect(
      requestLines(
        { ...GET, method: 'PATCH', url: 'https://m.example/x', body: '{}' },
        'proxy.corp:3128',
      ),
    ).toEqual([
      'Request: PATCH https://m.example/x via proxy proxy.corp:3128',
      '  > body: 2 bytes',
    ]);
  });
});

const answer = (over: Partial<Answer>): Answer => ({
  kind: 'answer',
  status: 200,
  location: '',
  retryAfter: '',
  contentType: '',
  link: '',
  body: '',
  cut: false,
  ms: 3,
  ...over,
});

describe('resultLines of an answer', () => {
  it.each([
    ['empty', answer({ body: '' }), '  < body: (empty)'],
    ['on two lines', answer({ body: 'a\nb' }), '  < body: "a\\nb"'],
    [
      'of 4 KiB in two-byte characters',
      answer({ body: 'é'.repeat(DEBUG_BODY_BYTES) }),
      `  < body: "${'é'.repeat(DEBUG_BODY_BYTES / 2)}" (first 2 KiB)`,
    ],
    ['cut short', answer({ body: 'x', cut: true }), '  < body: "x" (first 2 KiB)'],
  ])('a body %s', (_, given, line) => {
    expect(resultLines(given, redact).at(-1)).toBe(line);
  });

  it('says when the rest of a body was not read', () => {
    expect(resultLines(answer({ status: 500, body: 'abc', cut: true }), redact)[0]).toBe(
      'Answer: HTTP 500 in 3 ms, more than 3 bytes (the rest was not read)',
    );
  });
});

describe('resultLines of a failure', () => {
  it.each([
    [
      { code: 'ETIMEDOUT', sent: true as const },
      'the request had been sent, so it may have been applied',
    ],
    [
      { code: 'PROXY_HTTP_407', proxyStatus: 407 },
      'the proxy answered HTTP 407 instead of opening the tunnel',
    ],
  ])('%j', (failure, says) => {
    expect(resultLines({ kind: 'failure', ms: 9, ...failure }, redact)[0]).toContain(says);
  });
});

describe('the decision line', () => {
  const failure: AttemptResult = { kind: 'failure', code: 'ECONNRESET', ms: 1 };
  it.each([
    [answer({ status: 200 }), 1, 4, { kind: 'stop' } as const, undefined],
    [
      answer({ status: 503 }),
      1,
      4,
      { kind: 'wait', ms: 2500, retryAfter: false } as const,
      'Retrying after HTTP 503 (attempt 1 of 4) in 2500 ms: the backoff (at least half of it waited)',
    ],
    [
      answer({ status: 429 }),
      2,
      4,
      { kind: 'wait', ms: 1000, retryAfter: true } as const,
      'Retrying after HTTP 429 (attempt 2 of 4) in 1000 ms: the wait the answer asked for (Retry-After)',
    ],
    [
      answer({ status: 503 }),
      1,
      4,
      { kind: 'too-long', ms: 120_000 } as const,
      'Not retried after HTTP 503 (attempt 1 of 4): Retry-After asks for 120 s, more than the 60 s waited at most',
    ],
    [
      failure,
      4,
      4,
      { kind: 'stop' } as const,
      'Not retried after ECONNRESET (attempt 4 of 4): no attempt left',
    ],
    [
      answer({ status: 404 }),
      1,
      4,
      { kind: 'stop' } as const,
      'Not retried after HTTP 404 (attempt 1 of 4): it is not one that a retry can mend',
    ],
  ])('%#', (result, attempt, max, decision, line) => {
    expect(attemptLines('GET u', result, attempt, max, decision)[1]).toBe(line);
  });
});

describe('the lines at their boundaries', () => {
  it.each([null, undefined, ''])('a request without a body (%j) has 0 bytes', (body) => {
    expect(requestLines({ ...GET, body })).toEqual([
      'Request: GET https://m.example/v1/listings',
      '  > body: 0 bytes',
    ]);
  });

  it.each([
    [
      answer({ status: 199 }),
      'Not retried after HTTP 199 (attempt 1 of 1): it is not one that a retry can mend',
    ],
    [answer({ status: 200 }), undefined],
    [answer({ status: 299 }), undefined],
    [
      answer({ status: 300 }),
      'Not retried after HTTP 300 (attempt 1 of 1): it is not one that a retry can mend',
    ],
  ])('only a 2xx answer has no decision line: %#', (result, line) => {
    expect(attemptLines('GET u', result, 1, 1, { kind: 'stop' })[1]).toBe(line);
  });

  it("a proxy's refusal of the tunnel is named by its status, not by the code", () => {
    const refused: AttemptResult = {
      kind: 'failure',
      code: 'PROXY_HTTP_407',
      proxyStatus: 407,
      ms: 2,
    };
    expect(attemptLines('GET u', refused, 1, 1, { kind: 'stop' })[1]).toMatch(
      /^Not retried after the proxy's HTTP 407 to CONNECT \(attempt 1 of 1\): /,
    );
  });
});
