// Where each value came from, in the log and the summary (SPEC 7.1, 7.2, 7.6).

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../src/action/words.js';
import type { Resolved } from '../../src/core/release/resolve.js';
import type { RunReport } from '../../src/core/report.js';
import { changelogLine, versionLine } from '../../src/core/sentences.js';
import { summaryHtml } from '../support/summary.js';

const base: Resolved = {
  version: '1.4.0',
  versionSource: 'latest-release',
  tag: 'v1.4.0',
  changelog: 'notes',
  changelogSource: 'github',
  changelogOf: 'v1.4.0',
};

const summary = (resolved: Resolved) =>
  summaryHtml({
    listingIds: ['asset-1'],
    resolved,
    dryRun: true,
    list: undefined,
    rows: [],
    notes: [],
    problem: undefined,
    elapsedMs: 5,
  } satisfies RunReport);

describe('sources in the log and summary', () => {
  it('names the latest release and its notes', () => {
    expect(versionLine(base, ACTION_WORDS)).toBe(
      'Version "1.4.0" from the latest release "v1.4.0" (GitHub API)',
    );
    expect(changelogLine(base, ACTION_WORDS)).toBe(
      'Changelog: 5 characters, release notes of "v1.4.0" (GitHub API)',
    );
    expect(summary(base)).toContain(
      '<code>1.4.0</code> from the latest release <code>v1.4.0</code> (GitHub API)',
    );
    expect(summary(base)).toContain('(5 characters, release notes of v1.4.0 (GitHub API))');
  });

  it('names the section and the file', () => {
    const fromFile: Resolved = {
      ...base,
      versionSource: 'tag',
      changelogSource: 'file',
      changelogFile: 'docs/CHANGELOG.md',
      changelogOf: '1.4.0',
    };
    expect(changelogLine(fromFile, ACTION_WORDS)).toBe(
      'Changelog: 5 characters, section "1.4.0" of "docs/CHANGELOG.md"',
    );
    expect(summary(fromFile)).toContain('section 1.4.0 of docs/CHANGELOG.md');
  });

  it.each<[string, Partial<Resolved>, string]>([
    ['the input', { changelogSource: 'input' }, 'the `changelog` input'],
    [
      'a section named as its heading writes the version',
      { changelogSource: 'file', changelogFile: 'CHANGELOG.md', changelogOf: 'v1.4.0 (beta)' },
      'section "v1.4.0 (beta)" of "CHANGELOG.md"',
    ],
    [
      'a section, its heading not known: the version',
      { changelogSource: 'file', changelogFile: 'CHANGELOG.md', changelogOf: undefined },
      'section "1.4.0" of "CHANGELOG.md"',
    ],
    [
      'a section, no file named',
      { changelogSource: 'file', changelogFile: undefined, changelogOf: undefined },
      'section "1.4.0" of ""',
    ],
    ['the release event', { changelogSource: 'release' }, 'the release notes'],
    [
      'the notes of a release other than the tag',
      { changelogSource: 'github', changelogOf: 'v1.4.0-rc.1' },
      'release notes of "v1.4.0-rc.1" (GitHub API)',
    ],
    [
      'the notes of a release that names no tag: the tag of the version',
      { changelogSource: 'github', changelogOf: undefined },
      'release notes of "v1.4.0" (GitHub API)',
    ],
    ['the generated text', { changelogSource: 'generated' }, 'generated'],
  ])('names the changelog source: %s', (_, over, source) => {
    expect(changelogLine({ ...base, ...over }, ACTION_WORDS)).toBe(
      `Changelog: 5 characters, ${source}`,
    );
  });

  it('says when and how much the changelog was cut', () => {
    const cut: Resolved = { ...base, changelogSource: 'input', cut: { from: 9000, to: 498 } };
    expect(changelogLine(cut, ACTION_WORDS)).toBe(
      'Changelog: 5 characters, the `changelog` input, cut from 9000 to 498 characters (`changelog-max-length`)',
    );
    expect(summary(cut)).toContain('cut from 9000 to 498 characters');
  });

  it('escapes names taken from the run in the summary', () => {
    const odd: Resolved = {
      ...base,
      changelogSource: 'file',
      changelogFile: '<b>x</b>.md',
      changelogOf: '1.4.0',
    };
    expect(summary(odd)).toContain('section 1.4.0 of &lt;b&gt;x&lt;/b&gt;.md');
  });
});
