// The defences never turn on the user (SPEC 4, 6.2, 7.8, 9.1): decisions read what was received,
// the guard looks for the key's secret, `if-older: fail` fails closed and only then, a 2xx that is
// not an update fails. The committed dist/index.js and dist/cli/index.js against the emulator.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { KEYS } from '../support/emulator.js';
import {
  everythingPrinted,
  keyFragments,
  type RunOptions,
  type RunResult,
  runAction,
  tagPush,
} from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;
/** The key less its public prefix `mk_live_`: what may never be printed. */
const SECRET = KEY.slice('mk_live_'.length);

const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEY,
  'base-url': local.base,
  retries: '0',
  ...over,
});

/** No part of the secret printed anywhere, in any of the usual encodings. */
function leaks(text: string): string[] {
  return keyFragments(SECRET).filter((piece) => text.includes(piece));
}

async function run(options: RunOptions): Promise<RunResult> {
  const result = await runAction({ trigger: tagPush('v1.2.3'), ...options });
  expect(leaks(everythingPrinted(result))).toEqual([]);
  return result;
}

const sent = () => local.emulator.requests.map((r) => `${r.method} ${r.path}`);
const results = (result: RunResult) =>
  JSON.parse(result.outputs.results ?? 'null') as Record<string, unknown>[];
const titles = (result: RunResult, kind: string) =>
  result.errors.filter((c) => c.command === kind).map((c) => c.properties.title);

function shows(id: string, version: string, changelog?: string): void {
  const listing = local.emulator.listings.get(id);
  if (listing === undefined) throw new Error(`no listing ${id}`);
  listing.version = version;
  if (changelog !== undefined) listing.changelog = changelog;
}

const cliArgs = (...more: string[]) => [
  '--listing-id',
  'asset-1',
  '--base-url',
  local.base,
  '--release-version',
  '1.2.3',
  '--retries',
  '0',
  ...more,
];

