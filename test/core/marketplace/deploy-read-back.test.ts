// An update whose answer was lost is read back: deployAll against the local marketplace, whose
// faults can apply an update and then lose its answer.

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { parseSettings } from '../../../src/core/inputs.js';
import { deployAll } from '../../../src/core/marketplace/deploy.js';
import type { Resolved } from '../../../src/core/release/resolve.js';
import { type ListingRow, outputs, results, rowCells } from '../../../src/core/report.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { refusedBaseUrl } from '../../support/closed-port.js';
import { type Injected, KEYS } from '../../support/emulator.js';
import { summaryHtml } from '../../support/summary.js';
import { useEmulator } from '../../support/use-emulator.js';

// The result a row shows in the listings' table.
const rowResult = (row: ListingRow) => rowCells(row, (code) => code)[0];

const local = useEmulator();

const resolved: Resolved = {
  version: '2.0.0',
  versionSource: 'input',
  tag: '',
  changelog: 'Notes',
  changelogSource: 'input',
};

/** A deadline short enough for a hang to cost little, long enough for a loaded machine to answer. */
const TIMEOUT_MS = 1_200;

async function deploy(inputs: Record<string, string>) {
  const all: Record<string, string> = {
    'listing-id': 'asset-1',
    'api-key': KEYS.creator,
    'base-url': local.base,
    retries: '1',
    ...inputs,
  };
  const lines: string[] = [];
  const settings = { ...parseSettings(all, ACTION_WORDS), timeoutMs: TIMEOUT_MS };
  const done = await deployAll({
    settings,
    resolved,
    transport: createTransport({}, [settings.baseUrl], settings.timeoutMs),
    log: (line) => lines.push(line),
    redact: makeGuard([{ name: 'the API key', value: KEYS.creator }]),
    clock: { now: Date.now, sleep: async () => {}, random: Math.random },
  });
  const report = {
    ...done,
    listingIds: settings.listingIds,
    resolved,
    dryRun: settings.dryRun,
    elapsedMs: 0,
  };
  const everything = JSON.stringify({ done, lines, outputs: outputs(report) });
  expect(everything).not.toContain(KEYS.creator);
  expect(everything).not.toContain(KEYS.creator.slice(8, 24));
  return { done, report, lines, out: outputs(report), summary: summaryHtml(report) };
}

const sent = () => local.emulator.requests.map((r) => `${r.method} ${r.path}`);
const stored = (id: string) => local.emulator.listings.get(id)?.version;
const patchFault = (fault: Injected, id = 'asset-1'): Injected => ({
  ...fault,
  path: `/listings/${id}`,
});

