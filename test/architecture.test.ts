// One engine, two front ends: the core imports neither front end nor anything of @actions/*, and
// the command imports nothing of the action. Read from the imports of every source file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/runner.js';

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
 * The rooms of the engine: what each folder of src/core may import of the core's other rooms
 * (a room is a folder, or a file at the top of src/core). Packages and node:* are not listed here:
 * the checks above hold them.
 */
const ROOMS: Record<string, readonly string[]> = {
  // The one transport: undici, the proxy rules, one attempt, retries, failures classified.
  transport: ['errors', 'guard', 'inputs', 'json', 'meta', 'words'],
  // The key guard and untrusted text: decides what may be printed.
  guard: ['json', 'report', 'transport'],
  // changelog-file: read with one Markdown parser, loaded only when the setting is given.
  changelog: ['errors', 'inputs', 'json', 'paths', 'words'],
  // What is sent: the version and changelog, each from the first source that answers.
  release: ['changelog', 'errors', 'inputs', 'json', 'meta', 'paths', 'words'],
  // The marketplace's answers: the one GET, the updates, the read-back, their messages.
  marketplace: [
    'errors',
    'guard',
    'inputs',
    'json',
    'meta',
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
    const rooms = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(rooms.sort()).toEqual(Object.keys(ROOMS).sort());
  });

  it.each(sources('core').filter(([file]) => file.split('/').length > 3))(
    '%s imports only the rooms its own may import',
    (file, imports) => {
      const own = file.split('/')[2] ?? '';
      const allowed = new Set([own, ...(ROOMS[own] ?? [])]);
      const reached = imports.map((specifier) => roomOf(file, specifier));
      const outside = reached.filter((room) => room !== undefined && !allowed.has(room));
      expect(outside).toEqual([]);
    },
  );

  it('reads the room of an import as the folder or the top-level file it reaches', () => {
    expect(roomOf('src/core/marketplace/deploy.ts', '../transport/exchange.js')).toBe('transport');
    expect(roomOf('src/core/marketplace/deploy.ts', './listings.js')).toBe('marketplace');
    expect(roomOf('src/core/guard/guard.ts', '../report.js')).toBe('report');
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
