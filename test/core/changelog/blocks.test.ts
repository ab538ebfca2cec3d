import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { markdownEvents } from '../../../src/core/changelog/markdown.js';
import { BLOCKS_ONLY, findSection } from '../../../src/core/changelog/section.js';
import { runs } from '../../support/property-runs.js';

/** The section for `wanted` in `lines`, read in windows of `window` characters, and the definitions of `labels`. */
function read(lines: string[], wanted: readonly string[], window: number, labels = ['A', 'B']) {
  const {
    definitions,
    references: _,
    ...result
  } = {
    references: {},
    ...findSection(lines.values(), wanted, window),
  };
  return { result, definitions: [...definitions(new Set(labels))] };
}
// The blocks are told by module constants, read once when the module loads. Each test below loads
// it afresh, so a mutation run, which runs only the tests that evaluated a mutant, runs them against it.
async function fresh() {
  vi.resetModules();
  return {
    ...(await import('../../../src/core/changelog/section.js')),
    ...(await import('../../../src/core/changelog/markdown.js')),
  };
}

describe('findSection: the top-level blocks, their levels and lines', () => {
  it.each([
    ['a setext === heading is of level 1', '## 1.0.0\nnotes\n\nOther\n===\nmore', 'notes'],
    ['a setext --- heading is of level 2', '### 1.0.0\nnotes\n\nOther\n---\nmore', 'notes'],
    [
      'a setext --- heading under a level-2 release stays',
      '## 1.0.0\nnotes\n\nOther\n---\nmore',
      'notes\n\nOther\n---\nmore',
    ],
    ['an ATX level is its opening sequence', '## 1.0.0\nnotes\n  # Other ##\nmore', 'notes'],
    ['a deeper ATX heading stays', '# 1.0.0\nnotes\n## Other #\nmore', 'notes\n## Other #\nmore'],
    [
      'definitions before a paragraph are part of it',
      '## 1.0.0\n[a]: /x\n[b]:\n/y\ntext\n\n## 0.9.0',
      '[a]: /x\n[b]:\n/y\ntext',
    ],
    ['a paragraph of definitions at its end is left out', '## 1.0.0\nnotes\n\n[a]: /x\n', 'notes'],
    [
      'a list holding a definition stays',
      '## 1.0.0\nnotes\n\n- [a]: /x\n- b',
      'notes\n\n- [a]: /x\n- b',
    ],
    [
      'a setext line with trailing spaces keeps its level',
      '## 1.0.0\nnotes\n\nOther\n===  \nmore',
      'notes',
    ],
    [
      'a setext heading inside a list stays',
      '## 1.0.0\nnotes\n\n- Other\n  ===\n- more',
      'notes\n\n- Other\n  ===\n- more',
    ],
    [
      'a paragraph inside a quote is no paragraph of the section',
      '## 1.0.0\nnotes\n\n> <!-- c -->\n>\n> text',
      'notes\n\n> <!-- c -->\n>\n> text',
    ],
  ])('%s', async (_, text, expected) => {
    const { findSection } = await fresh();
    for (const window of [1, 8, 1 << 20]) {
      expect(findSection(text.split('\n').values(), ['1.0.0'], window)).toMatchObject({
        text: expected,
      });
    }
  });
});

describe('findSection: the windows and the definitions of the final blocks', () => {
  it('takes the definitions of the final blocks, not the heading text; the first wins', () => {
    const lines = ['# [h]: /h', '[a]: /x', 'text', '', '- [b]: /y', '', '[a]: /z'];
    expect(read(lines, [], 8, ['A', 'B', 'H']).definitions).toEqual([
      ['A', { destination: '/x', title: '' }],
      ['B', { destination: '/y', title: '' }],
    ]);
  });

  it('decodes escapes and entities in destinations and titles', () => {
    expect(read(['[a]: <a b\\>c&amp;> "t &quot;\\*"'], [], 8).definitions).toEqual([
      ['A', { destination: 'a b>c&', title: 't "*' }],
    ]);
  });

  it('a block is final only once the next one begins: a paragraph cut by a window is read whole', () => {
    const lines = [
      '## 1.0.0',
      'text',
      'more text',
      'and more',
      '',
      '## 0.9.0',
      'x'.repeat(100),
      '# C',
    ];
    const rest = lines.values();
    expect(findSection(rest, ['1.0.0'], 8)).toMatchObject({ text: 'text\nmore text\nand more' });
    expect([...rest]).toEqual(['# C']);
  });

  it('a window of one block grows until another begins', () => {
    const notes = Array.from({ length: 50 }, (_, line) => `line ${line + 1}`);
    const lines = ['## 1.0.0', ...notes, '## 0.9.0', 'old'];
    expect(read(lines, ['1.0.0'], 8).result).toMatchObject({ text: notes.join('\n') });
  });
});

