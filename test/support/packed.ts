// The package as npm publishes it: `npm pack` of the manifest the release publishes (without
// `dependencies`, which the bundle holds: .github/workflows/release.yml), then installed into an
// empty folder without network, as `npx listing-auto-deploy@1` installs it. Shared by test/e2e/cli-pack.test.ts (what the package
// holds, its bin) and test/e2e/node-lines.test.ts (its bin on every Node line `engines` names).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './runner.ts';

export const npm = (args: string[], cwd: string) =>
  spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });

export interface Packed {
  filename: string;
  files: { path: string }[];
}

export interface Installed {
  /** What `npm pack` reported. */
  readonly packed: Packed;
  /** The folder the package was installed into. */
  readonly app: string;
  /** The installed package's package.json. */
  readonly manifest: Record<string, unknown>;
  /** The bin as npm linked it (its `#!` line). */
  readonly bin: string;
}

/** Packs the repository and installs the tarball into an empty folder; throws with npm's words. */
export function packAndInstall(): Installed {
  const dir = mkdtempSync(join(tmpdir(), 'lad-pack-'));
  // A copy of what the package could take (all of dist/, the action's files), so that the
  // release's step runs without touching the repository's package.json.
  const source = join(dir, 'source');
  for (const path of ['package.json', 'README.md', 'LICENSE', 'action.yml', 'dist']) {
    cpSync(join(ROOT, path), join(source, path), { recursive: true });
  }
  const strip = npm(['pkg', 'delete', 'dependencies'], source);
  if (strip.status !== 0) throw new Error(`npm pkg delete failed: ${strip.stderr}`);
  // --ignore-scripts: `prepare` (patch-package) concerns the repository's own install only.
  const pack = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], source);
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const packed = (JSON.parse(pack.stdout) as Packed[])[0] ?? { filename: '', files: [] };
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{"private": true}\n');
  const install = npm(['install', '--offline', join(dir, packed.filename)], app);
  if (install.status !== 0) throw new Error(`npm install failed: ${install.stderr}`);
  const manifest = JSON.parse(
    readFileSync(join(app, 'node_modules', 'listing-auto-deploy', 'package.json'), 'utf8'),
  ) as Record<string, unknown>;
  return { packed, app, manifest, bin: join(app, 'node_modules', '.bin', 'listing-auto-deploy') };
}
