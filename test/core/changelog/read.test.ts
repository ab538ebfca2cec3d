// Targeted cases for the changelog-file reader's messages, limits and notes (killing what the
// broader tests in changelog-file.test.ts let through).

import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { githubRoots } from '../../../src/core/changelog/link-base.js';
import {
  type FileReader,
  mayNeedLinks,
  sectionFromFile,
} from '../../../src/core/changelog/read.js';
import { InputError, ResolveError } from '../../../src/core/errors.js';

const reading = (text: string, size = Buffer.byteLength(text)): FileReader => ({
  size: () => size,
  chunks: () => [Buffer.from(text)],
});

function caught(read: () => unknown): Error {
  try {
    read();
  } catch (error) {
    return error as Error;
  }
  throw new Error('no error');
}

const roots = githubRoots('https://github.com', 'o/r', 'v1.2.3');
if (roots === undefined) throw new Error('no roots');

describe('the errors name the input, the file and what to do', () => {
  it('a missing file: the input and where a relative path is read from', () => {
    const none: FileReader = { size: () => undefined, chunks: () => [] };
    const error = caught(() =>
      sectionFromFile('C.md', '/repo', '1.2.3', '', { reader: none, words: ACTION_WORDS }),
    );
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).title).toBe('Invalid input: changelog-file');
    expect(error.message).toContain('a relative one is read from /repo');
    expect(error.message).toContain('the repository is checked out');
  });

  it.each([
    [10 * 1024 * 1024, false],
    [10 * 1024 * 1024 + 1, true],
  ])('a file of %i bytes is refused: %s', (size, refused) => {
    const read = () =>
      sectionFromFile('C.md', '/repo', '1.2.3', '', {
        reader: reading('## 1.2.3\n- a\n', size),
        words: ACTION_WORDS,
      });
    if (!refused) {
      expect(read().text).toBe('- a');
      return;
    }
    const error = caught(read);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).title).toBe('Invalid input: changelog-file');
  });

  it.each([
    ['no release headings', '# Changelog\n\nNothing yet.\n', 'It has no release headings.'],
    [
      'exactly five',
      [1, 2, 3, 4, 5].map((n) => `## 0.${n}.0\n- x\n`).join(''),
      'The versions it has: 0.1.0, 0.2.0, 0.3.0, 0.4.0, 0.5.0. Add',
    ],
    ['six', [1, 2, 3, 4, 5, 6].map((n) => `## 0.${n}.0\n- x\n`).join(''), '0.5.0 and 1 more. Add'],
  ])('a missing section, %s', (_, text, listed) => {
    const error = caught(() =>
      sectionFromFile('C.md', '/repo', '1.2.3', '', { reader: reading(text), words: ACTION_WORDS }),
    );
    expect(error).toBeInstanceOf(ResolveError);
    expect(error.message).toContain(listed);
    expect(error.message).toContain('no release heading names 1.2.3 or v1.2.3.');
    expect(error.message).toContain(
      'Add a heading such as `## [1.2.3] - date` with the notes under it, or set `changelog` instead.',
    );
  });

  it('an empty section: its own title', () => {
    const error = caught(() =>
      sectionFromFile('C.md', '/repo', 'v1.2.3', 'v', {
        reader: reading('## 1.2.3\n## 1.2.2\n- b\n'),
        words: ACTION_WORDS,
      }),
    );
    expect(error).toBeInstanceOf(ResolveError);
    expect((error as ResolveError).title).toBe('Empty section for v1.2.3 in C.md');
  });
});

describe('the notes say what was added, in the plural where it is', () => {
  const links = { ...roots };
  it.each([
    [
      'one definition, no relative link',
      '## 1.2.3\n- fix [#7]\n## 1.2.2\n[#7]: https://x/7\n',
      ['1 link reference definition from elsewhere in C.md appended to the section.'],
    ],
    [
      'two definitions and two relative links',
      '## 1.2.3\n- fix [#7] [#8] [a](a.md) [b](b.md)\n## 1.2.2\n[#7]: https://x/7\n[#8]: https://x/8\n',
      [
        '2 link reference definitions from elsewhere in C.md appended to the section.',
        '2 relative links made absolute at https://github.com/o/r (v1.2.3).',
      ],
    ],
    ['nothing to do', '## 1.2.3\n- fix [x](https://x)\n', []],
  ])('%s', (_, text, notes) => {
    expect(
      sectionFromFile('C.md', '/repo', '1.2.3', '', {
        reader: reading(text),
        links,
        words: ACTION_WORDS,
      }).notes,
    ).toEqual(notes);
  });

  it('a definition before the section is appended', () => {
    const text = '# Changelog\n\n[a]: https://x/a\n\n## 1.2.3\n- see [a]\n## 1.2.2\n- b\n';
    expect(
      sectionFromFile('C.md', '/repo', '1.2.3', '', { reader: reading(text), words: ACTION_WORDS })
        .text,
    ).toBe('- see [a]\n\n[a]: https://x/a');
  });
});

