import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { linesOf } from '../../../src/core/changelog/lines.js';
import { githubRoots, type LinkRoots } from '../../../src/core/changelog/link-base.js';
import {
  type FileReader,
  mayNeedLinks,
  sectionFromFile,
} from '../../../src/core/changelog/read.js';
import { findSection } from '../../../src/core/changelog/section.js';
import { wantedVersions } from '../../../src/core/changelog/version-token.js';
import { InputError, ResolveError } from '../../../src/core/errors.js';

/** GitHub's pages of `o/r` at `ref`. */
function githubAt(ref: string): LinkRoots {
  const roots = githubRoots('https://github.com', 'o/r', ref);
  if (roots === undefined) throw new Error(`no roots at ${ref}`);
  return roots;
}

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

/** The section for `version` in `text`, or what `findSection` says when there is none. */
function cut(text: string, version = '1.2.3', prefix = '') {
  const found = findSection(
    linesOf([Buffer.from(text)])[Symbol.iterator](),
    wantedVersions(version, prefix),
  );
  if (found.kind === 'found') return found.text;
  // The versions the file has are read in a second pass, as sectionFromFile does.
  const all = findSection(linesOf([Buffer.from(text)])[Symbol.iterator](), []);
  return { kind: found.kind, versions: all.kind === 'missing' ? all.versions : [] };
}

describe('findSection: real-world changelog shapes', () => {
  it.each([
    ['Keep a Changelog', KEEP_A_CHANGELOG, '### Added\n- Dark mode\n### Fixed\n- Crash on start'],
    [
      'release-please',
      RELEASE_PLEASE,
      '### Features\n\n* **ui:** dark mode ([#12](https://github.com/o/r/issues/12)) ([abc1234](https://github.com/o/r/commit/abc1234))',
    ],
    ['plain ## v1.2.3', PLAIN, 'Plain notes.'],
    [
      'standard-version: a ### patch keeps its own ### Bug Fixes',
      STANDARD_VERSION,
      '### Bug Fixes\n\n* patch ([abc1234](https://github.com/o/r/commit/abc1234))',
    ],
  ])('%s', (_, text, expected) => {
    expect(cut(text)).toBe(expected);
  });

  it('standard-version: a ## minor ends at the ### patch below it (SPEC 7.2)', () => {
    expect(cut(STANDARD_VERSION, '1.3.0')).toBe(
      '### Features\n\n* dark mode ([abc1234](https://github.com/o/r/commit/abc1234))',
    );
  });

  it('skips headings inside fenced code blocks, in both fence styles', () => {
    const text = cut(FENCED);
    expect(text).toContain('## 1.2.2\n# not a heading either');
    expect(text).toContain('## 0.0.1');
    expect(String(text).endsWith('Still 1.2.3.')).toBe(true);
    expect(cut(FENCED, '0.0.1')).toEqual({ kind: 'missing', versions: ['1.2.3', '1.2.2'] });
  });
});

