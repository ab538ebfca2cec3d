// The job summary read as GitHub reads it: Markdown, where CommonMark passes an HTML block through
// until the first blank line. The changelog must stay inside its collapsed block, as text.
import { HtmlRenderer, type Node, Parser } from 'commonmark';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Resolved } from '../../src/core/release/resolve.js';
import type { RunReport } from '../../src/core/report.js';
import { KEYS } from '../support/emulator.js';
import { GitHubApi } from '../support/github-api.js';
import { leakedFragments, runAction, type Trigger, tagPush } from '../support/runner.js';
import { summaryHtml } from '../support/summary.js';
import { useEmulator } from '../support/use-emulator.js';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#124': '|',
  '#10': '\n',
};

/** What a browser shows for the text of the `<pre>` element. */
function decode(html: string): string {
  return html.replace(
    /&(amp|lt|gt|quot|#39|#124|#10);/g,
    (_, name: string) => ENTITIES[name] ?? '',
  );
}

function topLevel(document: Node): Node[] {
  const children: Node[] = [];
  for (let child = document.firstChild; child !== null; child = child.next) children.push(child);
  return children;
}

/** The types of the top-level blocks that are not raw HTML: text that escaped into Markdown. */
function markdownBlocks(summary: string): string[] {
  return topLevel(new Parser().parse(summary))
    .map((block) => block.type)
    .filter((type) => type !== 'html_block');
}

/** The changelog as the reader sees it, or a description of how the block broke. */
function renderedChangelog(summary: string): string {
  const document = new Parser().parse(summary);
  const blocks = topLevel(document);
  // Anything but raw HTML means some text escaped into Markdown.
  expect(blocks.map((block) => block.type)).toEqual(blocks.map(() => 'html_block'));
  const details = blocks.filter((block) => block.literal?.includes('<details>'));
  expect(details).toHaveLength(1);
  const literal = details[0]?.literal ?? '';
  const match = /<details><summary>[^<]*<\/summary><pre>([^<]*)<\/pre><\/details>/.exec(literal);
  expect(match, literal).not.toBeNull();
  const rendered = new HtmlRenderer().render(document);
  expect(rendered.split('</pre></details>')).toHaveLength(2);
  return decode(match?.[1] ?? '');
}

const resolved = (changelog: string): Resolved => ({
  version: '1.2.3',
  versionSource: 'tag',
  tag: 'v1.2.3',
  changelog,
  changelogSource: 'release',
});

const report = (changelog: string): RunReport => ({
  listingIds: ['asset-1'],
  resolved: resolved(changelog),
  dryRun: false,
  list: undefined,
  rows: [],
  notes: [],
  problem: { title: 'API key refused', message: 'The marketplace refused the API key.' },
  elapsedMs: 10,
});

const CHANGELOGS: [string, string][] = [
  ['blank lines', 'First paragraph.\n\nSecond paragraph.\n\n\n\nThird.'],
  [
    'Markdown',
    '## Changes\n\n- a [link](https://example.com)\n- **bold** `code`\n\n```\nfenced\n```',
  ],
  ['an indented block', 'Intro\n\n    four spaces: code in Markdown\n\nend'],
  ['raw HTML', '<b>bold</b>\n\n</pre></details><img src=x onerror=alert(1)>\n\n<script>x</script>'],
  ['an HTML comment', 'before\n\n<!-- hidden -->\n\nafter'],
  ['command syntax', '::error::not a command\n\n##[warning]nor this\n::stop-commands::x'],
  ['Windows line breaks', 'one\r\n\r\ntwo\r\n'],
  ['only blank lines', '\n\n\n'],
  ['table syntax', '| a | b |\n|---|---|\n| 1 | 2 |'],
];

describe('the summary through CommonMark', () => {
  it.each(CHANGELOGS)(
    'keeps a changelog with %s inside its collapsed block, as text',
    (_, text) => {
      expect(renderedChangelog(summaryHtml(report(text)))).toBe(text.replace(/\r\n?/g, '\n'));
    },
  );

  // Any text from the run may hold a blank line, in each line-break style a runner passes on.
  const BLANK_LINES: [string, string][] = [
    ['LF', 'a\n\n# heading\n\n- item'],
    ['CRLF', 'a\r\n\r\n# heading'],
    ['CR', 'a\r\r# heading'],
    ['spaces and tabs', 'a\n \t\n![image](https://example.com/x)'],
  ];

  it.each(BLANK_LINES)('keeps every other text with %s blank lines in its markup', (_, text) => {
    const summary = summaryHtml({
      listingIds: ['asset-1', 'asset-2'],
      resolved: { ...resolved(`notes ${text}`), version: `1 ${text}`, tag: `v1 ${text}` },
      dryRun: false,
      list: undefined,
      rows: [
        {
          listingId: 'asset-1',
          state: 'sent',
          outcome: undefined,
          problem: { title: `Rejected ${text}`, message: `The marketplace said ${text}` },
          why: '',
          previousVersion: null,
          elapsedMs: 1,
        },
      ],
      notes: [{ level: 'warning', title: 'Notes', message: `GitHub said ${text}` }],
      problem: { title: `Stopped ${text}`, message: `Because ${text}` },
      elapsedMs: 10,
    });
    expect(markdownBlocks(summary)).toEqual([]);
    expect(summary).not.toMatch(/\r|\n[ \t]*\n/);
    expect(renderedChangelog(summary)).toBe(`notes ${text}`.replace(/\r\n?/g, '\n'));
  });

  it('notices text that escapes its markup (the check can fail)', () => {
    expect(markdownBlocks('<p>a\n\n# heading</p>\n')).toEqual(['heading']);
  });

  it('notices a changelog that escapes its block (the check can fail)', () => {
    const broken = '<details><summary>Changelog</summary><pre>a\n\n- item\n</pre></details>\n';
    expect(() => renderedChangelog(broken)).toThrow();
  });
});

describe('the summary of the committed action', () => {
  const local = useEmulator();

  it('keeps the release notes of a real run inside the block', async () => {
    const notes = '## What changed\n\n- faster ✓\n\n<img src=x>\n\n::warning::text\n';
    const trigger: Trigger = {
      eventName: 'release',
      ref: 'refs/tags/v1.2.3',
      payload: { action: 'released', release: { tag_name: 'v1.2.3', body: notes } },
    };
    const result = await runAction({
      inputs: { 'listing-id': 'asset-1', 'api-key': KEYS.creator, 'base-url': local.base },
      trigger,
    });
    expect(result.code).toBe(0);
    expect(renderedChangelog(result.summary)).toBe(notes);
    expect(leakedFragments(result, KEYS.creator)).toEqual([]);
  });
});

describe('the summary of the committed action, with blank lines in what the run gave', () => {
  const local = useEmulator();
  let github: GitHubApi;
  let githubApiUrl: string;
  beforeEach(async () => {
    github = new GitHubApi();
    githubApiUrl = await github.start();
  });
  afterEach(() => github.stop());

  const inputs = (over: Record<string, string> = {}) => ({
    'listing-id': 'asset-1',
    'api-key': KEYS.creator,
    'base-url': local.base,
    retries: '0',
    ...over,
  });
  const TEXT = 'a\n\n# heading\r\r![image](https://example.com/x)';

  async function summaryOf(options: Parameters<typeof runAction>[0]): Promise<string> {
    const result = await runAction(options);
    expect(result.summary).toContain('<h3>Marketplace listing update</h3>');
    expect(leakedFragments(result, KEYS.creator)).toEqual([]);
    return result.summary;
  }

  it('the version input', async () => {
    const summary = await summaryOf({
      inputs: inputs({ version: `1 ${TEXT}`, 'dry-run': 'true' }),
    });
    expect(markdownBlocks(summary)).toEqual([]);
  });

  it('the tag of the latest release', async () => {
    github.releases.push({ tag_name: `v1 ${TEXT}`, body: 'notes' });
    const summary = await summaryOf({
      inputs: inputs({ 'dry-run': 'true' }),
      githubApiUrl,
      trigger: { eventName: 'workflow_dispatch', ref: 'refs/heads/main', payload: { inputs: {} } },
    });
    expect(markdownBlocks(summary)).toEqual([]);
  });

  it('a marketplace error message', async () => {
    local.emulator.inject({ kind: 'status', status: 422, body: JSON.stringify({ message: TEXT }) });
    const summary = await summaryOf({ inputs: inputs() });
    expect(markdownBlocks(summary)).toEqual([]);
  });

  it('a GitHub error message', async () => {
    github.inject({
      kind: 'status',
      status: 500,
      body: JSON.stringify({ message: TEXT }),
      times: 4,
    });
    const summary = await summaryOf({ inputs: inputs(), githubApiUrl, trigger: tagPush('v1.2.3') });
    expect(markdownBlocks(summary)).toEqual([]);
  });
});
