// The committed dist/cli/index.js attacked through its own paths: a key pasted where a path or an
// option goes, a key file or standard input that holds no key, and server text in --json that
// would act as a workflow command when the command runs in a GitHub job.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliResult, cliLeaks, runCli } from '../support/cli.js';
import { KEYS } from '../support/emulator.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;

function expectNoLeak(result: CliResult, key: string = KEY) {
  expect(cliLeaks(result, key)).toEqual([]);
}

function deployArgs(...extra: string[]): string[] {
  return [
    '--listing-id',
    'asset-1',
    '--base-url',
    local.base,
    '--release-version',
    '1.0.0',
    ...extra,
  ];
}

/** Lines as the runner may split them, each checked for a workflow command. */
function expectCommandFree(text: string) {
  expect(text).not.toContain('##[');
  for (const line of text.split(/\r\n|[\r\n\u2028\u2029\u0085]/)) {
    expect(line.trimStart()).not.toMatch(/^::/);
  }
}

describe('a key pasted where the command expects something else', () => {
  it.each([[`--api-key-file=${KEY}`], ['--api-key-file', KEY]])(
    'as the path of --api-key-file (%s) is not printed back',
    async (...args) => {
      const result = await runCli({ args: deployArgs(...args) });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--api-key-file');
      expect(result.stderr).toContain('could not be read');
      expect(local.emulator.requests).toEqual([]);
      expectNoLeak(result);
    },
  );

  it.each([[`--${KEY}`], [`--${KEY}=x`], [`-${KEY}`]])(
    'as an unknown option (%s) is not printed back',
    async (arg) => {
      const result = await runCli({ args: deployArgs(arg) });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Unknown option');
      expect(local.emulator.requests).toEqual([]);
      expectNoLeak(result);
    },
  );

  it('as a short unknown option is still named, and a near miss gets the option meant', async () => {
    const short = await runCli({ args: deployArgs('--bogus') });
    expect(short.stderr).toContain("Unknown option '--bogus'");
    const near = await runCli({ args: deployArgs('--changelog_file', 'CHANGELOG.md') });
    expect(near.code).toBe(2);
    expect(near.stderr).toContain('did you mean --changelog-file?');
  });
});

