// One engine, two front ends: the core imports neither front end nor anything of @actions/*, and
// the command imports nothing of the action. Read from the imports of every source file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/runner.js';

/** Every module a file imports: static, dynamic and type-only imports and re-exports alike. */
function importsOf(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return specifiers.map((match) => match[1] ?? '');
}

function sources(folder: string): [string, string[]][] {
  const dir = join(ROOT, 'src', folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => [`src/${folder}/${name}`, importsOf(readFileSync(join(dir, name), 'utf8'))]);
}

const FOLDERS = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the dependency direction', () => {
  it('has the core and the two front ends, and no other folder', () => {
    expect(FOLDERS).toEqual(['action', 'cli', 'core']);
  });

  it.each(sources('core'))(
    '%s imports nothing of @actions/*, src/action or src/cli',
    (_, imports) => {
      const outward = imports.filter(
        (specifier) =>
          specifier.startsWith('@actions/') || /(^|\/)\.\.\/(action|cli)(\/|$)/.test(specifier),
      );
      expect(outward).toEqual([]);
    },
  );

  it.each(sources('cli'))('%s imports nothing of @actions/* or src/action', (_, imports) => {
    const outward = imports.filter(
      (specifier) => specifier.startsWith('@actions/') || /\.\.\/action(\/|$)/.test(specifier),
    );
    expect(outward).toEqual([]);
  });

  it.each(sources('action'))('%s imports nothing of src/cli', (_, imports) => {
    expect(imports.filter((specifier) => /\.\.\/cli(\/|$)/.test(specifier))).toEqual([]);
  });
});

/**
 * The rooms of the engine and what each may import of the others (a room is a folder, or a file
 * at the top of src/core), from the ground floor up: a room names only rooms above it in this
 * table, so every arrow runs down and none can close a circle. Packages and node:* are not listed
 * here: the checks above hold them.
 */
const ROOMS: Record<string, readonly string[]> = {
  // The ground floor: shapes, constants and readers that import nothing of the project.
  words: [],
  json: [],
  meta: [],
  // What one attempt of a request comes to (an answer or a failure), and how much of it is shown.
  attempt: [],
  // What the user reads as an annotation: a problem, or a note that fails nothing.
  annotations: [],
  // The one base class, StepError, and every error kind.
  errors: ['attempt', 'words'],
  // The key guard and untrusted text: decides what may be printed.
  guard: ['attempt', 'json'],
  // The settings by name, checked once.
  inputs: ['errors', 'guard', 'words'],
  // changelog-file: read with one Markdown parser, loaded only when the setting is given.
  changelog: ['errors', 'inputs', 'json', 'words'],
  // The one transport: undici, the proxy rules, one attempt, retries, failures classified.
  transport: ['attempt', 'errors', 'guard', 'inputs', 'json', 'meta', 'words'],
  // What is sent: the version and changelog, each from the first source that answers (a source
  // that asks a server asks through the step's transport).
  release: ['changelog', 'errors', 'guard', 'inputs', 'json', 'meta', 'transport', 'words'],
  // What the step knows and decides of one listing: data only.
  listing: ['annotations'],
  // Every sentence of the marketplace's requests, of each listing's plan and of its read-back.
  sentences: [
    'annotations',
    'attempt',
    'guard',
    'inputs',
    'listing',
    'release',
    'transport',
    'words',
  ],
  // One row per listing, `results`, the outputs and the summary.
  report: ['annotations', 'attempt', 'guard', 'json', 'release', 'sentences', 'transport', 'words'],
  // The marketplace's answers: the one GET, the updates, the read-back, their messages.
  marketplace: [
    'annotations',
    'attempt',
    'errors',
    'guard',
    'inputs',
    'json',
    'listing',
    'meta',
    'release',
    'report',
    'sentences',
    'transport',
    'words',
  ],
  // What stops a step before any request.
  refusals: ['annotations', 'errors', 'guard', 'release', 'words'],
  // The whole step, for both front ends.
  step: [
    'annotations',
    'sentences',
    'guard',
    'inputs',
    'marketplace',
    'refusals',
    'release',
    'report',
    'transport',
    'words',
  ],
};

const CORE = join(ROOT, 'src', 'core');

/** The room of the core a relative import from `file` reaches; undefined outside the core. */
function roomOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(CORE, normalize(join(dirname(join(ROOT, file)), specifier)));
  if (target.startsWith('..')) return undefined;
  return target.split(/[\\/]/)[0]?.replace(/\.(d\.)?[jt]s$/, '');
}

