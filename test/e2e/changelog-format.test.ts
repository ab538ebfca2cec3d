// changelog-format through the committed bundles (SPEC 7.11): the action run as the runner runs
// it, and the command, against the local marketplace; the converter's chunk loaded only for
// `text` and `html`.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliLeaks, runCli } from '../support/cli.js';
import { KEYS } from '../support/emulator.js';
import { GitHubApi } from '../support/github-api.js';
import { releaseEvent } from '../support/github-examples.js';
import { leakedFragments, type RunOptions, runAction, tagPush } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
let github: GitHubApi;
let githubApiUrl: string;
beforeEach(async () => {
  github = new GitHubApi();
  githubApiUrl = await github.start();
});
afterEach(() => github.stop());

const NOTES = [
  '<!-- Release notes generated using configuration in .github/release.yml at main -->',
  '',
  '## Bug Fixes',
  '',
  '* **importer:** fixed ([#412](https://github.com/o/r/pull/412)) <b onclick="x">now</b>',
  '* [ ] later',
].join('\n');
const NOTES_TEXT =
  'Bug Fixes\n\n- importer: fixed (#412 (https://github.com/o/r/pull/412)) now\n- [ ] later';
const NOTES_HTML =
  '<h2>Bug Fixes</h2>\n<ul>\n<li><strong>importer:</strong> fixed (<a href="https://github.com/o/r/pull/412">#412</a>) &lt;b onclick=&quot;x&quot;&gt;now&lt;/b&gt;</li>\n<li><input type="checkbox" disabled="" /> later</li>\n</ul>';

const patches = () => local.emulator.requests.filter((r) => r.method === 'PATCH');
const sent = () => (JSON.parse(patches().at(-1)?.body ?? '{}') as { changelog?: string }).changelog;

async function run(inputs: Record<string, string>, options: Omit<RunOptions, 'inputs'> = {}) {
  const result = await runAction({
    githubApiUrl,
    ...options,
    inputs: {
      'listing-id': 'asset-1',
      'api-key': KEYS.creator,
      'base-url': local.base,
      'if-older': 'deploy',
      retries: '0',
      ...inputs,
    },
  });
  expect(leakedFragments(result, KEYS.creator)).toEqual([]);
  return result;
}

