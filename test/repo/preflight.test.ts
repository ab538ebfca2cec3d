// The preflight of the npm scripts: silent on a complete set-up, and says why on an install that
// skipped its scripts (`npm ci --ignore-scripts`: no Node 24, no patches).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/runner.js';

/** Runs the preflight of `root`; RELEASE_NODE as given (unset when undefined). */
function preflight(root: string, releaseNode?: string) {
  const { RELEASE_NODE: _, ...env } = process.env;
  return spawnSync(process.execPath, [join(root, 'scripts/preflight.mjs')], {
    encoding: 'utf8',
    env: releaseNode === undefined ? env : { ...env, RELEASE_NODE: releaseNode },
  });
}

/** undici's HTTP/1.1 parser, as published and as patched (patches/). */
const UNPATCHED = 'if (statusCode === 100) {\n  util.destroy(socket)\n}\n';
const PATCHED = '// A 100 Continue the client did not ask for is an informational answer\n';

/** A copy of the project's preflight beside a node_modules holding only undici's parser. */
function setUp(parser: string | undefined): string {
  const root = mkdtempSync(join(tmpdir(), 'lad-preflight-'));
  mkdirSync(join(root, 'scripts'));
  cpSync(join(ROOT, 'scripts/preflight.mjs'), join(root, 'scripts/preflight.mjs'));
  if (parser !== undefined) {
    const file = join(root, 'node_modules/undici/lib/dispatcher/client-h1.js');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, parser);
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
    const result = preflight(setUp(UNPATCHED));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('undici is not patched');
    expect(result.stderr).toContain('without --ignore-scripts');
  });

  it('fails when nothing is installed', () => {
    const result = preflight(setUp(undefined));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('run `npm ci`');
  });

  it('passes a patched copy', () => {
    expect(preflight(setUp(PATCHED)).status).toBe(0);
  });

  it('runs before every script that needs Node 24 or the patches', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    for (const name of [
      'build',
      'test',
      'test-slow',
      'check',
      'check-dist',
      'bench',
      'demo',
      'emulator',
      'docs',
      'local-action',
      'mutation',
      'mutation-all',
    ]) {
      expect(scripts[`pre${name}`]).toBe('node scripts/preflight.mjs');
    }
  });
});

// The release workflow: `npm ci --ignore-scripts`, the patches applied by a step of its own, and
// RELEASE_NODE naming the Node of actions/setup-node, which must be the Node that runs the scripts.
describe('preflight in the release workflow (RELEASE_NODE)', () => {
  const patched = PATCHED;

  it('passes when the Node named by RELEASE_NODE runs it and the patches are applied', () => {
    const result = preflight(setUp(patched), process.execPath);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses when another Node runs the scripts than the one RELEASE_NODE names', () => {
    const root = setUp(patched);
    const result = preflight(root, join(root, 'scripts/preflight.mjs'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('runs the scripts, not RELEASE_NODE');
    expect(result.stderr).toContain('for the release workflow only');
  });

  it('refuses a RELEASE_NODE that does not exist', () => {
    const result = preflight(setUp(patched), '/nonexistent/bin/node');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('does not exist');
  });

  it('refuses while node_modules/.bin/node exists, which npm scripts would find first', () => {
    const root = setUp(patched);
    mkdirSync(join(root, 'node_modules/.bin'));
    writeFileSync(join(root, 'node_modules/.bin/node'), '#!/bin/sh\n');
    const result = preflight(root, process.execPath);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('node_modules/.bin/node exists');
  });

  it('refuses a RELEASE_NODE inside node_modules, where the node package puts its binary', () => {
    const root = setUp(patched);
    const inside = join(root, 'node_modules/node/bin/node');
    mkdirSync(dirname(inside), { recursive: true });
    writeFileSync(inside, '');
    const result = preflight(root, inside);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('must not run a Node installed into node_modules');
  });

  it('still refuses an install whose patches were not applied', () => {
    const result = preflight(setUp(UNPATCHED), process.execPath);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('undici is not patched');
  });
});