describe('an update applied whose answer was lost is read back and reported updated', () => {
  it.each<[string, Injected, string]>([
    [
      'a reset after the update',
      { kind: 'reset', apply: true },
      'closed after the request was sent',
    ],
    ['a deadline passed', { kind: 'hang', apply: true }, 'no answer came within 1.2 s'],
    ['a dripping answer', { kind: 'drip', status: 200, intervalMs: 20, apply: true }, '1.2 s'],
    ['a 502', { kind: 'status', status: 502, apply: true }, 'HTTP 502'],
  ])('%s, then a retry answered 409', async (_, fault, lost) => {
    local.emulator.inject(patchFault(fault));
    const { done, report, lines, out, summary } = await deploy({ 'if-older': 'deploy' });
    expect(sent()).toEqual([
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/asset-1',
      'GET /v1/listings',
    ]);
    expect(stored('asset-1')).toBe('2.0.0');
    const [row] = done.rows;
    expect(row).toMatchObject({ problem: undefined, confirmed: true, readBack: 'updated' });
    expect(results(report)).toEqual([
      expect.objectContaining({
        updated: true,
        status: 409,
        attempts: 2,
        error: null,
        confirmed: true,
        'read-back': 'updated',
      }),
    ]);
    expect(out).toMatchObject({ updated: 'true', status: '409', attempts: '2' });
    expect(done.readBack?.attempts).toBe(1);
    expect(done.notes).toEqual([
      {
        level: 'notice',
        title: 'Update read back',
        message: expect.stringMatching(
          /^The answer to the update of listing "asset-1" was lost: .*, then an attempt was answered HTTP 409 \(2 attempts\)\. Read back with GET http:\S+\/listings, the listing shows version 2\.0\.0 and the changelog sent: it was updated\.$/,
        ),
      },
    ]);
    expect(done.notes[0]?.message).toContain(lost);
    expect(lines.at(-1)).toBe(
      'Read back: listing "asset-1" shows "2.0.0", the version and changelog sent: it was updated, although its answer was lost.',
    );
    expect(row && rowResult(row)).toBe('✅ Updated: the answer was lost, the update was read back');
    expect(summary).toContain(
      '<th align="left">Read back</th><td>GET: HTTP status 200, attempts 1</td>',
    );
  });

  it('with no retry: the lost answer alone, read back', async () => {
    local.emulator.inject(patchFault({ kind: 'status', status: 503, apply: true }));
    const { done, out } = await deploy({ retries: '0', 'if-older': 'deploy' });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1', 'GET /v1/listings']);
    expect(done.notes[0]?.message).toMatch(
      /was lost: the marketplace answered HTTP 503 \(1 attempt\)\. Read back/,
    );
    expect(out).toMatchObject({ updated: 'true', status: '503' });
  });
});

describe('an update whose answer was lost and that was not applied', () => {
  it('fails, and says it was read back and what the listing still shows', async () => {
    local.emulator.inject(
      patchFault({ kind: 'status', status: 502, times: 2, body: '{"error":"bad gateway"}' }),
    );
    const { done, report, out } = await deploy({ 'if-older': 'deploy' });
    expect(stored('asset-1')).toBe('0.9.0');
    const [row] = done.rows;
    expect(row?.problem).toEqual({
      title: 'Update not applied',
      message: expect.stringMatching(
        /^The answer to the update of listing "asset-1" was lost: the marketplace answered HTTP 502 \(2 attempts\)\. Read back with GET http:\S+\/listings, the listing still shows version 0\.9\.0: the update was not applied\. Running it again later is safe\. The marketplace said: "bad gateway"$/,
      ),
    });
    expect(results(report)[0]).toMatchObject({ updated: false, 'read-back': 'not updated' });
    expect(out.updated).toBe('false');
  });

  it('a reset before anything was applied, then a 422: read back, still the old version', async () => {
    local.emulator.inject(
      patchFault({ kind: 'reset' }),
      patchFault({ kind: 'status', status: 422, body: '{"message":"bad version"}' }),
    );
    const { done } = await deploy({ 'if-older': 'deploy' });
    expect(done.rows[0]?.problem?.message).toMatch(
      /was lost: the connection closed after the request was sent \((ECONNRESET|UND_ERR_SOCKET)\), then an attempt was answered HTTP 422 \(2 attempts\)\. .* still shows version 0\.9\.0: .* The marketplace said: "bad version"$/,
    );
  });
});