describe('only a section with links to do is read for them', () => {
  const read = (text: string) =>
    sectionFromFile('C.md', '/repo', '1.2.3', '', {
      reader: reading(`## 1.2.3\n${text}\n`),
      noLinks: 'unknown',
      words: ACTION_WORDS,
    });
  it('a plain section is left as cut', () => {
    expect(read('- plain')).toEqual({ name: '1.2.3', text: '- plain', notes: [] });
  });
  it('a relative link is left as written, and the log says why', () => {
    expect(read('- see [a](docs/a.md)')).toEqual({
      name: '1.2.3',
      text: '- see [a](docs/a.md)',
      notes: ['1 relative link left as written: unknown.'],
    });
  });
});

describe('sectionFromFile lets go of the file', () => {
  it.each([
    ['with links', '## 1.2.3\n- see [a]\n'],
    ['without links', '## 1.2.3\n- new\n'],
  ])('%s', (_, text) => {
    let closed = false;
    const files: FileReader = {
      size: () => text.length,
      chunks: function* () {
        try {
          yield Buffer.from(text);
          yield Buffer.from('## 1.2.2\n- old\n\n[a]: https://x/a\n');
          yield Buffer.from('## 1.2.1\n- older\n');
        } finally {
          closed = true;
        }
      },
    };
    const links = { ...roots };
    sectionFromFile('C.md', '/repo', '1.2.3', '', { reader: files, links, words: ACTION_WORDS });
    expect(closed).toBe(true);
  });
});

describe('the file system is read without a reader given', () => {
  it('a device is not a file', () => {
    expect(() => sectionFromFile('/dev/null', '/', '1.2.3', '', { words: ACTION_WORDS })).toThrow(
      InputError,
    );
  });
});

describe('mayNeedLinks: relative destinations, exactly', () => {
  it.each([
    ['[a] (x)', true],
    ['[a](https://x)', false],
    // Backtracking over `<` and spaces takes these as maybe relative: the parser then decides.
    ['[a](<https://x>)', true],
    ['[a]( https://x)', true],
    ['[a](x)', true],
    ['[a](<x>)', true],
    ['[a]( x)', true],
    ['[a](9:x)', true],
    ['[a](1a:x)', true],
    ['[a](a1:x)', false],
    ['[a](ab:x)', false],
    ['[a](a+b:x)', false],
    ['[a](abc1:x)', false],
    ['[a](a:x)', false],
    ['[a](//x)', false],
    ['[a](/x)', true],
    ['[a](A:x)', false],
  ])('%j: %s', (text, expected) => {
    expect(mayNeedLinks(text)).toBe(expected);
  });
});

describe('the file on disk is closed whatever the outcome', () => {
  const openFiles = () => readdirSync('/proc/self/fd').length;
  const dir = mkdtempSync(join(tmpdir(), 'lad-read-'));
  // More than a chunk of the reader after the section, so that a file left open would show.
  const older = `## 1.2.1\n${'older notes\n\n'.repeat(6_000)}`;
  it.runIf(process.platform === 'linux').each([
    ['found', `## 1.2.3\n- new\n${older}`],
    ['found, with a label read on for', `## 1.2.3\n- see [a]\n${older}\n[a]: https://x/a\n`],
    ['missing', `## 1.2.2\n- old\n${older}`],
    ['empty', `## 1.2.3\n<!-- nothing yet -->\n${older}`],
  ])('%s', (_, text) => {
    writeFileSync(join(dir, 'CHANGELOG.md'), text);
    const before = openFiles();
    try {
      sectionFromFile('CHANGELOG.md', dir, '1.2.3', '', { words: ACTION_WORDS });
    } catch {
      // The errors are tested above.
    }
    expect(openFiles()).toBe(before);
  });
});
