// The foundation: the runtime, the committed bundle and the metadata agree with each other.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changelogSection, readFacts, releaseProblems } from '../../scripts/check-release.ts';
import { ACTION_NAME, ACTION_VERSION, USER_AGENT } from '../../src/core/meta.js';
import { undiciCopies } from '../support/bundle.js';
import { actionYaml, ROOT } from '../support/runner.js';

const bundle = () => readFileSync(join(ROOT, 'dist/index.js'), 'utf8');
// check-dist builds both bundles: about 30 s on an idle 2-core machine, over 3 minutes on a shared
// one. The bound stops a build that hangs; it does not time one.
const BUILD_TIMEOUT = 600_000;
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

describe('toolchain', () => {
  it('runs the tests on Node 24, the runtime of the action', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(actionYaml().runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('pins the node package to 24.x and every dependency to an exact version', () => {
    expect(packageJson.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
    for (const deps of [packageJson.dependencies ?? {}, packageJson.devDependencies]) {
      for (const version of Object.values(deps)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    }
    expect(packageJson.allowScripts).toMatchObject({ node: true });
  });

  it('declares in `dependencies` exactly the packages src/ imports, which the bundles carry', () => {
    const imported = new Set<string>();
    for (const name of readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.ts')) continue;
      const text = readFileSync(join(ROOT, 'src', name), 'utf8');
      // A type-only import is erased by the compiler: its package is not in the bundle.
      const imports =
        /\b(?:import|export)(\s+type)?\b[^;]*?from\s*'([^'.][^']*)'|import\(\s*'([^'.][^']*)'/g;
      for (const [, typeOnly, from, dynamic] of text.matchAll(imports)) {
        const specifier = from ?? dynamic ?? '';
        if (typeOnly !== undefined || specifier.startsWith('node:')) continue;
        const [first = '', second = ''] = specifier.split('/');
        imported.add(first.startsWith('@') ? `${first}/${second}` : first);
      }
    }
    expect(imported).toContain('undici');
    expect(Object.keys(packageJson.dependencies).sort()).toEqual([...imported].sort());
    for (const name of imported) expect(packageJson.devDependencies[name]).toBeUndefined();
  });

  it('bundles exactly one undici, and stays under 1.5 MB', () => {
    expect(undiciCopies(bundle())).toBe(1);
    expect(statSync(join(ROOT, 'dist/index.js')).size).toBeLessThan(1_500_000);
  });

  it('counts two copies of undici as two', () => {
    const one = "class X { constructor() { this.code = 'UND_ERR_CONNECT_TIMEOUT' } }";
    expect(undiciCopies(`${one}\n${one}`)).toBe(2);
  });

  it('is an ES module bundle', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'dist/package.json'), 'utf8'))).toEqual({
      type: 'module',
    });
  });

  it('sends the package version in the User-Agent', () => {
    expect(ACTION_NAME).toBe(packageJson.name);
    expect(ACTION_VERSION).toBe(packageJson.version);
    expect(USER_AGENT).toBe(`${packageJson.name}/${packageJson.version}`);
  });
});

