// The changelog as the store shows it (SPEC 7.11): each construct of GitHub Flavored Markdown as
// `text` and as `html`. The `text` column is what `pandoc -f gfm -t plain --wrap=none` (pandoc
// 2.17) printed for the same input, changed only where SPEC 7.11 differs from pandoc (links keep
// their address, images are their alt text, `[x]`/`[ ]` tasks, `- ` and `1. ` markers, no `~~`,
// emoji shortcodes as written).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { convertChangelog } from '../../../../src/core/changelog/format/convert.js';
import { ROOT } from '../../../support/runner.js';

const text = (markdown: string) => convertChangelog(markdown, 'text');
const html = (markdown: string) => convertChangelog(markdown, 'html');

const GENERATED =
  '<!-- Release notes generated using configuration in .github/release.yml at main -->\n\n' +
  "## What's Changed\n### Fixes\n* Fix the importer by @octo in https://github.com/o/r/pull/412\n\n" +
  '## New Contributors\n* @new made their first contribution in https://github.com/o/r/pull/400\n\n' +
  '**Full Changelog**: https://github.com/o/r/compare/v1.2.2...v1.2.3';

const TEXT: [why: string, markdown: string, expected: string][] = [
  [
    'emphasis and a link: the words, the address after them',
    '* **importer:** fixed ([#412](https://github.com/o/r/pull/412))',
    '- importer: fixed (#412 (https://github.com/o/r/pull/412))',
  ],
  ['a link whose text is its address: once', '[https://x.y/z](https://x.y/z)', 'https://x.y/z'],
  ['an autolink: once', '<https://x.y/z>', 'https://x.y/z'],
  ['a www autolink: as written, without the http:// it gains', 'see www.x.y', 'see www.x.y'],
  ['an email autolink: without mailto:', 'mail me@x.y or <you@x.y>', 'mail me@x.y or you@x.y'],
  ['an address with characters the HTML percent-encodes: once', '<https://x.y/ü>', 'https://x.y/ü'],
  [
    'an image: its alt text; a linked badge: the alt text and the link',
    '![shot](a.png) and [![badge](b.svg)](https://ci.example)',
    'shot and badge (https://ci.example)',
  ],
  ['a link without text: its address', '[](https://x.y)', 'https://x.y'],
  [
    'an address that is not valid percent-encoding: compared as it is, once',
    '<https://x.y/%E0%A4>',
    'https://x.y/%E0%A4',
  ],
  ['a link to a page of the same text elsewhere: both', '[x.y](https://x.y)', 'x.y (https://x.y)'],
  [
    'an address already percent-encoded: as written',
    '[a](https://x.y/a%20b)',
    'a (https://x.y/a%20b)',
  ],
  ['an address with an emoji: once', '<https://x.y/😀>', 'https://x.y/😀'],
  ['empty addresses: the text alone', '[a](<>) [b]() [c]\n\n[c]: <>', 'a b c'],
  ['a label defined twice: the first', '[a]\n\n[a]: /one\n[a]: /two', 'a (/one)'],
  [
    'a link to an address that holds its text after http:// inside: both',
    '[https://a.b/?u=x.y](https://a.b/?u=http://x.y)',
    'https://a.b/?u=x.y (https://a.b/?u=http://x.y)',
  ],
  ['a link to a dangerous scheme: its text', '[click](javascript:alert(1))', 'click'],
  [
    'reference links and a shortcut, their definitions gone',
    '[a][r] and [b]\n\n[r]: https://r.example\n[b]: https://b.example "T"',
    'a (https://r.example) and b (https://b.example)',
  ],
  ['entities decoded', 'a&nbsp;b &lt;tag&gt; &#x41; &amp; &copy;', 'a\u00a0b <tag> A & ©'],
  ['backslash escapes gone', '\\*not emphasis\\* \\[x\\]', '*not emphasis* [x]'],
  ['an inline tag dropped, its text kept', 'x <span title="t">kept</span> y', 'x kept y'],
  [
    'an HTML block dropped whole',
    'a\n\n<div align="center">\n<img src="x">\nhidden\n</div>\n\nb',
    'a\n\nb',
  ],
  ['a comment dropped', '<!-- note to self -->\nvisible <!-- inline --> text', 'visible  text'],
  ['strikethrough: the words kept', 'a ~~b~~ c ~d~', 'a b c d'],
  ['code spans: the code, without backticks', 'run `npm ci` now', 'run npm ci now'],
  ['emoji shortcodes as written', 'Party :tada: time', 'Party :tada: time'],
  ['headings: their text', '# One\n\n## Two *em*\n\nThree\n===', 'One\n\nTwo em\n\nThree'],
  ['a soft break is a space', 'one\ntwo', 'one two'],
  ['a hard break is a line break', 'one\\\ntwo  \nthree', 'one\ntwo\nthree'],
  ['tasks', '- [x] done\n- [ ] open', '- [x] done\n- [ ] open'],
  ['an ordered list from its start', '3. a\n4. b', '3. a\n4. b'],
  [
    'nested lists, indented',
    '1. a\n   1. b\n2. c\n   - d\n     - e',
    '1. a\n   1. b\n2. c\n   - d\n     - e',
  ],
  ['a loose list: blank lines between items', '- a\n\n- b', '- a\n\n- b'],
  ['a list item of several paragraphs', '- a\n\n  more\n- b', '- a\n\n  more\n\n- b'],
  ['a block quote: indented, without >', '> a\n>\n> b', '  a\n\n  b'],
  [
    'an indented code block: four spaces',
    '    indented code\n      deeper',
    '    indented code\n      deeper',
  ],
  [
    'a fenced code block: four spaces, no fence or info',
    '```js\nconst a = 1;\n\n  b\n```',
    '    const a = 1;\n\n      b',
  ],
  ['a thematic break: a rule', 'a\n\n---\n\nb', `a\n\n${'-'.repeat(72)}\n\nb`],
  [
    'a table: aligned rows, the header underlined',
    '| Left | Right | Center |\n|:-----|------:|:------:|\n| a | bbbb | c |\n| longer cell | 1 | x |',
    'Left         Right  Center\n-----------  -----  ------\na             bbbb    c\nlonger cell      1    x',
  ],
  [
    'a footnote: its number, the note at the end',
    'a[^n]\n\n[^n]: the note',
    'a[1]\n\n[1] the note',
  ],
  [
    "autolinks in an image's alt text: as written",
    '![see <https://x.y> or www.x.y](i.png)',
    'see https://x.y or www.x.y',
  ],
  [
    "a footnote called in an image's alt text: no number there",
    '![a[^n]](i.png)\n\n[^n]: the note',
    'a\n\n[1] the note',
  ],
  ['blank lines between blocks, none at the ends', '\n\n# A\n\nb\n\n\n\nc\n\n', 'A\n\nb\n\nc'],
  ['only a comment and definitions: nothing', '<!-- x -->\n\n[a]: https://a', ''],
  [
    "GitHub's generated release notes: the leading comment gone",
    GENERATED,
    "What's Changed\n\nFixes\n\n- Fix the importer by @octo in https://github.com/o/r/pull/412\n\n" +
      'New Contributors\n\n- @new made their first contribution in https://github.com/o/r/pull/400\n\n' +
      'Full Changelog: https://github.com/o/r/compare/v1.2.2...v1.2.3',
  ],
];