describe('a listing already at the version sent, whose update hung and was not applied', () => {
  // Found by a fault soak: the listing showed the version being sent with other notes; the PATCH
  // hung and was never applied; the version alone read back as a success.
  const already = () =>
    local.emulator.listings.set('asset-1', {
      owner: 'creator',
      version: '2.0.0',
      changelog: 'Older notes',
    });

  it.each(['0', '1'])('retries %s: not applied, never "updated"', async (retries) => {
    already();
    local.emulator.inject(patchFault({ kind: 'hang' }));
    const { done, report, lines, out } = await deploy({ retries, 'if-older': 'deploy' });
    expect(sent()[0]).toBe('PATCH /v1/listings/asset-1');
    expect(sent().at(-1)).toBe('GET /v1/listings');
    expect(local.emulator.listings.get('asset-1')?.changelog).toBe('Older notes');
    expect(done.rows[0]?.problem).toMatchObject({
      title: 'Update not applied',
      message: expect.stringContaining(
        'the listing still shows version 2.0.0 with another changelog: the update was not applied.',
      ),
    });
    expect(done.notes).toEqual([]);
    expect(results(report)[0]).toMatchObject({ updated: false, 'read-back': 'not updated' });
    expect(out.updated).toBe('false');
    expect(lines.join('\n')).not.toContain('it was updated');
  });

  it('a list without changelogs, no earlier GET: may have been applied', async () => {
    already();
    local.emulator.list = { changelogs: false };
    local.emulator.inject(patchFault({ kind: 'hang' }));
    const { done, report } = await deploy({ retries: '0', 'if-older': 'deploy' });
    expect(done.rows[0]?.problem).toMatchObject({
      title: 'Update may have been applied',
      message: expect.stringContaining('the version alone cannot tell this update'),
    });
    expect(results(report)[0]).toMatchObject({ updated: false, 'read-back': 'unknown' });
  });

  it('a list without changelogs, the order check saw another version: updated', async () => {
    local.emulator.list = { changelogs: false };
    local.emulator.inject(patchFault({ kind: 'hang', apply: true }));
    const { done, report } = await deploy({ retries: '0' });
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1', 'GET /v1/listings']);
    expect(done.notes.map((note) => note.message)).toEqual([
      expect.stringContaining('shows version 2.0.0 and no changelog, and showed 0.9.0 before'),
    ]);
    expect(results(report)[0]).toMatchObject({ updated: true, 'read-back': 'updated' });
  });
});

