// `npm run local-action`, the maintainer's loop: GitHub's @github/local-action runs the action from
// source with the committed `.env.example`, its base-url moved to this test's local marketplace.
// The PATCH that arrives proves the whole path (dotenv file, stubs, src/action/main.ts) still works.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../support/emulator.js';
import { keyFragments, ROOT } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

/** The output but the `::add-mask::` lines, which a runner consumes (here they reach the terminal). */
const shown = (output: string) =>
  output
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');

const example = readFileSync(join(ROOT, '.env.example'), 'utf8');

/** The `NAME=value` lines of a dotenv file, as a map. */
function variables(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([\w.-]+)=(.*)$/.exec(line);
    if (match?.[1] !== undefined) found.set(match[1], match[2] ?? '');
  }
  return found;
}

/** `.env.example` with some variables replaced, written to a temporary file. */
function envFile(changes: Record<string, string>): string {
  const lines = example.split('\n').map((line) => {
    const name = /^([\w.-]+)=/.exec(line)?.[1];
    return name !== undefined && name in changes ? `${name}=${changes[name]}` : line;
  });
  const path = join(mkdtempSync(join(tmpdir(), 'lad-local-action-')), '.env');
  writeFileSync(path, lines.join('\n'));
  return path;
}

/** Runs `npm run local-action -- FILE` without the variables of the job running the tests. */
async function localAction(file: string): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(GITHUB|INPUT|RUNNER|ACTIONS)_/.test(name)),
  );
  const child = spawn('npm', ['run', '-s', 'local-action', '--', file], {
    cwd: ROOT,
    // Offline: local-action starts tsx through `npm exec`, which must never reach a registry.
    env: { ...env, NO_COLOR: '1', npm_config_offline: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output };
}

describe('.env.example', () => {
  const values = variables(example);

  it('points at `npm run emulator -- 8080` with its test key and a tag push', () => {
    expect(values.get('INPUT_BASE-URL')).toBe('http://127.0.0.1:8080/v1');
    expect(values.get('INPUT_API-KEY')).toBe(KEYS.example);
    expect(values.get('INPUT_LISTING-ID')).toBe('asset-1');
    expect(values.get('GITHUB_EVENT_NAME')).toBe('push');
    expect(values.get('GITHUB_REF')).toMatch(/^refs\/tags\/v\d+\.\d+\.\d+$/);
  });

  it('is committed, and the .env made from it is ignored by git', () => {
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('.env');
  });
});

describe('scripts/local-action.ts', () => {
  it('makes .env from .env.example on first use and hands it to local-action', () => {
    // A copy of the script beside a stand-in for local-action that prints what it was given.
    const root = mkdtempSync(join(tmpdir(), 'lad-local-action-first-'));
    mkdirSync(join(root, 'scripts'));
    cpSync(join(ROOT, 'scripts/local-action.ts'), join(root, 'scripts/local-action.ts'));
    cpSync(join(ROOT, '.env.example'), join(root, '.env.example'));
    const bin = join(root, 'node_modules/@github/local-action/bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      join(bin, 'local-action.js'),
      'console.log(JSON.stringify({ args: process.argv.slice(2), cwd: process.cwd() }));',
    );
    const run = spawnSync(process.execPath, [join(root, 'scripts/local-action.ts')], {
      cwd: root,
      env: { ...process.env, INIT_CWD: root },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(readFileSync(join(root, '.env'), 'utf8')).toBe(example);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toContain('Made .env from .env.example');
    expect(JSON.parse(lines[1] ?? '')).toEqual({
      args: ['.', 'src/action/main.ts', join(root, '.env')],
      cwd: root.replace(/\/$/, ''),
    });
  });
});

describe('npm run local-action', () => {
  const local = useEmulator();

  it('names a dotenv file that does not exist, and runs nothing', async () => {
    const { code, output } = await localAction(join(tmpdir(), 'lad-no-such-file.env'));
    expect(code).toBe(1);
    expect(output).toContain('lad-no-such-file.env does not exist (start from .env.example)');
    expect(local.emulator.requests).toEqual([]);
  });

  it('sends the PATCH of the tag push in .env.example, and prints no part of the key', async () => {
    const { code, output } = await localAction(envFile({ 'INPUT_BASE-URL': local.base }));
    expect(code).toBe(0);
    const patches = local.emulator.requests.filter((request) => request.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.path).toBe('/v1/listings/asset-1');
    expect(patches[0]?.apiKey).toBe(KEYS.example);
    expect(JSON.parse(patches[0]?.body ?? '')).toEqual({
      version: '1.2.3',
      changelog:
        'Automated deployment of version 1.2.3 of octo/asset at commit 0123456.\n' +
        'Workflow run: https://github.com/octo/asset/actions/runs/1',
    });
    expect(local.emulator.listings.get('asset-1')?.version).toBe('1.2.3');
    expect(output).toContain('::set-output name=updated::true');
    // local-action's own setSecret records the key (and hides it in what it prints) silently;
    // the token's default of action.yml, which it passes unexpanded, counts as not given.
    expect(output).toContain('no token was given (input `github-token` is empty)');
    expect(keyFragments(KEYS.example).filter((piece) => shown(output).includes(piece))).toEqual([]);
  }, 60_000);

  it('fails with the action’s error on a refused key, and prints no part of it', async () => {
    const file = envFile({ 'INPUT_BASE-URL': local.base, 'INPUT_API-KEY': KEYS.revoked });
    const { code, output } = await localAction(file);
    expect(code).not.toBe(0);
    // The step's one GET /listings (if-older: skip) meets the 401 first, and no PATCH follows.
    expect(local.emulator.requests.map((request) => request.method)).toEqual(['GET']);
    expect(output).toMatch(/::error[^\n]*API key refused/);
    expect(keyFragments(KEYS.revoked).filter((piece) => shown(output).includes(piece))).toEqual([]);
  }, 60_000);
});