describe('changelog-format: text (SPEC 7.11)', () => {
  it.each(TEXT)('%s', (_, markdown, expected) => {
    expect(text(markdown)).toBe(expected);
  });
});

const HTML: [why: string, markdown: string, expected: string][] = [
  [
    'CommonMark with its links',
    '## A\n\n* **b** ([#1](https://x/1))',
    '<h2>A</h2>\n<ul>\n<li><strong>b</strong> (<a href="https://x/1">#1</a>)</li>\n</ul>',
  ],
  [
    'GFM: a table, a task list, strikethrough and autolinks',
    '| a |\n|---|\n| b |\n\n- [x] t\n\n~~s~~ www.x.y',
    '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>b</td>\n</tr>\n</tbody>\n</table>\n<ul>\n<li><input type="checkbox" disabled="" checked="" /> t</li>\n</ul>\n<p><del>s</del> <a href="http://www.x.y">www.x.y</a></p>',
  ],
  [
    'an inline tag of the writer: shown as text',
    'x <img src=x onerror=alert(1)> y',
    '<p>x &lt;img src=x onerror=alert(1)&gt; y</p>',
  ],
  [
    'an HTML block of the writer: a paragraph of text',
    '<script>alert(1)</script>\n\nb',
    '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>b</p>',
  ],
  [
    'comments dropped, in a block and inline; the rest of a comment block shown',
    '<!-- generated -->\n\na <!-- x --> b\n\n<!-- c --> <b>d</b>',
    '<p>a  b</p>\n<p>&lt;b&gt;d&lt;/b&gt;</p>',
  ],
  [
    'entities decoded, & < > " encoded',
    '&copy; &amp; &lt; "q"',
    '<p>© &amp; &lt; &quot;q&quot;</p>',
  ],
  ['a dangerous link: no address', '[a](javascript:x)', '<p><a href="">a</a></p>'],
  ['only a comment: nothing', '<!-- x -->', ''],
  ['a comment block with a space after it: nothing', '<!-- c --> \n\nb', '<p>b</p>'],
  [
    'an HTML block in a block quote: a paragraph on a line of its own',
    '> <div>x</div>',
    '<blockquote>\n<p>&lt;div&gt;x&lt;/div&gt;</p>\n</blockquote>',
  ],
  ['a comment never closed: dropped to the end', 'a\n\n<!-- open\n\nb', '<p>a</p>'],
  [
    'an HTML block of several lines: one paragraph, line breaks kept',
    '<div>\n<i>x</i>\n</div>',
    '<p>&lt;div&gt;\n&lt;i&gt;x&lt;/i&gt;\n&lt;/div&gt;</p>',
  ],
  [
    "GitHub's generated release notes: the leading comment gone",
    GENERATED,
    "<h2>What's Changed</h2>\n<h3>Fixes</h3>\n<ul>\n<li>Fix the importer by @octo in " +
      '<a href="https://github.com/o/r/pull/412">https://github.com/o/r/pull/412</a></li>\n</ul>\n' +
      '<h2>New Contributors</h2>\n<ul>\n<li>@new made their first contribution in ' +
      '<a href="https://github.com/o/r/pull/400">https://github.com/o/r/pull/400</a></li>\n</ul>\n' +
      '<p><strong>Full Changelog</strong>: <a href="https://github.com/o/r/compare/v1.2.2...v1.2.3">' +
      'https://github.com/o/r/compare/v1.2.2...v1.2.3</a></p>',
  ],
];

