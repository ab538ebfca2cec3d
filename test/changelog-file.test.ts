import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ChangelogFileError,
  diskReader,
  type FileReader,
  findSection,
  headingText,
  MAX_CHANGELOG_FILE_BYTES,
  names,
  normalise,
  sectionFromFile,
  versionNames,
} from '../src/core/changelog-file.js';
import { InputError } from '../src/core/inputs.js';

const KEEP_A_CHANGELOG = `# Changelog
All notable changes to this project will be documented in this file.

## [Unreleased]
- Work in progress

## [1.2.30] - 2026-12-01
### Fixed
- Not this one

## [1.2.3] - 2026-11-01
### Added
- Dark mode
### Fixed
- Crash on start

## [1.2.3-rc.1] - 2026-10-20
- Release candidate

## [1.2.2] - 2026-10-01
- Older

[unreleased]: https://github.com/o/r/compare/v1.2.3...HEAD
[1.2.3]: https://github.com/o/r/compare/v1.2.2...v1.2.3
[1.2.2]: https://github.com/o/r/releases/tag/v1.2.2
`;

const RELEASE_PLEASE = `# Changelog

## [1.2.3](https://github.com/o/r/compare/v1.2.2...v1.2.3) (2026-11-01)


### Features

* **ui:** dark mode ([#12](https://github.com/o/r/issues/12)) ([abc1234](https://github.com/o/r/commit/abc1234))

## [1.2.2](https://github.com/o/r/compare/v1.2.1...v1.2.2) (2026-10-01)

### Bug Fixes

* crash ([def5678](https://github.com/o/r/commit/def5678))
`;

const STANDARD_VERSION = `# Changelog

All notable changes to this project will be documented in this file. See [standard-version](https://github.com/conventional-changelog/standard-version) for commit guidelines.

## [1.3.0](https://github.com/o/r/compare/v1.2.3...v1.3.0) (2026-12-01)


### Features

* dark mode ([abc1234](https://github.com/o/r/commit/abc1234))

### [1.2.3](https://github.com/o/r/compare/v1.2.2...v1.2.3) (2026-11-01)

### Bug Fixes

* patch ([abc1234](https://github.com/o/r/commit/abc1234))

## [1.2.2](https://github.com/o/r/compare/v1.2.1...v1.2.2) (2026-10-01)

* older
`;

const PLAIN = `## v1.2.3

Plain notes.

## v1.2.2

Old notes.
`;

const FENCED = `# Changes

## 1.2.3

Config example:

\`\`\`markdown
## 1.2.2
# not a heading either
\`\`\`

~~~~
## 0.0.1
~~~~

Still 1.2.3.

## 1.2.2

Old.
`;

const V = ['1.2.3', 'v1.2.3'];

