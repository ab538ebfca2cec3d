// A list of listings in pages, end to end: the committed bundles (the action and the command)
// against the local marketplace serving its list one listing per page. Each reader of the list
// reads the pages it needs; a next page off base-url receives nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { type CliResult, cliLeaks, runCli } from '../support/cli.js';
import { Emulator, type Injected, KEYS } from '../support/emulator.js';
import { leakedFragments, type RunResult, runAction } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;

const others: Emulator[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((other) => other.stop()));
});

const gets = (emulator = local.emulator) =>
  emulator.requests.filter((r) => r.method === 'GET').map((r) => r.path);
const patches = () =>
  local.emulator.requests.filter((r) => r.method === 'PATCH').map((r) => r.path);
const PAGES = ['/v1/listings', '/v1/listings?page=2', '/v1/listings?page=3'];

async function action(over: Record<string, string>): Promise<RunResult> {
  const result = await runAction({
    inputs: {
      'listing-id': '1001',
      'api-key': KEY,
      'base-url': local.base,
      version: '2.0.0',
      changelog: 'Notes',
      retries: '0',
      ...over,
    },
  });
  expect(leakedFragments(result, KEY)).toEqual([]);
  return result;
}

async function command(args: string[]): Promise<CliResult> {
  const result = await runCli({
    args: [...args, '--base-url', local.base, '--retries', '0'],
    env: { MARKETPLACE_API_KEY: KEY },
  });
  expect(cliLeaks(result, KEY)).toEqual([]);
  return result;
}

const deployArgs = (...more: string[]) => [
  '--listing-id',
  '1001',
  '--release-version',
  '2.0.0',
  '--changelog',
  'Notes',
  '--json',
  ...more,
];

const titles = (result: RunResult, kind: string) =>
  result.errors.filter((c) => c.command === kind).map((c) => c.properties.title);

describe('a listing on page 3', () => {
  it('the order check: an older version is not sent (action and command)', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'link' };
    const done = await action({ version: '1.0.0' });
    expect(done.code).toBe(0);
    expect(gets()).toEqual(PAGES);
    expect(patches()).toEqual([]);
    expect(titles(done, 'notice')).toEqual(['Not sent: older than the listing']);
    expect(done.outputs).toMatchObject({ skipped: '1001', attempts: '3', status: '200' });

    const cli = await command(['--listing-id', '1001', '--release-version', '1.0.0', '--json']);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual([
      expect.objectContaining({ skipped: true, 'previous-version': '3.0.0' }),
    ]);
    expect(patches()).toEqual([]);
  });

  it('skip-unchanged: a listing already current is skipped (action and command)', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'meta', absolute: true };
    const done = await action({ 'skip-unchanged': 'true', version: '3.0.0', changelog: 'Third' });
    expect(done.code).toBe(0);
    expect(gets()).toEqual(PAGES);
    expect(done.outputs.skipped).toBe('1001');

    const cli = await command([
      ...deployArgs('--skip-unchanged'),
      '--release-version',
      '3.0.0',
      '--changelog',
      'Third',
    ]);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)[0]).toMatchObject({ skipped: true });
    expect(patches()).toEqual([]);
  });

  it('the dry run: owned; attempts summed over the pages, the last page answered', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'next' };
    const done = await action({ 'dry-run': 'true' });
    expect(done.code).toBe(0);
    expect(gets()).toEqual(PAGES);
    expect(titles(done, 'warning')).toEqual([]);
    expect(done.outputs).toMatchObject({ attempts: '3', status: '200', updated: 'false' });
    expect(JSON.parse(done.outputs.response ?? '').listings[0].id).toBe(1001);
    expect(done.summary).toContain('GET: HTTP status 200, attempts 3');

    const cli = await command([...deployArgs('--dry-run')]);
    expect(cli.code).toBe(0);
    expect(cli.stderr).not.toContain('Ownership not confirmed');
  });

  it('the read-back: the update applied whose answer was lost is found on page 3', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'paging' };
    const lost: Injected = { kind: 'reset', apply: true, path: '/listings/1001' };
    local.emulator.inject(lost);
    const done = await action({ 'if-older': 'deploy' });
    expect(done.code).toBe(0);
    expect(gets()).toEqual(PAGES);
    expect(titles(done, 'notice')).toEqual(['Update read back']);

    local.emulator.listings.set('1001', { owner: 'creator', version: '3.0.0', changelog: '' });
    local.emulator.inject(lost);
    const cli = await command([...deployArgs('--if-older', 'deploy')]);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)[0]).toMatchObject({ updated: true, 'read-back': 'updated' });
  });
});

describe('listings across pages', () => {
  it('prints every listing of every page, and --json gives them all', async () => {
    local.emulator.list = { pageSize: 2, pagination: 'links', extra: 3 };
    const text = await command(['listings']);
    expect(text.code).toBe(0);
    expect(
      text.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(['asset-1', 'asset-2', '1001', 'extra-1', 'extra-2', 'extra-3']);
    expect(text.stderr).toContain('6 listings owned by this key');
    expect(text.stderr).not.toContain('more listings exist');
    const json = await command(['listings', '--json']);
    expect(JSON.parse(json.stdout)).toHaveLength(6);
    expect(gets()).toHaveLength(6);
  });

  it('60 pages: stops after 50, and says so', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'link', extra: 57 };
    const json = await command(['listings', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toHaveLength(50);
    expect(gets()).toHaveLength(50);
    expect(json.stderr).toContain('more than 50 pages: stopped after 50');
    expect(json.stderr).toContain('more listings exist');
  });
});

describe('the key goes only where the list began', () => {
  it('a next page on another origin receives nothing (action and command)', async () => {
    const other = new Emulator();
    others.push(other);
    const otherBase = await other.start();
    local.emulator.list = { pageSize: 1, pagination: 'next', nextBase: otherBase };
    const done = await action({});
    expect(done.code).toBe(0);
    expect(gets()).toEqual(['/v1/listings']);
    expect(done.stdout).toContain(`is not requested, as it is on ${new URL(otherBase).origin}`);
    expect(done.stdout).toContain(
      'Listing "1001" is not in the list: the order of versions was not checked.',
    );
    expect(patches()).toEqual(['/v1/listings/1001']);

    const cli = await command(['listings']);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toBe('asset-1\t0.9.0\t\n');
    expect(other.requests).toEqual([]);
  });

  it('a page that names itself ends the walk', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'link', loop: true };
    const done = await action({ 'dry-run': 'true' });
    expect(done.code).toBe(0);
    expect(gets()).toEqual(['/v1/listings', '/v1/listings?page=1']);
    expect(titles(done, 'warning')).toEqual(['Ownership not confirmed']);
    expect(done.stdout).toContain('names a page already read as the next one: the walk ends');

    const cli = await command(['listings']);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toBe('asset-1\t0.9.0\t\n');
  });
});
