import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCKS_ONLY, BlockStream, type TopBlock } from '../../../src/core/changelog/blocks.js';
import { markdownEvents } from '../../../src/core/changelog/markdown.js';
import { runs } from '../../support/property-runs.js';

/** Feeds the lines, then ends the document: the blocks as `type first-last`, and the stream. */
function feed(lines: string[], window?: number) {
  const stream = new BlockStream(window);
  const closed: TopBlock[] = [];
  for (const line of lines) closed.push(...stream.push(line));
  closed.push(...stream.end());
  return { stream, blocks: closed.map((b) => `${b.type} ${b.first}-${b.last}`), closed };
}

describe('BlockStream: the top-level blocks and their lines', () => {
  const cases: [string, string[], string[]][] = [
    ['a heading and a paragraph', ['# A', 'text', 'more'], ['atxHeading 1-1', 'content 2-3']],
    [
      'definitions first: the paragraph starts after them',
      ['[a]: /x', '[b]:', '/y', 'text'],
      ['content 4-4'],
    ],
    ['a paragraph of definitions only is no block', ['[a]: /x', '', '# B'], ['atxHeading 3-3']],
    ['text before a definition keeps it text', ['text', '[a]: /x'], ['content 1-2']],
    ['a heading is not a definition', ['# [a]: /x'], ['atxHeading 1-1']],
    [
      'a list whose item holds only a definition stays',
      ['- [a]: /x', '- b'],
      ['listUnordered 1-2'],
    ],
    ['a quote of definitions', ['> [a]: /x', '> text'], ['blockQuote 1-2']],
    ['a setext heading', ['Title', '===', 'text'], ['setextHeading 1-2', 'content 3-3']],
    [
      'no heading inside a fence',
      ['```', '# A', '```', '# B'],
      ['codeFenced 1-3', 'atxHeading 4-4'],
    ],
    [
      'no heading inside a comment',
      ['<!--', '', '# A', '-->', '# B'],
      ['htmlFlow 1-4', 'atxHeading 5-5'],
    ],
    [
      'blank lines belong to no block',
      ['', '# A', '', '', 'b', ''],
      ['atxHeading 2-2', 'content 5-5'],
    ],
  ];
  // Every window size reads the same blocks: a block cut by a window's end is read again whole.
  it.each(
    cases.flatMap(([name, lines, blocks]) =>
      [1, 8, 1024].map((w) => [`${name} (window ${w})`, lines, blocks, w] as const),
    ),
  )('%s', (_, lines, blocks, window) => {
    expect(feed([...lines], window).blocks).toEqual(blocks);
  });

  it('a heading has its level and its lines as written', () => {
    const { closed } = feed(['  ## A ##', 'B', '---', 'x'], 4);
    expect(closed.slice(0, 2)).toEqual([
      { type: 'atxHeading', first: 1, last: 1, level: 2, source: '  ## A ##' },
      { type: 'setextHeading', first: 2, last: 3, level: 2, source: 'B\n---' },
    ]);
    expect(feed(['A', '=', 'x']).closed[0]).toMatchObject({ level: 1 });
  });

  it('takes the definitions of the final blocks, not the heading text; the first wins', () => {
    const { stream } = feed(['# [h]: /h', '[a]: /x', 'text', '', '- [b]: /y', '', '[a]: /z']);
    expect([...stream.references]).toEqual([
      ['A', { destination: '/x', title: '' }],
      ['B', { destination: '/y', title: '' }],
    ]);
  });

  it('decodes escapes and entities in destinations and titles', () => {
    const { stream } = feed(['[a]: <a b\\>c&amp;> "t &quot;\\*"']);
    expect(stream.references.get('A')).toEqual({ destination: 'a b>c&', title: 't "*' });
  });

  it('a block is final only once the next one begins; a window starts at its last block', () => {
    const stream = new BlockStream(8);
    const lines = ['# A', 'text', 'more text', 'and more', '', '# B', 'x'.repeat(100), '', '# C'];
    const seen = lines.map((line) => ({ blocks: stream.push(line), openFrom: stream.openFrom }));
    const final = (first: number) =>
      seen.findIndex((step) => step.blocks.some((block) => block.first === first));
    // The paragraph (lines 2 to 4) is final once `# B` (line 6) is read, and not before.
    expect(final(2)).toBeGreaterThanOrEqual(5);
    for (const step of seen.slice(1, 5)) expect(step.openFrom).toBeLessThanOrEqual(2);
    const all = [...seen.flatMap((step) => step.blocks), ...stream.end()];
    expect(all.map((b) => `${b.type} ${b.first}-${b.last}`)).toEqual([
      'atxHeading 1-1',
      'content 2-4',
      'atxHeading 6-6',
      'content 7-7',
      'atxHeading 9-9',
    ]);
  });

  it('a window of one block grows until another begins', () => {
    const stream = new BlockStream(8);
    for (let line = 1; line <= 50; line++) expect(stream.push(`line ${line}`)).toEqual([]);
    expect(stream.push('# B')).toEqual([]);
    expect(stream.end()).toEqual([
      { type: 'content', first: 1, last: 50 },
      { type: 'atxHeading', first: 51, last: 51, level: 1, source: '# B' },
    ]);
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
  it('the same blocks, lines and definitions', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        fc.integer({ min: 1, max: 64 }),
        (lines, window) => {
          const whole = feed(lines, 1 << 30);
          const windowed = feed(lines, window);
          expect(windowed.closed).toEqual(whole.closed);
          expect([...windowed.stream.references]).toEqual([...whole.stream.references]);
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

  it('reads a paragraph as one token, and a definition before it as micromark does', () => {
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
