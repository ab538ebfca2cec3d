import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { bracketLabels, decodeString } from '../../../src/core/changelog/markdown.js';
import { headingTexts } from '../../../src/core/changelog/section.js';
import { runs } from '../../support/property-runs.js';

// What a heading keeps and drops is told by the text format's module tables, read once when they
// load. Each test below loads them afresh, so a mutation run, which runs only the tests that
// evaluated a mutant, runs these against it.
async function freshHeadingText() {
  vi.resetModules();
  const { headingTexts } = await import('../../../src/core/changelog/section.js');
  return (source: string) => headingTexts([source])[0];
}

describe('headingTexts: a heading as plain text', () => {
  it.each([
    ['# 1.2.3 - 2026-11-01', '1.2.3 - 2026-11-01'],
    ['# [1.2.3](https://example.test/compare "t") *2026-11-01*', '1.2.3 2026-11-01'],
    ['# **Version** `1.2.3`', 'Version 1.2.3'],
    ['# <span>1.2.3</span> notes', '1.2.3 notes'],
    ['# <a name="1.2.3"></a>1.2.4', '1.2.4'],
    ['1.2.3<a\nname="v1.2.3"></a>-rc.1\n===', '1.2.3-rc.1'],
    ['# 1.2.3 &amp; 1.2.4', '1.2.3 & 1.2.4'],
    ['# 1&#46;2&#x2E;3 &bogus; &#0;', '1.2.3 &bogus; \uFFFD'],
    // As the text format reads them: a surrogate and a noncharacter are U+FFFD.
    ['# 1.2.3 &#x10FFFF; &#xDFFF; &#xE000;', '1.2.3 \uFFFD \uFFFD \uE000'],
    ['# \\*1.2.3\\*', '*1.2.3*'],
    ['# <https://x.test/1.2.3> <a@b.test>', 'https://x.test/1.2.3 a@b.test'],
    ['# ![1.2.3](img.png) `code` x', '1.2.3 code x'],
    // A reference, collapsed and shortcut: the text, whatever the file defines.
    ['# [1.2.3] - [x][] [text][ref]', '1.2.3 - x text'],
    ['# [text] [1.2.3]: x', 'text 1.2.3: x'],
    // Whitespace inside code and entities collapsed, and none kept at either end.
    ['# `1.2.3  -  rc`', '1.2.3 - rc'],
    ['# &#32;1.2.3&#32;&#32;x&#32;', '1.2.3 x'],
    ['## 1.2.3 ##', '1.2.3'],
    ['##', ''],
    // A soft break and both hard breaks of a setext heading read as a space.
    ['Release\n1.2.3\n===', 'Release 1.2.3'],
    ['Release\\\n1.2.3\n===', 'Release 1.2.3'],
    ['Release  \n1.2.3\n===', 'Release 1.2.3'],
    ['Release\n---', 'Release'],
  ])('%j reads %j', async (markdown, text) => {
    expect((await freshHeadingText())(markdown)).toBe(text);
  });
});

describe('headingTexts: many headings at once, each read as alone', () => {
  // Top-level headings as the file writes them, some that a batch could read otherwise: a
  // definition before a setext heading, labels defined only in another, an empty heading.
  const heading = fc.constantFrom(
    '## [1.2.3](https://x.test/c) (2026-11-01)',
    '### 1.2.4',
    '# 1&#46;2&#x2E;3 &bogus;',
    '## [1.0.0] - [x][] [text][ref]',
    '## [text][other] 2.0.0',
    '## [other]',
    '## `1.2.3  -  rc` <span>x</span>',
    '##',
    '## 1.2.3 \\',
    'Release\n1.2.3\n===',
    'Release\\\n1.2.3\n---',
    '[ref]: /url\nRelease 3.0.0\n===',
    '   ## <https://x.test/1.2.3> ![4.0.0](i.png)',
  );
  it('reads each heading as it reads alone, whatever the batch', () => {
    fc.assert(
      fc.property(fc.array(heading, { maxLength: 150 }), (sources) => {
        expect(headingTexts(sources)).toEqual(sources.map((source) => headingTexts([source])[0]));
      }),
      { numRuns: runs(100) },
    );
  });

  it('reads a batch of more than one parse, in order', () => {
    const sources = Array.from({ length: 200 }, (_, k) => `## [${k}.0.0](https://x.test/${k})`);
    expect(headingTexts(sources)).toEqual(sources.map((_, k) => `${k}.0.0`));
  });
});

describe('bracketLabels: what a heading may use as a label', () => {
  it.each([
    ['[1.2.3] - [a  B][]', ['1.2.3', 'A B']],
    ['[a\\]b] [c [d]', ['A\\]B', 'D']],
    ['[1.2.3\\ beta]', ['1.2.3\\ BETA']],
    ['[] [ ] x', []],
  ])('%j', (text, labels) => {
    expect(bracketLabels(text)).toEqual(labels);
  });
});

describe('decodeString: escapes and character references', () => {
  it.each([
    ['a\\*b\\\\c\\d', 'a*b\\c\\d'],
    ['&amp;&lt;&#65;&#x42;&#X43;', '&<ABC'],
    ['&#xD800;&#1114112;', '\uFFFD\uFFFD'],
    ['&nope; & &#; &#x;', '&nope; & &#; &#x;'],
  ])('%j', (text, decoded) => {
    expect(decodeString(text)).toBe(decoded);
  });
});