describe('findSection: headings as CommonMark reads them', () => {
  it.each([
    ['ATX', '## 1.2.3\nnotes\n## 1.2.2\nold', 'notes'],
    ['ATX with closing #', '## 1.2.3 ##\nnotes', 'notes'],
    ['ATX indented three spaces', '   ## 1.2.3\nnotes', 'notes'],
    [
      'setext ===',
      'Changes\n=======\n\n1.2.3 / 2026-11-01\n==================\n\n  * fix\n\n1.2.2 / 2026-10-01\n==================\n\n  * old',
      '  * fix',
    ],
    ['setext ---', '1.2.3\n-----\nnotes\n\n1.2.2\n-----\nold', 'notes'],
    [
      'a --- after a blank line is a break, not a heading',
      '## 1.2.3\nnotes\n\n---\n\nmore\n## 1.2.2',
      'notes\n\n---\n\nmore',
    ],
    [
      'indented code is no heading',
      '## 1.2.3\nnotes\n\n    ## 1.2.2\n\nmore',
      'notes\n\n    ## 1.2.2\n\nmore',
    ],
    [
      'an HTML comment is no heading',
      '## 1.2.3\nnotes\n<!--\n## 1.2.2\n-->\nmore\n## 1.2.2\nold',
      'notes\n<!--\n## 1.2.2\n-->\nmore',
    ],
    [
      'an HTML block is no heading',
      '## 1.2.3\nnotes\n\n<details>\n## 1.2.2\n</details>\n\nmore',
      'notes\n\n<details>\n## 1.2.2\n</details>\n\nmore',
    ],
    [
      'a heading in a list item is no section end',
      '## 1.2.3\n- item\n  ## 1.2.2\n- more\n## 1.2.2\nold',
      '- item\n  ## 1.2.2\n- more',
    ],
    [
      'a heading in a quote is no section end',
      '## 1.2.3\n> ## 1.2.2\n> quoted\n\nmore',
      '> ## 1.2.2\n> quoted\n\nmore',
    ],
    ['##1.2.3 is not a heading', '##1.2.3\nnotes', { kind: 'missing', versions: [] }],
    ['seven # are not a heading', '####### 1.2.3\nnotes', { kind: 'missing', versions: [] }],
    ['four spaces are code', '    ## 1.2.3\nnotes', { kind: 'missing', versions: [] }],
  ])('%s', (_, text, expected) => {
    expect(cut(text)).toEqual(expected);
  });
});

describe('findSection: the heading text and the version (SPEC 7.2)', () => {
  it.each([
    ['## [1.2.3] - 2026-11-01', true],
    ['## 1.2.3', true],
    ['## v1.2.3 (2026-11-01)', true],
    ['### [v1.2.3](https://github.com/o/r/compare/v1.2.2...v1.2.3)', true],
    ['# [1.2.3](https://x/compare) (2026-11-01)', true],
    ['## <small>[1.2.3](https://x/compare) (2026-11-01)</small>', true],
    ['## <a name="1.2.3"></a>1.2.3', true],
    ['## Version 1.2.3 - 23 Sep 2022', true],
    ['## 2026-11-01 - Version 1.2.3', true],
    ['## 1.2.3 / 2026-11-01', true],
    ['## [1.2.3][link]', true],
    ['## *1.2.3*', true],
    ['## `v1.2.3`', true],
    ['## 1&#46;2&#46;3', true],
    ['## 1.2\\.3', true],
    ['## 1.2.*3*', true],
    ['## 1.2.<span>3</span>', true],
    ['## 1.2.3(2026)', true],
    ['## Release 1.2.3 — the big one', true],
    ['## 1.2.30', false],
    ['## 1.2.3-rc.1', false],
    ['## 1.2.3.1', false],
    ['## release-1.2.3', false],
    ['## [1.2.3](https://x/1.2.4) x', true],
    ['## 1.2.3rc4', false],
    ['## [1.2.4](https://x/1.2.3)', false],
  ])('%j names 1.2.3: %s', (heading, expected) => {
    expect(typeof cut(`${heading}\nnotes\n`)).toBe(expected ? 'string' : 'object');
  });

  it('takes the first heading whose version is the one to send', () => {
    expect(cut('## 1.2.3\nfirst\n## 1.2.3\nsecond')).toBe('first');
  });

  it('the version is the first token: a heading naming two versions belongs to the first', () => {
    expect(cut('## 1.2.4 (was 1.2.3)\nnew\n## 1.2.3\nold')).toBe('old');
  });

  it('a monorepo tag: compared without strip-tag-prefix', () => {
    const text = '# @scope/pkg\n\n## 1.2.3\n\n### Patch Changes\n\n- fix\n\n## 1.2.2\n\n- old\n';
    expect(cut(text, '@scope/pkg@1.2.3', '@scope/pkg@')).toBe('### Patch Changes\n\n- fix');
  });
});

