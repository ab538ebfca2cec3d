// One engine, two front ends: the core imports neither front end nor anything of @actions/*, and
// the command imports nothing of the action. Read from the imports of every source file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
