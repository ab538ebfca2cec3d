// The rules of SPEC 7.11 that hold for every input: `text` leaves no Markdown syntax and loses no
// link address; `html` never passes an element or attribute of the writer's through; a cut html
// changelog is whole blocks within the cap; `markdown` is sent byte for byte.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../../src/action/words.js';
import { convertChangelog } from '../../../../src/core/changelog/format/convert.js';
import type { Settings } from '../../../../src/core/inputs.js';
import { changelogToSend, cutNote } from '../../../../src/core/release/format.js';
import { runs } from '../../../support/property-runs.js';

const sending = (changelogFormat: Settings['changelogFormat'], changelogMaxLength: number) => ({
  changelogFormat,
  changelogMaxLength,
  words: ACTION_WORDS,
});

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

describe('line ends (SPEC 7.11)', () => {
  /** Blocks whose lines break inside them: a paragraph's line breaks, code, a quote, an item. */
  const LINES = [
    (run: string) => run.replaceAll(' ', '\n'),
    (run: string) => `\`\`\`\n${run.replaceAll(' ', '\n  ')}\n\`\`\``,
    (run: string) => `> ${run.replaceAll(' ', '\n> ')}`,
    (run: string) => `- ${run.replaceAll(' ', '\n')}`,
  ];
  const lined = fc
    .array(fc.tuple(fc.nat({ max: BLOCKS.length + LINES.length - 1 }), inlineRun), {
      minLength: 1,
      maxLength: 6,
    })
    .map((blocks) =>
      blocks
        .map(([kind, run]) => ([...BLOCKS, ...LINES][kind] ?? BLOCKS[0])?.(run.markdown))
        .join('\n\n'),
    );
  /** `markdown` with each LF written as `ends` says in turn. */
  const written = (markdown: string, ends: readonly string[]) => {
    let at = 0;
    let previous = '';
    return markdown.replace(/\n/g, (_, offset: number) => {
      const next = ends[at++ % ends.length] ?? '\n';
      // A LF just after a lone CR would join it into one line end: CRLF stays two.
      const end =
        next === '\n' && previous === '\r' && markdown[offset - 1] === '\n' ? '\r\n' : next;
      previous = end;
      return end;
    });
  };
  const ends = fc.array(fc.constantFrom('\n', '\r\n', '\r'), { minLength: 1, maxLength: 5 });
  const breaks = fc.constantFrom('soft' as const, 'kept' as const);
  const formats = fc.constantFrom('text' as const, 'html' as const);

  it('text and html send no CR, whatever the notes hold', () => {
    const anything = fc.string({
      unit: fc.constantFrom(
        '\r',
        '\n',
        '\r\n',
        'a',
        ' ',
        '  ',
        '\\',
        '-',
        '>',
        '`',
        '<!--',
        '-->',
        '&#13;',
        '&#x0D;',
        '[a]: x',
        '*',
        '|',
      ),
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.oneof(anything, lined), formats, breaks, (markdown, format, lineBreaks) => {
        expect(convertChangelog(markdown, format, lineBreaks)).not.toContain('\r');
      }),
      { numRuns: runs(400) },
    );
  });

  it('text and html send the same for the same notes, whatever their line ends', () => {
    fc.assert(
      fc.property(lined, ends, formats, breaks, (markdown, lineEnds, format, lineBreaks) => {
        const variant = written(markdown, lineEnds);
        expect(variant.replace(/\r\n?/g, '\n')).toBe(markdown);
        expect(convertChangelog(variant, format, lineBreaks)).toBe(
          convertChangelog(markdown, format, lineBreaks),
        );
      }),
      { numRuns: runs(300) },
    );
  });
});

/** The longest release page GitHub gives: owners run to 39 characters, repositories to 100. */
const LONG_URL = `https://github.com/${'o'.repeat(39)}/${'r'.repeat(100)}/releases/tag/v1.2.3`;

/** The words a reader reads in html: its text between tags, entities decoded. */
const wordsOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .split(/\s+/)
    .filter((word) => word !== '');

