// The walk over the pages of `GET /listings`, in process against the local marketplace: every form
// of a next page, and every reason to stop. The key goes only where the list began.

import { afterEach, describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { parseConnection, parseSettings } from '../../../src/core/inputs.js';
import { deployAll, readAllListings } from '../../../src/core/marketplace/deploy.js';
import type { Resolved } from '../../../src/core/release/resolve.js';
import { outputs } from '../../../src/core/report.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { Emulator, KEYS, type Pagination } from '../../support/emulator.js';
import { useEmulator } from '../../support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;
const redact = makeGuard([{ name: 'the API key', value: KEY }]);
const clock = { now: Date.now, sleep: async () => {}, random: Math.random };

const others: Emulator[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((other) => other.stop()));
});

function noLeak(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(KEY.slice(8, 24));
}

async function list(retries = '0') {
  const lines: string[] = [];
  const settings = parseConnection(
    { 'api-key': KEY, 'base-url': local.base, retries },
    ACTION_WORDS,
  );
  const read = await readAllListings({
    settings,
    transport: createTransport({}, [settings.baseUrl], settings.timeoutMs),
    log: (l) => lines.push(l),
    redact,
    clock,
  });
  noLeak({ read, lines });
  const ids = read.answer?.kind === 'list' ? [...read.answer.listings.keys()] : undefined;
  return { read, lines, ids };
}

const resolved: Resolved = {
  version: '2.0.0',
  versionSource: 'input',
  tag: '',
  changelog: 'Notes',
  changelogSource: 'input',
};

async function deploy(inputs: Record<string, string>) {
  const lines: string[] = [];
  const settings = parseSettings(
    {
      'api-key': KEY,
      'base-url': local.base,
      retries: '0',
      ...inputs,
    },
    ACTION_WORDS,
  );
  const done = await deployAll({
    settings,
    resolved,
    transport: createTransport({}, [settings.baseUrl], settings.timeoutMs),
    log: (l) => lines.push(l),
    redact,
    clock,
  });
  noLeak({ done, lines });
  return { done, lines };
}

const gets = (emulator = local.emulator) =>
  emulator.requests.filter((r) => r.method === 'GET').map((r) => r.path);
const ALL = ['asset-1', 'asset-2', '1001'];
const THREE_PAGES = ['/v1/listings', '/v1/listings?page=2', '/v1/listings?page=3'];

describe('every form of a next page is followed', () => {
  it.each<[Pagination, boolean]>([
    ['link', false],
    ['link', true],
    ['next', false],
    ['next', true],
    ['links', false],
    ['pagination', true],
    ['meta', false],
    ['paging', true],
  ])('%s (absolute: %s)', async (pagination, absolute) => {
    local.emulator.list = { pageSize: 1, pagination, absolute };
    const { read, lines, ids } = await list();
    expect(ids).toEqual(ALL);
    expect(gets()).toEqual(THREE_PAGES);
    expect(read.answer).toMatchObject({ more: false });
    // One attempt line per page, nothing else.
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^GET http:\S+\/v1\/listings\?page=3: HTTP 200 in \d+ ms/);
    expect(read.outcome.attempts).toBe(3);
  });
});

