// The attacks' shared parts (test/e2e/attack*.test.ts): the bundle run with a check of the key it
// was given, the command payloads and how an injected command or a summary breakout is found, and a
// raw HTTP server that answers as a test says.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { leakedFragments, type RunResult, runAction as runBundle } from './runner.ts';

/** Runs the bundle, and fails the test when any part of the key it was given was printed. */
export async function runAction(options: Parameters<typeof runBundle>[0]): Promise<RunResult> {
  const result = await runBundle(options);
  const key = options.inputs?.['api-key']?.trim() ?? '';
  if (key !== '') expect(leakedFragments(result, key)).toEqual([]);
  return result;
}

/** Faults are aimed at the update, not at the step's one `GET /listings` before it (SPEC 7.8). */
export const AT_PATCH = { path: '/listings/asset-1' } as const;

export const MARK = 'PWNED';
/** Command payloads the runner would act on, in every line-break and trim variant. */
export const PAYLOADS: [string, string][] = [
  ['LF', `a\n::warning::${MARK}lf`],
  ['CR', `a\r::warning::${MARK}cr`],
  ['CRLF', `a\r\n::warning::${MARK}crlf`],
  ['NEL lead', `\u0085::warning::${MARK}nel`],
  ['NBSP lead after LF', `a\n\u00a0\u3000::WARNING::${MARK}ws`],
  ['legacy', `x ##[warning]${MARK}legacy`],
  ['legacy upper after CR', `x\r##[WARNING]${MARK}legacy2`],
  ['add-mask', `a\n::add-mask::${MARK}mask`],
  ['stop-commands', `a\n::stop-commands::${MARK}stop`],
];

/**
 * Commands the runner would act on that the step did not write: a command whose data starts with
 * the marker (the step's own annotations quote the text after their own words), or a
 * `::stop-commands::` outside any block, which would swallow the step's own annotations.
 */
export function injected(result: RunResult): string[] {
  const found = result.commands
    .filter((c) => c.data.startsWith(MARK) || c.command.includes(MARK.toLowerCase()))
    .map((c) => `${c.command}: ${c.data}`);
  for (const stream of [result.stdout, result.stderr]) {
    let stop: string | undefined;
    for (const raw of stream.split(/\r\n|\r|\n/)) {
      const line = raw.replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');
      const m = /^::([^\s:]+)[^:]*::(.*)$/.exec(line);
      if (m === null) continue;
      const name = (m[1] ?? '').toLowerCase();
      if (stop !== undefined) {
        if (name === stop) stop = undefined;
        continue;
      }
      if (name === 'stop-commands') {
        stop = (m[2] ?? '').toLowerCase();
        if (stop.includes(MARK.toLowerCase())) found.push(`stop-commands: ${m[2]}`);
      }
    }
  }
  return found;
}

/** The summary must keep every untrusted text inside its markup. */
export function summaryBreakouts(result: RunResult): string[] {
  const s = result.summary;
  const found: string[] = [];
  if (/<img|<script|<a |<\/pre>[^<]*<\/details>[^\n]*<\/pre>/i.test(s)) found.push('raw html');
  const opens = s.split('<details>').length - 1;
  const closes = s.split('</details>').length - 1;
  if (opens !== closes) found.push(`details ${opens}/${closes}`);
  // A blank line ends a CommonMark HTML block: what follows renders as Markdown.
  if (/(\r\n|\r|\n)[ \t]*(\r\n|\r|\n)[\s\S]*PWNED/.test(s))
    found.push('markdown after a blank line');
  return found;
}

export async function rawServer(
  answer: (req: http.IncomingMessage) => {
    status: number;
    headers?: Record<string, string>;
    body?: string;
  },
) {
  const seen: { method: string; url: string }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    const a = answer(req);
    res
      .writeHead(a.status, { 'content-type': 'application/json', ...(a.headers ?? {}) })
      .end(a.body ?? '');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/v1`,
    seen,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
