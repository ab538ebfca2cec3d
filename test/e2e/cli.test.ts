// The committed dist/cli/index.js run as a child process against the local marketplace: as a
// GitLab job, a Bitbucket job, a GitHub job and in a terminal (SPEC 9). Each run checks that no
// part of the key was printed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFiles, undiciModuleCounts } from '../support/bundle.js';
import { CLI, type CliResult, cliLeaks, runCli } from '../support/cli.js';
import { KEYS } from '../support/emulator.js';
import { ROOT } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;

function patches() {
  return local.emulator.requests.filter((request) => request.method === 'PATCH');
}

function sent(index = 0): { version: string; changelog: string } {
  return JSON.parse(patches()[index]?.body ?? '{}');
}

function expectNoLeak(result: CliResult, key: string = KEY) {
  expect(cliLeaks(result, key)).toEqual([]);
}

const GITLAB = {
  GITLAB_CI: 'true',
  CI: 'true',
  CI_COMMIT_TAG: 'v1.2.3',
  CI_PROJECT_PATH: 'creators/shiny-asset',
  CI_COMMIT_SHA: '9fceb02d0ae598e95dc970b74767f19372d61af8',
  CI_JOB_URL: 'https://gitlab.example/creators/shiny-asset/-/jobs/77',
};

describe('a GitLab job', () => {
  it('sends the tag and the generated changelog naming the project and the job; --json is the results', async () => {
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--strip-tag-prefix',
        'v',
        '--json',
      ],
      env: { ...GITLAB, MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(patches()).toHaveLength(1);
    expect(sent()).toEqual({
      version: '1.2.3',
      changelog:
        'Automated deployment of version 1.2.3 of creators/shiny-asset at commit 9fceb02.\n' +
        'CI job: https://gitlab.example/creators/shiny-asset/-/jobs/77',
    });
    expect(JSON.parse(result.stdout)).toEqual([
      {
        'listing-id': 'asset-1',
        updated: true,
        status: 200,
        attempts: 1,
        error: null,
        skipped: false,
        'previous-version': '0.9.0',
        confirmed: true,
        'read-back': null,
      },
    ]);
    expect(result.stderr).toContain('Version "1.2.3" from the tag "v1.2.3"');
    expect(result.stderr).toMatch(
      /PATCH http:\/\/127\.0\.0\.1:\d+\/v1\/listings\/asset-1: HTTP 200 in \d+ ms \(attempt 1 of 4\)/,
    );
    expect(result.stderr).toMatch(/^asset-1 +Updated, confirmed +200 +1 +\d+ ms$/m);
    expectNoLeak(result);
  });

  it('takes every option from LISTING_AUTO_DEPLOY_* variables, a flag winning over its variable', async () => {
    const result = await runCli({
      args: ['--release-version', '4.0.0'],
      env: {
        ...GITLAB,
        MARKETPLACE_API_KEY: KEY,
        LISTING_AUTO_DEPLOY_LISTING_ID: 'asset-1,asset-2',
        LISTING_AUTO_DEPLOY_BASE_URL: local.base,
        LISTING_AUTO_DEPLOY_RELEASE_VERSION: '3.0.0',
        LISTING_AUTO_DEPLOY_CHANGELOG: 'From the variable',
      },
    });
    expect(result.code).toBe(0);
    expect(patches().map((request) => request.path)).toEqual([
      '/v1/listings/asset-1',
      '/v1/listings/asset-2',
    ]);
    expect(sent(1)).toEqual({ version: '4.0.0', changelog: 'From the variable' });
    expectNoLeak(result);
  });
});