describe('an update whose answer was lost and that could not be read back', () => {
  it('may have been applied; the read-back is retried once at most', async () => {
    local.emulator.inject(patchFault({ kind: 'status', status: 502, apply: true, times: 4 }), {
      kind: 'status',
      status: 503,
      times: 5,
      path: '/listings',
    });
    const { done, report } = await deploy({ retries: '3', 'if-older': 'deploy' });
    expect(sent().filter((request) => request === 'GET /v1/listings')).toHaveLength(2);
    expect(stored('asset-1')).toBe('2.0.0');
    expect(done.rows[0]?.problem).toEqual({
      title: 'Update may have been applied',
      message: expect.stringMatching(
        /^The answer to the update of listing "asset-1" was lost: the marketplace answered HTTP 502 \(4 attempts\)\. Reading it back with GET http:\S+\/listings failed too \(Marketplace unavailable \(HTTP 503\)\)\. The update may have been applied: check the listing on the marketplace\. Running it again is safe: the update is idempotent\.$/,
      ),
    });
    expect(results(report)[0]).toMatchObject({ updated: false, 'read-back': 'unknown' });
  });

  it.each<[string, string, Injected[]]>([
    ['retries 0, a Retry-After of 2 s', '0', [{ kind: 'status', status: 429, retryAfter: '2' }]],
    [
      'retries 0, a Retry-After of 120 s',
      '0',
      [{ kind: 'status', status: 429, retryAfter: '120' }],
    ],
    ['retries 3, no Retry-After', '3', [{ kind: 'status', status: 429, times: 2 }]],
    [
      'retries 3, a Retry-After of 120 s',
      '3',
      [{ kind: 'status', status: 429, retryAfter: '120' }],
    ],
    [
      'retries 1, a Retry-After of 1 s, then 120 s',
      '1',
      [
        { kind: 'status', status: 429, retryAfter: '1' },
        { kind: 'status', status: 429, retryAfter: '120' },
      ],
    ],
  ])('a read-back answered 429 is worded one way: %s', async (_, retries, faults) => {
    local.emulator.inject(
      patchFault({ kind: 'status', status: 502, apply: true, times: 4 }),
      ...faults.map((fault) => ({ ...fault, path: '/listings' })),
    );
    const { done, lines } = await deploy({ retries, 'if-older': 'deploy' });
    expect(done.rows[0]?.problem?.title).toBe('Update may have been applied');
    expect(done.rows[0]?.problem?.message).toMatch(
      /\(\d attempts?\)\. Reading it back with GET http:\S+\/listings was refused for now: the marketplace limits this account's requests \(HTTP 429\)\. The update may have been applied: check the listing on the marketplace\. Running it again is safe: the update is idempotent\.$/,
    );
    expect(lines.at(-1)).toBe(
      'Read back: listing "asset-1" could not be read back; the update may have been applied.',
    );
  });

  it('names the read-back GET as the list: a 404 there is "Listings not found"', async () => {
    local.emulator.inject(patchFault({ kind: 'status', status: 502, apply: true }), {
      kind: 'status',
      status: 404,
      path: '/listings',
    });
    const { done } = await deploy({ retries: '0', 'if-older': 'deploy' });
    expect(done.rows[0]?.problem?.message).toContain('failed too (Listings not found).');
  });

  it('may have been applied when the pages read do not show the listing', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'cursor' };
    local.emulator.inject(patchFault({ kind: 'reset', apply: true }, 'asset-2'));
    const { done, lines } = await deploy({
      retries: '0',
      'listing-id': 'asset-2',
      'if-older': 'deploy',
    });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-2', 'GET /v1/listings']);
    expect(done.rows[0]?.problem?.message).toContain(
      'does not show it. The update may have been applied',
    );
    expect(lines).toContain(
      'The list of listings has more pages, named by a cursor or a number rather than a URL: they are not read, and the listings not found are not checked.',
    );
  });

  it('reads back across pages, with its one retry on each page', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'link' };
    local.emulator.inject(patchFault({ kind: 'reset', apply: true }, '1001'), {
      kind: 'status',
      status: 503,
      path: '/listings?page=3',
    });
    const { done, report } = await deploy({ 'listing-id': '1001', 'if-older': 'deploy' });
    expect(sent().filter((request) => request.startsWith('GET'))).toEqual([
      'GET /v1/listings',
      'GET /v1/listings?page=2',
      'GET /v1/listings?page=3',
      'GET /v1/listings?page=3',
    ]);
    expect(done.readBack?.attempts).toBe(4);
    expect(results(report)[0]).toMatchObject({ updated: true, 'read-back': 'updated' });
  });

  it('a later page that cannot be read: the listings not found may have been applied', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'next' };
    local.emulator.inject(patchFault({ kind: 'reset', apply: true }, '1001'), {
      kind: 'status',
      status: 503,
      times: 2,
      path: '/listings?page=2',
    });
    const { done } = await deploy({ 'listing-id': '1001', 'if-older': 'deploy' });
    expect(done.rows[0]?.problem?.message).toContain(
      'failed too (Marketplace unavailable (HTTP 503)). The update may have been applied',
    );
  });

  it('names a redirect that would reveal the key without its address', async () => {
    local.emulator.inject(
      patchFault({ kind: 'status', status: 502, apply: true }),
      patchFault({
        kind: 'redirect',
        status: 302,
        location: `https://evil.example/?k=${KEYS.creator}`,
      }),
      { kind: 'status', status: 503, times: 2, path: '/listings' },
    );
    const { done } = await deploy({ 'if-older': 'deploy' });
    const message = done.rows[0]?.problem?.message ?? '';
    expect(message).toContain(
      'then an attempt was answered HTTP 302 with a redirect to an address not shown here, as it contained part of the API key, not followed',
    );
    expect(message).not.toContain('evil.example');
    expect(message).not.toContain('withheld');
  });
});

