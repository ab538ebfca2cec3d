// The action's workflow commands are those @actions/core writes, byte for byte: the same escapes,
// the same heredoc outputs; and the runner reads back exactly what was written.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as runner from '../../src/action/workflow-commands.js';
import { runs } from '../support/property-runs.js';
import { parseCommands } from '../support/runner.js';

/** Text with every character the commands escape, in any mix. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '%',
        '%25',
        '%0A',
        '\r',
        '\n',
        '\r\n',
        ':',
        ',',
        '::',
        '=',
        ' ',
        'ghadelimiter_',
      ),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

/** What `write` prints to stdout. */
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
  vi.unstubAllEnvs();
});

describe('workflow commands, as @actions/core writes them', () => {
  it('a line of the log, and a mask', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(stdoutOf(() => runner.info(value))).toBe(stdoutOf(() => core.info(value)));
        expect(stdoutOf(() => runner.mask(value))).toBe(stdoutOf(() => core.setSecret(value)));
      }),
      { numRuns: runs(500) },
    );
  });

  it('annotations, with a title and without one', () => {
    const levels = [
      ['error', core.error],
      ['warning', core.warning],
      ['notice', core.notice],
    ] as const;
    fc.assert(
      fc.property(text, text, (message, title) => {
        for (const [level, coreAnnotate] of levels) {
          // An empty title is no title (where @actions/core leaves a space before the `::`).
          expect(stdoutOf(() => runner.annotate(level, message, title))).toBe(
            stdoutOf(() => coreAnnotate(message, title === '' ? {} : { title })),
          );
          expect(stdoutOf(() => runner.annotate(level, message))).toBe(
            stdoutOf(() => coreAnnotate(message)),
          );
        }
      }),
      { numRuns: runs(300) },
    );
  });

  it('a group of lines', () => {
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 4 }), (title, lines) => {
        const ours = stdoutOf(() => runner.group(title, lines));
        const theirs = stdoutOf(() => {
          core.startGroup(title);
          for (const line of lines) core.info(line);
          core.endGroup();
        });
        expect(ours).toBe(theirs);
      }),
      { numRuns: runs(300) },
    );
  });

  it('outputs in the GITHUB_OUTPUT file, up to the random delimiter', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lad-outputs-'));
    const delimiters = /ghadelimiter_[0-9a-f-]{36}/g;
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z-]{0,12}$/), text, (name, value) => {
        const ours = join(dir, 'ours');
        const theirs = join(dir, 'theirs');
        writeFileSync(ours, '');
        writeFileSync(theirs, '');
        runner.setOutput(ours, name, value);
        vi.stubEnv('GITHUB_OUTPUT', theirs);
        core.setOutput(name, value);
        const written = readFileSync(ours, 'utf8');
        expect(written.replace(delimiters, 'D')).toBe(
          readFileSync(theirs, 'utf8').replace(delimiters, 'D'),
        );
        // One delimiter, fresh for each value, opens and closes it.
        expect(new Set(written.match(delimiters)).size).toBe(1);
      }),
      { numRuns: runs(200) },
    );
  });

  it('each output with a delimiter of its own', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lad-outputs-')), 'out');
    writeFileSync(file, '');
    runner.setOutput(file, 'a', '1');
    runner.setOutput(file, 'b', '2');
    const delimiters = readFileSync(file, 'utf8').match(/ghadelimiter_[0-9a-f-]{36}/g) ?? [];
    expect(delimiters).toHaveLength(4);
    expect(new Set(delimiters).size).toBe(2);
  });

  it('an output without the file: the set-output command', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z-]{0,12}$/), text, (name, value) => {
        vi.stubEnv('GITHUB_OUTPUT', '');
        const ours = stdoutOf(() => runner.setOutput('', name, value));
        expect(ours).toBe(stdoutOf(() => core.setOutput(name, value)));
      }),
      { numRuns: runs(200) },
    );
  });
});

describe('what the runner reads back', () => {
  it('an annotation: its level, its title and its message, whole', () => {
    fc.assert(
      // A title is never padded; the runner would trim it.
      fc.property(
        text,
        text.filter((title) => title === title.trim()),
        (message, title) => {
          const commands = parseCommands(
            stdoutOf(() => runner.annotate('warning', message, title)),
          );
          // The runner trims each line, so the message's outer white space may go: nothing else.
          const ends = /^[\s\u0085]+|[\s\u0085]+$/g;
          expect(commands).toHaveLength(1);
          expect(commands[0]?.command).toBe('warning');
          expect(commands[0]?.data.replace(ends, '')).toBe(message.replace(ends, ''));
          expect(commands[0]?.properties.title ?? '').toBe(title);
        },
      ),
      { numRuns: runs(300) },
    );
  });
});
