// Runs before the npm scripts that need Node 24 or the patched dependencies, and fails with the
// reason when the install skipped its scripts (`npm ci --ignore-scripts`). Plain JavaScript, so it
// runs on whatever Node is first on PATH and says so, instead of a later failure on a .ts file
// with ERR_UNKNOWN_FILE_EXTENSION.
//
// The release workflow installs with `--ignore-scripts` on purpose, so that no binary fetched by an
// install script builds what is released, applies the patches in a step of its own and sets
// RELEASE_NODE to the path of the Node that actions/setup-node installed. Then, and only then, the
// install without scripts is accepted, provided that this very Node runs the script: npm puts
// node_modules/.bin first on PATH, so a `node` linked there would otherwise run instead.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const problems = [];

const major = Number(process.versions.node.split('.')[0]);
const releaseNode = process.env.RELEASE_NODE;

if (releaseNode === undefined || releaseNode === '') {
  if (major !== 24) {
    problems.push(
      `Node ${process.versions.node} runs the scripts, not Node 24: Node 24 comes from the install ` +
        'script of the `node` development dependency.',
    );
  }
} else {
  problems.push(...releaseNodeProblems(releaseNode));
}

try {
  const parser = readFileSync(
    new URL('node_modules/undici/lib/dispatcher/client-h1.js', root),
    'utf8',
  );
  if (parser.includes('if (statusCode === 100) {')) {
    problems.push(
      'undici is not patched (patches/): the `prepare` script (which `npm ci` runs) applies the patch ' +
        'that reads an unasked-for 100 Continue as the informational answer it is.',
    );
  }
} catch {
  problems.push('node_modules is missing: run `npm ci`.');
}

/** Why the Node running this is not the release's official Node 24 named by RELEASE_NODE. */
function releaseNodeProblems(expected) {
  const found = [];
  let official;
  try {
    official = realpathSync(expected);
  } catch {
    return [`RELEASE_NODE is set to ${expected}, which does not exist.`];
  }
  const running = realpathSync(process.execPath);
  const folder = fileURLToPath(new URL('node_modules', root));
  const modules = `${existsSync(folder) ? realpathSync(folder) : folder}${sep}`;
  if (running !== official) {
    found.push(`${running} runs the scripts, not RELEASE_NODE (${official}).`);
  }
  if (running.startsWith(modules) || official.startsWith(modules)) {
    found.push('The release must not run a Node installed into node_modules.');
  }
  if (existsSync(new URL('node_modules/.bin/node', root))) {
    found.push(
      'node_modules/.bin/node exists: npm scripts would run it instead of RELEASE_NODE. ' +
        'Remove it (the release installs with --ignore-scripts).',
    );
  }
  if (major !== 24) found.push(`RELEASE_NODE is Node ${process.versions.node}, not Node 24.`);
  return found;
}

if (problems.length > 0) {
  console.error('The development set-up is incomplete:');
  for (const problem of problems) console.error(`- ${problem}`);
  if (releaseNode === undefined || releaseNode === '') {
    console.error('Install with `npm ci` (without --ignore-scripts), then run the command again.');
  } else {
    console.error(
      'RELEASE_NODE is for the release workflow only (see CONTRIBUTING.md, "Releasing"); ' +
        'elsewhere unset it and install with `npm ci`.',
    );
  }
  process.exit(1);
}
