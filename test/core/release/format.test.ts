// What is sent in each changelog-format (SPEC 7.11), and the cap counted on it (SPEC 7.6).
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { parseSettings } from '../../../src/core/inputs.js';
import { changelogToSend, htmlCutNote } from '../../../src/core/release/format.js';
import {
  changelogInput,
  generated,
  type Origin,
  resolveRelease,
  versionInput,
} from '../../../src/core/release/resolve.js';
import { cutNote } from '../../../src/core/release/truncate.js';

const URL_ = 'https://github.com/o/r/releases/tag/v1.2.3';
const length = (text: string) => Array.from(text).length;

const BASE = {
  'listing-id': 'a',
  'api-key': 'mk_test_0123456789abcdef',
  'base-url': 'https://x.test',
};
const parseChangelogFormat = (value: string) =>
  parseSettings({ ...BASE, 'changelog-format': value }).changelogFormat;

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
      expect((error as InputError).input).toBe('changelog-format');
      expect((error as Error).message).toMatch(/`markdown`, `text` or `html`\.$/);
      expect((error as Error).message).not.toContain(value);
    },
  );
});

describe('changelogToSend', () => {
  const notes = '## Fixes\n\n* **a:** b ([#1](https://x/1))\n';

  it('sends markdown as written, and cuts it as before', async () => {
    expect(await changelogToSend(notes, 'markdown', 0, URL_)).toEqual({
      text: notes,
      whole: notes,
      cut: undefined,
    });
    const long = '- line\n'.repeat(100);
    const sent = await changelogToSend(long, 'markdown', 200, URL_);
    expect(sent.text.endsWith(cutNote(URL_))).toBe(true);
    expect(sent.whole).toBe(long);
  });

  it('converts to text and to html', async () => {
    expect((await changelogToSend(notes, 'text', 0, URL_)).text).toBe(
      'Fixes\n\n- a: b (#1 (https://x/1))',
    );
    expect((await changelogToSend(notes, 'html', 0, URL_)).text).toBe(
      '<h2>Fixes</h2>\n<ul>\n<li><strong>a:</strong> b (<a href="https://x/1">#1</a>)</li>\n</ul>',
    );
  });

  it.each(['text', 'html'] as const)(
    'refuses a changelog empty once converted to %s',
    async (format) => {
      const failure = changelogToSend('<!-- only a note -->\n\n[a]: https://a\n', format, 0, URL_);
      await expect(failure).rejects.toThrow(InputError);
      await expect(failure).rejects.toThrow(
        new RegExp(`The changelog is empty once converted to ${format} \\(`),
      );
    },
  );

  it('counts the converted text against the cap, the note included', async () => {
    const markdown = Array.from({ length: 12 }, (_, i) => `* [#${i}](https://x.example/${i})`).join(
      '\n',
    );
    const text = await changelogToSend(markdown, 'text', 200, URL_);
    expect(length(text.text)).toBeLessThanOrEqual(200);
    expect(text.cut).toMatchObject({ from: length(text.whole), to: length(text.text) });
    expect(text.text.endsWith(cutNote(URL_))).toBe(true);
    expect(text.whole).toContain('- #11 (https://x.example/11)');
  });

  it('cuts html between blocks, inside a list between its items, and ends with the note as a paragraph', async () => {
    const markdown = `## Fixes\n\n${Array.from({ length: 20 }, (_, i) => `* fix number ${i}`).join('\n')}`;
    const sent = await changelogToSend(markdown, 'html', 300, URL_);
    expect(length(sent.text)).toBeLessThanOrEqual(300);
    const note = htmlCutNote(URL_);
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

  it('sends the note alone when no whole block fits, and escapes it', async () => {
    const markdown = `${'word '.repeat(100)}`;
    const sent = await changelogToSend(markdown, 'html', 200, 'https://x/a?b=1&c="2"');
    expect(sent.text).toBe(
      '<p>(Truncated to fit the length limit. Full notes: https://x/a?b=1&amp;c=&quot;2&quot;)</p>',
    );
  });

  it('leaves an html changelog within the cap alone', async () => {
    const sent = await changelogToSend(notes, 'html', 2000, URL_);
    expect(sent.cut).toBeUndefined();
    expect(sent.text).toBe(sent.whole);
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
    changelogs: [changelogInput, generated],
    noVersion: () => new Error('no version'),
  };
  const settings = (inputs: Record<string, string>) =>
    parseSettings({
      'listing-id': 'asset-1',
      'api-key': 'mk_test_key_123456',
      'base-url': 'https://api.example.com/v1',
      version: '1.2.3',
      ...inputs,
    });

  it('converts the input, and says the whole text in its format when it was cut', async () => {
    const changelog = `* **a** [x](https://x)\n${'* more\n'.repeat(60)}`;
    const { resolved } = await resolveRelease(
      settings({ changelog, 'changelog-format': 'text', 'changelog-max-length': '200' }),
      context,
      plan,
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
    );
    expect(resolved.changelogSource).toBe('generated');
    expect(resolved.changelog).toBe(
      '<p>Automated deployment of version 1.2.3 of o/r at commit 9fceb02.\nWorkflow run: <a href="https://ci/run/7">https://ci/run/7</a></p>',
    );
  });
});