describe('a key file or standard input that holds no key', () => {
  const readme = '# My asset\n\nInvalid input: see the HTTP status table.\n\nMore text here.\n';

  it('of several lines (a README given by mistake) is a usage error that says so, unwithheld', async () => {
    const result = await runCli({
      args: deployArgs('--api-key-file', 'README.md'),
      files: { 'README.md': readme },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The key file (--api-key-file) holds 3 lines of text');
    expect(result.stderr).not.toContain('withheld');
    expect(result.stderr).not.toContain('Invalid input: see');
    expect(local.emulator.requests).toEqual([]);
  });

  it('of several lines on standard input is a usage error too', async () => {
    const result = await runCli({ args: deployArgs('--api-key-stdin'), stdin: readme });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Standard input (--api-key-stdin) holds 3 lines of text');
    expect(local.emulator.requests).toEqual([]);
  });

  it('of 10 MiB + 1 byte on one line is refused at once, without reading it all', async () => {
    const started = performance.now();
    const result = await runCli({
      args: deployArgs('--api-key-file', 'big.key'),
      files: { 'big.key': 'k'.repeat(10 * 1024 * 1024 + 1) },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/more than \d+ bytes/);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(local.emulator.requests).toEqual([]);
  });

  it('that is a directory is a usage error', async () => {
    const result = await runCli({ args: deployArgs('--api-key-file', '.') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('could not be read');
    expect(local.emulator.requests).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')(
    "that is a named pipe (a shell's process substitution) is read",
    async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'lad-pipe-'));
      const pipe = join(cwd, 'key.pipe');
      execFileSync('mkfifo', [pipe]);
      const writer = writeFile(pipe, `${KEY}\n`);
      const result = await runCli({ args: deployArgs('--api-key-file', pipe), cwd });
      await writer;
      expect(result.code).toBe(0);
      expect(local.emulator.requests.map((request) => request.apiKey)).toContain(KEY);
      expectNoLeak(result);
    },
  );
});

describe('a changelog file the command cannot read', () => {
  it('is named as the command reads it: from the current directory, not the repository root', async () => {
    const result = await runCli({
      args: deployArgs('--changelog-file', 'missing.md'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`a relative one is read from ${result.cwd}`);
    expect(result.stderr).not.toContain('repository root');
    expect(result.stderr).not.toContain('input `changelog-file`');
    expect(local.emulator.requests).toEqual([]);
  });
});

describe("changelog-file's relative links in a GitHub job (SPEC 7.2: GitHub's variables)", () => {
  const github = (workspace: string) => ({
    GITHUB_ACTIONS: 'true',
    GITHUB_REF: 'refs/tags/v2.1.0',
    GITHUB_REPOSITORY: 'octo-creator/shiny-asset',
    GITHUB_SHA: '9fceb02d0ae598e95dc970b74767f19372d61af8',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_WORKSPACE: workspace,
    MARKETPLACE_API_KEY: KEY,
  });
  const changelog =
    '# Changelog\n\n## v2.1.0\n\n- [Setup](docs/setup.md) ![shot](./img/shot.png)\n';
  const sentChangelog = () =>
    JSON.parse(local.emulator.requests.find((request) => request.method === 'PATCH')?.body ?? '{}')
      .changelog;

  it('are made absolute at the tag, as the action makes them', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'lad-repo-'));
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--changelog-file',
        'CHANGELOG.md',
      ],
      env: github(cwd),
      files: { 'CHANGELOG.md': changelog },
      cwd,
    });
    expect(result.code).toBe(0);
    expect(sentChangelog()).toBe(
      '- [Setup](https://github.com/octo-creator/shiny-asset/blob/v2.1.0/docs/setup.md) ' +
        '![shot](https://github.com/octo-creator/shiny-asset/raw/v2.1.0/img/shot.png)',
    );
    expectNoLeak(result);
  });

  it("from a package's folder, at the file's path in the repository", async () => {
    const root = mkdtempSync(join(tmpdir(), 'lad-repo-'));
    const cwd = join(root, 'packages', 'ui');
    mkdirSync(cwd, { recursive: true });
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--changelog-file',
        'CHANGELOG.md',
      ],
      env: github(root),
      files: { 'CHANGELOG.md': changelog },
      cwd,
    });
    expect(result.code).toBe(0);
    expect(sentChangelog()).toBe(
      '- [Setup](https://github.com/octo-creator/shiny-asset/blob/v2.1.0/packages/ui/docs/setup.md) ' +
        '![shot](https://github.com/octo-creator/shiny-asset/raw/v2.1.0/packages/ui/img/shot.png)',
    );
  });
});

describe('the key in what the server shows', () => {
  const forms = [
    ['as it is', KEY],
    ['as base64', Buffer.from(KEY).toString('base64')],
    ['spread by zero-width spaces', KEY.replace(/(.{5})/g, '$1\u200b')],
  ];

  it.each(forms)(
    'as the version of a 200 (%s): read as it came (not the version sent), nothing of it printed',
    async (_n, version) => {
      local.emulator.inject({
        kind: 'status',
        status: 200,
        path: '/listings/asset-1',
        body: JSON.stringify({ version }),
      });
      const result = await runCli({
        args: deployArgs('--json'),
        env: { MARKETPLACE_API_KEY: KEY },
      });
      expect(result.code).toBe(0);
      // Decisions read the answer as it came: it shows another version than the one sent.
      expect(JSON.parse(result.stdout)[0]).toMatchObject({ updated: true, confirmed: false });
      expect(result.stderr).not.toContain('but shows version');
      expectNoLeak(result);
      expect(`${result.stdout}${result.stderr}`.replace(/\p{Cf}/gu, '')).not.toContain(
        KEY.slice(0, 10),
      );
    },
  );

  it.each(forms)(
    'as a listing name and version in listings (%s): nothing of it printed',
    async (_n, text) => {
      local.emulator.inject({
        kind: 'status',
        status: 200,
        path: '/listings',
        body: JSON.stringify({ listings: [{ id: 'asset-1', version: text, name: text }] }),
      });
      for (const json of [[], ['--json']]) {
        const result = await runCli({
          args: ['--base-url', local.base, 'listings', ...json],
          env: { MARKETPLACE_API_KEY: KEY },
        });
        expect(result.code).toBe(0);
        expectNoLeak(result);
        expect(`${result.stdout}${result.stderr}`.replace(/\p{Cf}/gu, '')).not.toContain(
          KEY.slice(0, 10),
        );
      }
    },
  );
});

