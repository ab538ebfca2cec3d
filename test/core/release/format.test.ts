// What is sent in each changelog-format (SPEC 7.11), and the cap counted on it (SPEC 7.6).

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { convertChangelog } from '../../../src/core/changelog/format/convert.js';
import { InputError, ResolveError } from '../../../src/core/errors.js';
import { parseSettings, type Settings } from '../../../src/core/inputs.js';
import { changelogToSend, cutNote } from '../../../src/core/release/format.js';
import {
  changelogInput,
  type Origin,
  type Resolved,
  resolveRelease,
  versionInput,
} from '../../../src/core/release/resolve.js';
import { createTransport } from '../../../src/core/transport/transport.js';

const sending = (changelogFormat: Settings['changelogFormat'], changelogMaxLength: number) => ({
  changelogFormat,
  changelogMaxLength,
  words: ACTION_WORDS,
});

// Lazy: it opens no connection, and none of these sources asks a server.
const idle = createTransport({}, [], 30_000);

const URL_ = 'https://github.com/o/r/releases/tag/v1.2.3';
/** The longest release page GitHub gives: owners run to 39 characters, repositories to 100. */
const LONG_URL = `https://github.com/${'o'.repeat(39)}/${'r'.repeat(100)}/releases/tag/v1.2.3`;
const length = (text: string) => Array.from(text).length;

const BASE = {
  'listing-id': 'a',
  'api-key': 'mk_test_0123456789abcdef',
  'base-url': 'https://x.test',
};
const parseChangelogFormat = (value: string) =>
  parseSettings({ ...BASE, 'changelog-format': value }, ACTION_WORDS).changelogFormat;

