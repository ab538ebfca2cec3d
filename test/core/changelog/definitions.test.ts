import { describe, expect, it } from 'vitest';
import { findSection } from '../../../src/core/changelog/section.js';

// Definitions after the section, read on with the same parser only when the section uses a label
// that nothing before its end defines: what counts as a definition is CommonMark's block structure.

/** The definitions of `labels` that `text`, standing after a section that ends, holds. */
function scan(text: string, labels = ['A']) {
  const lines = ['## 1.0.0', '- a', '## 0.9.0', ...text.split('\n')][Symbol.iterator]();
  return Object.fromEntries(findSection(lines, ['1.0.0']).definitions(new Set(labels)));
}

/** The definition a section of one line, which the file ends, holds: the references read to its end. */
function parseDefinitionLine(line: string) {
  const result = findSection(['## 1.0.0', line].values(), ['1.0.0']);
  const [entry] = result.kind === 'found' ? result.references : [];
  return entry === undefined ? undefined : { id: entry[0], reference: entry[1] };
}

describe('definitions after the section, as CommonMark reads the file', () => {
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
    [
      'indented three spaces',
      '   [a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['a fence indented three spaces', '   ```\n[a]: https://x/a\n```', {}],
    [
      'backticks after text open no fence',
      'x ```\n\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'one backtick opens no fence',
      '`x\n\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'one tilde opens no fence',
      '~x\n\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'a backtick fence with a backtick in its info is no fence',
      '``` a`b\n\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['a tilde fence may have a backtick in its info', '~~~ a`b\n\n[a]: https://x/a\n~~~', {}],
    ['a fence with an info string', '```js\n[a]: https://x/a\n```', {}],
    ['tildes do not close a backtick fence', '```\n~~~\n[a]: https://x/a\n```', {}],
    ['backticks do not close a tilde fence', '~~~\n```\n[a]: https://x/a\n~~~', {}],
    [
      'a longer fence closes',
      '```\n````\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'a longer tilde fence closes',
      '~~~\n~~~~\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'a closing fence with trailing spaces',
      '```\n``` \t\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'a closing fence indented three spaces',
      '```\n   ```\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['a fence with text after it does not close', '```\n``` x\n[a]: https://x/a\n```', {}],
    ['a fence after text does not close', '```\nx ```\n[a]: https://x/a\n```', {}],
    ['a comment over several lines', '<!--\nx\n[a]: https://x/a\n-->', {}],
    [
      'after a comment over several lines',
      '<!--\nx\n-->\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'after a one-line comment indented',
      '   <!-- x -->\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['a comment indented three spaces', '   <!--\n[a]: https://x/a\n-->', {}],
    [
      'a comment opener after text is text',
      'x <!--\n\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'a comment closing on the line after its opener',
      '<!-- x\n-->\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'a blank line of spaces ends a paragraph',
      'text\n  \t\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'after a heading with one hash',
      '# h\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'after a heading with six hashes',
      '###### h\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['seven hashes are text', '####### h\n[a]: https://x/a', {}],
    [
      'after an empty heading',
      '#\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['a hash and text is text', '#x\n[a]: https://x/a', {}],
    ['a hash after text is text', 'a # b\n[a]: https://x/a', {}],
    [
      'after a thematic break',
      '***\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'after a spaced thematic break',
      '* * *\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'after a long underscore break',
      '_ _ _ _\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['one underscore is text', '_\n[a]: https://x/a', {}],
    ['stars and text are text', '***x\n[a]: https://x/a', {}],
    [
      'after a setext underline',
      'Title\n==\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'after a one-character setext underline',
      'Title\n=\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    [
      'after a setext underline with a trailing space',
      'Title\n= \n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
    ['an equals sign and text are text', 'Title\n=x\n[a]: https://x/a', {}],
    ['a line indented one space continues a paragraph', ' x\n[a]: https://x/a', {}],
    [
      'after indented code',
      '    code\n[a]: https://x/a',
      { A: { destination: 'https://x/a', title: '' } },
    ],
  ])('%s', (_, text, expected) => {
    expect(scan(text)).toEqual(expected);
  });

  it('reads on until every label is found', () => {
    expect(scan('[a]: https://x/a\n[c]: https://x/c\n[b]: https://x/b', ['A', 'B'])).toEqual({
      A: { destination: 'https://x/a', title: '' },
      B: { destination: 'https://x/b', title: '' },
    });
  });

  it('reads on until every label is found, when they stand windows apart', () => {
    const paragraphs = Array.from({ length: 10 }, () => `${'x'.repeat(999)}\n`).join('\n');
    expect(scan(`[a]: https://x/a\n\n${paragraphs}\n[b]: https://x/b`, ['A', 'B'])).toEqual({
      A: { destination: 'https://x/a', title: '' },
      B: { destination: 'https://x/b', title: '' },
    });
  });

  it('stops once every label is found, a window on', () => {
    const lines = function* () {
      yield* ['## 1.0.0', '- a', '## 0.9.0', '[a]: https://x/a', ''];
      // Paragraphs, then more than a window later, a failure.
      for (let read = 0; read < 2 * 4096; read += 1000) yield* ['x'.repeat(999), ''];
      throw new Error('read too far');
    };
    expect(findSection(lines(), ['1.0.0']).definitions(new Set(['A'])).size).toBe(1);
  });

  it('reads to the end of the file for a label defined nowhere, and twice changes nothing', () => {
    const found = findSection(['## 1.0.0', '- a', '## 0.9.0', '[b]: x'][Symbol.iterator](), [
      '1.0.0',
    ]);
    expect(found.definitions(new Set(['A']))).toEqual(new Map());
    expect(found.definitions(new Set(['B']))).toEqual(
      new Map([['B', { destination: 'x', title: '' }]]),
    );
  });
});

describe('a definition as CommonMark reads it', () => {
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
    ['[ ]: https://x', undefined],
    ['[ \t ]: https://x', undefined],
    ['x [a]: https://x', undefined],
    ['    [a]: https://x', undefined],
    ['[a]:https://x', { id: 'A', reference: { destination: 'https://x', title: '' } }],
    ['[a]: \t https://x', { id: 'A', reference: { destination: 'https://x', title: '' } }],
    ['[a]: <>', { id: 'A', reference: { destination: '', title: '' } }],
    ['[a]: <https://x/<a>', undefined],
    ['[a]: <https://x', undefined],
    [
      '[a]: https://x  "A title"',
      { id: 'A', reference: { destination: 'https://x', title: 'A title' } },
    ],
    [
      '[a]: https://x\t"A \\"b\\""',
      { id: 'A', reference: { destination: 'https://x', title: 'A "b"' } },
    ],
    [
      "[a]: https://x 'A title'",
      { id: 'A', reference: { destination: 'https://x', title: 'A title' } },
    ],
    [
      '[a]: https://x (A title)',
      { id: 'A', reference: { destination: 'https://x', title: 'A title' } },
    ],
    ['[a]: https://x ""', { id: 'A', reference: { destination: 'https://x', title: '' } }],
    ['[a]: https://x "T"  \t', { id: 'A', reference: { destination: 'https://x', title: 'T' } }],
    ['[a]: https://x  ', { id: 'A', reference: { destination: 'https://x', title: '' } }],
    ['[a]: https://x"T"', { id: 'A', reference: { destination: 'https://x"T"', title: '' } }],
    ['[a]: https://x "A"b"', undefined],
    ["[a]: https://x 'A'b'", undefined],
    // micromark takes an unescaped `(` inside a parenthesised title (commonmark.js does not).
    ['[a]: https://x (A(b)', { id: 'A', reference: { destination: 'https://x', title: 'A(b' } }],
    ['[a]: https://x "T" "U"', undefined],
    ['[a]: https://x y', undefined],
    ['[a[b]: https://x', undefined],
    [
      `[${'a'.repeat(999)}]: https://x`,
      { id: 'A'.repeat(999), reference: { destination: 'https://x', title: '' } },
    ],
    [`[${'a'.repeat(1000)}]: https://x`, undefined],
    ['[a]: https://x/\\*\\_', { id: 'A', reference: { destination: 'https://x/*_', title: '' } }],
  ])('%j', (line, expected) => {
    expect(parseDefinitionLine(line)).toEqual(expected);
  });
});

describe('comments that close on the line they open (CommonMark 0.31)', () => {
  const found = { A: { destination: 'x', title: '' } };
  it.each([
    ['<!-->', found],
    ['<!--->', found],
    ['<!-- note -->', found],
    ['<!-- still open', {}],
  ])('%s before a definition', (opener, expected) => {
    expect(scan(`${opener}\n[a]: x`)).toEqual(expected);
  });
});