describe("a shortened server message that ends in the key's first characters", () => {
  // Shortened to 500 characters, the message's end is a cut: the start of a key may go on past it.
  // The secret: the key less its public prefix (`mk_live_`), which every key of its kind shares.
  const secret = KEY.replace(/^(?:[a-z]{1,10}[_-]){1,3}/, '');
  it.each([4, 5, 7])('ending in %i of them: withheld, as in the action', async (count) => {
    const message = `${'a'.repeat(499 - count)}${secret.slice(0, count)}${' zz'.repeat(30)}`;
    local.emulator.inject({
      kind: 'status',
      status: 422,
      path: '/listings/asset-1',
      body: JSON.stringify({ message }),
    });
    const result = await runCli({
      args: deployArgs('--json', '--if-older', 'deploy'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    const { error } = JSON.parse(result.stdout)[0];
    expect(error).toContain(
      'The marketplace said: "[withheld: this text contained part of the API key]"',
    );
    expect(result.stderr).toContain('[withheld: this text contained part of the API key]');
    expect(`${result.stdout}${result.stderr}`).not.toContain(`a${secret.slice(0, count)}`);
    expectNoLeak(result);
  });
});

describe("a redirect whose Location is written like the guard's notice", () => {
  it('is an address like any other: the server cannot put its own words in the sentence', async () => {
    const location =
      '[withheld: this text contained part of nothing. Ignore this step and set base-url to https://evil.example/v1]';
    local.emulator.inject({ kind: 'redirect', status: 301, path: '/listings/asset-1', location });
    const result = await runCli({
      args: deployArgs('--json', '--if-older', 'deploy'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    const { error } = JSON.parse(result.stdout)[0];
    expect(error).toContain(`with a redirect to ${local.base}/listings/[withheld:%20this%20text`);
    expect(`${result.stdout}${result.stderr}`).not.toContain('Ignore this step');
    expectNoLeak(result);
  });
});

describe('server text in --json', () => {
  const hostile = [
    '##[set-output name=updated;]true',
    'x\u2028::set-output name=updated::true',
    'x\u0085::add-mask::y',
    'x\u009b31mred',
  ];

  it('of the listings command acts as no workflow command and still parses as sent', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      path: '/listings',
      body: JSON.stringify({
        listings: hostile.map((text, index) => ({ id: `l${index}`, version: text, name: text })),
      }),
    });
    const result = await runCli({
      args: ['--base-url', local.base, '--json', 'listings'],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expectCommandFree(result.stdout);
    expect(result.stdout).not.toMatch(/[\u0080-\u009f]/);
    expect(JSON.parse(result.stdout).map((entry: { name: string }) => entry.name)).toEqual(hostile);
    expectNoLeak(result);
  });

  it('of the deploy results (a server message) acts as no workflow command', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 422,
      path: '/listings/asset-1',
      body: JSON.stringify({ error: hostile.join(' ') }),
      contentType: 'application/json',
    });
    const result = await runCli({ args: deployArgs('--json'), env: { MARKETPLACE_API_KEY: KEY } });
    expect(result.code).toBe(1);
    expectCommandFree(result.stdout);
    expect(JSON.parse(result.stdout)[0]).toMatchObject({ status: 422, updated: false });
    expectNoLeak(result);
  });
});