describe('check-dist', () => {
  // One stale copy for every way dist/ can be stale, so that the check builds once.
  it(
    "fails on a stale dist/, the action's and the command's bundles and a missing licence, and says how to fix it",
    () => {
      const stale = join(mkdtempSync(join(tmpdir(), 'lad-stale-')), 'dist');
      cpSync(join(ROOT, 'dist'), stale, { recursive: true });
      writeFileSync(join(stale, 'index.js'), '// stale\n', { flag: 'a' });
      writeFileSync(join(stale, 'cli', 'index.js'), '// stale\n', { flag: 'a' });
      // The command's notices without undici's licence text, which its bundle holds.
      const licenses = join(stale, 'cli', 'licenses.txt');
      const undici = readFileSync(join(ROOT, 'node_modules/undici/LICENSE'), 'utf8').trim();
      expect(readFileSync(licenses, 'utf8')).toContain(undici);
      writeFileSync(licenses, readFileSync(licenses, 'utf8').replace(undici, ''));
      const result = spawnSync(process.execPath, [join(ROOT, 'scripts/check-dist.ts'), stale], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      const differing = /does not match a fresh build of src\/: (.*) differ\./.exec(
        result.stderr,
      )?.[1];
      expect(differing?.split(', ').sort()).toEqual(
        ['index.js', join('cli', 'index.js'), join('cli', 'licenses.txt')].sort(),
      );
      expect(result.stderr).toMatch(
        /dist[/\\]cli[/\\]licenses\.txt: undici@[\d.]+ is bundled, but its licence text is not there\./,
      );
      expect(result.stderr).not.toMatch(/^dist[/\\]licenses\.txt:/m);
      expect(result.stderr).toContain('`npm ci && npm run build`, then commit dist/');
      expect(result.stderr).toContain('Dependabot');
    },
    BUILD_TIMEOUT,
  );
});

describe('a checkout in a folder whose path has a space', () => {
  // A copy of what the scripts read, sharing node_modules: cheap, and `%20` would break it.
  const copy = join(mkdtempSync(join(tmpdir(), 'lad space ')), 'the repo');
  mkdirSync(copy);
  for (const name of [
    'package.json',
    'tsconfig.json',
    'action.yml',
    'README.md',
    'docs',
    'src',
    'scripts',
  ]) {
    cpSync(join(ROOT, name), join(copy, name), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  const node = (...args: string[]) =>
    spawnSync(process.execPath, args, { cwd: copy, encoding: 'utf8' });

  it('runs the docs generator', () => {
    const result = node('scripts/docs.ts');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    for (const page of ['README.md', 'docs/command-line.md']) {
      expect(readFileSync(join(copy, page), 'utf8')).toBe(readFileSync(join(ROOT, page), 'utf8'));
    }
  });

  it('finds the repository root from the test harness', () => {
    cpSync(join(ROOT, 'test/support'), join(copy, 'test/support'), { recursive: true });
    const runner = pathToFileURL(join(copy, 'test/support/runner.ts')).href;
    const script = `const { ROOT } = await import(${JSON.stringify(runner)}); console.log(ROOT);`;
    const result = node('--input-type=module', '-e', script);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(`${copy}/`);
  });

  it(
    'check-dist shows the compiler error when the build fails',
    () => {
      writeFileSync(join(copy, 'src/action/index.ts'), 'export const broken = ;\n');
      const result = node('scripts/check-dist.ts');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('index.ts');
      expect(result.stderr).toContain('the build failed (its output is above)');
    },
    BUILD_TIMEOUT,
  );
});

describe('check-release', () => {
  const changelog = [
    '# Changelog',
    '## [Unreleased]',
    '## [1.4.0] - 2026-12-01',
    '### Fixed',
    '- a thing',
    '## [1.3.0] - 2026-11-01',
    '- older',
    '[1.4.0]: https://example.com',
  ].join('\n');
  const facts = { packageVersion: '1.4.0', metaVersion: '1.4.0', changelog };

  it('takes the section of the version, without the next section or link definitions', () => {
    expect(changelogSection(changelog, '1.4.0')).toBe('### Fixed\n- a thing');
    expect(changelogSection(changelog, '1.3.0')).toBe('- older');
    expect(changelogSection(changelog, '1.4')).toBe('');
  });

  it('lets a release through only when every version agrees', () => {
    expect(releaseProblems('1.4.0', facts)).toEqual([]);
    expect(releaseProblems('v1.4.0', facts)[0]).toContain('no leading v');
    expect(releaseProblems('1.4.0', { ...facts, packageVersion: '1.3.0' })).toEqual([
      'package.json has version 1.3.0, not 1.4.0.',
    ]);
    expect(releaseProblems('1.4.0', { ...facts, metaVersion: '1.3.0' })[0]).toContain(
      'src/core/meta.ts',
    );
    expect(releaseProblems('1.5.0', facts)).toHaveLength(3);
  });

  it('reads this repository: the current version can be released', () => {
    expect(releaseProblems(packageJson.version, readFacts(ROOT))).toEqual([]);
  });
});

it('engines: the maintained Node lines the command is tested on, and no npm that warns', () => {
  // test/e2e/node-lines.test.ts runs the packed command on each line's lowest allowed version.
  expect(packageJson.engines).toEqual({ node: '^22.12.0 || ^24.0.0 || >=26.0.0' });
});
