// `npm run build [-- -o DIR] [--stats DIR]`: bundles both front ends with ncc, the action's entry
// into DIR (default dist/) and the command's into DIR/cli, and writes beside each bundle its
// licenses.txt: the notice of every package ncc put into that bundle (its chunks included), read
// from ncc's stats. The bundles' files are written in ASCII only (scripts/ascii-source.ts).
// check-dist builds into a temporary DIR and keeps the stats (--stats) to check the notices
// against them.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asciiSource } from './ascii-source.ts';
import { BUNDLES, licensesFile, packagesOf } from './licenses.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const ncc = createRequire(join(root, 'package.json')).resolve('@vercel/ncc/dist/ncc/cli.js');
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : (process.argv[at + 1] ?? '');
};
const out = option('-o') ?? join(root, 'dist');
const kept = option('--stats');
const stats = kept ?? mkdtempSync(join(tmpdir(), 'lad-build-stats-'));
mkdirSync(stats, { recursive: true });

/**
 * Modules left out of both bundles. undici's HTTP/1.1 and HTTP/2 writers require its fetch body
 * (140 KB of fetch, FormData and web IDL) only when a request's body is a `FormData`, which neither
 * front end ever sends; bundled, every run would compile it. Left out, that `require` would fail
 * if it were ever reached. test/repo/bundle.test.ts checks that undici still requires it by this name.
 */
const LEFT_OUT = ['../web/fetch/body.js'];

/** What a build writes into a bundle's folder: its files, left from an earlier build, go first. */
const BUILT = /\.(js|txt)$|^package\.json$/;

try {
  for (const [, dir] of BUNDLES) {
    const folder = join(out, dir);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).filter((name) => BUILT.test(name))) {
      rmSync(join(folder, file));
    }
  }
  for (const [entry, dir, name] of BUNDLES) {
    const statsFile = join(stats, `${name}.json`);
    const build = spawnSync(
      process.execPath,
      [
        ncc,
        'build',
        entry,
        '-o',
        join(out, dir),
        '--stats-out',
        statsFile,
        ...LEFT_OUT.flatMap((request) => ['--external', request]),
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) {
      process.exitCode = build.status ?? 1;
      break;
    }
    for (const file of readdirSync(join(out, dir)).filter((name) => name.endsWith('.js'))) {
      const path = join(out, dir, file);
      writeFileSync(path, asciiSource(readFileSync(path, 'utf8')));
    }
    const packages = packagesOf(JSON.parse(readFileSync(statsFile, 'utf8')));
    writeFileSync(join(out, dir, 'licenses.txt'), licensesFile(packages));
  }
} finally {
  if (kept === undefined) rmSync(stats, { recursive: true, force: true });
}