describe("a changelog's relative links (SPEC 7.2)", () => {
  const PROJECT = 'https://gitlab.example/creators/shiny-asset';
  const CHANGELOG = [
    '# Changelog',
    '',
    '## [1.2.3] - 2026-11-01',
    '',
    '- See [the guide](docs/guide.md#setup) and ![shot](./img/shot.png).',
    '- Read the [README](/README.md), [#12](../../issues/12), `[x](docs/x.md)`.',
    '',
    '## [1.2.2] - 2026-10-01',
    '',
    '- old',
    '',
  ].join('\n');

  /** A checkout with the changelog in a package folder; the command runs from that folder. */
  function checkout(): { root: string; folder: string } {
    const root = mkdtempSync(join(tmpdir(), 'lad-checkout-'));
    const folder = join(root, 'packages/ui');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'CHANGELOG.md'), CHANGELOG);
    return { root, folder };
  }

  it('a GitLab job: made absolute on the project pages at the tag, from the file in the checkout', async () => {
    const { root, folder } = checkout();
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--changelog-file',
        'CHANGELOG.md',
      ],
      env: {
        ...GITLAB,
        CI_PROJECT_URL: PROJECT,
        CI_PROJECT_DIR: root,
        LISTING_AUTO_DEPLOY_STRIP_TAG_PREFIX: 'v',
        MARKETPLACE_API_KEY: KEY,
      },
      cwd: folder,
    });
    expect(result.code).toBe(0);
    const pages = `${PROJECT}/-/blob/v1.2.3`;
    expect(sent()).toEqual({
      version: '1.2.3',
      changelog: [
        `- See [the guide](${pages}/packages/ui/docs/guide.md#setup) and ![shot](${PROJECT}/-/raw/v1.2.3/packages/ui/img/shot.png).`,
        `- Read the [README](${pages}/README.md), [#12](${pages}/issues/12), \`[x](docs/x.md)\`.`,
      ].join('\n'),
    });
    expect(result.stderr).toContain(`4 relative links made absolute at ${PROJECT} (v1.2.3).`);
    expectNoLeak(result);
  });

  it('a Jenkins job: no web address, so left as written, and the log says why', async () => {
    const { folder } = checkout();
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--changelog-file',
        'CHANGELOG.md',
      ],
      env: { TAG_NAME: '1.2.3', JOB_NAME: 'shiny-asset', MARKETPLACE_API_KEY: KEY },
      cwd: folder,
    });
    expect(result.code).toBe(0);
    expect(sent().changelog).toBe(CHANGELOG.split('\n').slice(4, 6).join('\n'));
    expect(result.stderr).toContain(
      "4 relative links left as written: no CI variable names the repository's web address (read: CI_PROJECT_URL",
    );
    expectNoLeak(result);
  });
});

describe('a Bitbucket job', () => {
  it('sends the section of --changelog-file, with the key from --api-key-file', async () => {
    const result = await runCli({
      args: [
        '--listing-id=asset-2',
        `--base-url=${local.base}`,
        '--strip-tag-prefix=v',
        '--changelog-file=docs/CHANGELOG.md',
        '--api-key-file=secrets/key.txt',
      ],
      env: {
        BITBUCKET_BUILD_NUMBER: '12',
        BITBUCKET_TAG: 'v2.0.0',
        BITBUCKET_REPO_FULL_NAME: 'team/asset',
        BITBUCKET_GIT_HTTP_ORIGIN: 'http://bitbucket.org/team/asset',
      },
      files: {
        'secrets/key.txt': `${KEY}\n`,
        'docs/CHANGELOG.md':
          '# Changelog\n\n## [2.0.0] - 2026-11-01\n\n- New shaders\n\n## [1.0.0]\n\n- First\n',
      },
    });
    expect(result.code).toBe(0);
    expect(sent()).toEqual({ version: '2.0.0', changelog: '- New shaders' });
    expect(result.stderr).toContain(
      'Changelog: 13 characters, section "2.0.0" of "docs/CHANGELOG.md"',
    );
    expectNoLeak(result);
  });

  it('stops with exit 2 and names the variables read when there is no tag', async () => {
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--listing-id',
        'asset-2',
        '--base-url',
        local.base,
        '--json',
      ],
      env: { BITBUCKET_BUILD_NUMBER: '12', BITBUCKET_BRANCH: 'main', MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(2);
    expect(local.emulator.requests).toEqual([]);
    expect(result.stderr).toContain('error: No version to deploy');
    expect(result.stderr).toContain('BITBUCKET_TAG');
    const entries = JSON.parse(result.stdout) as { 'listing-id': string; error: string }[];
    expect(entries.map((entry) => entry['listing-id'])).toEqual(['asset-1', 'asset-2']);
    expect(entries[0]?.error).toBe('not attempted: No version to deploy');
    expectNoLeak(result);
  });
});