describe('findSection: where the section ends (SPEC 7.2)', () => {
  it.each([
    ['a deeper patch heading', '## 1.2.3\nminor\n### 1.2.2\npatch', 'minor'],
    ['a shallower release heading', '### 1.2.3\npatch\n## 1.2.2\nminor', 'patch'],
    [
      'the Angular preset: # minor, ## patch',
      '# [1.2.3](u) (d)\n### Features\nx\n## [1.2.2](u)\ny',
      '### Features\nx',
    ],
    [
      'a same-level heading that is not a release stays in',
      '## 1.2.3\nnotes\n## New Contributors\n* @a\n## 1.2.2\nold',
      'notes\n## New Contributors\n* @a',
    ],
    [
      'BREAKING CHANGES at the same level stays in',
      '## 1.2.3\nnotes\n\n## BREAKING CHANGES\n\n* x\n\n# 1.2.2',
      'notes\n\n## BREAKING CHANGES\n\n* x',
    ],
    ['a higher-level heading ends it', '## 1.2.3\nnotes\n# Older releases\n## 1.2.2', 'notes'],
    ['Unreleased is a release heading', '### 1.2.3\nnotes\n## [Unreleased]\nnext', 'notes'],
    ['the end of the file', '# 1.2.3\n## Added\nx\n### more\ny', '## Added\nx\n### more\ny'],
    [
      'a deeper non-release heading stays in',
      '## 1.2.3\n### Added\nx\n#### more\ny\n## 1.2.2',
      '### Added\nx\n#### more\ny',
    ],
  ])('%s', (_, text, expected) => {
    expect(cut(text)).toBe(expected);
  });
});

describe('findSection: what stands at the end is left out (SPEC 7.2)', () => {
  it.each([
    [
      'trailing link definitions',
      '## 1.2.3\nnotes\n\n[1.2.3]: https://x\n[1.2.2]: https://y\n',
      'notes',
    ],
    [
      'an anchor of the next entry',
      '## 1.2.3\nnotes\n\n<a name="1.2.2"></a>\n## 1.2.2\nold',
      'notes',
    ],
    ['an anchor with id and quotes', "## 1.2.3\nnotes\n\n<a id='1.2.2'></a>\n# 1.2.2", 'notes'],
    ['an HTML comment', '## 1.2.3\nnotes\n\n<!-- CHANGELOG SPLIT MARKER -->\n\n## 1.2.2', 'notes'],
    ['a thematic break', '## 1.2.3\nnotes\n\n---\n\n## 1.2.2', 'notes'],
    [
      'all of them',
      '## 1.2.3\nnotes\n\n***\n<!-- x -->\n\n<a name="x"></a>\n\n[a]: b\n## 1.2.2',
      'notes',
    ],
    [
      'inner ones stay',
      '## 1.2.3\n- see [docs]\n\n[docs]: https://x/docs\n\n---\n\nmore\n\n[1.2.3]: https://x',
      '- see [docs]\n\n[docs]: https://x/docs\n\n---\n\nmore',
    ],
    ['leading blank lines and trailing spaces', '## 1.2.3\n\n\n  notes  \n\n\n## 1.2.2', '  notes'],
    ['a definition list alone is empty', '## 1.2.3\n\n[1.2.3]: https://x\n## 1.2.2\nold', ''],
  ])('%s', (_, text, expected) => {
    expect(cut(text)).toBe(expected);
  });
});

describe('findSection: the versions the file has, from release headings only', () => {
  it.each([
    [KEEP_A_CHANGELOG, ['1.2.30', '1.2.3', '1.2.3-rc.1', '1.2.2']],
    ['# Notes\n\nnothing', []],
    ['## Unreleased\n## Bug Fixes 2\n## 1.0.0\n## Thanks\n```\n## 9.9.9\n```\n', ['1.0.0']],
  ])('%#', (text, versions) => {
    expect(cut(text, '9.9.8')).toEqual({ kind: 'missing', versions });
  });
});

/** A whole text as LF lines, as `linesOf` reads a file. */
const normalise = (bytes: Uint8Array) => [...linesOf([bytes])].join('\n');

