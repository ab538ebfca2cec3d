// `node scripts/check-release.ts X.Y.Z [NOTES_FILE]`: checks that a release of version X.Y.Z can
// be cut from this commit (package.json, src/core/meta.ts and CHANGELOG.md agree with it) and writes
// the CHANGELOG section of X.Y.Z to NOTES_FILE for the GitHub Release. The release workflow runs it
// before it creates the tag.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ReleaseFacts {
  packageVersion: string;
  metaVersion: string;
  changelog: string;
}

/** The body of the `## [X.Y.Z]` (or `## X.Y.Z`) section, trimmed; '' when there is none. */
export function changelogSection(changelog: string, version: string): string {
  const lines = changelog.replace(/\r\n?/g, '\n').split('\n');
  const escaped = version.replaceAll('.', '\\.');
  const heading = new RegExp(`^## \\[?v?${escaped}\\]?(\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) return '';
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^## /.test(line) || /^\[[^\]]+\]: /.test(line));
  return (end < 0 ? rest : rest.slice(0, end)).join('\n').trim();
}

/** Every reason the release cannot go ahead; empty when it can. */
export function releaseProblems(version: string, facts: ReleaseFacts): string[] {
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    return [`The version must look like 1.2.3 (no leading v), got ${JSON.stringify(version)}.`];
  }
  const problems: string[] = [];
  if (facts.packageVersion !== version) {
    problems.push(`package.json has version ${facts.packageVersion}, not ${version}.`);
  }
  if (facts.metaVersion !== version) {
    problems.push(`src/core/meta.ts has ACTION_VERSION ${facts.metaVersion}, not ${version}.`);
  }
  if (changelogSection(facts.changelog, version) === '') {
    problems.push(`CHANGELOG.md has no non-empty section "## [${version}] - <date>".`);
  }
  return problems;
}

export function readFacts(root: string): ReleaseFacts {
  const meta = readFileSync(join(root, 'src/core/meta.ts'), 'utf8');
  return {
    packageVersion: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
    metaVersion: /ACTION_VERSION = '([^']*)'/.exec(meta)?.[1] ?? '(not found)',
    changelog: readFileSync(join(root, 'CHANGELOG.md'), 'utf8'),
  };
}

if (import.meta.main) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const [version = '', notesFile] = process.argv.slice(2);
  const facts = readFacts(root);
  const problems = releaseProblems(version, facts);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(
      'Update package.json, src/core/meta.ts and CHANGELOG.md on main (npm run all, commit with dist/), then run the release again.',
    );
    process.exitCode = 1;
  } else {
    if (notesFile !== undefined)
      writeFileSync(notesFile, `${changelogSection(facts.changelog, version)}\n`);
    console.log(`Version ${version} agrees with package.json, src/core/meta.ts and CHANGELOG.md.`);
  }
}
