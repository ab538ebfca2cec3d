// The packed command's bin (test/support/packed.ts) on every Node line that package.json's
// `engines` names: each line at the lowest version `engines` allows and at a recent one (Node 24's
// recent one is the project's own, which runs every other test). Kept out of `npm test` for its
// time (five Node binaries, fetched on a fresh clone): `npm run test-slow`, which CI runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliLeaks, runCli } from '../support/cli.js';
import { KEYS } from '../support/emulator.js';
import { type Installed, packAndInstall } from '../support/packed.js';
import { ROOT } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

/**
 * The binaries are the npm registry's `node-<platform>-<arch>` packages, which install no script;
 * they are kept under node_modules/.cache, so only the first run downloads them.
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

it('tests the lowest version of every Node line `engines` names', () => {
  const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  expect(engines).toEqual({ node: '^22.12.0 || ^24.0.0 || >=26.0.0' });
  const lowest = engines.node.split(' || ').map((range: string) => range.replace(/^\D+/, ''));
  for (const version of lowest) expect(NODE_LINES).toContain(version);
});

describe.runIf(process.platform === 'linux' || process.platform === 'darwin')(
  'its bin on every supported Node line',
  () => {
    const local = useEmulator();
    let pkg: Installed;

    beforeAll(async () => {
      pkg = packAndInstall();
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
        const entry = pkg.bin;
        const shown = await runCli({ entry, direct: true, cwd: pkg.app, args: ['-V'], env });
        expect(shown.stdout).toBe(`${pkg.manifest.version}\n`);
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