describe('a GitHub job', () => {
  it('reads the tag ref and names the run, with the key from standard input and no colour', async () => {
    const result = await runCli({
      args: ['--listing-id', 'asset-1', '--base-url', local.base, '--api-key-stdin'],
      env: {
        GITHUB_ACTIONS: 'true',
        GITHUB_REF: 'refs/tags/v2.1.0',
        GITHUB_REPOSITORY: 'octo-creator/shiny-asset',
        GITHUB_SHA: '9fceb02d0ae598e95dc970b74767f19372d61af8',
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_RUN_ID: '4242',
        LISTING_AUTO_DEPLOY_STRIP_TAG_PREFIX: 'v',
      },
      stdin: `${KEY}\n`,
    });
    expect(result.code).toBe(0);
    expect(sent()).toEqual({
      version: '2.1.0',
      changelog:
        'Automated deployment of version 2.1.0 of octo-creator/shiny-asset at commit 9fceb02.\n' +
        'CI job: https://github.com/octo-creator/shiny-asset/actions/runs/4242',
    });
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain('\u001b[');
    expectNoLeak(result);
  });

  it('prints server text so that it can act as no workflow command', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 422,
      body: JSON.stringify({ message: '\n::error::injected\n##[error]legacy' }),
      contentType: 'application/json',
      path: '/listings/asset-1',
    });
    const result = await runCli({
      args: ['--listing-id', 'asset-1', '--base-url', local.base, '--release-version', '9.9.9'],
      env: { GITHUB_ACTIONS: 'true', MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    for (const line of `${result.stdout}\n${result.stderr}`.split('\n')) {
      expect(line.trimStart()).not.toMatch(/^::/);
      expect(line).not.toContain('##[');
    }
    expectNoLeak(result);
  });
});

describe('the key', () => {
  it.each([['--api-key', KEYS.other], [`--api-key=${KEYS.other}`]])(
    'is refused as an argument (%s), nothing sent, no part printed',
    async (...args) => {
      const result = await runCli({
        args: [
          '--listing-id',
          'asset-1',
          '--base-url',
          local.base,
          '--release-version',
          '1.0.0',
          ...args,
        ].filter((arg) => arg !== ''),
        env: { MARKETPLACE_API_KEY: KEY },
      });
      expect(result.code).toBe(2);
      expect(local.emulator.requests).toEqual([]);
      expect(result.stderr).toContain('--api-key is refused');
      expectNoLeak(result, KEYS.other);
      expectNoLeak(result);
    },
  );

  it('echoed back by the server in every encoding is never printed, nor in --json', async () => {
    local.emulator.inject({ kind: 'echo-key', status: 400, path: '/listings/asset-1' });
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--release-version',
        '1.0.1',
        '--json',
      ],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    expect(patches()).toHaveLength(1);
    expect(result.stderr).toContain('withheld');
    expect(JSON.parse(result.stdout)[0]).toMatchObject({ updated: false, status: 400 });
    expectNoLeak(result);
  });

  it('in the changelog stops the command with exit 2 before any request', async () => {
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--release-version',
        '1.0.2',
        '--changelog',
        `key: ${KEY}`,
      ],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(2);
    expect(local.emulator.requests).toEqual([]);
    expect(result.stderr).toContain('error: Key in changelog');
    expectNoLeak(result);
  });

  it('missing stops with exit 2, saying where to put it; --json prints nothing then', async () => {
    const result = await runCli({ args: ['--base-url', local.base, '--json', 'listings'] });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('No API key: MARKETPLACE_API_KEY is empty or not set');
    expect(local.emulator.requests).toEqual([]);
  });
});

/** A deploy of asset-1 at 1.0.0 to the local marketplace (its address is known once it started). */
const deploy = (...extra: string[]) => [
  '--listing-id',
  'asset-1',
  '--base-url',
  local.base,
  '--release-version',
  '1.0.0',
  ...extra,
];

