// The package as npm publishes it: packed, installed into an empty folder without network, and
// its bin run (`npx listing-auto-deploy@1`), on every Node line that package.json's `engines`
// names.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliLeaks, runCli } from '../support/cli.js';
import { KEYS } from '../support/emulator.js';
import { ROOT } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const npm = (args: string[], cwd: string) =>
  spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });

interface Packed {
  filename: string;
  files: { path: string }[];
}

const dir = mkdtempSync(join(tmpdir(), 'lad-pack-'));
const app = join(dir, 'app');
let packed: Packed = { filename: '', files: [] };
let installed: Record<string, unknown>;
const bin = () => join(app, 'node_modules', 'listing-auto-deploy', 'dist', 'cli', 'index.js');

beforeAll(() => {
  // --ignore-scripts: `prepare` (patch-package) concerns the repository's own install only.
  const pack = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT);
  expect(pack.status, pack.stderr).toBe(0);
  packed = (JSON.parse(pack.stdout) as Packed[])[0] ?? packed;
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{"private": true}\n');
  const install = npm(['install', '--offline', join(dir, packed.filename)], app);
  expect(install.status, install.stderr).toBe(0);
  installed = JSON.parse(
    readFileSync(join(app, 'node_modules', 'listing-auto-deploy', 'package.json'), 'utf8'),
  );
}, 120_000);

describe('the packed package', () => {
  it('holds only what the command needs: its bundle, the README, the license', () => {
    // The changelog-file parsers are chunks of the bundle, loaded only when that option is given.
    const paths = packed.files.map((file) => file.path);
    const chunks = paths.filter((path) => /^dist\/cli\/\d+\.index\.js$/.test(path));
    expect(chunks.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !chunks.includes(path)).sort()).toEqual([
      'LICENSE',
      'README.md',
      'dist/cli/index.js',
      'dist/cli/licenses.txt',
      'dist/cli/package.json',
      'package.json',
    ]);
  });

  it('needs nothing installed beside it, and runs no install script', () => {
    expect(installed.dependencies).toBeUndefined();
    const scripts = (installed.scripts ?? {}) as Record<string, string>;
    for (const hook of ['preinstall', 'install', 'postinstall'])
      expect(scripts[hook]).toBeUndefined();
    // The install added the package alone: no patch-package, no @actions/*.
    expect(existsSync(join(app, 'node_modules', 'patch-package'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', '@actions'))).toBe(false);
  });

  it('says in `engines` exactly the Node lines tested below, and nothing of npm', () => {
    expect(installed.engines).toEqual({ node: '^22.12.0 || ^24.0.0 || >=26.0.0' });
  });

  it('is publishable: not private, a bin, the repository, published with provenance', () => {
    expect(installed.private).toBeUndefined();
    expect(installed.bin).toEqual({ 'listing-auto-deploy': 'dist/cli/index.js' });
    expect(installed.repository).toMatchObject({ type: 'git' });
    expect(installed.publishConfig).toEqual({ access: 'public', provenance: true });
  });
});

describe('its bin, installed without network', () => {
  const local = useEmulator();

  it('prints its help', async () => {
    const result = await runCli({ args: ['--help'], entry: bin() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: listing-auto-deploy');
  });

  it.runIf(process.platform !== 'win32')(
    'runs as npm linked it (the #! line) and deploys to the local marketplace',
    async () => {
      const result = await runCli({
        entry: join(app, 'node_modules', '.bin', 'listing-auto-deploy'),
        direct: true,
        cwd: app,
        args: [
          '--listing-id',
          'asset-1',
          '--base-url',
          local.base,
          '--release-version',
          '7.0.0',
          '--json',
        ],
        env: {
          // `env node` finds the Node 24 that runs the tests.
          PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
          MARKETPLACE_API_KEY: KEYS.creator,
        },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)[0]).toMatchObject({
        'listing-id': 'asset-1',
        updated: true,
      });
      // The one GET /listings (the order check, SPEC 7.8), then the PATCH.
      const patch = local.emulator.requests.find((request) => request.method === 'PATCH');
      expect(JSON.parse(patch?.body ?? '{}')).toMatchObject({ version: '7.0.0' });
      expect(cliLeaks(result, KEYS.creator)).toEqual([]);
    },
  );
});

/**
 * Each maintained Node line at the lowest version `engines` allows and at a recent one (Node 24's
 * recent one is the project's own, which runs every other test). The binaries are the npm
 * registry's `node-<platform>-<arch>` packages, which install no script; they are kept under
 * node_modules/.cache, so only the first run downloads them.
 */
const NODE_LINES = ['22.12.0', '22.23.3', '24.0.0', '26.0.0', '26.10.0'];
const NODE_CACHE = join(ROOT, 'node_modules', '.cache', 'node-lines');
const nodePackage = `node-${process.platform}-${process.arch}`;
const nodeOf = (version: string) =>
  join(NODE_CACHE, version, 'node_modules', nodePackage, 'bin', 'node');

/** Installs the Node binary of `version` unless the cache has it; resolves to npm's stderr. */
function fetchNode(version: string): Promise<string> {
  if (existsSync(nodeOf(version))) return Promise.resolve('');
  const prefix = join(NODE_CACHE, version);
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'package.json'), '{"private": true}\n');
  const args = ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund'];
  const child = spawn('npm', [...args, '--loglevel=error', `${nodePackage}@${version}`], {
    cwd: prefix,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', () => resolve(stderr)));
}

describe.runIf(process.platform === 'linux' || process.platform === 'darwin')(
  'its bin on every supported Node line',
  () => {
    const local = useEmulator();

    beforeAll(async () => {
      const failures = await Promise.all(NODE_LINES.map(fetchNode));
      for (const [index, version] of NODE_LINES.entries()) {
        expect(existsSync(nodeOf(version)), `Node ${version}: ${failures[index]}`).toBe(true);
      }
    }, 600_000);

    it.each(NODE_LINES)(
      'Node %s prints its version and deploys a changelog file, warning about nothing',
      async (version) => {
        const node = nodeOf(version);
        expect(spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()).toBe(
          `v${version}`,
        );
        // `env node` in the #! line finds this line's node first.
        const env = { PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` };
        const entry = join(app, 'node_modules', '.bin', 'listing-auto-deploy');
        const shown = await runCli({ entry, direct: true, cwd: app, args: ['-V'], env });
        expect(shown.stdout).toBe(`${installed.version}\n`);
        const result = await runCli({
          entry,
          direct: true,
          args: [
            '--listing-id',
            'asset-1',
            '--base-url',
            local.base,
            '--release-version',
            '1.4.0',
            '--changelog-file',
            'CHANGELOG.md',
            '--json',
          ],
          // The section's parsers are a chunk of their own, loaded for this option only.
          files: { 'CHANGELOG.md': '# Changelog\n\n## [1.4.0]\n\n- Faster [search](docs/s.md).\n' },
          env: { ...env, MARKETPLACE_API_KEY: KEYS.creator },
        });
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).not.toMatch(/Warning|ExperimentalWarning|DeprecationWarning/);
        expect(JSON.parse(result.stdout)[0]).toMatchObject({
          'listing-id': 'asset-1',
          updated: true,
        });
        const patch = local.emulator.requests.find((request) => request.method === 'PATCH');
        expect(JSON.parse(patch?.body ?? '{}')).toMatchObject({
          version: '1.4.0',
          changelog: '- Faster [search](docs/s.md).',
        });
        expect(cliLeaks(result, KEYS.creator)).toEqual([]);
      },
      60_000,
    );
  },
);
