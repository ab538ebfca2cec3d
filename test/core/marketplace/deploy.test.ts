// The per-listing loop in process, against the local marketplace on loopback.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { parseSettings } from '../../../src/core/inputs.js';
import { deployAll, readAllListings, type Step } from '../../../src/core/marketplace/deploy.js';
import type { Resolved } from '../../../src/core/release/resolve.js';
import { outputs, results } from '../../../src/core/report.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { refusedBaseUrl } from '../../support/closed-port.js';
import { KEYS } from '../../support/emulator.js';
import { useEmulator } from '../../support/use-emulator.js';

const local = useEmulator();

const resolved: Resolved = {
  version: '2.0.0',
  versionSource: 'input',
  tag: '',
  changelog: 'Notes',
  changelogSource: 'input',
};

function step(inputs: Record<string, string>, over: Partial<Resolved> = {}) {
  const all: Record<string, string> = {
    'listing-id': 'asset-1',
    'api-key': KEYS.creator,
    'base-url': local.base,
    retries: '1',
    ...inputs,
  };
  const lines: string[] = [];
  const settings = parseSettings(all, ACTION_WORDS);
  const value: Step = {
    settings,
    resolved: { ...resolved, ...over },
    transport: createTransport({}, [settings.baseUrl], settings.timeoutMs),
    log: (line) => lines.push(line),
    redact: makeGuard([{ name: 'the API key', value: all['api-key'] ?? '' }]),
    // The waits between retries are the retry module's (tested there): here they take no time.
    clock: { now: Date.now, sleep: async () => {}, random: Math.random },
  };
  return { step: value, lines };
}

const sent = () => local.emulator.requests.map((r) => `${r.method} ${r.path}`);

async function deploy(inputs: Record<string, string>, over: Partial<Resolved> = {}) {
  const { step: value, lines } = step(inputs, over);
  const done = await deployAll(value);
  const report = {
    ...done,
    listingIds: value.settings.listingIds,
    resolved: value.resolved,
    dryRun: value.settings.dryRun,
    elapsedMs: 0,
  };
  return { done, report, lines };
}

