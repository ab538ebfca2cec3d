// Rebuilds the bundle into a temporary folder and fails when the committed dist/ differs.
// `node scripts/check-dist.ts [DIR]` compares DIR instead of dist/ (the test uses it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const fresh = mkdtempSync(join(tmpdir(), 'check-dist-'));
try {
  execFileSync('npm', ['run', '-s', 'build', '--', '-o', fresh], { cwd: root, stdio: 'ignore' });
  const committed = process.argv[2] ?? join(root, 'dist');
  const names = new Set([...readdirSync(committed), ...readdirSync(fresh)]);
  const differing = [...names].filter((name) => {
    try {
      return !readFileSync(join(committed, name)).equals(readFileSync(join(fresh, name)));
    } catch {
      return true;
    }
  });
  if (differing.length > 0) {
    console.error(`dist/ does not match a fresh build of src/: ${differing.join(', ')} differ.`);
    console.error('Run `npm run build` and commit dist/ together with the source change.');
    process.exit(1);
  }
  console.log('dist/ matches a fresh build.');
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