describe('windows: any window reads what the whole file read at once reads', () => {
  // Lines that open, continue and close every kind of block a changelog holds.
  const line = fc.constantFrom(
    '',
    '   ',
    '# 1.2.3',
    '## [1.2.2] - 2026-01-01',
    '===',
    '---',
    '***',
    'text',
    '  more text',
    '- item',
    '  continued',
    '1. first',
    '> quote',
    '```',
    '~~~ js',
    '    code',
    '<!--',
    '-->',
    '<details>',
    '[a]: https://x/a',
    '[b]:',
    '  /b "title"',
    '<a name="1.2.2"></a>',
  );
  it('the same section or release headings, and the same definitions', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        fc.integer({ min: 1, max: 64 }),
        fc.constantFrom([], ['1.2.3'], ['1.2.2']),
        (lines, window, wanted) => {
          expect(read(lines, wanted, window)).toEqual(read(lines, wanted, 1 << 30));
        },
      ),
      { numRuns: runs(300) },
    );
  });
});

describe('the windows read the block structure a full CommonMark parse reads', () => {
  // Tokens whose insides are inline content (or a string): the windows do not read those.
  const INLINE = new Set([
    'paragraph',
    'atxHeadingText',
    'setextHeadingText',
    'definitionLabelString',
    'definitionDestinationString',
    'definitionTitleString',
    'codeFencedFenceInfo',
    'codeFencedFenceMeta',
  ]);
  /** Every token outside inline content, with its place: the blocks, containers and definitions. */
  function structure(text: string, skim: boolean): string[] {
    const tokens: string[] = [];
    let inside = 0;
    for (const [kind, token] of markdownEvents(text, [], skim ? [BLOCKS_ONLY] : [])) {
      if (kind === 'exit' && INLINE.has(token.type)) inside -= 1;
      if (inside === 0) {
        tokens.push(`${kind} ${token.type} ${token.start.offset}-${token.end.offset}`);
      }
      if (kind === 'enter' && INLINE.has(token.type)) inside += 1;
    }
    return tokens;
  }

  it('reads a paragraph as one token, and a definition before it as micromark does', async () => {
    const { BLOCKS_ONLY, markdownEvents } = await fresh();
    const text = '[a]: /x "t"\ntext *em* [a]\nmore';
    expect(structure(text, true)).toEqual(structure(text, false));
    const paragraph = markdownEvents(text, [], [BLOCKS_ONLY]).filter(
      ([kind, token]) => kind === 'enter' && token.type === 'paragraph',
    );
    expect(paragraph.map(([, t]) => [t.start.line, t.end.line, t.end.offset])).toEqual([
      [2, 3, text.length],
    ]);
    // Its text is not read: a data token per line, each with its line ending, tabs and all.
    const tabbed = 'a\tb *c*\n\td `e`\nf';
    const inner = markdownEvents(tabbed, [], [BLOCKS_ONLY]).filter(
      ([kind, token]) => kind === 'enter' && token.start.offset >= 0 && token.type !== 'content',
    );
    expect(inner.map(([, t]) => `${t.type} ${t.start.offset}-${t.end.offset}`)).toEqual([
      'paragraph 0-16',
      'data 0-8',
      'data 8-15',
      'data 15-16',
    ]);
  });

  const line = fc.constantFrom(
    '',
    '  ',
    '# [1.2.3](https://x/c) (2026-01-01)',
    '## *1.2.2* `x`',
    'Title <span>1.2.1</span>',
    '===',
    '---',
    '- - -',
    'text with *emphasis*, `code`, <b>html</b> and [a link](x)',
    'a \\',
    '&amp; &#35; [a] [b][a] ![i](y)',
    '  more',
    '- item',
    '  - nested',
    '1. first',
    '> quote',
    '> # 1.0.0',
    '```',
    '``` js `x`',
    '~~~',
    '    code',
    '<!--',
    '-->',
    '<div>',
    '</div>',
    '[a]: https://x/a',
    '[b]:',
    '  /b "title',
    '  more"',
    '[c]: <d\\>e> "t\\"t"',
    '[not a definition',
    '- [d]: /d',
    '> [e]: /e',
    '<a name="1.2.2"></a>',
  );
  it('the same tokens outside inline content, for every text', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const text = lines.join('\n');
        expect(structure(text, true)).toEqual(structure(text, false));
      }),
      { numRuns: runs(500) },
    );
  });
});
