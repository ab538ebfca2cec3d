// The per-listing loop in process, against the local marketplace on loopback.
import { describe, expect, it } from 'vitest';
import { deployAll, type Step } from '../src/core/deploy.js';
import { makeGuard } from '../src/core/guard.js';
import { parseSettings } from '../src/core/inputs.js';
import type { Resolved } from '../src/core/release.js';
import { outputs, results } from '../src/core/report.js';
import { refusedBaseUrl } from './support/closed-port.js';
import { KEYS } from './support/emulator.js';
import { useEmulator } from './support/use-emulator.js';

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
  const value: Step = {
    settings: parseSettings(all),
    resolved: { ...resolved, ...over },
    env: {},
    log: (line) => lines.push(line),
    redact: makeGuard([{ name: 'the API key', value: all['api-key'] ?? '' }]),
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
  it('sends one PATCH per listing in order with the same body, and no GET by default', async () => {
    const { done, lines } = await deploy({ 'listing-id': 'asset-1\nasset-2' });
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
    });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    expect(done.rows[1]).toMatchObject({
      state: 'not-attempted',
      why: 'the API key was refused (HTTP 401) for listing "asset-1"',
    });
    expect(outputs(report)).toMatchObject({ status: '401', updated: 'false' });
  });

  it('withholds an answer that echoes the key before anything reads it', async () => {
    local.emulator.inject({ kind: 'echo-key', status: 422 });
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
      ['dry-run', 'owned, not updated', '0.9.0'],
      ['dry-run', 'owned, not updated', '3.0.0'],
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
    expect(paged.done.rows[0]).toMatchObject({
      why: 'not on the first page of the list',
      problem: undefined,
    });
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
