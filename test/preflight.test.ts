// The preflight of the npm scripts: silent on a complete set-up, and says why on an install that
// skipped its scripts (`npm ci --ignore-scripts`: no Node 24, no patches).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/runner.js';

const preflight = (root: string) =>
  spawnSync(process.execPath, [join(root, 'scripts/preflight.mjs')], { encoding: 'utf8' });

/** A copy of the project's preflight beside a node_modules holding only @actions/core. */
function setUp(corePackage: Record<string, unknown> | undefined): string {
  const root = mkdtempSync(join(tmpdir(), 'lad-preflight-'));
  mkdirSync(join(root, 'scripts'));
  cpSync(join(ROOT, 'scripts/preflight.mjs'), join(root, 'scripts/preflight.mjs'));
  if (corePackage !== undefined) {
    mkdirSync(join(root, 'node_modules/@actions/core'), { recursive: true });
    writeFileSync(
      join(root, 'node_modules/@actions/core/package.json'),
      JSON.stringify(corePackage),
    );
  }
  return root;
}

describe('preflight', () => {
  it('passes on this set-up', () => {
    const result = preflight(ROOT);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('fails when the patches were not applied, and says to install with scripts', () => {
    const result = preflight(setUp({ name: '@actions/core' }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('@actions/core is not patched');
    expect(result.stderr).toContain('without --ignore-scripts');
  });

  it('fails when nothing is installed', () => {
    const result = preflight(setUp(undefined));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('run `npm ci`');
  });

  it('passes a patched copy', () => {
    expect(preflight(setUp({ name: '@actions/core', sideEffects: false })).status).toBe(0);
  });

  it('runs before every script that needs Node 24 or the patches', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    for (const name of [
      'build',
      'test',
      'check',
      'check-dist',
      'bench',
      'demo',
      'emulator',
      'docs',
      'local-action',
    ]) {
      expect(scripts[`pre${name}`]).toBe('node scripts/preflight.mjs');
    }
  });
});