describe('changelog-format, the input', () => {
  it.each([
    ['', 'markdown'],
    ['markdown', 'markdown'],
    ['text', 'text'],
    [' html\n', 'html'],
  ])('%j is %s', (value, expected) => {
    expect(parseChangelogFormat(value)).toBe(expected);
  });

  it.each(['HTML', 'Text', 'plain', 'md', 'markdown,html'])(
    '%j is an input error naming the three',
    (value) => {
      const error = (() => {
        try {
          parseChangelogFormat(value);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).title).toBe('Invalid input: changelog-format');
      expect((error as Error).message).toMatch(/`markdown`, `text` or `html`\.$/);
      expect((error as Error).message).not.toContain(value);
    },
  );
});

describe('changelogToSend', () => {
  const notes = '## Fixes\n\n* **a:** b ([#1](https://x/1))\n';

  it('sends markdown as written, and cuts it as before', async () => {
    expect(await changelogToSend(notes, sending('markdown', 0), URL_)).toEqual({
      text: notes,
      whole: notes,
      cut: undefined,
    });
    const long = '- line\n'.repeat(100);
    const sent = await changelogToSend(long, sending('markdown', 200), URL_);
    expect(sent.text.endsWith(cutNote(URL_))).toBe(true);
    expect(sent.whole).toBe(long);
  });

  it('converts to text and to html, as the converter does', async () => {
    expect((await changelogToSend(notes, sending('text', 0), URL_)).text).toBe(
      'Fixes\n\n- a: b (#1 (https://x/1))',
    );
    expect((await changelogToSend(notes, sending('html', 0), URL_)).text).toBe(
      '<h2>Fixes</h2>\n<ul>\n<li><strong>a:</strong> b (<a href="https://x/1">#1</a>)</li>\n</ul>',
    );
    for (const format of ['text', 'html'] as const) {
      expect((await changelogToSend(notes, sending(format, 0), URL_)).whole).toBe(
        convertChangelog(notes, format),
      );
    }
  });

  const LEFT_OUT = {
    text: 'comments, link definitions or HTML',
    html: 'comments or link definitions',
  };
  it.each([
    ['text', 'a comment and a link definition', '<!-- only a note -->\n\n[a]: https://a\n'],
    ['html', 'a comment and a link definition', '<!-- only a note -->\n\n[a]: https://a\n'],
    ['text', 'an HTML block', '<div align="center">\n<img src="logo.png">\n</div>\n'],
    ['html', 'a comment, CRLF line ends', '<!--\r\nnote\r\n-->\r\n'],
    ['text', 'a code block of spaces alone', '```\n   \n```\n'],
  ] as const)(
    'refuses a changelog empty once converted to %s (%s): Empty changelog, saying what it leaves out',
    async (format, _, markdown) => {
      const failure = changelogToSend(markdown, sending(format, 0), URL_);
      await expect(failure).rejects.toThrow(ResolveError);
      await expect(failure).rejects.toMatchObject({
        title: 'Empty changelog',
        message:
          `The changelog is empty once converted to ${format} (\`changelog-format\`): it holds ` +
          `only ${LEFT_OUT[format]}, which ${format} leaves out, so nothing was sent. Write the ` +
          'notes as text.',
      });
    },
  );

  it('counts the converted text against the cap, the note included', async () => {
    const markdown = Array.from({ length: 12 }, (_, i) => `* [#${i}](https://x.example/${i})`).join(
      '\n',
    );
    const text = await changelogToSend(markdown, sending('text', 200), URL_);
    expect(length(text.text)).toBeLessThanOrEqual(200);
    expect(text.cut).toMatchObject({ from: length(text.whole), to: length(text.text) });
    expect(text.text.endsWith(cutNote(URL_))).toBe(true);
    expect(text.whole).toContain('- #11 (https://x.example/11)');
  });

  it("escapes the note's markup in html, and leaves its quotes and pipes as written", () => {
    expect(cutNote(`https://x.example/?a="<b>"&c='d'|e`, true)).toBe(
      "<p>(Truncated to fit the length limit. Full notes: https://x.example/?a=&quot;&lt;b&gt;&quot;&amp;c='d'|e)</p>",
    );
  });

  it('cuts html between blocks, inside a list between its items, and ends with the note as a paragraph', async () => {
    const markdown = `## Fixes\n\n${Array.from({ length: 20 }, (_, i) => `* fix number ${i}`).join('\n')}`;
    const sent = await changelogToSend(markdown, sending('html', 300), URL_);
    expect(length(sent.text)).toBeLessThanOrEqual(300);
    const note = cutNote(URL_, true);
    expect(note).toBe(
      '<p>(Truncated to fit the length limit. Full notes: https://github.com/o/r/releases/tag/v1.2.3)</p>',
    );
    expect(sent.text.startsWith('<h2>Fixes</h2>\n<ul>\n<li>fix number 0</li>\n')).toBe(true);
    expect(sent.text.endsWith(`</li>\n</ul>\n${note}`)).toBe(true);
    expect(sent.cut).toMatchObject({ from: length(sent.whole), to: length(sent.text) });
    // As many items as fit: one more would not.
    const items = sent.text.split('<li>').length - 1;
    expect(items).toBeGreaterThan(3);
    const next = `<li>fix number ${items}</li>`;
    expect(length(sent.text) + length(next) + 1).toBeGreaterThan(300);
  });

  it('keeps the first words when no whole block fits, and escapes the note', async () => {
    const markdown = `${'word '.repeat(100)}`;
    const sent = await changelogToSend(markdown, sending('html', 200), 'https://x/a?b=1&c="2"');
    const note =
      '<p>(Truncated to fit the length limit. Full notes: https://x/a?b=1&amp;c=&quot;2&quot;)</p>';
    expect(sent.text).toMatch(/^<p>word( word)*<\/p>\n/);
    expect(sent.text.endsWith(`</p>\n${note}`)).toBe(true);
    expect(length(sent.text)).toBeLessThanOrEqual(200);
    // As many words as fit: one more would not.
    expect(length(sent.text) + ' word'.length).toBeGreaterThan(200);
  });

  it('leaves an html changelog within the cap alone', async () => {
    const sent = await changelogToSend(notes, sending('html', 2000), URL_);
    expect(sent.cut).toBeUndefined();
    expect(sent.text).toBe(sent.whole);
  });
});

describe('line ends: CRLF and a lone CR read as LF', () => {
  const NOTES = [
    '## Fixes',
    '',
    '- Faster',
    'loads',
    '- [x] done',
    '',
    '```',
    'code',
    '  kept',
    '```',
    '',
    '> quoted',
    '> lines',
    '',
    'Fixed the importer  ',
    'New icons',
    '',
  ];
  const withEnds = (end: string) => NOTES.join(end);
  const mixed = NOTES.map((line, i) => line + ['\r\n', '\r', '\n'][i % 3]).join('');
  const EXPECTED = {
    text: {
      soft: 'Fixes\n\n- Faster loads\n- [x] done\n\n    code\n      kept\n\n  quoted lines\n\nFixed the importer\nNew icons',
      kept: 'Fixes\n\n- Faster\n  loads\n- [x] done\n\n    code\n      kept\n\n  quoted\n  lines\n\nFixed the importer\nNew icons',
    },
    html: {
      soft:
        '<h2>Fixes</h2>\n<ul>\n<li>Faster\nloads</li>\n<li><input type="checkbox" disabled="" checked="" /> done</li>\n</ul>\n' +
        '<pre><code>code\n  kept\n</code></pre>\n<blockquote>\n<p>quoted\nlines</p>\n</blockquote>\n<p>Fixed the importer<br />\nNew icons</p>',
      kept:
        '<h2>Fixes</h2>\n<ul>\n<li>Faster<br />\nloads</li>\n<li><input type="checkbox" disabled="" checked="" /> done</li>\n</ul>\n' +
        '<pre><code>code\n  kept\n</code></pre>\n<blockquote>\n<p>quoted<br />\nlines</p>\n</blockquote>\n<p>Fixed the importer<br />\nNew icons</p>',
    },
  } as const;

  it.each(
    (['text', 'html'] as const).flatMap((format) =>
      (['soft', 'kept'] as const).flatMap((breaks) =>
        [
          ['LF', withEnds('\n')],
          ['CRLF', withEnds('\r\n')],
          ['a lone CR', withEnds('\r')],
          ['all three', mixed],
        ].map(([ends = '', markdown = '']) => [format, breaks, ends, markdown] as const),
      ),
    ),
  )('%s, line breaks %s, %s: the same, without a CR', async (format, breaks, _, markdown) => {
    const sent = await changelogToSend(markdown, sending(format, 0), URL_, breaks);
    expect(sent.text).toBe(EXPECTED[format][breaks]);
  });

  it.each([
    ['text', 'soft', '- Faster\r loads\r\n- New icons', '- Faster loads\n- New icons'],
    ['text', 'kept', '- Faster\r loads\r\n- New icons', '- Faster\n  loads\n- New icons'],
    ['html', 'soft', 'a\r\n\r\nb', '<p>a</p>\n<p>b</p>'],
    ['text', 'soft', 'a character reference:&#13;a CR', 'a character reference: a CR'],
    ['html', 'soft', 'a character reference:&#13;a CR', '<p>a character reference:\na CR</p>'],
  ] as const)('%s, line breaks %s: %j as %j', async (format, breaks, markdown, expected) => {
    expect((await changelogToSend(markdown, sending(format, 0), URL_, breaks)).text).toBe(expected);
  });

  it('sends markdown as written, CRs and all', async () => {
    const markdown = withEnds('\r\n') + mixed;
    expect((await changelogToSend(markdown, sending('markdown', 0), URL_, 'kept')).text).toBe(
      markdown,
    );
  });
});

describe('the cap holds in every format, the note included', () => {
  const NOTES = Array.from({ length: 40 }, (_, i) => `- change number ${i} of the notes`).join(
    '\n',
  );
  const notes = {
    markdown: cutNote,
    text: cutNote,
    html: (url: string) => cutNote(url, true),
  };
  it.each(
    (['markdown', 'text', 'html'] as const).flatMap((format) => [
      [format, 'a release page that leaves room: named', URL_, URL_] as const,
      [format, 'the longest release page GitHub gives: left out', LONG_URL, ''] as const,
    ]),
  )('%s, cap 200, %s', async (format, _, url, named) => {
    const sent = await changelogToSend(NOTES, sending(format, 200), url);
    expect(length(sent.text)).toBeLessThanOrEqual(200);
    expect(sent.text.endsWith(`\n${notes[format](named)}`)).toBe(true);
    expect(sent.text).toContain('change number 0 of the notes');
    expect(sent.cut).toMatchObject({ from: length(sent.whole), to: length(sent.text) });
  });

  const LONG = 'Fixed the importer so that it reads every file, '.repeat(10).trim();
  it.each([
    ['a first paragraph', `${LONG}\n\nMore.`, '<p>Fixed the importer so that'],
    ['a first list item', `- ${LONG}\n- more`, '<ul>\n<li>Fixed the importer so that'],
    ['a heading, then a paragraph', `## 1.2.3\n\n${LONG}`, '<h2>1.2.3</h2>\n<p>Fixed the importer'],
    [
      'a short item, then a long one',
      `- Faster loads\n- ${LONG}`,
      '<ul>\n<li>Faster loads</li>\n<li>Fixed the',
    ],
    [
      'a nested item',
      `- Importer\n  - ${LONG}`,
      '<ul>\n<li>Importer\n<ul>\n<li>Fixed the importer',
    ],
    ['a block quote', `> ${LONG}`, '<blockquote>\n<p>Fixed the importer'],
    [
      'emphasis and a link',
      `**Importer:** ${LONG} ([#412](https://github.com/o/r/pull/412))`,
      '<p><strong>Importer:</strong> Fixed the',
    ],
  ])(
    'html, cap 300, %s longer than the room: its first words, then the note',
    async (_, markdown, start) => {
      const sent = await changelogToSend(markdown, sending('html', 300), URL_);
      expect(sent.text.startsWith(start)).toBe(true);
      expect(length(sent.text)).toBeLessThanOrEqual(300);
      // Cut at a word, every element closed, as many words as fit.
      expect(sent.text).toMatch(
        /[a-z,]((<\/[a-z]+>)|\n)+<p>\(Truncated to fit the length limit\. Full notes: /,
      );
      expect(length(sent.text)).toBeGreaterThan(
        300 - 'reads every file, '.length - '</li></ul></li>\n</ul>'.length,
      );
    },
  );

  // The note alone is 43 code points in html: a cap of 50 leaves no room for `<p>`, a word, `</p>`.
  const WORDS = 'Fixed the importer so that it reads every file.';
  const TWICE = `${WORDS}\n\n${WORDS}`;
  it.each([
    ['html: the note alone, without the release page', 'html', cutNote('', true)],
    ['markdown: its first code points, no note', 'markdown', TWICE.slice(0, 50)],
    ['text: its first code points, no note', 'text', TWICE.slice(0, 50)],
  ] as const)('cap 50, no room for a word beside the note: %s', async (_, format, expected) => {
    const sent = await changelogToSend(TWICE, sending(format, 50), URL_);
    expect(sent.text).toBe(expected);
    expect(sent.cut).toEqual({ text: expected, from: length(sent.whole), to: length(expected) });
  });

  it('html stops between blocks when they fill a quarter of the room or more', async () => {
    const first = 'Faster loads, and the importer reads every file it is given. '.repeat(3).trim();
    const sent = await changelogToSend(`${first}\n\n${LONG}`, sending('html', 300), URL_);
    expect(sent.text).toBe(`<p>${first}</p>\n${cutNote(URL_, true)}`);
  });
});

describe('resolveRelease with a format', () => {
  const context: Origin = {
    repository: 'o/r',
    sha: '9fceb02d0ae598e95dc970b74767f19372d61af8',
    runUrl: 'https://ci/run/7',
    workspace: '/repo',
  };
  const plan = {
    versions: [versionInput],
    changelogs: [changelogInput],
    noVersion: () => new Error('no version'),
  };
  const settings = (inputs: Record<string, string>) =>
    parseSettings(
      {
        'listing-id': 'asset-1',
        'api-key': 'mk_test_key_123456',
        'base-url': 'https://api.example.com/v1',
        version: '1.2.3',
        ...inputs,
      },
      ACTION_WORDS,
    );

  it('converts the input, and says the whole text in its format when it was cut', async () => {
    const changelog = `* **a** [x](https://x)\n${'* more\n'.repeat(60)}`;
    const { resolved } = await resolveRelease(
      settings({ changelog, 'changelog-format': 'text', 'changelog-max-length': '200' }),
      context,
      plan,
      idle,
    );
    expect(resolved.changelog.startsWith('- a x (https://x)\n- more\n')).toBe(true);
    expect(resolved.changelog.endsWith(cutNote('https://ci/run/7'))).toBe(true);
    expect(resolved.uncut).toBe(`- a x (https://x)\n${'- more\n'.repeat(59)}- more`);
    expect(resolved.cut?.from).toBe(length(resolved.uncut ?? ''));
  });

  it('converts the generated text', async () => {
    const { resolved } = await resolveRelease(
      settings({ 'changelog-format': 'html' }),
      context,
      plan,
      idle,
    );
    expect(resolved.changelogSource).toBe('generated');
    expect(resolved.changelog).toBe(
      '<p>Automated deployment of version 1.2.3 of o/r at commit 9fceb02.<br />\nWorkflow run: <a href="https://ci/run/7">https://ci/run/7</a></p>',
    );
  });

  const NOTES = 'Fixed the importer\nFaster loads\nNew icons';
  const THREE_LINES = {
    html: '<p>Fixed the importer<br />\nFaster loads<br />\nNew icons</p>',
    text: 'Fixed the importer\nFaster loads\nNew icons',
  };
  const ONE_LINE = {
    html: '<p>Fixed the importer\nFaster loads\nNew icons</p>',
    text: 'Fixed the importer Faster loads New icons',
  };
  it.each([
    ['release', 'html', THREE_LINES.html],
    ['release', 'text', THREE_LINES.text],
    ['github', 'html', THREE_LINES.html],
    ['github', 'text', THREE_LINES.text],
    ['input', 'html', ONE_LINE.html],
    ['input', 'text', ONE_LINE.text],
    ['file', 'html', ONE_LINE.html],
    ['file', 'text', ONE_LINE.text],
  ] as const)(
    'line breaks of notes from %s as %s',
    async (source: Resolved['changelogSource'], format, expected) => {
      const { resolved } = await resolveRelease(
        settings({ 'changelog-format': format }),
        context,
        {
          ...plan,
          changelogs: [() => ({ text: NOTES, source })],
        },
        idle,
      );
      expect(resolved.changelog).toBe(expected);
    },
  );

  it('converts the generated text as text, its two lines kept', async () => {
    const { resolved } = await resolveRelease(
      settings({ 'changelog-format': 'text' }),
      context,
      plan,
      idle,
    );
    expect(resolved.changelog).toBe(
      'Automated deployment of version 1.2.3 of o/r at commit 9fceb02.\nWorkflow run: https://ci/run/7',
    );
  });
});