describe('findSection: real-world changelog shapes', () => {
  it.each([
    ['Keep a Changelog', KEEP_A_CHANGELOG, '### Added\n- Dark mode\n### Fixed\n- Crash on start'],
    [
      'release-please',
      RELEASE_PLEASE,
      '### Features\n\n* **ui:** dark mode ([#12](https://github.com/o/r/issues/12)) ([abc1234](https://github.com/o/r/commit/abc1234))',
    ],
    ['plain ## v1.2.3', PLAIN, 'Plain notes.'],
  ])('%s', (_, text, expected) => {
    expect(findSection(text, V)).toMatchObject({ kind: 'found', text: expected });
  });

  it('standard-version: a ## minor release runs to the next ## heading (SPEC 7.2)', () => {
    const found = findSection(STANDARD_VERSION, ['1.3.0', 'v1.3.0']);
    expect(found).toMatchObject({ kind: 'found' });
    if (found.kind !== 'found') return;
    expect(found.text.startsWith('### Features\n\n* dark mode')).toBe(true);
    // Its patch releases use ### headings, which are deeper, so they belong to it.
    expect(found.text).toContain('### [1.2.3]');
    expect(found.text).not.toContain('older');
  });

  it('standard-version: a ### version section ends at the next heading of its level or higher', () => {
    // Its "### Bug Fixes" is of the same level as the version heading, so the section is empty
    // of it: the file's own structure, reported as an empty section.
    expect(findSection(STANDARD_VERSION, V)).toMatchObject({ kind: 'found', text: '' });
  });

  it('skips headings inside fenced code blocks, in both fence styles', () => {
    const found = findSection(FENCED, V);
    expect(found).toMatchObject({ kind: 'found' });
    if (found.kind !== 'found') return;
    expect(found.text).toContain('## 1.2.2\n# not a heading either');
    expect(found.text).toContain('## 0.0.1');
    expect(found.text.endsWith('Still 1.2.3.')).toBe(true);
    expect(findSection(FENCED, ['0.0.1'])).toMatchObject({ kind: 'missing' });
  });

  it('leaves out trailing link reference definitions, keeps inner ones', () => {
    const text =
      '## 1.2.2\n\n- see [docs]\n\n[docs]: https://x.example/docs\n\nmore\n\n[1.2.2]: https://x\n  [a]: b\n';
    expect(findSection(text, ['1.2.2'])).toMatchObject({
      text: '- see [docs]\n\n[docs]: https://x.example/docs\n\nmore',
    });
    expect(findSection(KEEP_A_CHANGELOG, ['1.2.2'])).toMatchObject({ text: '- Older' });
  });

  it('takes the first heading that names the version', () => {
    expect(findSection('## 1.0\nfirst\n## 1.0\nsecond', ['1.0'])).toMatchObject({ text: 'first' });
  });

  it('runs a section to the end of the file, and a deeper one only to a heading of its level', () => {
    expect(findSection('# 2.0\n## Added\nx\n### more\ny', ['2.0'])).toMatchObject({
      text: '## Added\nx\n### more\ny',
    });
    expect(findSection('## 2.0\n### Added\nx\n# Old\ny', ['2.0'])).toMatchObject({
      text: '### Added\nx',
    });
  });

  it('names the versions the file has when the section is missing', () => {
    expect(findSection(KEEP_A_CHANGELOG, ['9.9.9'])).toEqual({
      kind: 'missing',
      versions: ['1.2.30', '1.2.3', '1.2.3-rc.1', '1.2.2'],
    });
    expect(findSection('# Notes\n\nnothing', ['1.0'])).toEqual({ kind: 'missing', versions: [] });
  });
});

describe('heading matching', () => {
  it.each([
    ['## [1.2.3] - 2026-11-01', true],
    ['## 1.2.3', true],
    ['## v1.2.3 (2026-11-01)', true],
    ['### [v1.2.3](https://github.com/o/r/compare/v1.2.2...v1.2.3)', true],
    ['# 1.2.3 — 2026-11-01', true],
    ['###### 1.2.3', true],
    ['   ## 1.2.3', true],
    ['## 1.2.3 ##', true],
    ['## [1.2.3][link]', true],
    ['## 1.2.3(2026)', true],
    ['## 1.2.30', false],
    ['## 1.2.3-rc.1', false],
    ['## 1.2.3.1', false],
    ['## Version 1.2.3', false],
    ['####### 1.2.3', false],
    ['##1.2.3', false],
    ['    ## 1.2.3', false],
    ['1.2.3', false],
  ])('%j names 1.2.3: %s', (heading, expected) => {
    const found = findSection(`${heading}\nnotes\n`, V);
    expect(found.kind === 'found').toBe(expected);
  });

  it.each([
    ['[1.2.3](https://x/compare/a...b) (2026-11-01)', '1.2.3 (2026-11-01)'],
    ['[1.2.3] - 2026-11-01', '1.2.3 - 2026-11-01'],
    ['[v1.2.3][ref]', 'v1.2.3'],
  ])('headingText(%j) is %j', (raw, text) => {
    expect(headingText(raw)).toBe(text);
  });

  it.each([
    ['1.2.3', '1.2.3', true],
    ['1.2.3 - x', '1.2.3', true],
    ['1.2.3—x', '1.2.3', true],
    ['1.2.3\tx', '1.2.3', true],
    ['1.2.3-rc.1', '1.2.3', false],
    ['1.2.30', '1.2.3', false],
    ['1.2.3:', '1.2.3', false],
    ['v1.2.3', '1.2.3', false],
  ])('names(%j, %j) is %s', (text, name, expected) => {
    expect(names(text, name)).toBe(expected);
  });

  it.each([
    ['1.2.3', '', ['1.2.3', 'v1.2.3']],
    ['1.2.3', 'v', ['1.2.3', 'v1.2.3']],
    ['v1.2.3', '', ['v1.2.3', '1.2.3']],
    ['1.2.3', 'release-', ['1.2.3', 'v1.2.3', 'release-1.2.3', 'vrelease-1.2.3']],
    [
      'release-1.2.3',
      'release-',
      [
        'release-1.2.3',
        'vrelease-1.2.3',
        'release-release-1.2.3',
        'vrelease-release-1.2.3',
        '1.2.3',
      ],
    ],
  ])('versionNames(%j, %j)', (version, prefix, expected) => {
    expect(versionNames(version, prefix)).toEqual(expected);
  });
});

