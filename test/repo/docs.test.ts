// biome-ignore-all lint/suspicious/noTemplateCurlyInString: titles in the code are written with ${…} placeholders.
// The user's manual: the README (the page the Marketplace shows), the reference pages in docs/,
// CONTRIBUTING.md and SECURITY.md. Generated tables that match their sources, a README a newcomer
// finishes, links and anchors that resolve, and a troubleshooting row for every annotation title.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderCommandLine, renderReadme } from '../../scripts/docs.ts';
import { headingTexts } from '../../src/core/changelog/section.js';
import { releaseOf, withoutV } from '../../src/core/changelog/version-token.js';
import {
  anchorsOf,
  codeBlocks,
  destinationsOf,
  PAGES,
  readPage,
  sectionsOf,
} from '../support/pages.js';
import { actionYaml, ROOT } from '../support/runner.js';

const readme = readPage('README.md');
const action = readFileSync(join(ROOT, 'action.yml'), 'utf8');
const BENCHMARKS = 'docs/benchmarks.md';
const REFERENCE = [
  'docs/command-line.md',
  'docs/recipes.md',
  'docs/changelog-file.md',
  'docs/what-is-sent.md',
  'docs/troubleshooting.md',
  'docs/proxies-and-cas.md',
];

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

  it('is at most 400 lines, with a whole workflow within its first 80', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    const first = codeBlocks(readme, 'yaml').find((block) => {
      const parsed = parse(block.text) as Record<string, unknown> | null;
      return parsed !== null && 'on' in parsed && 'jobs' in parsed;
    });
    expect(first).toBeDefined();
    const lastLine = (first?.line ?? 0) + (first?.text.split('\n').length ?? 0);
    expect(lastLine).toBeLessThanOrEqual(80);
  });

  it('links every reference page, and every page in docs/ is one of them or the benchmarks', () => {
    const pages = readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`);
    expect(pages.sort()).toEqual([...REFERENCE, BENCHMARKS].sort());
    for (const page of [...REFERENCE, BENCHMARKS]) expect(destinationsOf(readme)).toContain(page);
  });

  it('gives the two set-up commands and links the maintainer guide', () => {
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toContain('npm ci && npm test');
    expect(readme).toContain('](CONTRIBUTING.md)');
  });

  it('starts with a short description and its contents, then the quick start', () => {
    expect(sectionsOf(readme).slice(0, 3)).toEqual(['Before you start', 'Quick start', 'Recipes']);
  });

  it('has every section of the README in its table of contents', () => {
    const contents = readme.slice(0, readme.indexOf('\n## '));
    for (const anchor of anchorsOf(readme).slice(1)) {
      if (!sectionsOf(readme).some((title) => anchorsOf(`## ${title}`)[0] === anchor)) continue;
      expect(contents, anchor).toContain(`](#${anchor})`);
    }
  });
});

describe('CONTRIBUTING.md', () => {
  const page = readPage('CONTRIBUTING.md');

  it('is at most 300 lines', () => {
    expect(page.split('\n').length).toBeLessThanOrEqual(300);
  });

  // Measured figures age: what `npm run bench` printed is kept, dated, in docs/benchmarks.md.
  it('holds no measured times or memory, and links the page that keeps them', () => {
    // A case's settings (a 100 ms round trip, a 10 MiB file) are whole numbers; what is measured is not.
    expect(page).not.toMatch(/\d\.\d+ ?(?:ms|s|MB|MiB)\b|\d ?MB\b/);
    expect(destinationsOf(page)).toContain(BENCHMARKS);
    expect(readPage(BENCHMARKS)).toMatch(/^\| .* \| \d+(?:\.\d+)? ms \|/m);
  });

  it('gives the reason for every package the bundles carry', () => {
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const reasons = page.slice(page.indexOf('\n## Dependencies\n'));
    for (const name of Object.keys(dependencies)) expect(reasons).toContain(`\`${name}\``);
  });
});

describe('docs/command-line.md', () => {
  const page = readPage('docs/command-line.md');

  it('has the options table of the definitions (run `npm run docs` when this fails)', () => {
    expect(page).toBe(renderCommandLine(page));
  });
});

