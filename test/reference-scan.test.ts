import { describe, expect, it } from 'vitest';
import { laterDefinitions, parseDefinitionLine } from '../src/core/reference-scan.js';

const scan = (text: string, labels = ['A']) =>
  Object.fromEntries(laterDefinitions(text.split('\n'), new Set(labels)));

describe('laterDefinitions: a cheap line scan that follows the block structure', () => {
  it.each([
    ['a definition', '[a]: https://x/a', { A: { destination: 'https://x/a', title: '' } }],
    [
      'after a blank line',
      'text\n\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'after another definition',
      '[b]: https://x/b\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'after a heading',
      '## 1.0.0\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'the first of two wins',
      '[a]: https://x/1\n[a]: https://x/2',
      { A: { destination: 'https://x/1', title: '' } },
    ],
    ['inside a fenced block: none', '```\n[a]: https://x/a\n```', {}],
    [
      'inside a longer fence that a short one does not close',
      '````\n```\n[a]: https://x/a\n````',
      {},
    ],
    ['inside a tilde fence: none', '~~~\n[a]: https://x/a\n~~~', {}],
    [
      'after a fence closes',
      '```\ncode\n```\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['inside an HTML comment: none', '<!--\n[a]: https://x/a\n-->', {}],
    [
      'after a one-line comment',
      '<!-- x -->\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['continuing a paragraph: none', 'some text\n[a]: https://x/a', {}],
    ['indented four spaces: none', '    [a]: https://x/a', {}],
    ['another label: none', '[b]: https://x/b', {}],
  ])('%s', (_, text, expected) => {
    expect(scan(text)).toEqual(expected);
  });

  it('stops once every label is found', () => {
    const lines = function* () {
      yield '[a]: https://x/a';
      throw new Error('read too far');
    };
    expect(laterDefinitions(lines(), new Set(['A'])).size).toBe(1);
  });
});

describe('parseDefinitionLine', () => {
  it.each([
    ['[a]: https://x', { id: 'A', reference: { destination: 'https://x', title: '' } }],
    [
      '   [A  b]: <https://x/a b> "T"',
      { id: 'A B', reference: { destination: 'https://x/a b', title: 'T' } },
    ],
    ["[a]: https://x 'T'", { id: 'A', reference: { destination: 'https://x', title: 'T' } }],
    ['[a]: https://x (T)', { id: 'A', reference: { destination: 'https://x', title: 'T' } }],
    [
      '[a\\]]: https://x/\\(1\\)',
      { id: 'A\\]', reference: { destination: 'https://x/(1)', title: '' } },
    ],
    ['[a]: https://x "T" trailing', undefined],
    ['[]: https://x', undefined],
    ['[a]:', undefined],
    ['[a] https://x', undefined],
  ])('%j', (line, expected) => {
    expect(parseDefinitionLine(line)).toEqual(expected);
  });
});
