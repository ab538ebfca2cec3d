// biome-ignore-all lint/suspicious/noTemplateCurlyInString: titles in the code are written with ${…} placeholders.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReadme } from '../scripts/docs.ts';
import { actionYaml, ROOT } from './support/runner.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const action = readFileSync(join(ROOT, 'action.yml'), 'utf8');

describe('README', () => {
  it('has the inputs and outputs tables of action.yml (run `npm run docs` when this fails)', () => {
    expect(readme).toBe(renderReadme(readme, action));
  });

  it('names every input and output of action.yml', () => {
    const meta = actionYaml();
    for (const name of [...Object.keys(meta.inputs), ...Object.keys(meta.outputs)]) {
      expect(readme).toContain(`| \`${name}\` |`);
    }
  });

  it('notices drift', () => {
    const drifted = action.replace(/(listing-id:\n\s+description: )[^\n]+/, '$1Changed.');
    expect(drifted).not.toBe(action);
    expect(renderReadme(readme, drifted)).not.toBe(readme);
  });

  it('gives the two set-up commands and links the maintainer guide', () => {
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toContain('npm ci && npm test');
    expect(readme).toContain('](CONTRIBUTING.md)');
    expect(existsSync(join(ROOT, 'CONTRIBUTING.md'))).toBe(true);
  });

  it('points to no document the reader does not have', () => {
    expect(readme).not.toMatch(/\bSPEC\b|specification/i);
    for (const [, target] of readme.matchAll(/\]\(([^)#:]+)(#[^)]*)?\)/g)) {
      expect(existsSync(join(ROOT, target as string)), target).toBe(true);
    }
  });

  it('starts with a short example, before the recipes', () => {
    const firstExample = readme.indexOf('```yaml');
    expect(firstExample).toBeGreaterThan(0);
    expect(firstExample).toBeLessThan(readme.indexOf('## Quick start'));
  });
});

/** The project's documents whose links are checked. */
const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'CHANGELOG.md'];

/** Markdown without its fenced code blocks, where a `#` line is code, not a heading. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^( *)(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, '');
}

/**
 * The anchors GitHub gives a document's headings: the text without its markup, lower case, only
 * letters, digits, spaces, `-` and `_` kept, spaces as `-`; a repeated one gains `-1`, `-2`…
 */
function anchorsOf(markdown: string): string[] {
  const seen = new Map<string, number>();
  return [...withoutCode(markdown).matchAll(/^#{1,6} +(.+?) *#* *$/gm)].map(([, heading = '']) => {
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    return count === 0 ? slug : `${slug}-${count}`;
  });
}

/** Every link to a heading, `(#anchor)` or `(OTHER.md#anchor)`, outside code blocks. */
function anchorLinks(markdown: string): { file: string; anchor: string }[] {
  return [...withoutCode(markdown).matchAll(/\]\(([\w.-]*\.md)?#([^)\s]+)\)/g)].map(
    ([, file = '', anchor = '']) => ({ file, anchor }),
  );
}

describe('links to headings', () => {
  it('reads anchors as GitHub makes them', () => {
    const sample = [
      '# Title',
      '## Runners: node24, self-hosted and GHES',
      '### `changelog-file`',
      '## Releases, tags and concurrency',
      '```sh',
      '# a comment, not a heading',
      '```',
      '## Title',
    ].join('\n');
    expect(anchorsOf(sample)).toEqual([
      'title',
      'runners-node24-self-hosted-and-ghes',
      'changelog-file',
      'releases-tags-and-concurrency',
      'title-1',
    ]);
    expect(anchorLinks('[a](#one) `x` [b](README.md#two) [c](https://x.example/#three)')).toEqual([
      { file: '', anchor: 'one' },
      { file: 'README.md', anchor: 'two' },
    ]);
  });

  it.each(DOCUMENTS)('%s links only to headings that exist', (name) => {
    const links = anchorLinks(readFileSync(join(ROOT, name), 'utf8'));
    for (const { file, anchor } of links) {
      const target = readFileSync(join(ROOT, file === '' ? name : file), 'utf8');
      expect(anchorsOf(target), `${name}: ${file}#${anchor}`).toContain(anchor);
    }
  });

  it("has every section of the README in the README's table of contents", () => {
    const contents = readme.slice(0, readme.indexOf('\n## '));
    const sections = [...withoutCode(readme).matchAll(/^## +(.+)$/gm)].map(([, title]) => title);
    for (const anchor of anchorsOf(sections.map((title) => `## ${title}`).join('\n'))) {
      expect(contents, anchor).toContain(`](#${anchor})`);
    }
  });
});

/**
 * Every annotation title in the code: the string literals that a `title:` property can take (a
 * literal, or the branches of a conditional), a `title = …` default, and the first argument of
 * the errors that carry a title, with `${…}` parts kept as placeholders.
 */
function annotationTitles(source: string): string[] {
  const titles: string[] = [];
  const literal =
    /\b(?:title\s*=|new (?:ResolveError|ChangelogFileError)\()\s*(?:'([^'\\]*)'|`([^`\\]*)`)/g;
  for (const [, single, template] of source.matchAll(literal)) {
    titles.push((single ?? template ?? '').trim());
  }
  // The expression after `title:`, with the continuation lines of a formatted conditional.
  for (const [, text = ''] of source.matchAll(/\btitle:\s*([^\n]*(?:\n\s*[?:][^\n]*)*)/g)) {
    // Up to the next property of the same object, if it is on the same line.
    const expression = text.split(/,\s*[\w$]+:/)[0] ?? '';
    const branch = /(?:^|[?:]\s*)(?:'([^'\\]*)'|`([^`\\]*)`)/g;
    for (const [, single, template] of expression.matchAll(branch)) {
      titles.push((single ?? template ?? '').trim());
    }
  }
  return titles.filter((title) => title !== '');
}

/** A README pattern for a title: each `${…}` stands for any text, e.g. `HTTP 5xx`. */
function titlePattern(title: string): RegExp {
  const parts = title
    .split(/\$\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
  return new RegExp(`\\*\\*${parts.join('[^*]+')}\\*\\*`);
}

describe('Troubleshooting', () => {
  const sources = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(join(ROOT, 'src', name), 'utf8'));
  const titles = [...new Set(sources.flatMap(annotationTitles))];
  const troubleshooting = readme.slice(readme.indexOf('## Troubleshooting'));

  it('finds the titles in the code, templates and conditionals included', () => {
    const sample = [
      "  return { title: 'Listing not found', message: 'x' };",
      "  title: status === 429 ? 'Rate limited (HTTP 429)' : `Marketplace unavailable (${http})`,",
      '  title: timedOut',
      "    ? 'Marketplace timed out'",
      "    : 'Marketplace unreachable',",
      '  title: this.redact(problem.title),',
      "  verbatim(title: string, text = 'not a title') {",
      "  constructor(ref: string, { title = 'No version to deploy' } = {}) {",
      '    throw new ChangelogFileError(\n      `No section for ${version} in ${file}`,',
      "  throw new InputError('api-key', 'not a title');",
    ].join('\n');
    expect(annotationTitles(sample)).toEqual([
      'No version to deploy',
      'No section for ${version} in ${file}',
      'Listing not found',
      'Rate limited (HTTP 429)',
      'Marketplace unavailable (${http})',
      'Marketplace timed out',
      'Marketplace unreachable',
    ]);
    expect(titles.length).toBeGreaterThanOrEqual(14);
  });

  it.each(titles)('lists the annotation title "%s"', (title) => {
    expect(troubleshooting).toMatch(titlePattern(title));
  });

  it('notices a title the README lacks', () => {
    expect(troubleshooting).not.toMatch(titlePattern('Listing on fire (${http})'));
  });
});

describe('action.yml', () => {
  it('is fit for the Marketplace: name, description, author, branding', () => {
    const meta = actionYaml() as unknown as Record<string, unknown>;
    expect(typeof meta.name).toBe('string');
    expect(String(meta.description).length).toBeLessThanOrEqual(125);
    expect(meta.author).toBeTruthy();
    expect(meta.branding).toEqual({ icon: 'upload-cloud', color: 'purple' });
  });

  it('describes every input and output', () => {
    const meta = actionYaml() as unknown as {
      inputs: Record<string, { description?: string }>;
      outputs: Record<string, { description?: string }>;
    };
    for (const entry of [...Object.values(meta.inputs), ...Object.values(meta.outputs)]) {
      expect(entry.description?.length).toBeGreaterThan(10);
    }
  });
});
