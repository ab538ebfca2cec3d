// The README's section on the command: its options table comes from the parser's definitions, and
// every command it shows is one the parser accepts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { markersIn, optionsTable, renderReadme } from '../scripts/docs.ts';
import { parseCommandLine } from '../src/cli/args.js';
import { OPTIONS } from '../src/cli/options.js';
import { ROOT } from './support/runner.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## Other CI systems and your terminal'),
  readme.indexOf('\n## ', readme.indexOf('## Other CI systems and your terminal') + 3),
);

/** The code blocks of a language in the section. */
function blocks(language: string): string[] {
  return [...section.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'gm'))].map(
    ([, body]) => body ?? '',
  );
}

/** Words of a shell line: quotes kept together, `$VAR`s left as they are. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map(
    ([, double, single, bare]) => double ?? single ?? bare ?? '',
  );
}

/** Every run of the command in the section, its continuation lines joined, its arguments only. */
function commands(): string[][] {
  const scripts = [
    ...blocks('sh'),
    ...blocks('yaml').flatMap((block) => JSON.stringify(parse(block)).match(/npx [^"]*/g) ?? []),
  ];
  return scripts
    .join('\n')
    .replaceAll('\\\n', ' ')
    .split('\n')
    .filter((line) => /npx (--yes )?listing-auto-deploy@1\b/.test(line))
    .map((line) => {
      const all = words(line.replace(/>.*$/, ''));
      return all.slice(all.findIndex((word) => word.startsWith('listing-auto-deploy@')) + 1);
    });
}

describe("the README's section on the command", () => {
  it('has the options table of the definitions', () => {
    expect(section).toContain(optionsTable());
  });

  it('writes the options table into whichever document holds its marker', () => {
    const page = '# Command line\n\n<!-- cli-options:start -->\nold\n<!-- cli-options:end -->\n';
    const action = 'inputs: {}\noutputs: {}\n';
    expect(markersIn(page)).toEqual(['cli-options']);
    expect(renderReadme(page, action)).toBe(
      `# Command line\n\n<!-- cli-options:start -->\n${optionsTable()}\n<!-- cli-options:end -->\n`,
    );
    expect(markersIn('# Recipes\n')).toEqual([]);
    expect(renderReadme('# Recipes\n', action)).toBe('# Recipes\n');
  });

  it('notices a changed definition', () => {
    const first = OPTIONS[0];
    expect(first).toBeDefined();
    const before = optionsTable();
    const changed = { ...first, description: 'Changed.' } as (typeof OPTIONS)[number];
    (OPTIONS as (typeof OPTIONS)[number][]).splice(0, 1, changed);
    try {
      expect(optionsTable()).not.toBe(before);
      expect(section).not.toContain(optionsTable());
    } finally {
      (OPTIONS as (typeof OPTIONS)[number][]).splice(0, 1, first as (typeof OPTIONS)[number]);
    }
  });

  it('shows only commands the parser accepts, terminal first', () => {
    const found = commands();
    expect(found.length).toBeGreaterThanOrEqual(4);
    expect(found[0]?.[0]).toBe('listings');
    for (const args of found) {
      expect(() => parseCommandLine(args, {}), args.join(' ')).not.toThrow();
    }
  });

  it('gives a GitLab tag pipeline and a Bitbucket tag pipeline, both valid YAML', () => {
    const [gitlab, bitbucket] = blocks('yaml').map((block) => parse(block));
    expect(gitlab['deploy-listing'].rules[0].if).toContain('$CI_COMMIT_TAG');
    expect(gitlab['deploy-listing'].script[0]).toContain('npx --yes listing-auto-deploy@1');
    expect(bitbucket.pipelines.tags['v*'][0].step.script[0]).toContain('listing-auto-deploy@1');
  });

  it('never passes the key in an argument', () => {
    expect(section).not.toMatch(/--api-key[ =]/);
    expect(section).not.toMatch(/MARKETPLACE_API_KEY=\S/);
  });
});