describe('decisions read what was received (SPEC 4)', () => {
  it('the key prefix in another listing does not let a listing move backwards under if-older: fail', async () => {
    shows('asset-1', '2.0.0');
    shows('asset-2', '0.1.0', 'Keys now start with mk_live_ and 32 characters.');
    const result = await run({ inputs: inputs({ 'if-older': 'fail' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(local.emulator.listings.get('asset-1')?.version).toBe('2.0.0');
    expect(titles(result, 'error')).toEqual(['Older than the listing']);
  });

  it('the dry run reads the same list: it says what would happen', async () => {
    shows('asset-1', '0.9.0', 'Keys now start with mk_live_.');
    const result = await run({ inputs: inputs({ 'dry-run': 'true' }) });
    expect(result.code).toBe(0);
    expect(result.summary).toContain('Dry run: owned, would be updated');
    expect(result.summary).not.toContain('ownership not checked');
  });

  it('skip-unchanged reads a listing whose changelog names the prefix', async () => {
    shows('asset-1', '1.2.3', 'Keys now start with mk_live_.');
    const result = await run({
      inputs: inputs({
        'skip-unchanged': 'true',
        version: '1.2.3',
        changelog: 'Keys now start with mk_live_.',
      }),
    });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(result.outputs.skipped).toBe('asset-1');
  });

  it('the command reads the same list: no listing moves backwards', async () => {
    shows('asset-1', '2.0.0', 'Keys now start with mk_live_.');
    const result = await runCli({
      args: cliArgs('--if-older', 'fail'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(result.stderr).toContain('Older than the listing');
    expect(leaks(`${result.stdout}${result.stderr}`)).toEqual([]);
  });
});

describe('the changelog is shown as sent, or refused before any request (SPEC 6.2)', () => {
  const changelog = 'Keys now start with mk_live_ (see the docs).';

  it('the action sends a changelog naming the prefix and shows it exactly as sent', async () => {
    const result = await run({ inputs: inputs({ changelog }) });
    expect(result.code).toBe(0);
    expect(JSON.parse(local.emulator.requests[1]?.body ?? '{}')).toMatchObject({ changelog });
    expect(result.outputs.changelog).toBe(changelog);
    expect(result.summary).toContain(changelog);
    expect(result.stdout).toContain(`\n${changelog}\n`);
    expect(everythingPrinted(result)).not.toContain('withheld');
  });

  it.each([
    ['8 characters of the secret', `Keys end in ${SECRET.slice(-8)}.`],
    [
      'the secret percent-encoded',
      `Key: ${[...SECRET.slice(0, 12)].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`,
    ],
    ['the key in base64', Buffer.from(KEY).toString('base64')],
  ])('the action refuses a changelog holding %s: nothing is sent', async (_, text) => {
    const result = await run({ inputs: inputs({ changelog: text }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual([]);
    expect(titles(result, 'error')).toEqual(['Key in changelog']);
  });

  it('the action refuses a changelog holding 8 characters of the GitHub token: nothing is sent', async () => {
    const token = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';
    const secret = token.slice('ghs_'.length);
    const result = await run({
      inputs: inputs({ 'github-token': token, changelog: `Fixed ${secret.slice(3, 11)}.` }),
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual([]);
    expect(titles(result, 'error')).toEqual(['Token in changelog']);
    const printed = everythingPrinted(result);
    expect(printed).toContain('contains the GitHub token');
    expect(keyFragments(token).filter((piece) => printed.includes(piece))).toEqual([]);
  });

  it('the command sends it too, and says "1 character" for one', async () => {
    const result = await runCli({
      args: cliArgs('--changelog', 'x', '--if-older', 'deploy'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.stderr).toContain('Changelog: 1 character, ');
    expect(result.code).toBe(0);
    const named = await runCli({
      args: [
        ...cliArgs('--changelog', changelog, '--if-older', 'deploy', '--json'),
        '--release-version',
        '1.2.4',
      ],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(named.code).toBe(0);
    expect(named.stderr).not.toContain('withheld');
    expect(local.emulator.listings.get('asset-1')?.changelog).toBe(changelog);
  });
});

describe('if-older: fail fails closed, and only then (SPEC 7.8)', () => {
  it.each([
    [
      'an answer of unknown shape',
      () => {
        local.emulator.list = { shape: 'unknown' };
      },
    ],
    ['a web page', () => local.emulator.inject({ kind: 'web-page', path: '/listings' })],
    [
      'a failed GET',
      () => local.emulator.inject({ kind: 'status', status: 500, path: '/listings' }),
    ],
  ])('%s: no PATCH, the step fails', async (_, arrange) => {
    arrange();
    const result = await run({ inputs: inputs({ 'if-older': 'fail' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(results(result)[0]).toMatchObject({ updated: false, attempts: 0 });
  });

  it('a listing not in the list read to its last page fails; the others are updated', async () => {
    const result = await run({
      inputs: inputs({ 'if-older': 'fail', 'listing-id': 'missing-1,asset-1' }),
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(titles(result, 'error')).toEqual(['Listing missing-1: Order of versions not checked']);
    expect(result.errors.find((c) => c.command === 'error')?.data).toContain(
      'it is not in the list of listings, read to its last page',
    );
  });

  it('the same answers in the default mode: a warning or a log line, and the PATCH is sent', async () => {
    local.emulator.list = { shape: 'unknown' };
    const unknown = await run({ inputs: inputs() });
    expect(unknown.code).toBe(0);
    local.emulator.list = {};
    shows('asset-1', '0.9.0');
    local.emulator.inject({ kind: 'web-page', path: '/listings' });
    const page = await run({ inputs: inputs() });
    expect(page.code).toBe(0);
    expect(page.stdout).toContain('The order of versions was not checked');
    expect(sent()).toEqual([
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
    ]);
  });

  it('a long Retry-After on the GET in the default mode: a warning, and the PATCH is sent', async () => {
    local.emulator.inject({ kind: 'status', status: 429, retryAfter: '120', path: '/listings' });
    const result = await run({ inputs: inputs({ retries: '3' }) });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(titles(result, 'warning')).toEqual(['Order of versions not checked']);
    expect(result.outputs.updated).toBe('true');
  });

  it('a 401 to the GET still stops the step before any PATCH', async () => {
    const result = await run({ inputs: inputs({ 'api-key': KEYS.revoked }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
  });
});

describe('big lists (SPEC 4)', () => {
  it('a list of 2 MiB is read and checked: under if-older: fail an older version is refused', async () => {
    const note = 'n'.repeat(1024);
    for (let i = 0; i < 2000; i++) {
      local.emulator.listings.set(`big-${i}`, {
        owner: 'creator',
        version: '1.0.0',
        changelog: note,
      });
    }
    shows('asset-1', '2.0.0');
    const result = await run({ inputs: inputs({ 'if-older': 'fail' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(titles(result, 'error')).toEqual(['Older than the listing']);
  });

  it('a page larger than 64 MiB is named by its size: the step fails under if-older: fail', async () => {
    local.emulator.inject({
      kind: 'huge',
      status: 200,
      bytes: 65 * 1024 * 1024,
      path: '/listings',
    });
    const result = await run({ inputs: inputs({ 'if-older': 'fail' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(titles(result, 'error')).toEqual(['List page too large']);
    expect(everythingPrinted(result)).toContain('is larger than 64 MiB');
    expect(everythingPrinted(result)).not.toContain('shape this tool knows');
  });
});

describe('a 2xx that is not an update (SPEC 4)', () => {
  it('a web page to the update is not retried but read back; not shown there, it failed, naming base-url', async () => {
    local.emulator.inject({ kind: 'web-page', times: 5, path: '/listings/asset-1' });
    const result = await run({ inputs: inputs({ 'if-older': 'deploy', retries: '3' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1', 'GET /v1/listings']);
    expect(result.outputs.updated).toBe('false');
    const error = result.errors.find((c) => c.command === 'error');
    expect(error?.properties.title).toBe('Update not applied');
    expect(error?.data).toContain(
      'The answer to the update of listing "asset-1" was lost: the marketplace\'s address answered with a web page (HTTP 200)',
    );
    expect(error?.data).toContain('Check `base-url`');
  });

  it.each(['success', 'ok'] as const)(
    '"%s": false fails with the server\'s message, not retried',
    async (field) => {
      local.emulator.inject({ kind: 'refusal', field, message: 'Listing is locked', times: 5 });
      const result = await run({ inputs: inputs({ 'if-older': 'deploy', retries: '3' }) });
      expect(result.code).toBe(1);
      expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
      const error = result.errors.find((c) => c.command === 'error');
      expect(error?.properties.title).toBe('Update refused');
      expect(error?.data).toContain('The marketplace said: "Listing is locked"');
    },
  );

  it('the command fails alike', async () => {
    local.emulator.inject({ kind: 'web-page', times: 5 });
    const result = await runCli({
      args: cliArgs('--if-older', 'deploy'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1', 'GET /v1/listings']);
    expect(result.stderr).toContain('with a web page (HTTP 200)');
    expect(result.stderr).toContain('--base-url');
  });
});

describe('key files as editors write them (SPEC 9.1)', () => {
  const withKeyFile = (content: Buffer) => {
    const cwd = mkdtempSync(join(tmpdir(), 'lad-key-'));
    writeFileSync(join(cwd, 'key.txt'), content);
    return cwd;
  };

  it('UTF-16 LE with a mark and CRLF (Windows PowerShell 5.1): the key is read and used', async () => {
    const cwd = withKeyFile(Buffer.from(`\ufeff${KEY}\r\n`, 'utf16le'));
    const result = await runCli({
      args: cliArgs('--api-key-file', 'key.txt', '--if-older', 'deploy'),
      cwd,
    });
    expect(result.code).toBe(0);
    expect(local.emulator.requests[0]?.apiKey).toBe(KEY);
    expect(leaks(`${result.stdout}${result.stderr}`)).toEqual([]);
  });

  it('UTF-16 without a mark: an error saying what was found, never "more than one line"', async () => {
    const cwd = withKeyFile(Buffer.from(`${KEY}\r\n`, 'utf16le'));
    const result = await runCli({ args: cliArgs('--api-key-file', 'key.txt'), cwd });
    expect(result.code).toBe(2);
    expect(sent()).toEqual([]);
    expect(result.stderr).toContain('UTF-16 text without a byte-order mark');
    expect(result.stderr).not.toContain('more than one line');
    expect(leaks(`${result.stdout}${result.stderr}`)).toEqual([]);
  });
});