describe('changelog-format: html (SPEC 7.11)', () => {
  it.each(HTML)('%s', (_, markdown, expected) => {
    expect(html(markdown)).toBe(expected);
  });
});

/** Release notes as GitHub shows them: a line break inside a paragraph is a line break. */
const KEPT: [why: string, markdown: string, text: string, html: string][] = [
  [
    'the lines of a paragraph',
    'Fixed the importer\nFaster loads\nNew icons',
    'Fixed the importer\nFaster loads\nNew icons',
    '<p>Fixed the importer<br />\nFaster loads<br />\nNew icons</p>',
  ],
  [
    'a hard break written as such: one break',
    'one\\\ntwo  \nthree',
    'one\ntwo\nthree',
    '<p>one<br />\ntwo<br />\nthree</p>',
  ],
  ['spaces before a line break: gone', 'one \ntwo', 'one\ntwo', '<p>one<br />\ntwo</p>'],
  [
    'inside strong emphasis, strikethrough, a link and emphasis',
    '**a\nb** ~~c\nd~~ [e\nf](https://x.y) *g\nh*',
    'a\nb c\nd e\nf (https://x.y) g\nh',
    '<p><strong>a<br />\nb</strong> <del>c<br />\nd</del> <a href="https://x.y">e<br />\nf</a> <em>g<br />\nh</em></p>',
  ],
  [
    'a list item and a quote: their lines',
    '- a\n  b\n\n> c\n> d',
    '- a\n  b\n\n  c\n  d',
    '<ul>\n<li>a<br />\nb</li>\n</ul>\n<blockquote>\n<p>c<br />\nd</p>\n</blockquote>',
  ],
  ['a heading underlined: its lines', 'A\nB\n===', 'A\nB', '<h1>A<br />\nB</h1>'],
  [
    'code, a title, an alt text and written HTML: as before',
    '`a\nb` [x](u "t\nu") ![i\nj](p.png) <span\nid="s">k</span>',
    'a b x (u) i j k',
    '<p><code>a b</code> <a href="u" title="t\nu">x</a> <img src="p.png" alt="i\nj" /> &lt;span\nid=&quot;s&quot;&gt;k&lt;/span&gt;</p>',
  ],
  ['blank lines between blocks: blocks, no breaks', 'a\n\nb', 'a\n\nb', '<p>a</p>\n<p>b</p>'],
  [
    'a comment and an HTML block: the comment gone, the block as text',
    '<!-- note -->\nFixed the importer\nFaster loads\n\n<div>\nNew icons\n</div>',
    'Fixed the importer\nFaster loads',
    '<p>Fixed the importer<br />\nFaster loads</p>\n<p>&lt;div&gt;\nNew icons\n&lt;/div&gt;</p>',
  ],
];