describe('deployAll', () => {
  it('sends one PATCH per listing in order with the same body, and no GET with if-older: deploy', async () => {
    const { done, lines } = await deploy({
      'listing-id': 'asset-1\nasset-2',
      'if-older': 'deploy',
    });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1', 'PATCH /v1/listings/asset-2']);
    expect(local.emulator.requests.map((r) => JSON.parse(r.body))).toEqual([
      { version: '2.0.0', changelog: 'Notes' },
      { version: '2.0.0', changelog: 'Notes' },
    ]);
    expect(done.list).toBeUndefined();
    expect(done.problem).toBeUndefined();
    expect(done.notes).toEqual([]);
    expect(done.rows.map((row) => [row.listingId, row.state, row.problem])).toEqual([
      ['asset-1', 'sent', undefined],
      ['asset-2', 'sent', undefined],
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^PATCH http:\/\/127\.0\.0\.1:\d+\/v1\/listings\/asset-1: HTTP 200/);
  });

  it('keeps the plain problem for one listing, and names the listing among several', async () => {
    const one = await deploy({ 'listing-id': 'their-asset' });
    expect(one.done.rows[0]?.problem?.title).toBe('Key does not own the listing');
    const two = await deploy({ 'listing-id': 'missing,asset-2' });
    expect(two.done.rows[0]?.problem?.title).toBe('Listing missing: Listing not found');
    expect(two.done.rows[1]?.problem).toBeUndefined();
  });

  it('stops after a 401, and the rest are not attempted', async () => {
    const { done, report } = await deploy({
      'api-key': KEYS.revoked,
      'listing-id': 'asset-1,asset-2',
      'if-older': 'deploy',
    });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    expect(done.rows[1]).toMatchObject({
      state: 'not-attempted',
      why: 'the API key was refused (HTTP 401) for listing "asset-1"',
    });
    expect(outputs(report)).toMatchObject({ status: '401', updated: 'false' });
  });

  it('withholds an answer that echoes the key before anything reads it', async () => {
    local.emulator.inject({ kind: 'echo-key', status: 422, path: '/listings/asset-1' });
    const { done } = await deploy({});
    const last = done.rows[0]?.outcome?.last;
    expect(last?.kind === 'answer' && last.body).toBe(
      '[withheld: this text contained part of the API key]',
    );
    expect(JSON.stringify(done)).not.toContain(KEYS.creator);
  });

  it('dry run: one GET, no PATCH, a row per listing with the version the list shows', async () => {
    const { done, lines } = await deploy({ 'dry-run': 'true', 'listing-id': 'asset-1,1001' });
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(done.list?.attempts).toBe(1);
    expect(done.rows.map((row) => [row.state, row.why, row.previousVersion])).toEqual([
      ['dry-run', 'owned, would be updated', '0.9.0'],
      ['dry-run', 'owned, would be skipped: shows 3.0.0, newer than 2.0.0', '3.0.0'],
    ]);
    expect(lines.filter((line) => line.startsWith('Dry run: PATCH'))).toHaveLength(2);
  });

  it('dry run with skip-unchanged says which listing would be skipped', async () => {
    const { done } = await deploy(
      { 'dry-run': 'true', 'skip-unchanged': 'true', 'listing-id': '1001' },
      { version: '3.0.0', changelog: 'Third' },
    );
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(done.rows[0]?.why).toBe('owned, would be skipped: already at 3.0.0');
  });

  it('dry run of an unknown shape: one notice, each row unchecked', async () => {
    local.emulator.list = { shape: 'unknown' };
    const { done } = await deploy({ 'dry-run': 'true', 'listing-id': 'a,b' });
    expect(done.notes.map((note) => note.title)).toEqual(['List of listings not understood']);
    expect(done.rows.map((row) => row.why)).toEqual([
      'ownership not checked',
      'ownership not checked',
    ]);
  });

  it('skip-unchanged compares the version alone when the changelog is generated', async () => {
    const { done, lines, report } = await deploy(
      { 'skip-unchanged': 'true', 'listing-id': '1001' },
      { version: '3.0.0', changelog: 'Generated text', changelogSource: 'generated' },
    );
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(done.rows[0]).toMatchObject({
      state: 'skipped',
      why: 'already at 3.0.0',
      previousVersion: '3.0.0',
    });
    expect(lines).toContain('Listing "1001" is already at "3.0.0": skipped.');
    expect(results(report)).toEqual([
      {
        'listing-id': '1001',
        updated: false,
        status: null,
        attempts: 0,
        error: null,
        skipped: true,
        'previous-version': '3.0.0',
        confirmed: null,
        'read-back': null,
      },
    ]);
  });

  it('skip-unchanged sends the PATCH when the changelog given differs', async () => {
    local.emulator.inject({ kind: 'status', status: 200, path: '/listings/1001' });
    const { done } = await deploy(
      { 'skip-unchanged': 'true', 'listing-id': '1001' },
      { version: '3.0.0', changelog: 'Other notes' },
    );
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/1001']);
    expect(done.rows[0]).toMatchObject({ state: 'sent', previousVersion: '3.0.0' });
  });

  it('a failed GET stops the step: no PATCH, every row not attempted', async () => {
    local.emulator.inject({ kind: 'status', status: 503, times: 2 });
    const { done } = await deploy({ 'skip-unchanged': 'true', 'listing-id': 'asset-1,asset-2' });
    expect(sent()).toEqual(['GET /v1/listings', 'GET /v1/listings']);
    expect(done.problem?.title).toBe('Marketplace unavailable (HTTP 503)');
    expect(done.rows.map((row) => row.state)).toEqual(['not-attempted', 'not-attempted']);
  });

  it('dry run: a listing missing from a complete list fails, one missing from a page warns', async () => {
    const complete = await deploy({ 'dry-run': 'true', 'listing-id': 'asset-1,their-asset' });
    expect(complete.done.rows.map((row) => row.problem?.title)).toEqual([
      undefined,
      'Listing their-asset: Listing not owned by the key',
    ]);
    local.emulator.list = { pageSize: 1, pagination: 'next_page' };
    const paged = await deploy({ 'dry-run': 'true', 'listing-id': 'asset-2' });
    expect(paged.done.rows[0]?.why).toBe('not on the pages of the list read');
    expect(paged.done.rows[0]?.problem).toBeUndefined();
    expect(paged.done.notes.map((note) => [note.level, note.title])).toEqual([
      ['warning', 'Ownership not confirmed'],
    ]);
  });

  it('skip-unchanged: an unknown shape or a listing not in the list is updated, with a notice', async () => {
    local.emulator.list = { shape: 'unknown' };
    const unknown = await deploy({ 'skip-unchanged': 'true' });
    expect(unknown.done.notes.map((note) => note.message)).toEqual([
      expect.stringContaining('every listing is updated.'),
    ]);
    expect(unknown.done.rows[0]?.state).toBe('sent');
    // Under if-older: fail the listing fails, saying why: no notice says it is updated.
    const failing = await deploy({ 'skip-unchanged': 'true', 'if-older': 'fail' });
    expect(failing.done.notes).toEqual([]);
    expect(failing.done.rows[0]?.problem?.title).toBe('Order of versions not checked');
    expect(sent()).not.toContain('PATCH /listings/asset-1');
    local.emulator.list = {};
    const missing = await deploy({ 'skip-unchanged': 'true', 'listing-id': 'asset-1,missing' });
    expect(missing.done.notes.map((note) => note.title)).toEqual([
      'Listing missing: Listing not in the list',
    ]);
  });

  it('a network failure is a row with its code and no answer', async () => {
    const { done } = await deploy({ 'base-url': await refusedBaseUrl(), retries: '0' });
    expect(done.rows[0]?.outcome?.last).toMatchObject({ kind: 'failure', code: 'ECONNREFUSED' });
    expect(done.rows[0]?.problem?.title).toBe('Marketplace unreachable');
  });
});

describe('deployAll: a listing never moves backwards (SPEC 7.8)', () => {
  const shows = (id: string, version: string) => {
    const listing = local.emulator.listings.get(id);
    if (listing !== undefined) listing.version = version;
  };

  it('by default, reads the list once, skips an older version with a notice, sends the rest', async () => {
    shows('asset-1', '2.1.0');
    const { done, report } = await deploy(
      { 'listing-id': 'asset-1,asset-2,1001' },
      { version: '1.9.5' },
    );
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-2']);
    expect(done.notes.map((note) => [note.level, note.message])).toEqual([
      ['notice', 'Listing asset-1 shows 2.1.0, newer than 1.9.5: not sent.'],
      ['notice', 'Listing 1001 shows 3.0.0, newer than 1.9.5: not sent.'],
    ]);
    expect(results(report)).toEqual([
      {
        'listing-id': 'asset-1',
        updated: false,
        status: null,
        attempts: 0,
        error: null,
        skipped: true,
        'previous-version': '2.1.0',
        confirmed: null,
        'read-back': null,
      },
      {
        'listing-id': 'asset-2',
        updated: true,
        status: 200,
        attempts: 1,
        error: null,
        skipped: false,
        'previous-version': '0.1.0',
        confirmed: true,
        'read-back': null,
      },
      expect.objectContaining({ 'listing-id': '1001', skipped: true }),
    ]);
    expect(outputs(report).skipped).toBe('asset-1\n1001');
  });

  it('if-older: fail fails that listing, names both versions and the way back; the others go on', async () => {
    shows('asset-1', '2.1.0');
    const { done, report } = await deploy(
      { 'listing-id': 'asset-1,asset-2', 'if-older': 'fail' },
      { version: '1.9.5' },
    );
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-2']);
    expect(done.rows[0]?.problem?.title).toBe('Listing asset-1: Older than the listing');
    expect(done.rows[0]?.problem?.message ?? '').toMatch(
      /^Listing "asset-1" shows 2\.1\.0, newer than 1\.9\.5: nothing was sent.*`if-older: deploy`/,
    );
    const [first, second] = results(report) as Record<string, unknown>[];
    expect(first).toMatchObject({ updated: false, skipped: false, attempts: 0 });
    expect(second).toMatchObject({ updated: true });
    const one = await deploy({ 'if-older': 'fail' }, { version: '1.0.0-rc.1' });
    expect(one.done.rows[0]?.problem?.title).toBe('Older than the listing');
  });

  it('if-older: deploy sends the older version, with no GET', async () => {
    shows('asset-1', '2.1.0');
    const { done } = await deploy({ 'if-older': 'deploy' }, { version: '1.9.5' });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    expect(done.list).toBeUndefined();
    expect(done.rows[0]).toMatchObject({ state: 'sent', problem: undefined, confirmed: true });
  });

  it('an equal version is sent without skip-unchanged: it is never older', async () => {
    local.emulator.inject({ kind: 'status', status: 200, path: '/listings/1001' });
    const { done } = await deploy(
      { 'listing-id': '1001' },
      { version: '3.0.0', changelog: 'Third' },
    );
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/1001']);
    expect(done.rows[0]?.state).toBe('sent');
  });

  it('an equal or newer version is sent; a v on either side is dropped', async () => {
    shows('asset-1', 'v1.9.5');
    const { done } = await deploy({ 'listing-id': 'asset-1' }, { version: '1.10.0' });
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(done.rows[0]?.state).toBe('sent');
  });

  it('a version that cannot be ordered is sent, and the log says why', async () => {
    shows('asset-1', 'r45');
    const { done, lines } = await deploy({}, { version: '1.0.0' });
    expect(done.rows[0]?.state).toBe('sent');
    expect(lines).toContain(
      'Listing "asset-1" shows "r45": the order of versions was not checked, as "r45" does not ' +
        'read as a version (numbers separated by dots, then an optional -pre-release and +build).',
    );
    expect(done.notes).toEqual([]);
  });

  it('a listing not in the list, or an answer of unknown shape, is sent; the log says why', async () => {
    const missing = await deploy({ 'listing-id': 'their-asset' });
    expect(missing.lines).toContain(
      'Listing "their-asset" is not in the list: the order of versions was not checked.',
    );
    expect(missing.done.notes).toEqual([]);
    local.emulator.list = { shape: 'unknown' };
    const unknown = await deploy({});
    expect(unknown.done.rows[0]?.state).toBe('sent');
    expect(
      unknown.lines.some((line) =>
        line.startsWith('The order of versions was not checked: the answer of GET'),
      ),
    ).toBe(true);
    expect(unknown.done.notes).toEqual([]);
  });

  it('by default, a GET that fails is one warning and the PATCHes go on', async () => {
    local.emulator.inject({ kind: 'status', status: 503, times: 2, path: '/listings' });
    const { done, lines, report } = await deploy({ 'listing-id': 'asset-1,asset-2' });
    expect(sent()).toEqual([
      'GET /v1/listings',
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/asset-2',
    ]);
    expect(done.problem).toBeUndefined();
    expect(done.notes.map((note) => [note.level, note.title])).toEqual([
      ['warning', 'Order of versions not checked'],
    ]);
    expect(lines).toContain(
      'The order of versions was not checked: the list of listings could not be read (Marketplace unavailable (HTTP 503)); every listing is updated.',
    );
    expect(outputs(report).updated).toBe('true');
  });

  it('with if-older: fail, a GET that fails stops the step before any PATCH', async () => {
    local.emulator.inject({ kind: 'status', status: 503, times: 2, path: '/listings' });
    const { done } = await deploy({ 'if-older': 'fail' });
    expect(sent()).toEqual(['GET /v1/listings', 'GET /v1/listings']);
    expect(done.problem?.title).toBe('Marketplace unavailable (HTTP 503)');
  });

  it('a 401 to the GET stops the step: no PATCH', async () => {
    const { done } = await deploy({ 'api-key': KEYS.revoked, 'listing-id': 'asset-1,asset-2' });
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(done.problem?.title).toMatch(/401|key/i);
    expect(done.rows.map((row) => row.state)).toEqual(['not-attempted', 'not-attempted']);
  });

  it('dry run: an older version would be skipped, or would fail', async () => {
    shows('asset-1', '2.1.0');
    const skip = await deploy({ 'dry-run': 'true' }, { version: '1.9.5' });
    expect(skip.done.rows[0]?.why).toBe('owned, would be skipped: shows 2.1.0, newer than 1.9.5');
    const fail = await deploy({ 'dry-run': 'true', 'if-older': 'fail' }, { version: '1.9.5' });
    expect(fail.done.rows[0]?.problem).toBeUndefined();
    expect(fail.done.rows[0]?.why ?? '').toBe(
      'owned, would fail (`if-older: fail`): shows 2.1.0, newer than 1.9.5',
    );
    expect(sent()).toEqual(['GET /v1/listings', 'GET /v1/listings']);
  });
});

describe('deployAll: every update is confirmed (SPEC 7.8)', () => {
  it.each([
    ['the same version', {}, '2.0.0', true],
    ['the version with a v', { version: 'v2.0.0' }, '2.0.0', true],
    ['the version sent with a v, shown without', {}, 'v2.0.0', true],
    ['the listing under `data`', { shape: 'data' as const }, '2.0.0', true],
    ['the listing under `listing`', { shape: 'listing' as const }, '2.0.0', true],
    ['no answer body (204)', { shape: 'none' as const }, '2.0.0', null],
  ])('%s: confirmed %s', async (_, answer, version, confirmed) => {
    local.emulator.answer = answer;
    const { done, report } = await deploy({ 'if-older': 'deploy' }, { version });
    expect(done.rows[0]?.confirmed).toBe(confirmed);
    expect(done.notes).toEqual([]);
    expect(results(report)[0]).toMatchObject({ updated: true, confirmed });
  });

  it('another version shown is a warning, never a failure', async () => {
    local.emulator.answer = { version: '1.2.2' };
    const { done, report } = await deploy({}, { version: '1.2.3' });
    expect(done.rows[0]).toMatchObject({
      confirmed: false,
      shownVersion: '1.2.2',
      problem: undefined,
    });
    expect(done.notes).toEqual([
      {
        level: 'warning',
        title: 'Update not confirmed',
        message: 'The marketplace answered 200 for asset-1 but shows version 1.2.2, not 1.2.3.',
      },
    ]);
    expect(outputs(report).updated).toBe('true');
  });

  it('a 200 that refuses the update and shows another version is the refusal alone', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      body: '{"success":false,"version":"1.2.2"}',
      path: '/listings/asset-1',
    });
    const { done } = await deploy({ 'if-older': 'deploy' }, { version: '1.2.3' });
    expect(done.rows[0]).toMatchObject({ confirmed: null, problem: { title: 'Update refused' } });
    expect(done.notes).toEqual([]);
  });

  it('a 202, or a 200 that shows no version, is not confirmed either way', async () => {
    local.emulator.inject(
      { kind: 'status', status: 202, body: '{"version":"9.9.9"}', path: '/listings/asset-1' },
      { kind: 'status', status: 200, body: '{"ok":true}', path: '/listings/asset-2' },
    );
    const { done } = await deploy({ 'listing-id': 'asset-1,asset-2' });
    expect(done.rows.map((row) => row.confirmed)).toEqual([null, null]);
    expect(done.notes).toEqual([]);
  });

  it('a web page in an error answer is that error: not read back, nothing may have been applied', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 404,
      body: '<!doctype html><title>Not Found</title>',
      contentType: 'text/html',
      path: '/listings/asset-1',
    });
    const { done } = await deploy({ 'if-older': 'deploy' });
    expect(done.rows[0]).toMatchObject({ problem: { title: 'Listing not found' } });
    expect(done.readBack).toBeUndefined();
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
  });

  it('a 200 that refuses the update is a failure, not confirmed', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      body: '{"success":false,"version":"1.2.2"}',
      path: '/listings/asset-1',
    });
    const { done } = await deploy({}, { version: '1.2.3' });
    expect(done.rows[0]).toMatchObject({ confirmed: null, problem: { title: 'Update refused' } });
  });
});

