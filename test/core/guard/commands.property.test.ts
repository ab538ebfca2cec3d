// Property tests: untrusted text full of workflow-command syntax, printed the way the action prints
// it (guarded, then through @actions/core), gives a parser that reads stdout as the runner does no
// command the action did not write.

import * as core from '@actions/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import type { Answer } from '../../../src/core/attempt.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import {
  commandFree,
  escapeHtml,
  quote,
  verbatimBlock,
} from '../../../src/core/guard/safe-text.js';
import { MAX_SERVER_MESSAGE, serverMessage } from '../../../src/core/guard/server-message.js';
import type { Resolved } from '../../../src/core/release/resolve.js';
import type { RunReport } from '../../../src/core/report.js';
import { changelogLine, versionLine } from '../../../src/core/sentences.js';
import { runs } from '../../support/property-runs.js';
import { parseCommands } from '../../support/runner.js';
import { summaryHtml } from '../../support/summary.js';

const SYNTAX = [
  '::',
  '##[',
  ']',
  '\r',
  '\n',
  '\r\n',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u0000',
  ' ',
  '\t',
  '%0A',
  '%25',
  'error',
  'ERROR',
  'Warning',
  'set-output name=updated',
  'add-mask',
  'stop-commands',
  'endgroup',
  'title=x,file=y',
  '=',
  ',',
  'data',
  '<script>',
  '&amp;',
  '|',
];

/** Text made of command syntax in any mix and case. */
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...SYNTAX), fc.string({ maxLength: 3 })), { maxLength: 40 })
  .map((parts) => parts.join(''));

/** What the action writes to stdout, captured. */
function stdoutOf(write: () => void): string {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    write();
  } finally {
    spy.mockRestore();
  }
  return out;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const resolvedOf = (text: string): Resolved => ({
  version: text,
  versionSource: 'input',
  tag: text,
  changelog: text,
  changelogSource: 'input',
});

const guard = makeGuard([{ name: 'the API key', value: 'mk_live_0123456789abcdef' }]);

describe('untrusted text runs no workflow command (SPEC 6.7)', () => {
  it('commandFree, quote and verbatimBlock, printed as lines of the log', () => {
    fc.assert(
      fc.property(hostile, hostile, (changelog, server) => {
        const out = stdoutOf(() => {
          core.info(commandFree(guard(server)));
          core.info(commandFree(versionLine(resolvedOf(changelog), ACTION_WORDS)));
          core.info(commandFree(changelogLine(resolvedOf(changelog), ACTION_WORDS)));
          core.info(`Version ${quote(changelog)}`);
          core.startGroup('Changelog');
          for (const line of verbatimBlock(guard(changelog))) core.info(line);
          core.endGroup();
          core.info(commandFree(`after ${server}`));
        });
        // The group's two commands are the action's own; nothing else is a command.
        expect(parseCommands(out).map((command) => command.command)).toEqual(['group', 'endgroup']);
      }),
      { numRuns: runs(1000) },
    );
  });

  it('the one annotation is the only command, with its title and message as written', () => {
    fc.assert(
      // A title is never padded; the runner would trim it.
      fc.property(
        hostile.filter((title) => title === title.trim()),
        hostile,
        (title, message) => {
          const out = stdoutOf(() =>
            core.error(guard(message), title === '' ? {} : { title: guard(title) }),
          );
          const commands = parseCommands(out);
          expect(commands).toHaveLength(1);
          expect(commands[0]?.command).toBe('error');
          // The runner trims the line, so trailing spaces of the message may go: nothing else.
          const ends = /^[\s\u0085]+|[\s\u0085]+$/g;
          expect(commands[0]?.data.replace(ends, '')).toBe(message.replace(ends, ''));
          expect(commands[0]?.properties.title ?? '').toBe(title);
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('quote is a JSON string literal of the text, on one line', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const quoted = quote(text);
        expect(JSON.parse(quoted)).toBe(text);
        expect(quoted).not.toMatch(/[\r\n]|##\[/);
      }),
      { numRuns: runs(500) },
    );
  });

  it('commandFree keeps one line and changes only what could act', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const line = commandFree(text);
        expect(line).not.toMatch(/[\r\n\u2028\u2029]|##\[/);
        const oneLine = text.replace(/[\r\n\u2028\u2029]+/g, ' ');
        const restored = line.replaceAll('#\\u0023[', '##[');
        // Only a `::` that the runner would read first, after its trimming, is broken up.
        const lead = /^[\s\u0085]*/.exec(oneLine)?.[0] ?? '';
        const rest = oneLine.slice(lead.length);
        expect(restored).toBe(rest.startsWith('::') ? `${lead}: :${rest.slice(2)}` : oneLine);
      }),
      { numRuns: runs(500) },
    );
  });

  it('verbatimBlock keeps every line of the text between its markers', () => {
    fc.assert(
      fc.property(
        hostile,
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
        (text, token) => {
          const lines = verbatimBlock(text, token);
          expect(lines.slice(1, -1)).toEqual(text.split(/\r\n|\r|\n/));
          expect(parseCommands(lines.join('\n'))).toEqual([]);
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('serverMessage is one line of at most 500 characters', () => {
    fc.assert(
      fc.property(
        hostile,
        fc.constantFrom('application/json', 'text/plain', 'text/html'),
        fc.integer({ min: 0, max: 700 }),
        (text, contentType, pad) => {
          const bodies = [
            text,
            JSON.stringify({ error: { message: `${'x'.repeat(pad)}${text}` } }),
            `<html><title>${'y'.repeat(pad)}${text}</title></html>`,
          ];
          for (const body of bodies) {
            const message = serverMessage(body, contentType);
            expect(message.length).toBeLessThanOrEqual(MAX_SERVER_MESSAGE);
            expect(message).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
            expect(message).toBe(message.trim());
          }
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('the summary HTML has the same markup whatever the untrusted text', () => {
    const answer = (body: string): Answer => ({
      kind: 'answer',
      status: 400,
      location: '',
      retryAfter: '',
      contentType: 'text/plain',
      link: '',
      body,
      cut: false,
      ms: 1,
    });
    const report = (text: string): RunReport => ({
      listingIds: [text],
      resolved: resolvedOf(text),
      dryRun: false,
      list: undefined,
      rows: [
        {
          listingId: text,
          state: 'sent',
          outcome: { last: answer(text), attempts: 1 },
          problem: { title: text, message: text },
          why: '',
          previousVersion: null,
          elapsedMs: 1,
        },
      ],
      notes: [],
      problem: undefined,
      elapsedMs: 1,
    });
    const markup = (html: string) => html.match(/<\/?[a-z0-9]+|>/gi);
    const plain = markup(summaryHtml(report('plain'), guard));
    const plainLines = summaryHtml(report('plain'), guard).split('\n').length;
    fc.assert(
      fc.property(hostile, (text) => {
        const html = summaryHtml(report(`x${text}`), guard);
        expect(markup(html)).toEqual(plain);
        // On one line: a blank line would end the HTML block and let the rest render as Markdown.
        expect(html.split(/\r\n|\r|\n/)).toHaveLength(plainLines);
        expect(html).toContain(escapeHtml(`x${text}`).replace(/\r\n|\r|\n/g, '&#10;'));
      }),
      { numRuns: runs(500) },
    );
  });
});