describe('docs/changelog-file.md', () => {
  const page = readPage('docs/changelog-file.md');
  const [headings] = codeBlocks(page, 'markdown');

  it.each((headings?.text ?? '').split('\n').filter((line) => line !== ''))(
    '%s is a release heading of 1.2.3, as the action reads it',
    (line) => {
      expect(line).toMatch(/^#{1,6} /);
      const version = releaseOf(headingTexts([line])[0] ?? '');
      expect(version === undefined ? undefined : withoutV(version)).toBe('1.2.3');
    },
  );
});

describe('every page', () => {
  it.each(PAGES.filter((page) => page !== 'CONTRIBUTING.md'))(
    '%s points to no document the reader does not have',
    (page) => {
      expect(readPage(page)).not.toMatch(/\bSPEC\b|the specification/);
    },
  );

  it('explains the release activities once', () => {
    const holding = PAGES.filter((page) => readPage(page).includes('| `unpublished` |'));
    expect(holding).toEqual(['docs/what-is-sent.md']);
  });
});

/**
 * The relative links of a page that do not resolve: a file that does not exist, or an anchor that
 * no heading of the target page has.
 */
function brokenLinks(page: string, markdown: string): string[] {
  const broken: string[] = [];
  for (const destination of destinationsOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(destination)) continue;
    const [path = '', anchor] = destination.split('#');
    const target = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
    if (target.startsWith('..') || (path !== '' && !existsSync(join(ROOT, target)))) {
      broken.push(destination);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    const text = target === page ? markdown : readPage(target);
    if (!target.endsWith('.md') || !anchorsOf(text).includes(anchor)) broken.push(destination);
  }
  return broken;
}

describe('links and anchors', () => {
  it('reads anchors as GitHub makes them', () => {
    const sample = [
      '# Title',
      '## Runners: node24, self-hosted and GHES',
      '### `changelog-file`',
      "## Choices where the marketplace's document is silent",
      '## Notes from CHANGELOG.md',
      '## GitLab CI/CD',
      '## Any other CI, or a shell step',
      '## Setext',
      '```sh',
      '# a comment, not a heading',
      '```',
      'Title',
      '=====',
      '## Title',
    ].join('\n');
    expect(anchorsOf(sample)).toEqual([
      'title',
      'runners-node24-self-hosted-and-ghes',
      'changelog-file',
      'choices-where-the-marketplaces-document-is-silent',
      'notes-from-changelogmd',
      'gitlab-cicd',
      'any-other-ci-or-a-shell-step',
      'setext',
      'title-1',
      'title-2',
    ]);
  });

  it('notices a missing file, a missing anchor and a link that leaves the repository', () => {
    const sample = [
      '## Here',
      '[ok](#here) [ok](README.md#quick-start) [ok](docs/recipes.md) [ok](https://x.example/#y)',
      '[bad](#there) [bad](README.md#nowhere) [bad](docs/nothing.md) [bad](../outside.md)',
      '`[code](#not-a-link)`',
    ].join('\n');
    expect(brokenLinks('SAMPLE.md', sample)).toEqual([
      '#there',
      'README.md#nowhere',
      'docs/nothing.md',
      '../outside.md',
    ]);
  });

  it("the npm package's homepage points at a heading of the README", () => {
    const { homepage } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const anchor = /#(.+)$/.exec(String(homepage))?.[1];
    expect(anchor).toBeDefined();
    expect(anchorsOf(readme)).toContain(anchor);
  });

  it.each(PAGES)('%s links only to files and headings that exist', (page) => {
    expect(brokenLinks(page, readPage(page))).toEqual([]);
  });
});

/**
 * Every annotation title in the code: the string literals that a `title:` property can take (a
 * literal, or the branches of a conditional), a `title = …` default, and the first argument of
 * the errors that carry a title, with `${…}` parts kept as placeholders.
 */
function annotationTitles(source: string): string[] {
  const titles: string[] = [];
  const literal = /\b(?:title\s*=|new ResolveError\()\s*(?:'([^'\\]*)'|`([^`\\]*)`)/g;
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

/** A pattern for a title in bold: each `${…}` stands for any text, e.g. `HTTP 5xx`. */
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
  const troubleshooting = readPage('docs/troubleshooting.md');

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
      '    throw new ResolveError(\n      `No section for ${version} in ${file}`,',
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

  it('notices a title the page lacks', () => {
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
