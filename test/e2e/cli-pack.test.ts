// The package as npm publishes it: packed, installed into an empty folder without network, and
// its bin run (`npx listing-auto-deploy@1`). Its bin on every Node line that package.json's
// `engines` names: test/e2e/node-lines.test.ts (`npm run test-slow`).
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliLeaks, runCli } from '../support/cli.js';
import { KEYS } from '../support/emulator.js';
import { type Installed, packAndInstall } from '../support/packed.js';
import { useEmulator } from '../support/use-emulator.js';

let pkg: Installed;
beforeAll(() => {
  pkg = packAndInstall();
}, 120_000);
const app = () => pkg.app;
const bin = () => join(pkg.app, 'node_modules', 'listing-auto-deploy', 'dist', 'cli', 'index.js');

describe('the packed package', () => {
  it('holds only what the command needs: its bundle, the README, the license', () => {
    // The changelog-file parsers are chunks of the bundle, loaded only when that option is given.
    const paths = pkg.packed.files.map((file) => file.path);
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
    expect(pkg.manifest.dependencies).toBeUndefined();
    const scripts = (pkg.manifest.scripts ?? {}) as Record<string, string>;
    for (const hook of ['preinstall', 'install', 'postinstall'])
      expect(scripts[hook]).toBeUndefined();
    // The install added the package alone: no patch-package, no @actions/*.
    expect(existsSync(join(app(), 'node_modules', 'patch-package'))).toBe(false);
    expect(existsSync(join(app(), 'node_modules', '@actions'))).toBe(false);
  });

  it('says in `engines` exactly the Node lines test/e2e/node-lines.test.ts runs, and nothing of npm', () => {
    expect(pkg.manifest.engines).toEqual({ node: '^22.12.0 || ^24.0.0 || >=26.0.0' });
  });

  it('is publishable: not private, a bin, the repository, published with provenance', () => {
    expect(pkg.manifest.private).toBeUndefined();
    expect(pkg.manifest.bin).toEqual({ 'listing-auto-deploy': 'dist/cli/index.js' });
    expect(pkg.manifest.repository).toMatchObject({ type: 'git' });
    expect(pkg.manifest.publishConfig).toEqual({ access: 'public', provenance: true });
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
        entry: pkg.bin,
        direct: true,
        cwd: app(),
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