describe('the action', () => {
  it('sends the release notes as text; the output, the log and the summary show what was sent', async () => {
    const result = await run(
      { 'changelog-format': 'text' },
      { trigger: releaseEvent('v1.2.3', NOTES) },
    );
    expect(result.code).toBe(0);
    expect(sent()).toBe(NOTES_TEXT);
    expect(result.outputs.changelog).toBe(NOTES_TEXT);
    expect(result.stdout).toContain(
      '- importer: fixed (#412 (https://github.com/o/r/pull/412)) now',
    );
    expect(result.stdout).not.toContain('**importer:**');
    expect(result.summary).toContain(
      '- importer: fixed (#412 (https://github.com/o/r/pull/412)) now',
    );
  });

  it("sends GitHub's release notes for the tag as html, the writer's HTML as text", async () => {
    github.releases.push({ tag_name: 'v1.2.3', body: NOTES });
    const result = await run({ 'changelog-format': 'html' }, { trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(sent()).toBe(NOTES_HTML);
    expect(result.outputs.changelog).toBe(NOTES_HTML);
  });

  it('sends the generated text as html, its two lines kept', async () => {
    const result = await run({ 'changelog-format': 'html' }, { trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(sent()).toMatch(
      /^<p>Automated deployment of version v1\.2\.3 of [^<]+ at commit [0-9a-f]{7}\.<br \/>\nWorkflow run: <a href="[^"]+">[^<]+<\/a><\/p>$/,
    );
  });

  it('cuts html between blocks within changelog-max-length, counting what is sent', async () => {
    const changelog = Array.from({ length: 40 }, (_, i) => `* fix **${i}**`).join('\n');
    const result = await run(
      { changelog, 'changelog-format': 'html', 'changelog-max-length': '300' },
      { trigger: tagPush('v1.2.3') },
    );
    expect(result.code).toBe(0);
    const text = sent() ?? '';
    expect(Array.from(text).length).toBeLessThanOrEqual(300);
    expect(text.startsWith('<ul>\n<li>fix <strong>0</strong></li>\n')).toBe(true);
    expect(text).toMatch(
      /<\/li>\n<\/ul>\n<p>\(Truncated to fit the length limit\. Full notes: [^<]+\)<\/p>$/,
    );
    expect(result.outputs.changelog).toBe(text);
  });

  it('sends markdown byte for byte, by default and when asked', async () => {
    const changelog = `${NOTES}\r\n\ttrailing  \n`;
    await run({ changelog }, { trigger: tagPush('v1.2.3') });
    expect(sent()).toBe(changelog);
    await run({ changelog, 'changelog-format': 'markdown' }, { trigger: tagPush('v1.2.3') });
    expect(sent()).toBe(changelog);
    expect(patches()).toHaveLength(2);
  });

  it('refuses an unknown format, and sends nothing', async () => {
    const result = await run({ 'changelog-format': 'HTML' }, { trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(1);
    expect(result.errors.map((error) => error.data).join('\n')).toMatch(
      /Input `changelog-format` must be `markdown`, `text` or `html`\./,
    );
    expect(result.errors[0]?.properties.title).toBe('Invalid input: changelog-format');
    expect(patches()).toEqual([]);
  });

  it.each([
    ['text', 'an input of only a comment', { changelog: '<!-- only a note -->' }, {}],
    [
      'html',
      'release notes of only a comment and a link definition, CRLF',
      {},
      { trigger: releaseEvent('v1.2.3', '<!-- generated -->\r\n\r\n[a]: https://a\r\n') },
    ],
    [
      'text',
      'a changelog-file section of only an HTML block',
      { 'changelog-file': 'CHANGELOG.md' },
      { files: { 'CHANGELOG.md': '## 1.2.3\n\n<p align="center">\n<img src="logo.png">\n</p>\n' } },
    ],
  ] as const)(
    'refuses a changelog empty once converted to %s (%s): Empty changelog, nothing sent',
    async (format, _, inputs, options) => {
      const result = await run(
        { 'changelog-format': format, ...inputs },
        { trigger: tagPush('v1.2.3'), ...options },
      );
      expect(result.code).toBe(1);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]?.properties.title).toBe('Empty changelog');
      expect(result.errors[0]?.data).toMatch(
        new RegExp(
          `^The changelog is empty once converted to ${format} \\(\`changelog-format\`\\)`,
        ),
      );
      expect(patches()).toEqual([]);
    },
  );
});

describe('line ends and line breaks', () => {
  const LINES = 'Fixed the importer\nFaster loads\nNew icons\n\n- Smaller\n  downloads';
  const AS_SHOWN = {
    text: 'Fixed the importer\nFaster loads\nNew icons\n\n- Smaller\n  downloads',
    html: '<p>Fixed the importer<br />\nFaster loads<br />\nNew icons</p>\n<ul>\n<li>Smaller<br />\ndownloads</li>\n</ul>',
  };
  const AS_COMMONMARK = {
    text: 'Fixed the importer Faster loads New icons\n\n- Smaller downloads',
    html: '<p>Fixed the importer\nFaster loads\nNew icons</p>\n<ul>\n<li>Smaller\ndownloads</li>\n</ul>',
  };

  const FORMATS = ['text', 'html'] as const;
  it.each(
    FORMATS.flatMap((format) =>
      [
        ['LF', '\n'],
        ['CRLF', '\r\n'],
        ['a lone CR', '\r'],
      ].map(([ends, end]) => [format, ends, end] as const),
    ),
  )('%s, release notes with %s line ends: as GitHub shows them, no CR', async (format, _, end) => {
    const result = await run(
      { 'changelog-format': format },
      { trigger: releaseEvent('v1.2.3', LINES.replaceAll('\n', end ?? '\n')) },
    );
    expect(result.code).toBe(0);
    expect(sent()).toBe(AS_SHOWN[format]);
    expect(result.outputs.changelog).toBe(AS_SHOWN[format]);
  });

  it("GitHub's release notes for the tag keep their line breaks", async () => {
    github.releases.push({ tag_name: 'v1.2.3', body: LINES.replaceAll('\n', '\r\n') });
    const result = await run({ 'changelog-format': 'html' }, { trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(sent()).toBe(AS_SHOWN.html);
  });

  const READ_AS_COMMONMARK = [
    ['the changelog input', { changelog: LINES.replaceAll('\n', '\r\n') }, {}],
    [
      'a changelog-file section',
      { 'changelog-file': 'CHANGELOG.md' },
      { files: { 'CHANGELOG.md': `## 1.2.3\r\n\r\n${LINES.replaceAll('\n', '\r\n')}\r\n` } },
    ],
  ] as const;
  it.each(
    FORMATS.flatMap((format) =>
      READ_AS_COMMONMARK.map(
        ([source, inputs, options]) => [format, source, inputs, options] as const,
      ),
    ),
  )(
    '%s, %s with CRLF: read as CommonMark, a lone line break a space',
    async (format, _, inputs, options) => {
      const result = await run(
        { 'changelog-format': format, ...inputs },
        { trigger: tagPush('v1.2.3'), ...options },
      );
      expect(result.code).toBe(0);
      expect(sent()).toBe(AS_COMMONMARK[format]);
    },
  );

  it('markdown is sent as written, CRs and all', async () => {
    const body = LINES.replaceAll('\n', '\r\n');
    const result = await run({}, { trigger: releaseEvent('v1.2.3', body) });
    expect(result.code).toBe(0);
    expect(sent()).toBe(body);
  });
});

describe('changelog-max-length with a format', () => {
  const FIRST = 'Fixed the importer so that it reads every file it is given, '.repeat(8).trim();
  const NOTE = /\n<p>\(Truncated to fit the length limit\. Full notes: https:\/\/[^<]+\)<\/p>$/;

  it.each([
    ['a first paragraph', `${FIRST}\n\n- more`, '<p>Fixed the importer so that it reads'],
    ['a first list item', `- ${FIRST}\n- more`, '<ul>\n<li>Fixed the importer so that it reads'],
    [
      'a heading, then a paragraph',
      `## 1.2.3\n\n${FIRST}`,
      '<h2>1.2.3</h2>\n<p>Fixed the importer',
    ],
  ])(
    'html, cap 300, %s longer than the room: its first words, every element closed, then the note',
    async (_, changelog, start) => {
      const result = await run(
        { changelog, 'changelog-format': 'html', 'changelog-max-length': '300' },
        { trigger: tagPush('v1.2.3') },
      );
      expect(result.code).toBe(0);
      const text = sent() ?? '';
      expect(Array.from(text).length).toBeLessThanOrEqual(300);
      expect(text.startsWith(start)).toBe(true);
      expect(text).toMatch(NOTE);
      expect(text).toMatch(/[a-z,](<\/(p|li|ul)>\n?)+<p>\(Truncated/);
      expect(result.outputs.changelog).toBe(text);
    },
  );

  const LONG_PAGE = `https://github.com/${'o'.repeat(39)}/${'r'.repeat(100)}/releases/tag/v1.2.3`;
  it.each([
    ['markdown', '(Truncated to fit the length limit.)'],
    ['text', '(Truncated to fit the length limit.)'],
    ['html', '<p>(Truncated to fit the length limit.)</p>'],
  ])(
    '%s, cap 200, the longest release page GitHub gives: within the cap, the note without it',
    async (format, note) => {
      const notes = Array.from({ length: 40 }, (_, i) => `- change number ${i}`).join('\n');
      const result = await run(
        { 'changelog-format': format, 'changelog-max-length': '200' },
        { trigger: releaseEvent('v1.2.3', notes, 'published', { html_url: LONG_PAGE }) },
      );
      expect(result.code).toBe(0);
      const text = sent() ?? '';
      expect(Array.from(text).length).toBeLessThanOrEqual(200);
      expect(text.endsWith(`\n${note}`)).toBe(true);
      expect(text).toContain('change number 0');
    },
  );
});

describe('the converter loads only for text and html', () => {
  async function loaded(inputs: Record<string, string>) {
    const log = join(mkdtempSync(join(tmpdir(), 'lad-chunks-')), 'loaded');
    const hook = `import{registerHooks}from"node:module";import{appendFileSync}from"node:fs";registerHooks({load(url,context,next){if(url.startsWith("file:"))appendFileSync(${JSON.stringify(log)},url+"\\n");return next(url,context);}});`;
    const result = await run(
      { changelog: NOTES, ...inputs },
      {
        trigger: tagPush('v1.2.3'),
        env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(hook)}` },
      },
    );
    expect(result.code).toBe(0);
    const urls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
    const code = urls.map((url) => readFileSync(fileURLToPath(url), 'utf8')).join('\n');
    expect(urls.some((url) => url.endsWith('/dist/index.js'))).toBe(true);
    // Names that micromark's own code and its GFM table extension hold, and the project's do not.
    return {
      micromark: code.includes('codeFencedFenceSequence'),
      gfm: code.includes('tableDelimiterMarker'),
    };
  }

  it.each([
    ['markdown (the default): neither', {}, { micromark: false, gfm: false }],
    ['text: both', { 'changelog-format': 'text' }, { micromark: true, gfm: true }],
    ['html: both', { 'changelog-format': 'html' }, { micromark: true, gfm: true }],
  ])('%s', async (_, inputs, expected) => {
    expect(await loaded(inputs)).toEqual(expected);
  });
});

describe('the command', () => {
  const args = () => [
    '--listing-id',
    'asset-1',
    '--base-url',
    local.base,
    '--release-version',
    '1.2.3',
  ];
  const env = { MARKETPLACE_API_KEY: KEYS.creator };

  it.each([
    ['--changelog-format text', ['--changelog-format', 'text'], {}, NOTES_TEXT],
    [
      'LISTING_AUTO_DEPLOY_CHANGELOG_FORMAT=html',
      [],
      { LISTING_AUTO_DEPLOY_CHANGELOG_FORMAT: 'html' },
      NOTES_HTML,
    ],
    [
      'the flag over the variable',
      ['--changelog-format', 'text'],
      { LISTING_AUTO_DEPLOY_CHANGELOG_FORMAT: 'html' },
      NOTES_TEXT,
    ],
    ['neither: markdown as written', [], {}, NOTES],
  ])('%s', async (_, flags, variables, expected) => {
    const result = await runCli({
      args: [...args(), '--changelog', NOTES, '--if-older', 'deploy', '--json', ...flags],
      env: { ...env, ...variables },
    });
    expect(cliLeaks(result, KEYS.creator)).toEqual([]);
    expect(result.code).toBe(0);
    expect(sent()).toBe(expected);
  });

  it('sends --changelog with CRLF line ends as text without a CR, read as CommonMark', async () => {
    const result = await runCli({
      args: [
        ...args(),
        '--changelog',
        '- Faster\r\n  loads\r\n- New icons\r\n',
        '--changelog-format',
        'text',
      ],
      env,
    });
    expect(result.code).toBe(0);
    expect(sent()).toBe('- Faster loads\n- New icons');
  });

  it('refuses a changelog empty once converted as Empty changelog, nothing sent', async () => {
    const result = await runCli({
      args: [...args(), '--changelog', '<!-- only a note -->', '--changelog-format', 'html'],
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Empty changelog');
    expect(result.stderr).toContain('The changelog is empty once converted to html');
    expect(patches()).toEqual([]);
  });

  it('refuses an unknown format in its own words, exit 2, nothing sent', async () => {
    const result = await runCli({
      args: [...args(), '--changelog-format', 'rtf'],
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--changelog-format must be `markdown`, `text` or `html`.');
    expect(result.stderr).not.toContain('rtf');
    expect(patches()).toEqual([]);
  });
});