describe('the rooms of src/core', () => {
  const entries = readdirSync(CORE, { withFileTypes: true });

  it('keeps at most twelve files at its top; the rest live in a room of their concern', () => {
    const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(files.length).toBeLessThanOrEqual(12);
  });

  it('has a rule for every room, and a room for every rule', () => {
    const rooms = entries.map((entry) => entry.name.replace(/\.ts$/, ''));
    expect(rooms.sort()).toEqual(Object.keys(ROOMS).sort());
  });

  it('names in each rule only rooms below it: every arrow runs down, no circle', () => {
    const floors = Object.keys(ROOMS);
    const upward = Object.entries(ROOMS).flatMap(([room, allowed]) =>
      allowed
        .filter((other) => !(floors.indexOf(other) < floors.indexOf(room)))
        .map((other) => `${room} -> ${other}`),
    );
    expect(upward).toEqual([]);
  });

  it.each(sources('core'))('%s imports only the rooms its own may import', (file, imports) => {
    const own = file.split('/')[2]?.replace(/\.ts$/, '') ?? '';
    const allowed = new Set([own, ...(ROOMS[own] ?? [])]);
    const reached = imports.map((specifier) => roomOf(file, specifier));
    const outside = reached.filter((room) => room !== undefined && !allowed.has(room));
    expect(outside).toEqual([]);
  });

  it('reads the room of an import as the folder or the top-level file it reaches', () => {
    expect(roomOf('src/core/marketplace/deploy.ts', '../transport/exchange.js')).toBe('transport');
    expect(roomOf('src/core/marketplace/deploy.ts', './listings.js')).toBe('marketplace');
    expect(roomOf('src/core/guard/guard.ts', '../attempt.js')).toBe('attempt');
    expect(roomOf('src/core/step.ts', './errors.js')).toBe('errors');
    expect(roomOf('src/cli/main.ts', '../core/errors.js')).toBe('errors');
    expect(roomOf('src/core/guard/guard.ts', 'undici')).toBeUndefined();
    expect(roomOf('src/core/step.ts', '../cli/args.js')).toBeUndefined();
  });
});

describe('importsOf', () => {
  it('finds every form of import, so that the checks above cannot pass by missing one', () => {
    const source = [
      "import { a } from '../action/context.js';",
      "import type { B } from '@actions/core';",
      'import {',
      '  c,',
      "} from '../cli/args.js';",
      "export { d } from './d.js';",
      "import './side-effect.js';",
      "const e = await import('@actions/github');",
      "type F = typeof import('../action/github.js');",
      "const text = 'not an import from here';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      '../action/context.js',
      '@actions/core',
      '../cli/args.js',
      './d.js',
      './side-effect.js',
      '@actions/github',
      '../action/github.js',
    ]);
  });
});

/** Every source file with its text, comments left out. */
function code(): [string, string][] {
  return FOLDERS.flatMap((folder) => {
    const dir = join(ROOT, 'src', folder);
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name): [string, string] => [
        `src/${folder}/${name}`,
        readFileSync(join(dir, name), 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, ''),
      ]);
  });
}

describe("every word to the runner goes through the design's packages", () => {
  it('the action imports @actions/core and @actions/github', () => {
    const imports = sources('action').flatMap(([, specifiers]) => specifiers);
    expect(imports).toEqual(expect.arrayContaining(['@actions/core', '@actions/github']));
  });

  it.each(FOLDERS.flatMap((folder) => sources(folder)))(
    '%s imports no @octokit/* package: the GitHub client is @actions/github',
    (_, imports) => {
      expect(imports.filter((specifier) => specifier.startsWith('@octokit/'))).toEqual([]);
    },
  );

  it.each(code())(
    '%s writes no workflow command, output file, summary file or event file by hand',
    (_, text) => {
      // The `::stop-commands::` pair around the changelog is the one the package has no call for.
      expect(text).not.toMatch(
        /::(add-mask|set-output|set-env|save-state|error|warning|notice|group|endgroup|debug)\b/,
      );
      expect(text).not.toMatch(/\b(appendFile|writeFile)(Sync)?\b/);
      expect(text).not.toMatch(/env(\.|\[')(GITHUB_OUTPUT|GITHUB_EVENT_PATH|GITHUB_STATE)\b/);
    },
  );
});