// Where a line ending is a break is told by a module table of the HTML format's, read once when
// the module loads. Each test loads that module afresh, so a mutation run, which runs only the
// tests that evaluated a mutant, runs these against it.
async function freshRenderHtml() {
  vi.resetModules();
  const { convertChangelog } = await import('../../../../src/core/changelog/format/convert.js');
  return (markdown: string, lineBreaks: 'kept') => convertChangelog(markdown, 'html', lineBreaks);
}

describe('changelog-format: line breaks kept, as GitHub shows release notes (SPEC 7.11)', () => {
  it.each(KEPT)('%s', async (_, markdown, expectedText, expectedHtml) => {
    expect(convertChangelog(markdown, 'text', 'kept')).toBe(expectedText);
    expect((await freshRenderHtml())(markdown, 'kept')).toBe(expectedHtml);
  });

  it('a file or an input: a lone line break is a space, as CommonMark reads it', () => {
    expect(text('Fixed the importer\nFaster loads')).toBe('Fixed the importer Faster loads');
    expect(html('Fixed the importer\nFaster loads')).toBe(
      '<p>Fixed the importer\nFaster loads</p>',
    );
  });
});

describe('changelog-format: text of an image', () => {
  it('an image without alt text reads as nothing', () => {
    expect(text('a ![](x.png) b')).toBe('a  b');
  });
});

describe('changelog-format: text holds what the html shows, line for line', () => {
  // micromark's HTML compiler drops some line endings (after a tight paragraph, a definition or a
  // footnote); the text reads the same document, so it drops them too.
  it.each([
    ['- foo\n  ```\n  x\n  y\n  ```\n  bar', '- foo\n      xy\n  bar'],
    ['- foo\n  <!-- x -->\n  bar', '- foobar'],
    ['[a]: /x\n\n```\na\nb\n```', '    ab'],
    ['> ```\n> x', '      x'],
    ['[^a]: x\n\nfoo\nbar [^a]', 'foo bar [1]\n\n[1] x'],
    ['[^a]:\n\nx [^a] [^b]\n\n[^b]: see [^a]', 'x [1] [2]\n\n\n\n[2] see [1]'],
    ['![a&#13;\nb](x) *a&#13;*\nb', 'a b a  b'],
    ['&#1;&#x110000;&#xFFFE;&#9;x', '\ufffd\ufffd\ufffd\tx'],
    [
      '[a](javascript:x) [b](<c d>) <javascript:y> [c](%zz%)',
      'a b (c%20d) javascript:y c (%zz%25)',
    ],
    ['| a | b |\n|:-:|--:|\n| 1 | 2 | 3 |\n| 4 |', ' a     b\n---  ---\n 1     2\n 4'],
    ['| `a\\|b` |\n|-|', 'a|b\n---'],
    ['| `a\\\\b` |\n|-|', 'a\\\\b\n----'],
    ['| a |\n|-|\n\n`a\\|b`', 'a\n---\n\na\\|b'],
    ['> ```\n> x\n> ```\n>\n> y', '      x\n\n  y'],
    ['- ```\n  x\n  ```\n\n  y', '-     x\n\n  y'],
    ['1. a\n\n   b\n2. c', '1. a\n\n   b\n\n2. c'],
    ['3. a\n*\n* b', '3. a\n\n-\n- b'],
    ['[x *y*\\\nz](/u) [![i](/p)](/l) [](/e)', 'x y\nz (/u) i (/l) /e'],
    ['a  \nb\\\nc', 'a\nb\nc'],
  ])('%j', (markdown, expected) => {
    expect(text(markdown)).toBe(expected);
  });
});

describe('changelog-format: text, for documents of every construct', () => {
  // Recorded from the text as it was read from micromark's HTML, before it was read from the
  // document's tokens: the two agree byte for byte.
  const recorded: [markdown: string, text: string][] = JSON.parse(
    readFileSync(join(ROOT, 'test/fixtures/text-format.json'), 'utf8'),
  );
  it('reads each as recorded', () => {
    for (const [markdown, expected] of recorded) expect(text(markdown), markdown).toBe(expected);
  });
});