describe('what is never read back', () => {
  it('a request that never left: worded as not reaching the marketplace', async () => {
    const { done, lines } = await deploy({
      'base-url': await refusedBaseUrl(),
      'if-older': 'deploy',
    });
    expect(done.readBack).toBeUndefined();
    expect(done.rows[0]?.problem?.message).toMatch(
      /^Could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );
    expect(lines.filter((line) => line.startsWith('GET'))).toEqual([]);
  });

  it('a dry run: it sends no update; a lost answer to its GET is not "could not reach"', async () => {
    local.emulator.inject({ kind: 'reset', times: 2, path: '/listings' });
    const { done } = await deploy({ 'dry-run': 'true' });
    expect(sent()).toEqual(['GET /v1/listings', 'GET /v1/listings']);
    expect(done.readBack).toBeUndefined();
    expect(done.problem?.title).toBe('Connection lost');
    expect(done.problem?.message).not.toMatch(/could not reach/i);
  });

  it('a Retry-After beyond 60 s: the rest are not attempted, and nothing is read back', async () => {
    local.emulator.inject(
      patchFault({ kind: 'status', status: 503, retryAfter: '120', apply: true }),
    );
    const { done, report, lines } = await deploy({
      'listing-id': 'asset-1,asset-2',
      'if-older': 'deploy',
    });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    expect(done.readBack).toBeUndefined();
    // Nothing was read back, and the log does not claim it was.
    expect(lines.filter((line) => /read back/i.test(line))).toEqual([]);
    expect(done.rows[0]?.problem).toMatchObject({
      title: 'Listing asset-1: Update may have been applied',
      message: expect.stringContaining(
        'It was not read back, as the marketplace asked to wait 120 s (Retry-After), more than the 60 s waited. The update may have been applied',
      ),
    });
    expect(results(report)[1]).toMatchObject({
      error:
        'not attempted: the marketplace asked to wait 120 s (Retry-After) after listing "asset-1"',
    });
  });

  it('a Retry-After beyond 60 s to the list: the order is not checked, with a warning, and every update is sent', async () => {
    local.emulator.inject({ kind: 'status', status: 429, retryAfter: '600', path: '/listings' });
    const { done } = await deploy({ 'listing-id': 'asset-1,asset-2' });
    expect(sent()).toEqual([
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/asset-2',
    ]);
    expect(done.problem).toBeUndefined();
    expect(done.notes.map((note) => [note.level, note.title])).toEqual([
      ['warning', 'Order of versions not checked'],
    ]);
    expect(done.rows.map((row) => row.state)).toEqual(['sent', 'sent']);
  });

  it('a Retry-After beyond 60 s to the list stops the step under if-older: fail', async () => {
    local.emulator.inject({ kind: 'status', status: 429, retryAfter: '600', path: '/listings' });
    const { done } = await deploy({ 'listing-id': 'asset-1,asset-2', 'if-older': 'fail' });
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(done.problem?.title).toBe('Marketplace asked to wait (HTTP 429)');
    expect(done.rows.map((row) => row.state)).toEqual(['not-attempted', 'not-attempted']);
  });
});

describe('several listings', () => {
  it('one GET at the end reads back every listing that needs it', async () => {
    local.emulator.inject(
      patchFault({ kind: 'reset', apply: true }, 'asset-1'),
      patchFault({ kind: 'status', status: 500, times: 2 }, 'asset-2'),
    );
    const { done, report } = await deploy({
      'listing-id': 'asset-1,asset-2,1001',
      'if-older': 'deploy',
    });
    expect(sent()).toEqual([
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/asset-2',
      'PATCH /v1/listings/asset-2',
      'PATCH /v1/listings/1001',
      'GET /v1/listings',
    ]);
    expect(
      (results(report) as Record<string, unknown>[]).map((entry) => [
        entry['listing-id'],
        entry.updated,
        entry['read-back'],
      ]),
    ).toEqual([
      ['asset-1', true, 'updated'],
      ['asset-2', false, 'not updated'],
      ['1001', true, null],
    ]);
    expect(done.rows[1]?.problem?.title).toBe('Listing asset-2: Update not applied');
    expect(done.notes.map((note) => note.title)).toEqual(['Listing asset-1: Update read back']);
  });
});
