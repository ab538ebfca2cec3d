// A conventional-changelog (standard-version) file of a given size, newest release first: `##`
// minors, `###` patches with their own `### Bug Fixes`, commit and issue links. For the cost of
// `changelog-file` on the largest file it reads (SPEC 7.2).

const REPO = 'https://github.com/octo-creator/shiny-asset';

function entry(version: string, previous: string, patch: boolean): string {
  const heading = patch ? '###' : '##';
  let text = `${heading} [${version}](${REPO}/compare/v${previous}...v${version}) (2026-11-01)\n\n\n### Bug Fixes\n\n`;
  for (let k = 0; k < 3; k++) {
    const issue = 1000 + k;
    text += `* **core:** fix number ${k} of ${version} ([#${issue}](${REPO}/issues/${issue})) ([abcdef${k}](${REPO}/commit/abcdef${k}0123456789))\n`;
  }
  if (!patch) {
    text += `\n\n### Features\n\n* **api:** a feature of ${version} ([1234567](${REPO}/commit/1234567))\n`;
  }
  return `${text}\n`;
}

export interface BigChangelog {
  readonly text: string;
  readonly newest: string;
  readonly oldest: string;
  readonly releases: number;
}

/** At most `bytes` bytes (ASCII): as many releases as fit, 20 patches to a minor, 20 minors to a major. */
export function bigChangelog(bytes: number): BigChangelog {
  const versions: string[] = [];
  for (let i = 0; i < 40_000; i++) {
    versions.push(`${Math.floor(i / 400)}.${Math.floor(i / 20) % 20}.${i % 20}`);
  }
  const header =
    '# Changelog\n\nAll notable changes to this project will be documented in this file. See [standard-version](https://github.com/conventional-changelog/standard-version) for commit guidelines.\n\n';
  // Oldest first, so that the file holds the releases from 0.0.1 up; then newest first.
  const entries: string[] = [];
  let size = header.length;
  for (let i = 1; i < versions.length; i++) {
    const version = versions[i] ?? '';
    const next = entry(version, versions[i - 1] ?? '', !version.endsWith('.0'));
    if (size + next.length > bytes) break;
    entries.push(next);
    size += next.length;
  }
  return {
    text: header + entries.reverse().join(''),
    newest: versions[entries.length] ?? '',
    oldest: versions[1] ?? '',
    releases: entries.length,
  };
}
