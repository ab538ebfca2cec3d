// The release's gate for the command line's npm package (trusted publishing, SPEC 10): published
// only with a `bin`, and then only when npm would accept it and no user's install runs a script.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { npmPackage, type PackageJson } from '../../scripts/npm-package.ts';
import { ROOT } from '../support/runner.js';

const REPO = 'listing-auto-deploy/listing-auto-deploy';
const ready: PackageJson = {
  name: 'listing-auto-deploy',
  version: '1.4.0',
  bin: { 'listing-auto-deploy': 'dist/cli/index.js' },
  files: ['dist/cli/'],
  repository: { type: 'git', url: `git+https://github.com/${REPO}.git` },
  scripts: { build: 'ncc build', prepare: 'patch-package' },
  engines: { node: '^22.12.0 || ^24.0.0 || >=26.0.0' },
};

describe('npmPackage', () => {
  it('publishes a package with a bin that npm would accept', () => {
    expect(npmPackage(ready, '1.4.0', REPO)).toEqual({ publish: true, problems: [] });
  });

  it('publishes nothing, and finds nothing wrong, while there is no bin', () => {
    const { bin: _, ...actionOnly } = ready;
    expect(npmPackage({ ...actionOnly, private: true }, '9.9.9', REPO)).toEqual({
      publish: false,
      problems: [],
    });
  });

  it.each<[string, PackageJson, string]>([
    ['private', { ...ready, private: true }, '"private"'],
    ['another version', { ...ready, version: '1.3.9' }, 'version 1.3.9, not 1.4.0'],
    ['no repository', { ...ready, repository: undefined }, '"repository" must be'],
    ['another repository', { ...ready, repository: 'github:octo/fork' }, '"repository" must be'],
    [
      'a look-alike repository',
      { ...ready, repository: `https://github.com/${REPO}-fork.git` },
      '"repository" must be',
    ],
    ['no files', { ...ready, files: undefined }, 'no "files"'],
    ['the bin outside files', { ...ready, files: ['dist/action/'] }, 'is not in "files"'],
    ['postinstall', { ...ready, scripts: { postinstall: 'patch-package' } }, '"postinstall"'],
    ['preinstall', { ...ready, scripts: { preinstall: 'x' } }, '"preinstall"'],
    ['install', { ...ready, scripts: { install: 'x' } }, '"install"'],
    ['no engines', { ...ready, engines: undefined }, 'no "engines.node"'],
    ['an empty engines.node', { ...ready, engines: { node: ' ' } }, 'no "engines.node"'],
    [
      'engines.npm',
      { ...ready, engines: { node: '>=22', npm: '>=11' } },
      'has "engines.npm": the npm of a supported Node would warn',
    ],
  ])('refuses %s', (_, pkg, reason) => {
    const verdict = npmPackage(pkg, '1.4.0', REPO);
    expect(verdict.publish).toBe(false);
    expect(verdict.problems.join('\n')).toContain(reason);
  });

  it.each<[string, PackageJson]>([
    ['a bin given as a string', { ...ready, bin: './dist/cli/index.js' }],
    ['files naming the bin itself', { ...ready, files: ['./dist/cli/index.js'] }],
    ['a repository as a string', { ...ready, repository: `https://github.com/${REPO}` }],
    ['a repository in ssh form', { ...ready, repository: `git@github.com:${REPO}.git` }],
  ])('accepts %s', (_, pkg) => {
    expect(npmPackage(pkg, '1.4.0', REPO)).toEqual({ publish: true, problems: [] });
  });

  it("finds nothing wrong with this repository's package.json at its own version", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
    expect(npmPackage(pkg, String(pkg.version), REPO).problems).toEqual([]);
  });

  it('tells the release workflow whether to publish, through GITHUB_OUTPUT', () => {
    const output = join(mkdtempSync(join(tmpdir(), 'lad-npm-package-')), 'output');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts/npm-package.ts'), String(pkg.version), REPO],
      { encoding: 'utf8', env: { ...process.env, GITHUB_OUTPUT: output } },
    );
    expect(result.status).toBe(0);
    expect(readFileSync(output, 'utf8')).toBe(`publish=${pkg.bin !== undefined}\n`);
  });
});