describe('deployAll: rows, notes and log lines, word for word', () => {
  it('a row sent says no why, times its PATCH, and counts the attempts in the log', async () => {
    local.emulator.inject({ kind: 'status', status: 503, path: '/listings/asset-1' });
    const { done, lines } = await deploy({ 'if-older': 'deploy', retries: '2' });
    expect(done.rows[0]).toMatchObject({ state: 'sent', why: '', confirmed: true });
    expect(done.rows[0]?.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(done.rows[0]?.elapsedMs).toBeLessThan(60_000);
    expect(lines.map((line) => /\(attempt \d+ of \d+\)/.exec(line)?.[0])).toEqual([
      '(attempt 1 of 3)',
      '(attempt 2 of 3)',
    ]);
  });

  it('a refused update is not confirmed either way', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 422,
      body: '{"version":"2.0.0"}',
      path: '/listings/asset-1',
    });
    const { done } = await deploy({ 'if-older': 'deploy' });
    expect(done.rows[0]).toMatchObject({ state: 'sent', confirmed: null });
    expect(done.rows[0]?.problem).toBeDefined();
  });

  it('dry run: every row is a dry run, whatever the list says of it', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'next_page' };
    const paged = await deploy({ 'dry-run': 'true', 'listing-id': 'asset-2' });
    local.emulator.list = {};
    const missing = await deploy({ 'dry-run': 'true', 'listing-id': 'their-asset' });
    const skipped = await deploy(
      { 'dry-run': 'true', 'skip-unchanged': 'true', 'listing-id': '1001' },
      { version: '3.0.0', changelog: 'Third' },
    );
    local.emulator.list = { shape: 'unknown' };
    const unknown = await deploy({ 'dry-run': 'true' });
    expect([paged, missing, skipped, unknown].map(({ done }) => done.rows[0]?.state)).toEqual([
      'dry-run',
      'dry-run',
      'dry-run',
      'dry-run',
    ]);
    expect(unknown.done.notes[0]?.message).toContain('ownership was not checked.');
  });

  it('dry run with skip-unchanged: a listing at another version would be updated', async () => {
    const { done } = await deploy({ 'dry-run': 'true', 'skip-unchanged': 'true' });
    expect(done.rows[0]).toMatchObject({ state: 'dry-run', why: 'owned, would be updated' });
  });

  it('dry run: a version that cannot be ordered is logged, and the listing would be updated', async () => {
    const listing = local.emulator.listings.get('asset-1');
    if (listing !== undefined) listing.version = 'r45';
    const { done, lines } = await deploy({ 'dry-run': 'true' }, { version: '1.0.0' });
    expect(done.rows[0]?.why).toBe('owned, would be updated');
    expect(lines).toContain(
      'Listing "asset-1" shows "r45": the order of versions was not checked, as "r45" does not ' +
        'read as a version (numbers separated by dots, then an optional -pre-release and +build).',
    );
  });

  it('dry run with if-older: deploy still reads the list', async () => {
    await deploy({ 'dry-run': 'true', 'if-older': 'deploy' });
    expect(sent()).toEqual(['GET /v1/listings']);
  });

  it.each<[string, Record<string, string>, string, boolean]>([
    ['if-older: skip and an unknown shape', {}, 'unknown', true],
    ['if-older: skip and a list', {}, 'array', false],
    [
      'if-older: deploy and an unknown shape',
      { 'if-older': 'deploy', 'skip-unchanged': 'true' },
      'unknown',
      false,
    ],
  ])('%s: the log says the order was not checked: %s', async (_, inputs, shape, said) => {
    local.emulator.list = { shape: shape as 'unknown' };
    const { lines } = await deploy(inputs);
    const line = `The order of versions was not checked: the answer of GET ${local.base}/listings is not a list of listings in a shape this tool knows; every listing is updated.`;
    expect(lines.includes(line)).toBe(said);
    expect(lines.some((l) => l.startsWith('The order of versions was not checked'))).toBe(said);
  });

  it('a failed GET that stops the step says why on every row, with no notes', async () => {
    local.emulator.inject({ kind: 'status', status: 503, times: 2, path: '/listings' });
    const { done } = await deploy({ 'skip-unchanged': 'true', 'listing-id': 'asset-1,asset-2' });
    expect(done.rows.map((row) => [row.state, row.why])).toEqual([
      [
        'not-attempted',
        'the list of listings could not be read: Marketplace unavailable (HTTP 503)',
      ],
      [
        'not-attempted',
        'the list of listings could not be read: Marketplace unavailable (HTTP 503)',
      ],
    ]);
    expect(done.notes).toEqual([]);
  });

  it('a GET the key may not make names every listing of the step', async () => {
    local.emulator.inject({ kind: 'status', status: 403, path: '/listings' });
    const { done } = await deploy({ 'skip-unchanged': 'true', 'listing-id': 'asset-1,asset-2' });
    expect(done.problem?.title).toBe('Key does not own the listings');
    expect(done.problem?.message).toContain('the account that owns listing "asset-1", "asset-2". ');
  });

  it('a GET that fails through a proxy: the warning names the proxy once', async () => {
    const proxy = new URL(await refusedBaseUrl()).host;
    const settings = parseSettings(
      {
        'listing-id': 'asset-1',
        'api-key': KEYS.creator,
        'base-url': 'https://marketplace.example/v1',
        retries: '0',
      },
      ACTION_WORDS,
    );
    const env = { HTTPS_PROXY: `http://${proxy}` };
    const done = await deployAll({
      settings,
      resolved,
      transport: createTransport(env, [settings.baseUrl], settings.timeoutMs),
      log: () => {},
      redact: makeGuard([{ name: 'the API key', value: KEYS.creator }]),
    });
    const [note] = done.notes;
    expect(note?.title).toBe('Order of versions not checked');
    expect(note?.message.split(proxy)).toHaveLength(2);
    expect(note?.message.match(/the proxy set in HTTPS_PROXY/gi)).toHaveLength(1);
    expect(note?.message).not.toContain('Proxy unreachable');
  });

  it('a GET that fails by default is one warning, word for word', async () => {
    local.emulator.inject({ kind: 'status', status: 503, times: 2, path: '/listings' });
    const { done } = await deploy({});
    const [note] = done.notes;
    expect(note?.message).toMatch(
      /^The list of listings could not be read, so the order of versions was not checked and every listing is updated\. The marketplace answered HTTP 503 after 2 attempts\./,
    );
  });
});

