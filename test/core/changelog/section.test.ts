import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { findSection } from '../../../src/core/changelog/section.js';
import { runs } from '../../support/property-runs.js';

/** The section in `text`, read line by line in windows of `window` characters. */
const find = (text: string, wanted: readonly string[] = ['1.0.0'], window = 8) => {
  const { definitions: _, ...result } = findSection(text.split('\n').values(), wanted, window);
  return { result };
};

const textOf = (text: string, wanted?: string[]) => {
  const { result } = find(text, wanted);
  return result.kind === 'found' ? result.text : undefined;
};

describe('findSection: the section under a release heading', () => {
  it.each([
    ['up to the next release heading', '## 1.0.0\nnotes\n## 0.9.0\nold', 'notes'],
    ['to the end of the file', '## 1.0.0\nnotes', 'notes'],
    ['after a title and intro', '# Changelog\n\nIntro\n\n\n## 1.0.0\n\nnotes\n\n## 0.9.0', 'notes'],
    ['leading blank lines with spaces dropped', '## 1.0.0\n   \n\t\nnotes\n## 0.9.0', 'notes'],
    ['a thematic break at its end left out', '## 1.0.0\nnotes\n\n---\n\n## 0.9.0\nold', 'notes'],
    ['a thematic break inside kept', '## 1.0.0\na\n\n***\n\nb\n## 0.9.0', 'a\n\n***\n\nb'],
    [
      'an anchor split over lines at its end left out',
      '## 1.0.0\nnotes\n\n<a\nname="v0.9.0"></a>\n## 0.9.0\nold',
      'notes',
    ],
    ['a comment at its end left out', '## 1.0.0\nnotes\n\n<!--\nnext\n-->\n## 0.9.0', 'notes'],
    ['a heading of a higher level ends it', '## 1.0.0\nnotes\n# Other 2\nmore', 'notes'],
    ['a higher heading without a digit ends it', '## 1.0.0\nnotes\n# Other\nmore', 'notes'],
    [
      'a deeper heading that is no release stays',
      '## 1.0.0\n### Fixes 2\n- a\n## 0.9.0',
      '### Fixes 2\n- a',
    ],
    ['a deeper release heading ends it', '## 1.0.0\nnotes\n### 0.9.1\npatch', 'notes'],
    ['the next heading as the last line', '## 1.0.0\nnotes\n## 0.9.0', 'notes'],
    ['the next heading and one line', '## 1.0.0\nnotes\n## 0.9.0\n## 0.8.0', 'notes'],
    [
      'an empty section after many lines',
      '# Changelog\n\na\n\nb\n\nc\n\n## 1.0.0\n<!-- none -->\n\n## 0.9.0\n- x\n- y\n- z',
      '',
    ],
    [
      'an empty section of comments longer than what stands before it',
      'a\n\n## 1.0.0\n<!-- a -->\n\n<!-- b -->\n\n<!-- c -->\n\n---\n## 0.9.0',
      '',
    ],
    ['an empty section at the end', 'a\n\nb\n\nc\n\n## 1.0.0\n\n---', ''],
    ['a heading with an entity', '## 1&#46;0&#46;0\nnotes\n## 0.9.0', 'notes'],
    ['a heading with markup', '## *1.0.0*\nnotes\n## 0.9.0', 'notes'],
    ['a heading after an open paragraph', 'intro\n## 1.0.0\nnotes\n## 0.9.0', 'notes'],
    // Found after parts that are only skimmed: what they hold is no heading, or no release's.
    [
      'after a fence holding its heading',
      '## 2.0.0\n```\n## 1.0.0\nfake\n```\n## 1.0.0\nnotes\n## 0.9.0',
      'notes',
    ],
    [
      'after an HTML block holding its heading',
      '<details>\n## 1.0.0 in html\n</details>\n\n<!--\n\n## 1.0.0\n\n-->\n## 1.0.0\nnotes',
      'notes',
    ],
    [
      'after a list and a quote holding its heading',
      '- ## 1.0.0\n  fake\n\n> ## 1.0.0\n> fake\n\n## 1.0.0\nnotes\n## 0.9.0',
      'notes',
    ],
    [
      'a setext heading after paragraphs',
      'intro\n\n1.0.0\n=====\nnotes\n\n0.9.0\n---\nold',
      'notes',
    ],
    ['a paragraph over a dash line is a heading', 'a\n---\n1.0.0\n---\nnotes\n## 0.9.0', 'notes'],
    [
      'a definition is no paragraph: the line under it is no heading',
      '[1.0.0]: /x\n===\n## 1.0.0\nnotes\n\n[a]: /y\n## 0.9.0',
      'notes',
    ],
    [
      'a paragraph before a definition-like line keeps it',
      'text\n[a]: /x\n---\n## 1.0.0\nnotes\n\n## 0.9.0',
      'notes',
    ],
  ])('%s', (_, text, expected) => {
    expect(textOf(text)).toBe(expected);
    // A window larger than the file: read whole at its end, the same section.
    expect(find(text, ['1.0.0'], 1 << 20).result).toEqual(find(text).result);
  });

  it.each([
    ['no heading', 'just text', []],
    ['others only', '## 2.0.0\na\n## [1.1.0] - 2024-01-01\nb', ['2.0.0', '1.1.0']],
    ['Unreleased is no version', '## Unreleased\na\n## 0.1.0', ['0.1.0']],
  ])('missing, every heading read for the error message: %s', (_, text, versions) => {
    expect(find(text, []).result).toEqual({ kind: 'missing', versions });
  });

  it.each([
    ['others only', '## 2.0.0\na\n## [1.1.0] - 2024-01-01\nb', ['2.0.0', '1.1.0']],
    ['Unreleased is no version', '## Unreleased\na\n## *0.1.0*\n## 1.0.0.1', ['0.1.0', '1.0.0.1']],
    ['no release heading', '## Bug Fixes\ntext', []],
  ])(
    'missing while seeking, the same pass gives the versions the file has: %s',
    (_, text, versions) => {
      expect(find(text).result).toEqual({ kind: 'missing', versions });
    },
  );

  it('names the version as the heading writes it', () => {
    expect(find('## [v1.0.0] - 2024\nnotes').result).toMatchObject({
      kind: 'found',
      name: 'v1.0.0',
    });
  });

  it('reads no line past the one that completes the section', () => {
    // A window of one character: the blocks are final as soon as the next one begins.
    const lines = ['## 1.0.0', 'notes', '## 0.9.0', 'old', '## 0.8.0', 'older', '', '## 0.7.0'];
    const rest = lines.values();
    expect(findSection(rest, ['1.0.0'], 1)).toMatchObject({ kind: 'found', text: 'notes' });
    expect([...rest]).toEqual(lines.slice(4));
  });

  it('reads on while the section runs to the end of the file', () => {
    const rest = ['## 1.0.0', 'notes', '', 'more'].values();
    expect(findSection(rest, ['1.0.0'], 8)).toMatchObject({ kind: 'found', text: 'notes\n\nmore' });
    expect([...rest]).toEqual([]);
  });

  it('the references hold those before the end of the section', () => {
    const { result } = find(
      '[a]: https://a\n## 1.0.0\n[b]: https://b\n\nnotes\n## 0.9.0\n[c]: https://c\n\n[d]: https://d',
    );
    expect(result.kind === 'found' && [...result.references.keys()]).toEqual(
      expect.arrayContaining(['A', 'B']),
    );
  });
});

