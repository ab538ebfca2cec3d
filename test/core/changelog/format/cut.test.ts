// An html changelog cut to a room: whole blocks while they fit, whole children of a
// list or block quote, and when that keeps less than a quarter of the room, the first block that does not
// fit in part, to a word boundary, every element closed, never inside a tag or an entity.
import { describe, expect, it } from 'vitest';
import { htmlHeads } from '../../../../src/core/changelog/format/convert.js';

const LINK = '<a href="https://example.com/a/long/path">the docs</a>';

const CASES: [why: string, html: string, room: number, expected: string][] = [
  [
    'whole blocks while they fit',
    '<p>one</p>\n<p>two</p>\n<p>three</p>',
    21,
    '<p>one</p>\n<p>two</p>',
  ],
  [
    'the line break between blocks counted: one code point short',
    '<p>one</p>\n<p>two</p>',
    20,
    '<p>one</p>',
  ],
  [
    'the next block in part, in the room the line break before it leaves',
    '<h2>Fixes</h2>\n<p>a b c d e f g h i j k l m n o p q r s t u v w x y z</p>',
    64,
    '<h2>Fixes</h2>\n<p>a b c d e f g h i j k l m n o p q r s t u</p>',
  ],
  [
    'exactly a quarter of the room kept, the line break counted: the cut stays between blocks',
    '<h2>Fixes</h2>\n<p>the importer reads every file it is given, and it is faster</p>',
    60,
    '<h2>Fixes</h2>',
  ],
  [
    'a first block too long: its first words',
    '<p>Fixed the importer for good</p>',
    20,
    '<p>Fixed the</p>',
  ],
  ['never inside an entity, which counts whole', '<p>a &amp; b</p>', 13, '<p>a</p>'],
  ['an entity kept whole', '<p>a &amp; b</p>', 14, '<p>a &amp;</p>'],
  [
    'without a word boundary, at a character, never inside an entity',
    '<p>&amp;&amp;&amp;&amp;</p>',
    16,
    '<p>&amp;</p>',
  ],
  ['never inside a tag: before it', `<p>see ${LINK} now</p>`, 40, '<p>see</p>'],
  [
    'a link cut inside its text, closed',
    `<p>see ${LINK} now</p>`,
    61,
    '<p>see <a href="https://example.com/a/long/path">the</a></p>',
  ],
  [
    'every element it opened closed',
    '<p><strong>importer:</strong> fixed the <em>slow loading</em> of files</p>',
    57,
    '<p><strong>importer:</strong> fixed the <em>slow</em></p>',
  ],
  [
    'a word ending at a closing tag',
    '<p><strong>importer:</strong> fixed the <em>slow loading</em> of files</p>',
    34,
    '<p><strong>importer:</strong></p>',
  ],
  ['a line break is a word boundary', '<p>one<br />\ntwo three</p>', 15, '<p>one</p>'],
  [
    'a line break is a word boundary, before a word that does not fit',
    '<p>one<br />\ntwothree</p>',
    18,
    '<p>one</p>',
  ],
  [
    'a line break inside the cut closes nothing',
    '<p>one<br />\ntwo three</p>',
    20,
    '<p>one<br />\ntwo</p>',
  ],
  [
    'a rule inside the cut closes nothing',
    '<ul>\n<li>\n<p>a</p>\n<hr />\n<p>b c</p>\n</li>\n</ul>',
    45,
    '<ul>\n<li>\n<p>a</p>\n<hr />\n<p>b</p></li>\n</ul>',
  ],
  [
    'a tag with attributes right after a word is no word boundary',
    '<p>see<a href="https://x.y/z">link</a> more</p>',
    40,
    '<p>see<a href="https://x.y/z">li</a></p>',
  ],
  [
    'a list: whole items while they fit',
    '<ul>\n<li>first</li>\n<li>second item</li>\n<li>c</li>\n</ul>',
    46,
    '<ul>\n<li>first</li>\n<li>second item</li>\n</ul>',
  ],
  [
    'an ordered list: whole items while they fit',
    '<ol>\n<li>first</li>\n<li>second item</li>\n<li>c</li>\n</ol>',
    46,
    '<ol>\n<li>first</li>\n<li>second item</li>\n</ol>',
  ],
  [
    'a list whose first item does not fit: its first words, the list closed',
    '<ul>\n<li>first item is long enough</li>\n<li>b</li>\n</ul>',
    25,
    '<ul>\n<li>first</li>\n</ul>',
  ],
  [
    'a nested list: into the first item that does not fit',
    '<ul>\n<li>a\n<ul>\n<li>b c d e f g</li>\n</ul>\n</li>\n</ul>',
    46,
    '<ul>\n<li>a\n<ul>\n<li>b c d</li></ul></li>\n</ul>',
  ],
  [
    'a block quote: its first paragraph in part',
    '<blockquote>\n<p>quoted words here</p>\n</blockquote>',
    40,
    '<blockquote>\n<p>quoted</p>\n</blockquote>',
  ],
  [
    'a heading alone is too little: the next block in part',
    '<h2>Fixes</h2>\n<p>the importer reads every file it is given, and it is faster</p>',
    64,
    '<h2>Fixes</h2>\n<p>the importer reads every file it is given,</p>',
  ],
  [
    'more than a quarter of the room kept: the cut stays between blocks',
    '<p>the importer reads files</p>\n<p>and more words here</p>',
    40,
    '<p>the importer reads files</p>',
  ],
  [
    'a task item: never the box alone',
    '<ul>\n<li><input type="checkbox" disabled="" /> done it all</li>\n</ul>',
    62,
    '<ul>\n<li><input type="checkbox" disabled="" /> done</li>\n</ul>',
  ],
  [
    'an image ends a word',
    '<p><img src="a.png" alt="shot" /> and more</p>',
    40,
    '<p><img src="a.png" alt="shot" /></p>',
  ],
  [
    'a code block, closed',
    '<pre><code>npm ci\nnpm test\n</code></pre>',
    30,
    '<pre><code>npm ci</code></pre>',
  ],
  ['no room for a character: nothing', '<p>word</p>', 7, ''],
  ['no room at all: nothing', '<p>word</p>', -5, ''],
  ['a first tag longer than the room: nothing', `<p>${LINK}</p>`, 30, ''],
];

describe('htmlHeads: the start of an html changelog that fits', () => {
  it.each(CASES)('%s', (_, html, room, expected) => {
    const head = htmlHeads(html)(room);
    expect(head).toBe(expected);
    expect(Array.from(head).length).toBeLessThanOrEqual(Math.max(room, 0));
  });
});