describe('the walk stops, and the log says why', () => {
  it.each<Pagination>(['cursor', 'next_page', 'has_more'])(
    'more pages without a URL (%s): not guessed at',
    async (pagination) => {
      local.emulator.list = { pageSize: 1, pagination };
      const { read, lines, ids } = await list();
      expect(ids).toEqual(['asset-1']);
      expect(gets()).toEqual(['/v1/listings']);
      expect(read.answer).toMatchObject({ more: true });
      expect(lines.at(-1)).toBe(
        'The list of listings has more pages, named by a cursor or a number rather than a URL: they are not read, and the listings not found are not checked.',
      );
    },
  );

  it('a next page on another origin receives nothing; the log names the origin only', async () => {
    const other = new Emulator();
    others.push(other);
    const otherBase = await other.start();
    local.emulator.list = { pageSize: 1, pagination: 'link', nextBase: otherBase };
    const { read, lines } = await list();
    expect(gets()).toEqual(['/v1/listings']);
    expect(other.requests).toEqual([]);
    expect(read.answer).toMatchObject({ more: true });
    const origin = new URL(otherBase).origin;
    expect(lines.at(-1)).toBe(
      `The next page of the list of listings is not requested, as it is on ${origin}, not ${new URL(local.base).origin}: the API key is sent only under ${local.base}, and the listings not found are not checked.`,
    );
    expect(lines.join('\n')).not.toContain('page=2');
  });

  it('a next page outside the path of base-url is not requested', async () => {
    const origin = new URL(local.base).origin;
    local.emulator.list = { pageSize: 1, pagination: 'next', nextBase: `${origin}/v1-admin` };
    const { lines } = await list();
    expect(gets()).toEqual(['/v1/listings']);
    expect(lines.at(-1)).toContain('as its path is outside /v1:');
  });

  it('a page that names itself ends the walk', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'links', loop: true };
    const { lines, ids } = await list();
    expect(ids).toEqual(['asset-1']);
    expect(gets()).toEqual(['/v1/listings', '/v1/listings?page=1']);
    expect(lines.at(-1)).toBe(
      'Page 2 of the list of listings names a page already read as the next one: the walk ends, and the listings not found are not checked.',
    );
  });

  it('60 pages: stopped after 50', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'link', extra: 57 };
    const { read, lines, ids } = await list();
    expect(gets()).toHaveLength(50);
    expect(ids).toHaveLength(50);
    expect(read.outcome.attempts).toBe(50);
    expect(read.answer).toMatchObject({ more: true });
    expect(lines.at(-1)).toBe(
      'The list of listings has more than 50 pages: stopped after 50, and the listings not found are not checked.',
    );
  });

  it('a later page of another shape ends the walk, with the listings before', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'next' };
    local.emulator.inject({
      kind: 'status',
      status: 200,
      body: '{"count":1}',
      path: '/listings?page=2',
    });
    const { read, lines, ids } = await list();
    expect(ids).toEqual(['asset-1']);
    expect(read.problem).toBeUndefined();
    expect(read.answer).toMatchObject({ more: true });
    expect(lines.at(-1)).toBe(
      'Page 2 of the list of listings is not a list in a shape this tool knows: the listings not found are not checked.',
    );
  });

  it('a page that cannot be read: the problem, and the listings of the pages before', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'next' };
    local.emulator.inject({ kind: 'status', status: 503, path: '/listings?page=2' });
    const { read, ids } = await list();
    expect(ids).toEqual(['asset-1']);
    expect(read.problem?.title).toBe('Marketplace unavailable (HTTP 503)');
    expect(read.outcome).toMatchObject({ attempts: 2, last: { status: 503 } });
  });
});

describe('the step reads the pages it needs', () => {
  it('stops once every listing of the step is found', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'link', extra: 5 };
    const { done, lines } = await deploy({ 'listing-id': '1001,asset-1' });
    expect(gets()).toEqual(THREE_PAGES);
    expect(lines).toContain(
      'Every listing looked for was found by page 3 of the list: the next pages are not read.',
    );
    expect(done.rows.map((row) => row.previousVersion)).toEqual(['3.0.0', '0.9.0']);
  });

  it('the order check on page 3: an older version is not sent', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'next', absolute: true };
    local.emulator.listings.set('1001', { owner: 'creator', version: '3.0.0', changelog: '' });
    const { done } = await deploy({ 'listing-id': '1001' });
    expect(done.rows[0]).toMatchObject({ state: 'skipped', why: 'shows 3.0.0, newer than 2.0.0' });
    expect(local.emulator.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('a later page that fails, by default: the listings found are checked, one warning', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'next' };
    local.emulator.inject({ kind: 'status', status: 503, path: '/listings?page=2' });
    const { done, lines } = await deploy({ 'listing-id': 'asset-1,1001' });
    expect(done.problem).toBeUndefined();
    expect(done.rows.map((row) => [row.state, row.previousVersion])).toEqual([
      ['sent', '0.9.0'],
      ['sent', null],
    ]);
    expect(done.notes).toEqual([
      {
        level: 'warning',
        title: 'Order of versions not checked',
        message: expect.stringMatching(
          /^Page 2 of the list of listings could not be read, so the order of versions was not checked for the listings not found on the pages before it; they are updated\. The marketplace answered HTTP 503 after 1 attempt\./,
        ),
      },
    ]);
    expect(lines).toContain(
      'The order of versions was not checked: page 2 of the list could not be read (Marketplace unavailable (HTTP 503)); the listings not found are updated.',
    );
  });

  it('a later page that fails on a dry run fails it, as a failed GET does', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'next' };
    local.emulator.inject({ kind: 'status', status: 503, path: '/listings?page=2' });
    const { done } = await deploy({ 'listing-id': '1001', 'dry-run': 'true' });
    expect(done.problem?.title).toBe('Marketplace unavailable (HTTP 503)');
  });

  it('a dry run over pages: attempts summed, status and response of the last page', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'link' };
    const { done } = await deploy({ 'listing-id': '1001', 'dry-run': 'true' });
    const report = {
      ...done,
      listingIds: ['1001'],
      resolved,
      dryRun: true,
      elapsedMs: 0,
    };
    const out = outputs(report);
    expect(out).toMatchObject({ attempts: '3', status: '200' });
    expect(JSON.parse(out.response ?? '')).toEqual({
      listings: [{ id: 1001, version: '3.0.0', owner: 'creator', changelog: 'Third' }],
    });
  });
});
