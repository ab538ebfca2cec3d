// Rebuilds the bundle into a temporary folder and fails when the committed dist/ differs, or when a
// package that the bundler put into a bundle lacks its licence text in that bundle's licenses.txt
// (read from the bundler's stats of the fresh build, not from the licences file itself).
// `node scripts/check-dist.ts [DIR]` checks DIR instead of dist/ (the test uses it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLES, missingNotices, packagesOf } from './licenses.ts';

const FIX =
  'To fix it: `npm ci && npm run build`, then commit dist/ together with the source change. ' +
  'On a Dependabot pull request: check out its branch, run the same two commands and push ' +
  'the rebuilt dist/ to that branch.';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Every file under `dir`, by path relative to it: the command's bundle lives in dist/cli/. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** Each package bundled in an output of `committed` whose licence text is not shipped beside it. */
function missingLicenses(committed: string, stats: string): string[] {
  return BUNDLES.flatMap(([, dir, name]) => {
    const packages = packagesOf(JSON.parse(readFileSync(join(stats, `${name}.json`), 'utf8')));
    const file = join(committed, dir, 'licenses.txt');
    const licenses = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const shown = join('dist', dir, 'licenses.txt');
    return missingNotices(packages, licenses).map((problem) => `${shown}: ${problem}.`);
  });
}

function check(fresh: string, stats: string): boolean {
  // The compiler's output goes to stderr, so that a failing build shows why.
  const build = spawnSync('npm', ['run', '-s', 'build', '--', '-o', fresh, '--stats', stats], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (build.status !== 0) {
    console.error('check-dist: the build failed (its output is above); dist/ was not compared.');
    return false;
  }
  const committed = process.argv[2] ?? join(root, 'dist');
  const names = new Set([...filesUnder(committed), ...filesUnder(fresh)]);
  const differing = [...names].filter((name) => {
    try {
      return !readFileSync(join(committed, name)).equals(readFileSync(join(fresh, name)));
    } catch {
      return true;
    }
  });
  const unlicensed = missingLicenses(committed, stats);
  for (const problem of unlicensed) console.error(problem);
  if (differing.length > 0) {
    console.error(`dist/ does not match a fresh build of src/: ${differing.join(', ')} differ.`);
  }
  if (differing.length > 0 || unlicensed.length > 0) {
    console.error(FIX);
    return false;
  }
  console.log('dist/ matches a fresh build, and carries the licence of every package it bundles.');
  return true;
}

if (import.meta.main) {
  const work = mkdtempSync(join(tmpdir(), 'check-dist-'));
  try {
    if (!check(join(work, 'dist'), join(work, 'stats'))) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
