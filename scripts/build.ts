// `npm run build [-- -o DIR]`: bundles both front ends with ncc, the action's entry into DIR
// (default dist/) and the command's into DIR/cli. check-dist builds into a temporary DIR.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const ncc = createRequire(join(root, 'package.json')).resolve('@vercel/ncc/dist/ncc/cli.js');
const flag = process.argv.indexOf('-o');
const out = flag < 0 ? join(root, 'dist') : (process.argv[flag + 1] ?? '');

const ENTRIES: [entry: string, dir: string, licenses: string][] = [
  // ncc empties its output folder first: the action's build goes first, the command's inside it.
  ['src/action/index.ts', out, '[name].licenses.txt'],
  ['src/cli/index.ts', join(out, 'cli'), 'licenses.txt'],
];

for (const [entry, dir, licenses] of ENTRIES) {
  const build = spawnSync(
    process.execPath,
    [ncc, 'build', entry, '-o', dir, '--license', licenses],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
