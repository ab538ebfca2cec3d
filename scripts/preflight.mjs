// Runs before the npm scripts that need Node 24 or the patched dependencies, and fails with the
// reason when the install skipped its scripts (`npm ci --ignore-scripts`). Plain JavaScript, so it
// runs on whatever Node is first on PATH and says so, instead of a later failure on a .ts file
// with ERR_UNKNOWN_FILE_EXTENSION.
import { readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const problems = [];

const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  problems.push(
    `Node ${process.versions.node} runs the scripts, not Node 24: Node 24 comes from the install ` +
      'script of the `node` development dependency.',
  );
}

try {
  const core = JSON.parse(readFileSync(new URL('node_modules/@actions/core/package.json', root)));
  if (core.sideEffects !== false) {
    problems.push(
      '@actions/core is not patched (patches/): the `prepare` script (which `npm ci` runs) applies the patch that ' +
        'keeps its unused modules out of the bundle.',
    );
  }
} catch {
  problems.push('node_modules is missing: run `npm ci`.');
}

if (problems.length > 0) {
  console.error('The development set-up is incomplete:');
  for (const problem of problems) console.error(`- ${problem}`);
  console.error('Install with `npm ci` (without --ignore-scripts), then run the command again.');
  process.exit(1);
}
