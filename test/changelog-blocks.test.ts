import { describe, expect, it } from 'vitest';
import { BlockStream, type TopBlock } from '../src/core/changelog-blocks.js';

/**
 * Feeds the lines and a heading that closes them (the parser's own end takes the definitions of the
 * blocks still open); the blocks closed before it as `type first-last`, and the stream.
 */
function feed(lines: string[]) {
  const stream = new BlockStream();
  const closed: TopBlock[] = [];
  for (const line of [...lines, '', '# End']) closed.push(...stream.push(line));
  return { stream, blocks: closed.map((b) => `${b.node.type} ${b.first}-${b.last}`), closed };
}

describe('BlockStream: the top-level blocks and their lines', () => {
  it.each([
    ['a heading and a paragraph', ['# A', 'text', 'more'], ['heading 1-1', 'paragraph 2-3']],
    [
      'definitions first: the paragraph starts after them',
      ['[a]: /x', '[b]:', '/y', 'text'],
      ['paragraph 4-4'],
    ],
    ['a paragraph of definitions only is taken whole', ['[a]: /x', '', '# B'], ['heading 3-3']],
    ['text before a definition keeps it text', ['text', '[a]: /x'], ['paragraph 1-2']],
    ['a heading is not a definition', ['# [a]: /x'], ['heading 1-1']],
    ['a list whose item holds only a definition stays', ['- [a]: /x', '- b'], ['list 1-2']],
    ['a quote of definitions', ['> [a]: /x', '> text'], ['block_quote 1-2']],
  ])('%s', (_, lines, blocks) => {
    expect(feed(lines).blocks).toEqual(blocks);
  });

  it('takes the definitions, not the heading text', () => {
    expect(
      Object.keys(feed(['# [h]: /h', '[a]: /x', 'text', '', '- [b]: /y']).stream.references).sort(),
    ).toEqual(['A', 'B']);
  });

  it('the emptied paragraph leaves the list item', () => {
    const { closed } = feed(['- [a]: /x', '- b']);
    const item = closed[0]?.node.firstChild;
    expect(item?.type).toBe('item');
    expect(item?.firstChild).toBeNull();
  });

  it('openFrom: the first line of the block still open, and lines fed', () => {
    const stream = new BlockStream();
    expect(stream.openFrom).toBeUndefined();
    stream.push('# A');
    expect(stream.openFrom).toBe(1);
    stream.push('text');
    stream.push('more');
    expect(stream.openFrom).toBe(2);
    expect(stream.lines).toBe(3);
    stream.push('');
    expect(stream.openFrom).toBeUndefined();
  });
});
