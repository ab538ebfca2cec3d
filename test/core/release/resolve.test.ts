// Where what is sent comes from: the changelog file's relative links, and the notes it logs.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { parseSettings } from '../../../src/core/inputs.js';
import {
  type ChangelogFinder,
  changelogFile,
  changelogFileWith,
  fromTag,
  type Origin,
  resolveRelease,
  type VersionFinder,
  versionInput,
} from '../../../src/core/release/resolve.js';
import { createTransport } from '../../../src/core/transport/transport.js';

// Lazy: it opens no connection, and none of these sources asks a server.
const idle = createTransport({}, [], 30_000);

const SHA = '9fceb02d0ae598e95dc970b74767f19372d61af8';
const WORKSPACE = mkdtempSync(join(tmpdir(), 'resolve-'));
writeFileSync(
  join(WORKSPACE, 'CHANGELOG.md'),
  '# Changelog\n\n## 1.2.3\n\n- See [the guide](docs/guide.md).\n',
);
const origin = (over: Partial<Origin> = {}): Origin => ({
  repository: 'o/r',
  sha: SHA,
  runUrl: 'https://ci/run/7',
  workspace: WORKSPACE,
  ...over,
});

const settings = parseSettings(
  {
    'listing-id': 'asset-1',
    'api-key': 'mk_test_key_123456',
    'base-url': 'https://api.example.com/v1',
    version: '1.2.3',
    'changelog-file': 'CHANGELOG.md',
  },
  ACTION_WORDS,
);

const fromTagV123: VersionFinder = (step) => fromTag('v1.2.3', 'tag', step);

async function resolve(context: Origin, version: VersionFinder, changelog: ChangelogFinder) {
  return resolveRelease(
    settings,
    context,
    {
      versions: [version],
      changelogs: [changelog],
      noVersion: () => new Error('no version'),
    },
    idle,
  );
}

describe('changelog-file: relative links', () => {
  it.each<[string, Origin, VersionFinder, ChangelogFinder, string, string]>([
    [
      'GitHub, a tag: at the tag',
      origin({ serverUrl: 'https://github.com' }),
      fromTagV123,
      changelogFile,
      '- See [the guide](https://github.com/o/r/blob/v1.2.3/docs/guide.md).',
      '1 relative link made absolute at https://github.com/o/r (v1.2.3).',
    ],
    [
      'GitHub, no tag: at the commit',
      origin({ serverUrl: 'https://github.com' }),
      versionInput,
      changelogFile,
      `- See [the guide](https://github.com/o/r/blob/${SHA}/docs/guide.md).`,
      `1 relative link made absolute at https://github.com/o/r (${SHA}).`,
    ],
    [
      'no web server known: as written',
      origin(),
      fromTagV123,
      changelogFile,
      '- See [the guide](docs/guide.md).',
      "1 relative link left as written: the repository's web address is not known.",
    ],
    [
      'a front end without links: as written, saying why',
      origin({ serverUrl: 'https://github.com' }),
      fromTagV123,
      changelogFileWith(() => undefined, 'the CI does not say where the repository is'),
      '- See [the guide](docs/guide.md).',
      '1 relative link left as written: the CI does not say where the repository is.',
    ],
  ])('%s', async (_, context, version, changelog, sent, note) => {
    const { resolved, notes } = await resolve(context, version, changelog);
    expect(resolved).toMatchObject({
      changelog: sent,
      changelogSource: 'file',
      changelogFile: 'CHANGELOG.md',
      changelogOf: '1.2.3',
    });
    expect(notes).toEqual([{ level: 'info', text: note }]);
  });
});

describe('a plan', () => {
  it('whose changelog sources all pass sends the generated text', async () => {
    const { resolved } = await resolveRelease(
      settings,
      origin(),
      {
        versions: [versionInput],
        changelogs: [],
        noVersion: () => new Error('no version'),
      },
      idle,
    );
    expect(resolved).toMatchObject({
      changelogSource: 'generated',
      changelog:
        'Automated deployment of version 1.2.3 of o/r at commit 9fceb02.\nWorkflow run: https://ci/run/7',
    });
  });
});