describe('a key file or standard input as editors and shells write them', () => {
  it.each([
    ['a blank line at the end', `${KEY}\n\n`],
    ['lone CR line ends', `${KEY}\r\r`],
    ['a byte-order mark, CRLF, spaces and blank lines', `\ufeff${KEY}  \r\n\r\n \r\n`],
  ])('a key file with %s: the key is read and used', async (_, content) => {
    const result = await runCli({
      args: deploy('--api-key-file', 'key.txt'),
      files: { 'key.txt': content },
    });
    expect(result.code).toBe(0);
    expect(patches()[0]?.apiKey).toBe(KEY);
    expectNoLeak(result);
  });

  it('standard input with CRLF and a blank line: the key is read and used', async () => {
    const result = await runCli({
      args: deploy('--api-key-stdin'),
      stdin: `${KEY}\r\n\r\n`,
    });
    expect(result.code).toBe(0);
    expect(patches()[0]?.apiKey).toBe(KEY);
    expectNoLeak(result);
  });

  it('UTF-16 with a mark, lone CRs and a blank line: the key is read and used', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'lad-key-'));
    writeFileSync(join(cwd, 'key.txt'), Buffer.from(`\ufeff${KEY}\r\r`, 'utf16le'));
    const result = await runCli({ args: deploy('--api-key-file', 'key.txt'), cwd });
    expect(result.code).toBe(0);
    expect(patches()[0]?.apiKey).toBe(KEY);
    expectNoLeak(result);
  });

  it('two keys: exit 2, saying what was found, no part of either printed', async () => {
    const result = await runCli({
      args: deploy('--api-key-file', 'keys.txt'),
      files: { 'keys.txt': `${KEY}\r${KEYS.other}\r` },
    });
    expect(result.code).toBe(2);
    expect(local.emulator.requests).toEqual([]);
    expect(result.stderr).toContain('The key file (--api-key-file) holds 2 lines of text');
    expect(result.stderr).not.toContain('more than one line');
    expectNoLeak(result);
    expectNoLeak(result, KEYS.other);
  });
});

