// The foundation: the runtime, the committed bundle and the metadata agree with each other.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_NAME, ACTION_VERSION, USER_AGENT } from '../src/meta.js';
import { undiciCopies } from './support/bundle.js';
import { actionYaml, ROOT } from './support/runner.js';

const bundle = () => readFileSync(join(ROOT, 'dist/index.js'), 'utf8');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

describe('toolchain', () => {
  it('runs the tests on Node 24, the runtime of the action', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(actionYaml().runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('pins the node package to 24.x and every dependency to an exact version', () => {
    expect(packageJson.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
    for (const deps of [packageJson.dependencies, packageJson.devDependencies]) {
      for (const version of Object.values(deps)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    }
    expect(packageJson.allowScripts).toMatchObject({ node: true });
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
  it('fails on a stale dist/ and says how to fix it', () => {
    const stale = join(mkdtempSync(join(tmpdir(), 'lad-stale-')), 'dist');
    cpSync(join(ROOT, 'dist'), stale, { recursive: true });
    writeFileSync(
      join(stale, 'index.js'),
      `${readFileSync(join(stale, 'index.js'), 'utf8')}\n// stale\n`,
    );
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts/check-dist.ts'), stale], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('index.js');
    expect(result.stderr).toContain('Run `npm run build` and commit dist/');
  }, 60_000);
});