describe('normalise and linesOf', () => {
  it('drops a BOM and reads CRLF and CR as LF', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('## 1.2.3\r\n- a\r\n\r\n## 1.2.2\r- b\r\n'),
    ]);
    expect(normalise(bytes)).toBe('## 1.2.3\n- a\n\n## 1.2.2\n- b');
    expect(cut(normalise(bytes))).toBe('- a');
  });

  it('reads the same lines whatever the chunk boundaries (CRLF and UTF-8 split across chunks)', () => {
    const bytes = Buffer.from('\ufeff## 1.2.3 é\r\n- ü\r\n\r\n## 1.2.2\r- b\r\nlast');
    const whole = [...linesOf([bytes])];
    expect(whole).toEqual(['## 1.2.3 é', '- ü', '', '## 1.2.2', '- b', 'last']);
    for (let size = 1; size < 8; size++) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      );
      expect([...linesOf(chunks)]).toEqual(whole);
    }
  });

  it('reads a CR before a cut-off character at the end of the file as a line ending', () => {
    const ending = (tail: number[]) => [
      ...linesOf([Buffer.concat([Buffer.from('## 1.0.0\n- a'), Buffer.from(tail)])]),
    ];
    expect(ending([0x0d, 0xe2])).toEqual(['## 1.0.0', '- a', '\ufffd']);
    expect(ending([0x0a, 0x0d, 0xe2])).toEqual(['## 1.0.0', '- a', '', '\ufffd']);
  });
});

describe('sectionFromFile', () => {
  const files: Record<string, string | number> = {
    '/repo/CHANGELOG.md': KEEP_A_CHANGELOG,
    '/repo/docs/EMPTY.md': '## 1.2.3\n\n[1.2.3]: https://x\n## 1.2.2\n- b',
    '/abs/NOTES.md': PLAIN,
    '/repo/HUGE.md': 10 * 1024 * 1024 + 1,
    '/repo/LINKS.md': '## 1.2.3\n- see [docs](docs/a.md) and [#7]\n## 1.2.2\n[#7]: https://x/7\n',
    '/elsewhere/LINKS.md': '## 1.2.3\n- see [docs](docs/a.md)\n',
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
    chunks: (path) => [Buffer.from(String(files[path]))],
  };
  const links = githubAt('v1.2.3');

  it('reads a path relative to the workspace', () => {
    expect(
      sectionFromFile('CHANGELOG.md', '/repo', '1.2.3', '', { reader, words: ACTION_WORDS }),
    ).toEqual({
      name: '1.2.3',
      text: '### Added\n- Dark mode\n### Fixed\n- Crash on start',
      notes: [],
    });
  });

  it('reads an absolute path, and the tag form of the version', () => {
    expect(
      sectionFromFile('/abs/NOTES.md', '/repo', '1.2.3', 'v', { reader, words: ACTION_WORDS }),
    ).toMatchObject({
      name: 'v1.2.3',
      text: 'Plain notes.',
    });
  });

  it('appends the definitions it uses and resolves relative links, saying so', () => {
    expect(
      sectionFromFile('LINKS.md', '/repo', '1.2.3', '', { reader, links, words: ACTION_WORDS }),
    ).toEqual({
      name: '1.2.3',
      text: '- see [docs](https://github.com/o/r/blob/v1.2.3/docs/a.md) and [#7]\n\n[#7]: https://x/7',
      notes: [
        '1 link reference definition from elsewhere in LINKS.md appended to the section.',
        '1 relative link made absolute at https://github.com/o/r (v1.2.3).',
      ],
    });
  });

  it('leaves relative links as written with no web address, or outside the workspace, saying so', () => {
    expect(
      sectionFromFile('LINKS.md', '/repo', '1.2.3', '', { reader, words: ACTION_WORDS }).notes,
    ).toContain("1 relative link left as written: the repository's web address is not known.");
    const outside = sectionFromFile('/elsewhere/LINKS.md', '/repo', '1.2.3', '', {
      reader,
      links,
      words: ACTION_WORDS,
    });
    expect(outside.text).toBe('- see [docs](docs/a.md)');
    expect(outside.notes).toEqual([
      '1 relative link left as written: /elsewhere/LINKS.md is outside the workspace, so its place in the repository is not known.',
    ]);
  });

  it("takes the path under the CI's checkout, else under the workspace", () => {
    const text = '## 1.2.3\n- see [docs](docs/a.md)\n';
    const anywhere: FileReader = { size: () => text.length, chunks: () => [Buffer.from(text)] };
    const under = (workspace: string, checkout: string) =>
      sectionFromFile('C.md', workspace, '1.2.3', '', {
        reader: anywhere,
        links: { ...links, checkout },
        words: ACTION_WORDS,
      }).text;
    expect(under('/builds/asset/pkg', '/builds/asset')).toBe(
      '- see [docs](https://github.com/o/r/blob/v1.2.3/pkg/docs/a.md)',
    );
    expect(under('/builds/asset/pkg', '/elsewhere')).toBe(
      '- see [docs](https://github.com/o/r/blob/v1.2.3/docs/a.md)',
    );
  });

  it('refuses a missing file, naming the resolved path', () => {
    const read = () =>
      sectionFromFile('CHANGES.md', '/repo', '1.2.3', '', { reader, words: ACTION_WORDS });
    expect(read).toThrow(InputError);
    expect(read).toThrow('/repo/CHANGES.md');
  });

  it('refuses a file over 10 MiB', () => {
    expect(() =>
      sectionFromFile('HUGE.md', '/repo', '1.2.3', '', { reader, words: ACTION_WORDS }),
    ).toThrow('10 MiB');
  });

  it('names the file, the version and up to five versions it has when the section is missing', () => {
    const many = `## Unreleased\n\n${Array.from({ length: 7 }, (_, i) => `## 0.${i}.0\n- x\n`).join('\n')}`;
    const manyReader: FileReader = { size: () => many.length, chunks: () => [Buffer.from(many)] };
    const error = (() => {
      try {
        sectionFromFile('CHANGELOG.md', '/repo', '1.2.3', '', {
          reader: manyReader,
          words: ACTION_WORDS,
        });
      } catch (caught) {
        return caught as ResolveError;
      }
    })();
    expect(error).toBeInstanceOf(ResolveError);
    expect(error?.title).toBe('No section for 1.2.3 in CHANGELOG.md');
    expect(error?.message).toContain('CHANGELOG.md has no section for version 1.2.3');
    expect(error?.message).toContain('0.0.0, 0.1.0, 0.2.0, 0.3.0, 0.4.0 and 2 more');
  });

  it('refuses an empty section (link definitions alone are empty)', () => {
    expect(() =>
      sectionFromFile('docs/EMPTY.md', '/repo', '1.2.3', '', { reader, words: ACTION_WORDS }),
    ).toThrow('The section for version 1.2.3 in docs/EMPTY.md is empty');
  });
});

