// The fetch Octokit sends through: real HTTP on 127.0.0.1, over the step's transport.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitHub } from '../../src/action/github.js';
import { TransportError } from '../../src/core/errors.js';
import { ApiKey } from '../../src/core/guard/secret.js';
import type { Settings } from '../../src/core/inputs.js';
import { createTransport } from '../../src/core/transport/transport.js';

let server: http.Server;
let base: string;
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
let reply = { status: 200, delayMs: 0 };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    setTimeout(() => {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end('{"tag_name":"v1","body":"Notes","html_url":"https://example.com/v1"}');
    }, reply.delayMs);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  seen.length = 0;
  reply = { status: 200, delayMs: 0 };
});

async function latest(timeoutMs: number, log?: (line: string) => void) {
  const transport = createTransport({}, [], timeoutMs);
  const github = createGitHub(
    {
      settings: { githubToken: new ApiKey('t0k') } as Settings,
      context: { repository: 'o/r', apiUrl: base, sha: '', runUrl: '', workspace: '' },
      transport,
    },
    log && { log, redact: (text) => text },
  );
  try {
    return await github.latestRelease().catch((error: Error) => ({ reason: error.message }));
  } finally {
    await transport.destroy();
  }
}

describe("Octokit's fetch", () => {
  it("sends Octokit's GET with its headers, and reads the answer's body", async () => {
    expect(await latest(2000)).toEqual({ tag: 'v1', body: 'Notes', url: 'https://example.com/v1' });
    expect(seen).toEqual([
      {
        method: 'GET',
        url: '/repos/o/r/releases/latest',
        headers: expect.objectContaining({
          authorization: 'token t0k',
          accept: 'application/vnd.github.v3+json',
        }),
      },
    ]);
  });

  it('reads a 3xx as Octokit does: as an answer', async () => {
    reply = { status: 302, delayMs: 0 };
    const lines: string[] = [];
    expect(await latest(2000, (line) => lines.push(line))).toHaveProperty('tag', 'v1');
    expect(lines.filter((line) => line.startsWith('GitHub: '))).toEqual([]);
  });

  it('keeps its own deadline on a transport made for a shorter one (the marketplace)', async () => {
    // undici's own timers are coarse (about 1 s): the answer comes well after the short limit.
    reply = { status: 200, delayMs: 1500 };
    expect(await latest(100)).toHaveProperty('tag', 'v1');
  });

  it.each([
    [204, 'the GitHub API gave an answer that is not a release', []],
    [304, 'the GitHub API refused the request (HTTP 304)', ['(HTTP 304): not retried']],
    [400, 'the GitHub API refused the request (HTTP 400)', ['(HTTP 400): not retried']],
  ])('gives Octokit status %i as it came', async (status, reason, said) => {
    reply = { status, delayMs: 0 };
    const lines: string[] = [];
    expect(await latest(2000, (line) => lines.push(line))).toEqual({ reason });
    expect(lines.filter((line) => line.startsWith('GitHub: '))).toEqual(
      said.map((end) => `GitHub: the latest release could not be read ${end}`),
    );
  });
});

describe('TransportError', () => {
  it('names the failure by its code, never more', () => {
    const error = new TransportError({ kind: 'failure', code: 'ECONNRESET', ms: 3 });
    expect(error).toMatchObject({ name: 'TransportError', message: 'no answer (ECONNRESET)' });
    expect(String(error)).toBe('TransportError: no answer (ECONNRESET)');
  });
});
