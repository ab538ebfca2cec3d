// The rules of SPEC 7.11 that hold for every input: `text` leaves no Markdown syntax and loses no
// link address; `html` never passes an element or attribute of the writer's through; a cut html
// changelog is whole blocks within the cap; `markdown` is sent byte for byte.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertChangelog } from '../../../../src/core/changelog/format/convert.js';
import { changelogToSend, htmlCutNote } from '../../../../src/core/release/format.js';
import { runs } from '../../../support/property-runs.js';

const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
const address = fc
  .stringMatching(/^[a-z0-9]{1,6}(\/[a-z0-9]{1,6}){0,2}$/)
  .map((path) => `https://example.com/${path}`);

interface Piece {
  readonly markdown: string;
  /** Link addresses the text must hold. */
  readonly addresses: readonly string[];
}

/** Inline Markdown of every kind the text must strip, and the addresses it must keep. */
const inlinePiece: fc.Arbitrary<Piece> = fc.oneof(
  word.map((w) => ({ markdown: w, addresses: [] })),
  word.map((w) => ({ markdown: `*${w}*`, addresses: [] })),
  word.map((w) => ({ markdown: `**${w}**`, addresses: [] })),
  word.map((w) => ({ markdown: `_${w}_`, addresses: [] })),
  word.map((w) => ({ markdown: `~~${w}~~`, addresses: [] })),
  word.map((w) => ({ markdown: `\`${w}\``, addresses: [] })),
  word.map((w) => ({ markdown: `<span class="x">${w}</span>`, addresses: [] })),
  word.map((w) => ({ markdown: `<!-- ${w} -->`, addresses: [] })),
  word.map((w) => ({ markdown: `\\*${w}`, addresses: [] })),
  fc.constantFrom('&amp;', '&copy;', '&#x41;').map((e) => ({ markdown: e, addresses: [] })),
  fc.tuple(word, address).map(([w, a]) => ({ markdown: `[${w}](${a})`, addresses: [a] })),
  fc.tuple(word, address).map(([w, a]) => ({ markdown: `[**${w}**](${a} "t")`, addresses: [a] })),
  fc.tuple(word, address).map(([w, a]) => ({ markdown: `![${w}](${a})`, addresses: [] })),
  address.map((a) => ({ markdown: `<${a}>`, addresses: [a] })),
  address.map((a) => ({ markdown: a, addresses: [a] })),
);

// A run starts with a word: a line that starts with a comment is an HTML block, dropped whole.
const inlineRun = fc
  .tuple(word, fc.array(inlinePiece, { minLength: 1, maxLength: 6 }))
  .map(([first, pieces]) => ({
    markdown: [first, ...pieces.map((piece) => piece.markdown)].join(' '),
    addresses: pieces.flatMap((piece) => piece.addresses),
  }));

const BLOCKS = [
  (run: string) => run,
  (run: string) => `# ${run}`,
  (run: string) => `### ${run} ###`,
  (run: string) => `* ${run}`,
  (run: string) => `- [x] ${run}`,
  (run: string) => `1. ${run}`,
  (run: string) => `> ${run}`,
  (run: string) => `- a\n  - ${run}`,
  (run: string) => `| h |\n|---|\n| ${run.replaceAll('|', '')} |`,
];

const documents = fc
  .array(fc.tuple(fc.nat({ max: BLOCKS.length - 1 }), inlineRun), { minLength: 1, maxLength: 6 })
  .map((blocks) => ({
    markdown: blocks.map(([kind, run]) => (BLOCKS[kind] ?? BLOCKS[0])?.(run.markdown)).join('\n\n'),
    addresses: blocks.flatMap(([, run]) => run.addresses),
  }));