// What stands at the end is told by module patterns, read once when the module loads. Each test
// loads it afresh, so a mutation run, which runs only the tests that evaluated a mutant, runs these
// against it.
async function freshFindSection() {
  vi.resetModules();
  return (await import('../../../src/core/changelog/section.js')).findSection;
}

describe('findSection: what stands at its end but belongs to the next entry', () => {
  /** The section's text when `source` stands at its end. */
  const endingWith = async (source: string) => {
    const fresh = await freshFindSection();
    const found = fresh(
      `## 1.0.0\nnotes\n\n${source}\n\n## 0.9.0`.split('\n').values(),
      ['1.0.0'],
      8,
    );
    return found.kind === 'found' ? found.text : undefined;
  };
  it.each([
    ['', true],
    ['<!-- comment -->', true],
    ['<!--c-->', true],
    ['<!-- a --><!-- b -->', true],
    ['<!--\nmulti\nline\n-->', true],
    ['<a name="xy">', true],
    ['<a name="xy"></a>', true],
    ['<a name="xy"> </a>', true],
    ['<a  name="xy"></a>', true],
    ['<a\tid="xy"/>', true],
    ['<a name = "xy" />', true],
    ['<a name= "xy">', true],
    ["<a id='xy'></a>", true],
    ['<a name="x y"></a>', true],
    ["<a id='x y'></a>", true],
    ['<a name="x>y"></a>', true],
    ['<a name=xy></a>', true],
    ['<A NAME="xy"></A>', true],
    ['<!-- c -->\n<a name="xy"></a>\n', true],
    ['<a name="xy"></a>\n<!-- c -->', true],
    ['<a name="x"></a><a name="y"></a>', true],
    ['x', false],
    ['x <!-- c -->', false],
    ['<!-- c --> x', false],
    ['<a name="xy">text</a>', false],
    ['<a href="xy"></a>', false],
    ['<aname="xy">', false],
    ['<a name>', false],
  ])('%j: %s', async (source, trailing) => {
    expect(await endingWith(source)).toBe(trailing ? 'notes' : `notes\n\n${source.trimEnd()}`);
    // After text on the same block's lines: a paragraph.
    expect(await endingWith(`[a]: /a\n${source}`)).toBe(
      trailing ? 'notes' : `notes\n\n[a]: /a\n${source.trimEnd()}`,
    );
  });

  it.each([
    ['a thematic break', '***', true],
    ['a list of a comment', '- <!-- c -->', false],
    ['a heading without a version', '#### Notes', false],
    ['a fence of a comment', '```\n<!-- c -->\n```', false],
    ['an indented code block of a comment', '    <!-- c -->', false],
    ['a quote of an anchor', '> <a name="xy"></a>', false],
  ])('%s', async (_, source, trailing) => {
    expect(await endingWith(source)).toBe(trailing ? 'notes' : `notes\n\n${source}`);
  });
});

describe('findSection: any window finds what the whole file read at once finds', () => {
  const line = fc.constantFrom(
    '',
    '# Changelog',
    '## 1.0.0',
    '## [1.0.0](https://x/1.0.0) (2026-01-01)',
    '### 0.9.1',
    '## 0.9.0',
    '### Bug Fixes',
    '1.0.0',
    '===',
    '---',
    '- fix',
    'text',
    '```',
    '<!--',
    '-->',
    '<a name="0.9.0"></a>',
    '[1.0.0]: https://x',
  );
  it('the same section, or the same versions when there is none', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        fc.integer({ min: 1, max: 64 }),
        fc.constantFrom(['1.0.0'], ['0.9.1'], []),
        (lines, window, wanted) => {
          const text = lines.join('\n');
          // The definitions are those read so far: a small window may stop sooner.
          const { references: _, ...windowed } = {
            references: {},
            ...find(text, wanted, window).result,
          };
          const { references: __, ...whole } = {
            references: {},
            ...find(text, wanted, 1 << 30).result,
          };
          expect(windowed).toEqual(whole);
        },
      ),
      { numRuns: runs(300) },
    );
  });
});
