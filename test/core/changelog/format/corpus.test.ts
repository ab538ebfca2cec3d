// changelog-format on real changelogs (SPEC 7.11): sections of the corpus (corpus-sections.ts),
// cut as changelog-file cuts them, compared with independent renderers. `html` with commonmark.js
// (CommonMark without GFM's extensions, so the comparison reads past them): the same words, every
// link address of it, and the same blocks in order. `text` with pandoc's plain writer, recorded in
// test/fixtures/pandoc-plain.json (scripts/pandoc-plain-fixtures.ts): the same words
// once the addresses SPEC 7.11 adds after a link's text are set aside.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HtmlRenderer, Parser } from 'commonmark';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../../src/action/words.js';
import { convertChangelog } from '../../../../src/core/changelog/format/convert.js';
import { sectionFromFile } from '../../../../src/core/changelog/read.js';
import { SECTIONS } from './corpus-sections.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/changelogs/', import.meta.url));
const pandoc = JSON.parse(
  readFileSync(new URL('../../../fixtures/pandoc-plain.json', import.meta.url), 'utf8'),
) as {
  plain: Record<string, string>;
};
const CASES = SECTIONS.map(([file, version]) => [
  `${file} ${version}`,
  sectionFromFile(file, FIXTURES, version, '', { words: ACTION_WORDS }).text,
]);

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Letters and digits in order: what a reader reads, whatever marks the renderers add. */
const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');

/** The text an HTML page shows, tags written in the Markdown (shown as text here) set aside. */
const shown = (html: string) =>
  decode(html.replace(/<[^>]*>/g, ' '))
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ');

const hrefs = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => decode(m[1] ?? ''));

const BLOCKS = /<(h[1-6]|p|ul|ol|li|blockquote|pre|hr)\b/g;
const blocks = (html: string) => [...html.matchAll(BLOCKS)].map((m) => m[1]);

const commonmark = (markdown: string, safe: boolean) =>
  new HtmlRenderer({ safe }).render(new Parser().parse(markdown));

/** `list` holds `part` in order, other items between allowed. */
function inOrder(list: readonly string[], part: readonly string[]): boolean {
  let at = 0;
  for (const item of list) if (item === part[at]) at++;
  return at === part.length;
}

describe('changelog-format html on the corpus, against commonmark.js', () => {
  it.each(CASES)('%s', (_, markdown = '') => {
    const html = convertChangelog(markdown, 'html');
    // GFM reads a table as a table and ~~ as strikethrough; CommonMark as a paragraph and text.
    const gfmOnly = /^\s*\|.*\|\s*$/m.test(markdown);
    expect(words(shown(html))).toEqual(words(shown(commonmark(markdown, false))));
    const theirs = hrefs(commonmark(markdown, true)).filter((href) => href !== '');
    expect(inOrder(hrefs(html), theirs)).toBe(true);
    // An HTML block of the writer's is a paragraph of text here, left out there (safe).
    const mine = blocks(html.replace(/<p>&lt;[\s\S]*?<\/p>/g, ''));
    if (!gfmOnly) expect(mine).toEqual(blocks(commonmark(markdown, true)));
    expect(html).not.toMatch(
      /<(?!\/?(?:h[1-6]|p|ul|ol|li|blockquote|pre|code|em|strong|del|a|img|br|hr|input|table|thead|tbody|tr|th|td)\b)[A-Za-z/!]/,
    );
  });
});

describe('changelog-format text on the corpus, against pandoc', () => {
  /** The addresses SPEC 7.11 writes after a link's text, ` (https://…)`, which pandoc leaves out. */
  const withoutAddresses = (text: string, addresses: readonly string[]) =>
    addresses.reduce((rest, address) => rest.replaceAll(` (${address})`, ''), text);

  it.each(CASES)('%s', (name, markdown = '') => {
    const text = convertChangelog(markdown, 'text');
    const theirs = pandoc.plain[name];
    expect(theirs).toBeDefined();
    // pandoc shows :tada: as the emoji; SPEC 7.11 keeps the shortcode as written.
    const addresses = hrefs(convertChangelog(markdown, 'html'));
    const mine = withoutAddresses(text, addresses).replace(
      /(?<![\w:]):[a-z0-9_+-]+:(?![\w:])/g,
      ' ',
    );
    expect(words(mine)).toEqual(words(theirs ?? ''));
    // Every address of a link is in the text.
    for (const href of hrefs(commonmark(markdown, true)))
      if (/^https?:/.test(href)) expect(text).toContain(href);
  });
});