describe("an option's value that starts with a dash", () => {
  it('is sent whole: release notes that are a Markdown list', async () => {
    const result = await runCli({
      args: deploy('--changelog', '- Fixed the importer\n- Faster loads', '--json'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(sent()).toEqual({ version: '1.0.0', changelog: '- Fixed the importer\n- Faster loads' });
    expectNoLeak(result);
  });

  it('that names an option leaves the value missing: exit 2, nothing sent, how to write it', async () => {
    const result = await runCli({
      args: deploy('--changelog', '--dry-run'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(2);
    expect(local.emulator.requests).toEqual([]);
    expect(result.stderr).toContain(
      '--changelog needs a value, and the argument after it is the option --dry-run. A value ' +
        'that could be read as an option is written after an equals sign: --changelog=-x.',
    );
    expectNoLeak(result);
  });

  it('written after = is taken whole, even when it names an option', async () => {
    const result = await runCli({
      args: deploy('--changelog=--dry-run'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(sent().changelog).toBe('--dry-run');
    expectNoLeak(result);
  });
});

describe('exit 2 with --json', () => {
  it('prints the listings as not attempted when their ids are known, also without a key', async () => {
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--release-version',
        '1.0.0',
        '--json',
      ],
    });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual([
      {
        'listing-id': 'asset-1',
        updated: false,
        status: null,
        attempts: 0,
        error: 'not attempted: No API key',
        skipped: false,
        'previous-version': null,
        confirmed: null,
        'read-back': null,
      },
    ]);
    // Titled as what is missing, not as a mistake in the command line.
    expect(result.stderr).toContain('error: No API key\n  No API key: MARKETPLACE_API_KEY');
    expect(result.stderr).not.toContain('Usage');
    expect(local.emulator.requests).toEqual([]);
  });

  it('prints nothing, never [], for a usage error before the ids are read', async () => {
    const result = await runCli({
      args: ['--listing-id', 'asset-1', '--json', '--bogus'],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('prints the ids as written when an input is refused', async () => {
    const result = await runCli({
      args: ['--listing-id', 'asset-1,asset-2', '--base-url', 'http://example.com/v1', '--json'],
      env: { MARKETPLACE_API_KEY: KEY, CI_COMMIT_TAG: '1.0.0' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: Invalid option: --base-url\n  --base-url uses http://');
    expect(JSON.parse(result.stdout).map((entry: { error: string }) => entry.error)).toEqual([
      'not attempted: Invalid option: --base-url',
      'not attempted: Invalid option: --base-url',
    ]);
    expectNoLeak(result);
  });

  it('names a setting by the variable it came from', async () => {
    const result = await runCli({
      args: ['--listing-id', 'asset-1', '--json'],
      env: {
        MARKETPLACE_API_KEY: KEY,
        CI_COMMIT_TAG: '1.0.0',
        LISTING_AUTO_DEPLOY_BASE_URL: local.base,
        LISTING_AUTO_DEPLOY_IF_OLDER: 'later',
      },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error: Invalid variable: LISTING_AUTO_DEPLOY_IF_OLDER\n' +
        '  LISTING_AUTO_DEPLOY_IF_OLDER must be `skip`, `fail` or `deploy`.',
    );
    expect(local.emulator.requests).toEqual([]);
  });
});

describe('several listings', () => {
  it('updates the others when one is refused, and exits 1', async () => {
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1,their-asset',
        '--listing-id',
        'asset-2',
        '--base-url',
        local.base,
        '--release-version',
        '5.0.0',
        '--json',
      ],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    const entries = JSON.parse(result.stdout) as {
      'listing-id': string;
      updated: boolean;
      status: number;
    }[];
    expect(entries.map((entry) => [entry['listing-id'], entry.updated, entry.status])).toEqual([
      ['asset-1', true, 200],
      ['their-asset', false, 403],
      ['asset-2', true, 200],
    ]);
    expect(result.stderr).toContain('error: Listing their-asset: Key does not own the listing');
    expect(result.stderr).toMatch(
      /^their-asset +Failed: Listing their-asset: Key does not own the listing +403 +1 /m,
    );
    expectNoLeak(result);
  });
});

describe('a dry run', () => {
  it('with a revoked key fails with exit 1 on the one GET, sending no update', async () => {
    const result = await runCli({
      args: [
        '--dry-run',
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--release-version',
        '1.0.0',
        '--retries',
        '0',
        '--json',
      ],
      env: { MARKETPLACE_API_KEY: KEYS.revoked },
    });
    expect(result.code).toBe(1);
    expect(local.emulator.requests.map((request) => request.method)).toEqual(['GET']);
    expect(result.stderr).toContain('error: API key refused');
    expect(result.stderr).toContain('invalid or has been revoked');
    expect(JSON.parse(result.stdout)[0]).toMatchObject({ 'listing-id': 'asset-1', updated: false });
    expectNoLeak(result, KEYS.revoked);
  });

  it('with a good key exits 0, sending only the GET', async () => {
    const result = await runCli({
      args: [
        '--dry-run',
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--release-version',
        '1.0.0',
      ],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(local.emulator.requests.map((request) => request.method)).toEqual(['GET']);
    expect(result.stderr).toContain('Dry run: PATCH');
  });
});

describe('listings', () => {
  it('prints id, version and name tab-separated on standard output, the log on standard error', async () => {
    const result = await runCli({
      args: ['listings', '--base-url', local.base],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('asset-1\t0.9.0\t\nasset-2\t0.1.0\t\n1001\t3.0.0\t\n');
    expect(result.stderr).toContain('3 listings owned by this key');
    expect(local.emulator.requests.map((request) => request.method)).toEqual(['GET']);
    expectNoLeak(result);
  });

  it('prints the entries as JSON with --json, and says when more pages exist', async () => {
    local.emulator.list = { pageSize: 2, pagination: 'has_more' };
    const result = await runCli({
      args: ['listings', '--json', '--base-url', local.base],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { id: 'asset-1', version: '0.9.0', name: null },
      { id: 'asset-2', version: '0.1.0', name: null },
    ]);
    expect(result.stderr).toContain('more listings exist');
  });

  it('prints nothing on standard output for an answer of unknown shape, exit 0', async () => {
    local.emulator.list = { shape: 'unknown' };
    const result = await runCli({
      args: ['listings', '--base-url', local.base],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('not a list of listings');
  });

  it('fails with exit 1 and the message of a refused key', async () => {
    const result = await runCli({
      args: ['listings', '--base-url', local.base, '--retries', '0'],
      env: { MARKETPLACE_API_KEY: KEYS.revoked },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: API key refused');
    expectNoLeak(result, KEYS.revoked);
  });

  it.each([
    [
      'a refused setting',
      undefined,
      ['--retries', 'many'],
      {},
      'must be a whole number from 0 to 10',
    ],
    [
      // Not loopback, so that the proxy applies; it is refused before any connection.
      'a proxy variable that is not a URL',
      'https://marketplace.invalid',
      [],
      { HTTPS_PROXY: 'proxy.corp:3128' },
      'error: Invalid proxy setting: HTTPS_PROXY',
    ],
  ])('stops with exit 2 before any request on %s', async (_, base, args, env, said) => {
    const result = await runCli({
      args: ['listings', '--base-url', base ?? local.base, ...args],
      env: { MARKETPLACE_API_KEY: KEY, ...env },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(said);
    expect(local.emulator.requests).toEqual([]);
    expectNoLeak(result);
  });
});

describe('in a terminal', () => {
  /** Runs the command under a pseudo-terminal (util-linux `script`), stdout and stderr both on it. */
  function inTerminal(args: string[], env: Record<string, string>): Promise<string> {
    const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
    const command = [process.execPath, CLI, ...args].map(quote).join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', TERM: 'xterm', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    return new Promise((resolve) => child.on('close', () => resolve(output)));
  }

  const linux = process.platform === 'linux';
  const args = () => [
    '--listing-id',
    'asset-1,their-asset',
    '--base-url',
    local.base,
    '--release-version',
    '6.0.0',
  ];

  it.runIf(linux)('colours the errors and the table', async () => {
    const output = await inTerminal(args(), { MARKETPLACE_API_KEY: KEY });
    expect(output).toContain('\u001b[31merror: Listing their-asset');
    // The table's head, dim.
    expect(output).toContain('\u001b[2mListing');
    expect(cliLeaks({ stdout: output, stderr: '' }, KEY)).toEqual([]);
  });

  it.runIf(linux)('never colours with NO_COLOR', async () => {
    const output = await inTerminal(args(), { MARKETPLACE_API_KEY: KEY, NO_COLOR: '1' });
    expect(output).toContain('error: Listing their-asset');
    expect(output).not.toContain('\u001b[');
  });
});

describe("the command's own words", () => {
  it('tells how to roll a listing back with its options, never with a step or a workflow', async () => {
    const listing = local.emulator.listings.get('asset-1');
    if (listing !== undefined) listing.version = '3.0.0';
    const result = await runCli({
      args: ['--listing-id', 'asset-1', '--base-url', local.base, '--if-older', 'fail'],
      env: { MARKETPLACE_API_KEY: KEY, CI_COMMIT_TAG: '2.0.0' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'To roll it back on purpose, run the command with --if-older deploy and --release-version <version>.',
    );
    expect(result.stderr).not.toMatch(/\bstep\b|workflow|job summary|\binput\b|`if-older/i);
    expect(result.stderr).not.toMatch(/[\uE000\uE001]/);
  });

  it('names the setting it refuses as it was given: the option, or the key variable', async () => {
    const result = await runCli({
      args: ['--listing-id', 'asset-1', '--base-url', local.base, '--retries', '99'],
      env: { MARKETPLACE_API_KEY: 'short', CI_COMMIT_TAG: '2.0.0' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error: Invalid API key\n  The key (MARKETPLACE_API_KEY) is shorter',
    );
    expect(result.stderr).not.toMatch(/\binput\b|secret passed/i);
  });
});

describe('--help and --version', () => {
  it('prints the options, one line each, and exits 0 without a key', async () => {
    const result = await runCli({ args: ['--help'] });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: listing-auto-deploy [deploy] [options]');
    expect(result.stdout).toMatch(/^ {2}--listing-id <id> +The listing to update/m);
    expect(local.emulator.requests).toEqual([]);
  });

  it.each([['--version'], ['-V']])("%s prints the command's own version", async (flag) => {
    const result = await runCli({ args: [flag] });
    expect(result.code).toBe(0);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(result.stdout).toBe(`${pkg.version}\n`);
  });

  it('-h prints the help too', async () => {
    const result = await runCli({ args: ['-h'] });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('-V, --version');
  });

  it('refuses --version with a value, pointing at --release-version, and sends nothing', async () => {
    const result = await runCli({
      args: ['--listing-id', 'asset-1', '--base-url', local.base, '--version', '1.2.3'],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('The version to send is --release-version <version>.');
    expect(local.emulator.requests).toEqual([]);
  });

  it('refuses an unknown option with exit 2', async () => {
    const result = await runCli({ args: ['--bogus'], env: { MARKETPLACE_API_KEY: KEY } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Unknown option '--bogus'");
  });
});

describe("the command's bundle (dist/cli/)", () => {
  const source = readFileSync(CLI, 'utf8');
  const installed = (path: string) => readFileSync(join(ROOT, 'node_modules', path), 'utf8');

  it('starts with a #! line, so that npm can link it as a bin', () => {
    expect(source.startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it.each<[string, string]>([
    ['@actions/core/lib/core.js', 'export function setSecret(secret) {'],
    [
      '@actions/core/lib/command.js',
      'export function issueCommand(command, properties, message) {',
    ],
    // The action's GitHub client (its lazily loaded chunk): the command makes no GitHub call.
    ['@actions/github/lib/context.js', 'export class Context {'],
    ['@octokit/core/dist-src/index.js', 'class Octokit {'],
  ])('holds no code of %s', (module, marker) => {
    expect(installed(module)).toContain(marker);
    expect(source).not.toContain(marker.replace(/^export /, ''));
    // No module of theirs, nor an import of one (a comment may name them).
    expect(source).not.toMatch(/['"]@actions\//);
  });

  it('holds exactly one undici, and stays at most 650 KB', () => {
    const counts = undiciModuleCounts(bundleFiles(join(ROOT, 'dist/cli')));
    expect(Object.keys(counts)).not.toHaveLength(0);
    for (const count of Object.values(counts)) expect(count).toBe(1);
    expect(statSync(CLI).size).toBeLessThanOrEqual(650_000);
  });
});

describe('the debug log (--verbose, LISTING_AUTO_DEPLOY_VERBOSE=1)', () => {
  const args = () => [
    '--listing-id',
    'asset-1',
    '--base-url',
    local.base,
    '--release-version',
    '1.2.3',
  ];

  it.each([
    ['--verbose', ['--verbose'], {}],
    ['LISTING_AUTO_DEPLOY_VERBOSE=1', [], { LISTING_AUTO_DEPLOY_VERBOSE: '1' }],
  ])(
    '%s shows each exchange and decision on standard error, the key never',
    async (_, flag, env) => {
      local.emulator.inject({ kind: 'echo-key', status: 422, path: '/listings/asset-1' });
      const result = await runCli({
        args: [...args(), ...flag],
        env: { ...env, MARKETPLACE_API_KEY: KEY, NO_COLOR: '1' },
      });
      expect(result.code).toBe(1);
      const debug = result.stderr.split('\n').filter((line) => line.startsWith('debug: '));
      expect(debug).toEqual(
        expect.arrayContaining([
          `debug: Request: GET ${local.base}/listings`,
          `debug: Request: PATCH ${local.base}/listings/asset-1`,
          'debug:   > x-api-key: (set, not shown)',
          expect.stringMatching(/^debug: Answer: HTTP 422 in \d+ ms, \d+ bytes$/),
          'debug:   < body: [withheld: this text contained part of the API key]',
          expect.stringMatching(/^debug: Not retried after HTTP 422 \(attempt 1 of 4\)/),
          expect.stringMatching(/^debug: Listing "asset-1": listed at "[\d.]+"; sent\.$/),
        ]),
      );
      expect(result.stdout).toBe('');
      expectNoLeak(result);
    },
  );

  it('prints nothing more without them', async () => {
    const result = await runCli({
      args: args(),
      env: { MARKETPLACE_API_KEY: KEY, LISTING_AUTO_DEPLOY_VERBOSE: '0' },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('debug:');
  });

  it('`listings --verbose` shows its one GET too', async () => {
    const result = await runCli({
      args: ['listings', '--base-url', local.base, '--verbose'],
      env: { MARKETPLACE_API_KEY: KEY, NO_COLOR: '1' },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`debug: Request: GET ${local.base}/listings`);
    expectNoLeak(result);
  });
});

describe('the harness that runs the command (test/support/cli.ts)', () => {
  it('reports the exit of a command that never reads the input it was given', async () => {
    // Far more than a pipe holds: the command has exited, and closed the pipe, before it is written.
    const result = await runCli({
      entry: 'sh',
      direct: true,
      args: ['-c', 'exit 3'],
      stdin: 'x'.repeat(8 * 1024 * 1024),
    });
    expect(result.code).toBe(3);
  });
});
