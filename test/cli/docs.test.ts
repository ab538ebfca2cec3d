// The command's page, docs/command-line.md: its options table comes from the parser's
// definitions, and every run of the command that any page shows (code blocks, pipeline scripts
// and prose) is one the parser accepts.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { optionsTable, renderCommandLine } from '../../scripts/docs.ts';
import { parseCommandLine } from '../../src/cli/args.js';
import { OPTIONS } from '../../src/cli/options.js';
import { codeBlocks, PAGES, readPage } from '../support/pages.js';

const page = readPage('docs/command-line.md');

/** Words of a shell line: quotes kept together, `$VAR`s left as they are. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map(
    ([, double, single, bare]) => double ?? single ?? bare ?? '',
  );
}

/** What ends a command in a shell line: a redirection, `;;`, `;`, `&&`, `||`, `|`. */
const END = /^(?:>.*|;;?|&&|\|\|?)$/;

/** Every run of the command in a text, its continuation lines joined, its arguments only. */
function runsIn(text: string): string[][] {
  return text
    .replaceAll('\\\n', ' ')
    .split('\n')
    .filter((line) => /npx (--yes )?listing-auto-deploy@1\b/.test(line))
    .map((line) => {
      const all = words(line);
      const from = all.findIndex((word) => word.startsWith('listing-auto-deploy@')) + 1;
      const to = all.findIndex((word, index) => index >= from && END.test(word));
      return all.slice(from, to < 0 ? undefined : to);
    });
}

/** The runs of a page: its shell blocks, the scripts of its YAML blocks, its prose. */
function commandsOf(markdown: string): string[][] {
  const scripts = [
    ...codeBlocks(markdown, 'sh').map((block) => block.text),
    ...codeBlocks(markdown, 'yaml').flatMap(
      (block) => JSON.stringify(parse(block.text)).match(/npx [^"]*/g) ?? [],
    ),
    ...[...markdown.matchAll(/`(npx [^`]*listing-auto-deploy@1[^`]*)`/g)].map(([, code = '']) =>
      code.replace(/\s+/g, ' '),
    ),
  ];
  return scripts.flatMap(runsIn);
}

describe("the command's page", () => {
  it('has the options table of the definitions', () => {
    expect(page).toContain(optionsTable());
  });

  it("writes the options table between its markers on the command's page", () => {
    const page = '# Command line\n\n<!-- cli-options:start -->\nold\n<!-- cli-options:end -->\n';
    expect(renderCommandLine(page)).toBe(
      `# Command line\n\n<!-- cli-options:start -->\n${optionsTable()}\n<!-- cli-options:end -->\n`,
    );
  });

  it('notices a changed definition', () => {
    const options = OPTIONS as Record<string, (typeof OPTIONS)[string]>;
    const first = options['listing-id'];
    expect(first).toBeDefined();
    const before = optionsTable();
    options['listing-id'] = { ...first, description: 'Changed.' };
    try {
      expect(optionsTable()).not.toBe(before);
      expect(page).not.toContain(optionsTable());
    } finally {
      options['listing-id'] = first as (typeof OPTIONS)[string];
    }
  });

  it('starts in the terminal, with the listings the key owns', () => {
    expect(commandsOf(page)[0]?.[0]).toBe('listings');
  });

  it('gives a GitLab tag pipeline and a Bitbucket tag pipeline, both valid YAML', () => {
    const [gitlab, bitbucket] = codeBlocks(page, 'yaml').map((block) => parse(block.text));
    expect(gitlab['deploy-listing'].rules[0].if).toContain('$CI_COMMIT_TAG');
    expect(gitlab['deploy-listing'].script[0]).toContain('npx --yes listing-auto-deploy@1');
    expect(bitbucket.pipelines.tags['v*'][0].step.script[0]).toContain('listing-auto-deploy@1');
  });

  it('reads a run in a script up to the end of the command', () => {
    expect(
      runsIn('case "$T" in *-*) echo no ;; *) npx --yes listing-auto-deploy@1 --dry-run ;; esac'),
    ).toEqual([['--dry-run']]);
    expect(runsIn('npx listing-auto-deploy@1 \\\n  listings --json > out.json')).toEqual([
      ['listings', '--json'],
    ]);
  });
});

describe.each(PAGES)('the runs of the command on %s', (name) => {
  const markdown = readPage(name);

  it('are all accepted by the parser', () => {
    for (const args of commandsOf(markdown)) {
      expect(() => parseCommandLine(args, {}), args.join(' ')).not.toThrow();
    }
  });

  it('never pass the key in an argument', () => {
    expect(markdown).not.toMatch(/--api-key[ =]/);
    expect(markdown).not.toMatch(/MARKETPLACE_API_KEY=\S/);
  });
});

it('the README and the command page show at least five runs of the command', () => {
  expect(commandsOf(readPage('README.md')).length).toBeGreaterThanOrEqual(2);
  expect(commandsOf(page).length).toBeGreaterThanOrEqual(5);
});