describe("deployAll and readAllListings: the transport is its owner's", () => {
  // A marketplace of its own that counts the connections still open: undici keeps them alive.
  async function marketplace() {
    const sockets = new Set<import('node:net').Socket>();
    const server = http.createServer((req, res) => {
      req.resume().on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(req.method === 'GET' ? '[]' : '{"version":"2.0.0"}');
      });
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const stop = () => {
      server.closeAllConnections();
      server.close();
    };
    return { base, open: () => sockets.size, stop };
  }
  // The server hears a close only after the client's: waited for, however busy the machine, rather
  // than guessed with a fixed pause.
  const closedAll = (server: { open: () => number }) =>
    expect.poll(server.open, { timeout: 10_000, interval: 20 }).toBe(0);

  it.each([
    ['deployAll', (value: Step) => deployAll(value)],
    ['readAllListings', (value: Step) => readAllListings(value)],
  ])('%s leaves open the transport it was given: its owner closes it', async (_, run) => {
    const server = await marketplace();
    try {
      const given = step({ 'base-url': server.base, 'if-older': 'deploy' }).step;
      await run(given);
      // Time for a close to be heard: a transport it was given must stay open.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.open()).toBeGreaterThan(0);
      await given.transport.destroy();
      await closedAll(server);
    } finally {
      server.stop();
    }
  });
});

