// The job summary read as GitHub reads it: Markdown, where CommonMark passes an HTML block through
// until the first blank line. The changelog must stay inside its collapsed block, as text.
import { HtmlRenderer, type Node, Parser } from 'commonmark';
import { describe, expect, it } from 'vitest';
import type { Resolved } from '../src/release.js';
import { type RunReport, summaryHtml } from '../src/report.js';
import { KEYS } from './support/emulator.js';
import { leakedFragments, runAction, type Trigger } from './support/runner.js';
import { useEmulator } from './support/use-emulator.js';

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
