// Rebuilds the bundle into a temporary folder and fails when the committed dist/ differs.
// `node scripts/check-dist.ts [DIR]` compares DIR instead of dist/ (the test uses it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

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

function check(fresh: string): boolean {
  // The compiler's output goes to stderr, so that a failing build shows why.
  const build = spawnSync('npm', ['run', '-s', 'build', '--', '-o', fresh], {
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
  if (differing.length > 0) {
    console.error(`dist/ does not match a fresh build of src/: ${differing.join(', ')} differ.`);
    console.error(FIX);
    return false;
  }
  console.log('dist/ matches a fresh build.');
  return true;
}

if (import.meta.main) {
  const fresh = mkdtempSync(join(tmpdir(), 'check-dist-'));
  try {
    if (!check(fresh)) process.exitCode = 1;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}