describe('readAllListings: what it reads', () => {
  it('an error answer is a problem and no list; a 403 names the listings', async () => {
    local.emulator.inject({ kind: 'status', status: 403, body: '[]', path: '/listings' });
    const { step: value } = step({ retries: '0' });
    const { problem, answer } = await readAllListings(value);
    expect(answer).toBeUndefined();
    expect(problem?.title).toBe('Key does not own the listings');
    expect(problem?.message).toContain('the account that owns the listings. ');
  });
});

describe('deployAll: every answer read as what it is', () => {
  const websiteOrRefusal = [
    ['a web page', { kind: 'web-page' as const }, 'A web page, not the API'],
    [
      'a refusal',
      { kind: 'refusal' as const, message: 'Account suspended for unpaid fees' },
      'Listings request refused',
    ],
  ] as const;

  it.each(websiteOrRefusal)(
    'by default, %s to the list is a failed GET: one warning, and the PATCH goes on',
    async (_, fault, title) => {
      local.emulator.inject({ ...fault, path: '/listings' });
      const { done } = await deploy({ retries: '0' });
      expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
      expect(done.problem).toBeUndefined();
      expect(done.notes).toHaveLength(1);
      expect(done.notes[0]?.level).toBe('warning');
      expect(done.notes[0]?.message).toContain(
        title === 'A web page, not the API' ? 'web page' : 'Account suspended',
      );
    },
  );

  it.each(websiteOrRefusal)(
    '%s to the list stops skip-unchanged before any PATCH',
    async (_, fault, title) => {
      local.emulator.inject({ ...fault, path: '/listings' });
      const { done } = await deploy({ retries: '0', 'skip-unchanged': 'true' });
      expect(sent()).toEqual(['GET /v1/listings']);
      expect(done.problem?.title).toBe(title);
      expect(done.problem?.message).toMatch(
        /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/listings could not be read \(.+\), so the listing was not updated: `skip-unchanged: true` compares each listing with the list before it is sent\. /,
      );
    },
  );

  it.each(websiteOrRefusal)('%s to the list stops the dry run', async (_, fault, title) => {
    local.emulator.inject({ ...fault, path: '/listings' });
    const { done } = await deploy({ retries: '0', 'dry-run': 'true' });
    expect(done.problem?.title).toBe(title);
    expect(done.rows.map((row) => row.state)).toEqual(['not-attempted']);
  });

  it('if-older: fail names the page that failed, that nothing was updated, and why it stopped', async () => {
    local.emulator.list = { pageSize: 1 };
    local.emulator.inject({
      kind: 'status',
      status: 500,
      body: JSON.stringify({ error: 'Database is down' }),
      path: '/listings?page=2',
    });
    const { done } = await deploy({
      retries: '0',
      'if-older': 'fail',
      'listing-id': '1001,asset-2',
    });
    expect(sent().filter((request) => request.startsWith('PATCH'))).toEqual([]);
    expect(done.problem?.message).toMatch(
      /^Page 2 of GET http:\/\/127\.0\.0\.1:\d+\/v1\/listings answered HTTP 500, so no listing was updated: `if-older: fail` updates a listing only when the list shows that it does not move backwards\. .*The marketplace said: "Database is down"$/,
    );
  });

  it.each([
    [
      'no answer',
      { kind: 'reset' as const },
      / got no answer \(UND_ERR_SOCKET\), so the listing was not updated: /,
    ],
    [
      'a redirect',
      { kind: 'redirect' as const, status: 300, location: '/elsewhere' },
      / answered HTTP 300, so the listing was not updated: /,
    ],
  ])('if-older: fail names what the list got: %s', async (_, fault, words) => {
    local.emulator.inject({ ...fault, path: '/listings' });
    const { done } = await deploy({ retries: '0', 'if-older': 'fail' });
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(done.problem?.message).toMatch(words);
  });

  it('with if-older: fail, a version that cannot be ordered fails before its PATCH; the others go on', async () => {
    local.emulator.listings.set('asset-1', {
      owner: 'creator',
      version: '2.1.0 (LTS)',
      changelog: '',
    });
    const { done } = await deploy({ 'if-older': 'fail', 'listing-id': 'asset-1,asset-2' });
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-2']);
    expect(done.rows[0]?.problem?.title).toBe('Listing asset-1: Order of versions not checked');
    expect(done.rows[0]?.problem?.message).toContain('"2.1.0 (LTS)" does not read as a version');
    expect(done.rows[0]?.problem?.message).toContain('`if-older: fail`');
  });

  it('a web page to a PATCH is read back: the list shows what was sent, so it was updated, with a warning', async () => {
    local.emulator.inject({ kind: 'web-page', path: '/listings/asset-1', apply: true });
    const { done } = await deploy({ 'if-older': 'deploy', retries: '0' });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1', 'GET /v1/listings']);
    expect(done.rows[0]).toMatchObject({
      problem: undefined,
      confirmed: true,
      readBack: 'updated',
    });
    expect(done.notes.map((note) => [note.level, note.title])).toEqual([
      ['warning', 'Update read back'],
    ]);
    expect(done.notes[0]?.message).toContain('web page');
    expect(done.notes[0]?.message).toContain('`base-url`');
  });

  it('a web page to a PATCH and to its read-back: failed, naming the web page and base-url, never "nothing was updated"', async () => {
    local.emulator.inject({ kind: 'web-page', times: 2 });
    const { done } = await deploy({ 'if-older': 'deploy', retries: '0' });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1', 'GET /v1/listings']);
    const problem = done.rows[0]?.problem;
    expect(problem?.title).toBe('Update may have been applied');
    expect(problem?.message).toContain('answered with a web page (HTTP 200)');
    expect(problem?.message).toContain('could not be confirmed');
    expect(problem?.message).toContain('Check `base-url`');
    expect(problem?.message).not.toContain('nothing was updated');
  });

  it('a refusal in a 2xx to a PATCH stays a refusal: not read back', async () => {
    local.emulator.inject({ kind: 'refusal', message: 'Frozen', path: '/listings/asset-1' });
    const { done } = await deploy({ 'if-older': 'deploy', retries: '0' });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    expect(done.rows[0]?.problem?.title).toBe('Update refused');
  });
});