describe('the cap on what is sent (SPEC 7.6 with 7.11)', () => {
  /** Long paragraphs and list items too, so that a first block may not fit. */
  const longRun = fc
    .array(inlineRun, { minLength: 1, maxLength: 12 })
    .map((runs) => ({ markdown: runs.map((run) => run.markdown).join(' '), addresses: [] }));
  const long = fc
    .array(fc.tuple(fc.nat({ max: BLOCKS.length - 1 }), fc.oneof(inlineRun, longRun)), {
      minLength: 1,
      maxLength: 40,
    })
    .map((blocks) =>
      blocks.map(([kind, run]) => (BLOCKS[kind] ?? BLOCKS[0])?.(run.markdown)).join('\n\n'),
    );
  const caps = fc.integer({ min: 200, max: 2000 });
  const urls = fc.constantFrom('https://x/r?a=1&b="2"', LONG_URL, '');

  it('cuts html within the cap, well formed, its first words first, the note last', async () => {
    await fc.assert(
      fc.asyncProperty(long, caps, urls, async (markdown, cap, url) => {
        const sent = await changelogToSend(markdown, sending('html', cap), url);
        expect(Array.from(sent.text).length).toBeLessThanOrEqual(cap);
        if (sent.cut === undefined) {
          expect(sent.text).toBe(sent.whole);
          return;
        }
        const note = [cutNote(url, true), cutNote('', true)].find((n) =>
          sent.text.endsWith(`\n${n}`),
        );
        expect(note).toBeDefined();
        const kept = sent.text.slice(0, -(note ?? '').length - 1);
        // Never inside a tag or an entity: the kept text is whole tags, entities and text.
        expect(kept).toMatch(/^(?:<[a-z/][^<>]*>|&(?:amp|lt|gt|quot);|[^<>&])*$/);
        // Every element opened is closed again, in order.
        const open: string[] = [];
        for (const [, closing, name = ''] of kept.matchAll(/<(\/?)([a-z0-9]+)[^>]*?(\/?)>/g)) {
          if (['br', 'hr', 'img', 'input'].includes(name)) continue;
          if (closing === '/') expect(open.pop()).toBe(name);
          else open.push(name);
        }
        expect(open).toEqual([]);
        // The notes' first words, in order: never the note alone.
        const keptWords = wordsOf(kept);
        const words = wordsOf(sent.whole);
        if (words.length > 0) expect(keptWords.length).toBeGreaterThan(0);
        expect(keptWords.slice(0, -1)).toEqual(words.slice(0, keptWords.length - 1));
        expect(words[keptWords.length - 1]?.startsWith(keptWords.at(-1) ?? '')).toBe(true);
      }),
      { numRuns: runs(200) },
    );
  });

  it('keeps every cut of every format within the cap, the note last', async () => {
    const formats = fc.constantFrom('markdown' as const, 'text' as const, 'html' as const);
    const notes = fc.oneof(long, fc.string({ unit: 'grapheme', maxLength: 2500 }));
    await fc.assert(
      fc.asyncProperty(notes, formats, caps, urls, async (markdown, format, cap, url) => {
        const sent = await changelogToSend(markdown, sending(format, cap), url).catch(
          () => undefined,
        );
        // A changelog empty once converted is refused (another test's rule).
        if (sent === undefined) return;
        expect(Array.from(sent.text).length).toBeLessThanOrEqual(cap);
        if (sent.cut === undefined) return;
        const asNote = (url: string) => cutNote(url, format === 'html');
        const noted = [asNote(url), asNote('')].some((n) => sent.text.endsWith(`\n${n}`));
        // Without a line break that leaves room, markdown and text are cut at the cap.
        expect(noted || (format !== 'html' && sent.whole.startsWith(sent.text))).toBe(true);
      }),
      { numRuns: runs(200) },
    );
  });

  it('sends markdown byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (markdown) => {
        expect((await changelogToSend(markdown, sending('markdown', 0), '')).text).toBe(markdown);
      }),
      { numRuns: runs(200) },
    );
  });
});