describe('text (SPEC 7.11)', () => {
  it('leaves no Markdown syntax, and every link address stays', () => {
    fc.assert(
      fc.property(documents, ({ markdown, addresses }) => {
        const text = convertChangelog(markdown, 'text');
        // The escaped `\*` is the one asterisk the writer asked to show; `[x]` marks a task.
        const shown = text
          .replace(/\*[A-Za-z0-9]/g, '')
          .replace(/(^|\n)( *)(- |\d+\. )\[x\] /g, '');
        expect(shown).not.toMatch(/[*_`~#>|[\]!]|<\/?[a-z]|&[a-z#]/);
        for (const link of addresses) expect(text).toContain(link);
      }),
      { numRuns: runs(200) },
    );
  });
});

/** The elements and attributes micromark's HTML compiler writes, with GFM. */
const ELEMENTS = new Set(
  'p h1 h2 h3 h4 h5 h6 ul ol li blockquote pre code em strong del a img br hr input table thead tbody tr th td section sup'.split(
    ' ',
  ),
);
const ATTRIBUTES = new Set(
  'href src alt title start class type disabled checked align id data-footnotes data-footnote-ref data-footnote-backref aria-describedby aria-label'.split(
    ' ',
  ),
);
const WRITERS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<div style="color:red">\n\n*md*\n\n</div>',
  '<iframe src="https://evil">',
  '<details><summary>s</summary>',
  '</p><p onclick=x>',
  '<svg/onload=alert(1)>',
  '<?php echo 1 ?>',
  '<![CDATA[x]]>',
  '<!doctype html>',
  '<b>',
  '<!-- c --><em>e</em>',
];
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(...WRITERS),
      fc.string({
        unit: fc.constantFrom(
          '<',
          '>',
          '/',
          'a',
          'b',
          ' ',
          '=',
          '"',
          "'",
          '\n',
          '-',
          '!',
          '*',
          '[',
          ']',
          '(',
          ')',
          '`',
          '|',
        ),
        maxLength: 30,
      }),
      fc.constantFrom('- ', '> ', '1. ', '    ', '| a |\n|---|\n| ', '\n\n', '`'),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('html (SPEC 7.11)', () => {
  it("never passes an element or attribute of the writer's through", () => {
    fc.assert(
      fc.property(hostile, (markdown) => {
        const html = convertChangelog(markdown, 'html');
        for (const [, name = '', attributes = ''] of html.matchAll(/<\/?([^\s/>]*)([^>]*)>?/g)) {
          expect(ELEMENTS).toContain(name);
          for (const [, attribute = ''] of attributes.matchAll(/([^\s=/]+)(?:="[^"]*")?/g))
            expect(ATTRIBUTES).toContain(attribute);
        }
        expect(html).not.toMatch(/href="\s*javascript:/i);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('the cap on what is sent (SPEC 7.6 with 7.11)', () => {
  const long = fc
    .array(fc.tuple(fc.nat({ max: BLOCKS.length - 1 }), inlineRun), { minLength: 5, maxLength: 40 })
    .map((blocks) =>
      blocks.map(([kind, run]) => (BLOCKS[kind] ?? BLOCKS[0])?.(run.markdown)).join('\n\n'),
    );

  it('cuts html between whole blocks within the cap, the note last', async () => {
    await fc.assert(
      fc.asyncProperty(long, fc.integer({ min: 200, max: 2000 }), async (markdown, cap) => {
        const sent = await changelogToSend(markdown, 'html', cap, 'https://x/r');
        expect(Array.from(sent.text).length).toBeLessThanOrEqual(cap);
        if (sent.cut === undefined) {
          expect(sent.text).toBe(sent.whole);
          return;
        }
        expect(sent.text.endsWith(htmlCutNote('https://x/r'))).toBe(true);
        // Every element opened is closed again: the cut never falls inside one.
        const open: string[] = [];
        for (const [, closing, name = ''] of sent.text.matchAll(/<(\/?)([a-z0-9]+)[^>]*?(\/?)>/g)) {
          if (['br', 'hr', 'img', 'input'].includes(name)) continue;
          if (closing === '/') expect(open.pop()).toBe(name);
          else open.push(name);
        }
        expect(open).toEqual([]);
        // The blocks kept are blocks of the whole text, as they stood there.
        const kept = sent.text.slice(0, -htmlCutNote('https://x/r').length).trim();
        for (const line of kept.split('\n').filter((line) => line !== ''))
          expect(sent.whole.split('\n')).toContain(line);
      }),
      { numRuns: runs(200) },
    );
  });

  it('sends markdown byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (markdown) => {
        expect((await changelogToSend(markdown, 'markdown', 0, '')).text).toBe(markdown);
      }),
      { numRuns: runs(200) },
    );
  });
});