describe("the file's place in the repository, where its relative links resolve", () => {
  const text = '## 1.2.3\n- see [docs](docs/a.md)\n';
  const anywhere: FileReader = { size: () => text.length, chunks: () => [Buffer.from(text)] };
  it.each([
    ['/repo/CHANGELOG.md', 'docs/a.md'],
    ['/repo/packages/ui/CHANGELOG.md', 'packages/ui/docs/a.md'],
    ['/elsewhere/CHANGELOG.md', undefined],
    ['/repo', undefined],
    ['/repository/CHANGELOG.md', undefined],
  ])('%s', (path, expected) => {
    const section = sectionFromFile(path, '/repo', '1.2.3', '', {
      reader: anywhere,
      links: githubAt('v1.2.3'),
      words: ACTION_WORDS,
    });
    expect(section.text).toBe(
      expected === undefined
        ? '- see [docs](docs/a.md)'
        : `- see [docs](https://github.com/o/r/blob/v1.2.3/${expected})`,
    );
  });
});

describe('the file on disk', () => {
  it('is read when it is a file, refused when missing or a folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lad-changelog-'));
    writeFileSync(join(dir, 'CHANGELOG.md'), '## 1.0.0\n- x\n');
    for (const file of [dir, join(dir, 'missing.md')]) {
      expect(() => sectionFromFile(file, dir, '1.0.0', '', { words: ACTION_WORDS })).toThrow(
        InputError,
      );
    }
    expect(
      sectionFromFile('CHANGELOG.md', dir, '1.0.0', '', { words: ACTION_WORDS }),
    ).toMatchObject({ text: '- x' });
  });
});