describe('deployAll: a wait asked is a wait', () => {
  function slept(inputs: Record<string, string>) {
    const { step: value, lines } = step(inputs);
    const waits: number[] = [];
    const clock = {
      now: Date.now,
      sleep: async (ms: number) => void waits.push(ms),
      random: () => 0,
    };
    return { run: () => deployAll({ ...value, clock }), waits, lines };
  }

  it('a PATCH asked to wait longer than the step waits stops the rest, without advice to raise retries', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 429,
      retryAfter: '600',
      path: '/listings/asset-1',
    });
    const { run } = slept({ 'if-older': 'deploy', retries: '0', 'listing-id': 'asset-1,asset-2' });
    const done = await run();
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    expect(done.rows[0]?.problem?.message).toContain('asked to wait 600 s');
    expect(done.rows[0]?.problem?.message).not.toContain('retries');
    expect(done.rows[1]).toMatchObject({ state: 'not-attempted' });
    expect(done.rows[1]?.why).toMatch(/^the marketplace asked to wait 600 s/);
  });

  it('a shorter wait asked with no retry left is waited before the next listing', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 503,
      retryAfter: '20',
      path: '/listings/asset-1',
    });
    const { run, waits, lines } = slept({
      'if-older': 'deploy',
      retries: '0',
      'listing-id': 'asset-1,asset-2',
    });
    const done = await run();
    expect(waits).toEqual([20_000]);
    expect(lines).toContain(
      `Waiting 20 s before PATCH ${local.base}/listings/asset-2, as the last answer asked (Retry-After).`,
    );
    expect(done.rows[1]?.problem).toBeUndefined();
  });

  it('after the list was asked to wait too long, no other GET is sent: a read-back names the wait', async () => {
    local.emulator.inject(
      { kind: 'status', status: 429, retryAfter: '3600', path: '/listings' },
      { kind: 'reset', path: '/listings/asset-1', apply: true },
    );
    const { run } = slept({ retries: '0' });
    const done = await run();
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(done.rows[0]?.problem?.title).toBe('Update may have been applied');
    expect(done.rows[0]?.problem?.message).toContain('asked to wait 3600 s');
  });
});