describe('normalise', () => {
  it('drops a BOM and reads CRLF and CR as LF', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('## 1.2.3\r\n- a\r\n\r\n## 1.2.2\r- b\r\n'),
    ]);
    const text = normalise(bytes);
    expect(text).toBe('## 1.2.3\n- a\n\n## 1.2.2\n- b\n');
    expect(findSection(text, V)).toMatchObject({ text: '- a' });
  });
});

describe('sectionFromFile', () => {
  const files: Record<string, string | number> = {
    '/repo/CHANGELOG.md': KEEP_A_CHANGELOG,
    '/repo/docs/EMPTY.md': '## 1.2.3\n\n[1.2.3]: https://x\n## 1.2.2\n- b',
    '/abs/NOTES.md': PLAIN,
    '/repo/HUGE.md': MAX_CHANGELOG_FILE_BYTES + 1,
  };
  const reader: FileReader = {
    size: (path) => {
      const file = files[path];
      return typeof file === 'number'
        ? file
        : file === undefined
          ? undefined
          : Buffer.byteLength(file);
    },
    read: (path) => Buffer.from(String(files[path])),
  };

  it('reads a path relative to the workspace', () => {
    expect(sectionFromFile('CHANGELOG.md', '/repo', '1.2.3', '', reader)).toEqual({
      name: '1.2.3',
      text: '### Added\n- Dark mode\n### Fixed\n- Crash on start',
    });
  });

  it('reads an absolute path, and the tag form of the version', () => {
    expect(sectionFromFile('/abs/NOTES.md', '/repo', '1.2.3', 'v', reader)).toMatchObject({
      name: 'v1.2.3',
      text: 'Plain notes.',
    });
  });

  it('refuses a missing file, naming the resolved path', () => {
    expect(() => sectionFromFile('CHANGES.md', '/repo', '1.2.3', '', reader)).toThrow(InputError);
    expect(() => sectionFromFile('CHANGES.md', '/repo', '1.2.3', '', reader)).toThrow(
      '/repo/CHANGES.md',
    );
  });

  it('refuses a file over 10 MiB', () => {
    expect(() => sectionFromFile('HUGE.md', '/repo', '1.2.3', '', reader)).toThrow('10 MiB');
  });

  it('names the file, the version and up to five versions it has when the section is missing', () => {
    const many = Array.from({ length: 7 }, (_, i) => `## 0.${i}.0\n- x\n`).join('\n');
    const manyReader: FileReader = { size: () => many.length, read: () => Buffer.from(many) };
    const error = (() => {
      try {
        sectionFromFile('CHANGELOG.md', '/repo', '1.2.3', '', manyReader);
      } catch (caught) {
        return caught as ChangelogFileError;
      }
    })();
    expect(error).toBeInstanceOf(ChangelogFileError);
    expect(error?.title).toBe('No section for 1.2.3 in CHANGELOG.md');
    expect(error?.message).toContain('CHANGELOG.md has no section for version 1.2.3');
    expect(error?.message).toContain('0.0.0, 0.1.0, 0.2.0, 0.3.0, 0.4.0 and 2 more');
  });

  it('refuses an empty section (link definitions alone are empty)', () => {
    expect(() => sectionFromFile('docs/EMPTY.md', '/repo', '1.2.3', '', reader)).toThrow(
      'The section for version 1.2.3 in docs/EMPTY.md is empty',
    );
  });
});

describe('diskReader', () => {
  it('sizes files only, and reads them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lad-changelog-'));
    writeFileSync(join(dir, 'CHANGELOG.md'), '## 1.0.0\n- x\n');
    expect(diskReader.size(join(dir, 'CHANGELOG.md'))).toBe(13);
    expect(diskReader.size(dir)).toBeUndefined();
    expect(diskReader.size(join(dir, 'missing.md'))).toBeUndefined();
    expect(Buffer.from(diskReader.read(join(dir, 'CHANGELOG.md'))).toString()).toBe(
      '## 1.0.0\n- x\n',
    );
    expect(sectionFromFile('CHANGELOG.md', dir, '1.0.0', '')).toMatchObject({ text: '- x' });
  });
});