describe('mayNeedLinks: the link parser is loaded only for a section with references or relative links', () => {
  it.each([
    ['* fix ([#12](https://x/12)) ([abc](https://x/c/abc))', false],
    ['- plain notes', false],
    ['see [mail](mailto:a@b.example) and [//cdn](//cdn.example/x)', false],
    ['see [#12]', true],
    ['see [a][b]', true],
    ['see [a][]', true],
    ['[a]: https://x', true],
    ['see [docs](docs/a.md)', true],
    ['see ![shot](./img.png)', true],
    ['see [usage](#usage)', true],
    ['see [a]( <docs/a b.md>)', true],
  ])('%j: %s', (text, expected) => {
    expect(mayNeedLinks(text)).toBe(expected);
  });
});

describe('sectionFromFile resolves and appends', () => {
  const text =
    '## 1.2.3\n- see [docs](docs/a.md) and [#7]\n- fix ([#8](https://x/8))\n## 1.2.2\n[#7]: https://x/7\n';
  const reader: FileReader = { size: () => text.length, chunks: () => [Buffer.from(text)] };
  it('a relative link and a definition from after the section', () => {
    expect(
      sectionFromFile('C.md', '/repo', '1.2.3', '', {
        reader,
        links: githubAt('abc'),
        words: ACTION_WORDS,
      }).text,
    ).toBe(
      '- see [docs](https://github.com/o/r/blob/abc/docs/a.md) and [#7]\n- fix ([#8](https://x/8))\n\n[#7]: https://x/7',
    );
  });
});

describe('the cost: the file is read only as far as the section needs (SPEC 7.2)', () => {
  /** A file whose chunks after the first `allowed` fail the test when read. */
  function reader(chunks: string[], allowed: number): FileReader {
    return {
      size: () => chunks.join('').length,
      chunks: function* () {
        for (const [index, chunk] of chunks.entries()) {
          if (index >= allowed) throw new Error(`read chunk ${index + 1}, past the section`);
          yield Buffer.from(chunk);
        }
      },
    };
  }
  const rest = ['## 1.2.1\n- older\n', '## 1.2.0\n- oldest\n\n[#7]: https://x/7\n'];

  // The parser reads a window at least past the section's end: the chunk holds more than that.
  const older = `- old ${'x'.repeat(2 * 4096)}\n`;
  it.each([
    [
      'the newest release stops at the next release heading',
      `## 1.2.3\n- new\n## 1.2.2\n${older}`,
      1,
      '- new',
    ],
    [
      'a label defined nowhere before reads on to find it',
      `## 1.2.3\n- fix [#7]\n## 1.2.2\n${older}`,
      3,
      '- fix [#7]\n\n[#7]: https://x/7',
    ],
  ])('%s', (_, first, allowed, expected) => {
    const files = reader([first, ...rest], allowed);
    expect(
      sectionFromFile('C.md', '/repo', '1.2.3', '', { reader: files, words: ACTION_WORDS }).text,
    ).toBe(expected);
  });
});

describe('the file is let go of once the section is complete', () => {
  it.each([
    ['found', '## 1.2.3\n- new\n## 1.2.2\n- old\n'],
    ['missing', '## 1.2.2\n- old\n'],
    ['empty', '## 1.2.3\n## 1.2.2\n- old\n'],
  ])('%s', (_, text) => {
    let closed = false;
    const files: FileReader = {
      size: () => text.length,
      chunks: function* () {
        try {
          yield Buffer.from(text);
          yield Buffer.from('## 1.2.1\n- older\n');
        } finally {
          closed = true;
        }
      },
    };
    try {
      sectionFromFile('C.md', '/repo', '1.2.3', '', { reader: files, words: ACTION_WORDS });
    } catch {
      // The missing section's error is tested above.
    }
    expect(closed).toBe(true);
  });
});
