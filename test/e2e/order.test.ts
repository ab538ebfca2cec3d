// A listing never moves backwards, and every update is confirmed (SPEC 7.8): the committed
// dist/index.js run as the GitHub runner runs it, against the local marketplace.
import { describe, expect, it } from 'vitest';
import { refusedBaseUrl } from '../support/closed-port.js';
import { KEYS } from '../support/emulator.js';
import {
  leakedFragments,
  type RunOptions,
  type RunResult,
  runAction,
  tagPush,
  unescapeData,
} from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();

const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEYS.creator,
  'base-url': local.base,
  retries: '0',
  ...over,
});

const EXPECTED_COMMANDS = new Set(['add-mask', 'group', 'endgroup', 'error', 'warning', 'notice']);

/** The key masked first and leaked nowhere, and no command but the expected ones. */
async function run(options: RunOptions): Promise<RunResult> {
  const result = await runAction({ trigger: tagPush('v1.9.5'), ...options });
  const key = options.inputs['api-key'] ?? '';
  const firstLine = unescapeData(result.stdout.split('\n')[0]?.slice('::add-mask::'.length) ?? '');
  expect(firstLine).toBe(key.trim());
  expect(leakedFragments(result, key)).toEqual([]);
  for (const command of result.commands) expect(EXPECTED_COMMANDS).toContain(command.command);
  return result;
}

const annotations = (result: RunResult, kind: string) =>
  result.errors.filter((c) => c.command === kind);

const sent = () => local.emulator.requests.map((r) => `${r.method} ${r.path}`);

const results = (result: RunResult) =>
  JSON.parse(result.outputs.results ?? 'null') as Record<string, unknown>[];

/** The listing shows this version on the marketplace. */
function shows(id: string, version: string): void {
  const listing = local.emulator.listings.get(id);
  if (listing === undefined) throw new Error(`no listing ${id}`);
  listing.version = version;
}

describe('an older version (SPEC 7.8)', () => {
  it('if-older: skip (the default): no PATCH, one notice, skipped in the outputs', async () => {
    shows('asset-1', '2.1.0');
    const result = await run({ inputs: inputs({ 'listing-id': 'asset-1' }) });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(local.emulator.listings.get('asset-1')?.version).toBe('2.1.0');
    expect(annotations(result, 'notice').map((n) => n.data)).toEqual([
      'Listing asset-1 shows 2.1.0, newer than v1.9.5: not sent.',
    ]);
    expect(result.errors.filter((c) => c.command !== 'notice')).toEqual([]);
    expect(results(result)).toEqual([
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
    ]);
    expect(result.outputs).toMatchObject({ skipped: 'asset-1', updated: 'false' });
    expect(result.summary).toContain('Skipped: shows 2.1.0, newer than v1.9.5');
  });

  it('if-older: fail: that listing fails with its annotation; the others go on', async () => {
    shows('asset-1', '2.1.0');
    const result = await run({
      inputs: inputs({ 'listing-id': 'asset-1,asset-2', 'if-older': 'fail' }),
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-2']);
    const errors = annotations(result, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.properties.title).toBe('Listing asset-1: Older than the listing');
    expect(errors[0]?.data).toContain('"asset-1" shows 2.1.0, newer than v1.9.5');
    expect(errors[0]?.data).toContain('`if-older: deploy`');
    expect(results(result).map((r) => [r['listing-id'], r.updated, r.attempts, r.error])).toEqual([
      ['asset-1', false, 0, errors[0]?.data],
      ['asset-2', true, 1, null],
    ]);
  });

  it('if-older: fail with one listing: the annotation is titled as SPEC 7.8 says', async () => {
    shows('asset-1', '2.1.0');
    const result = await run({ inputs: inputs({ 'if-older': 'fail' }) });
    expect(result.code).toBe(1);
    expect(annotations(result, 'error').map((e) => e.properties.title)).toEqual([
      'Older than the listing',
    ]);
    expect(result.summary).toContain('Failed: Older than the listing');
  });

  it('if-older: deploy: no GET, the older version is sent (a rollback on purpose)', async () => {
    shows('asset-1', '2.1.0');
    const result = await run({ inputs: inputs({ 'if-older': 'deploy' }) });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    expect(local.emulator.listings.get('asset-1')?.version).toBe('v1.9.5');
    expect(result.errors).toEqual([]);
  });

  it('several listings mixed: older skipped, newer and unorderable sent, missing sent', async () => {
    shows('asset-1', '2.1.0');
    shows('asset-2', '1.9.0');
    shows('1001', 'r45');
    const result = await run({
      inputs: inputs({ 'listing-id': 'asset-1,asset-2,1001,their-asset' }),
    });
    expect(sent()).toEqual([
      'GET /v1/listings',
      'PATCH /v1/listings/asset-2',
      'PATCH /v1/listings/1001',
      'PATCH /v1/listings/their-asset',
    ]);
    expect(result.code).toBe(1);
    expect(annotations(result, 'error').map((e) => e.properties.title)).toEqual([
      'Listing their-asset: Key does not own the listing',
    ]);
    expect(annotations(result, 'notice').map((n) => n.data)).toEqual([
      'Listing asset-1 shows 2.1.0, newer than v1.9.5: not sent.',
    ]);
    expect(result.stdout).toContain(
      'Listing "1001" shows "r45": the order of versions was not checked, as "r45" does not read as a version',
    );
    expect(result.stdout).toContain(
      'Listing "their-asset" is not in the list: the order of versions was not checked.',
    );
    expect(results(result).map((r) => [r['listing-id'], r.skipped, r.updated])).toEqual([
      ['asset-1', true, false],
      ['asset-2', false, true],
      ['1001', false, true],
      ['their-asset', false, false],
    ]);
    expect(result.outputs.skipped).toBe('asset-1');
  });

  it('an equal version is sent (a changed changelog), numbers ordered as numbers', async () => {
    shows('asset-1', '1.9.4');
    shows('asset-2', 'v1.10.0');
    local.emulator.inject({ kind: 'status', status: 200, path: '/listings/asset-1' });
    const equal = await run({ inputs: inputs(), trigger: tagPush('1.9.4') });
    expect(equal.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    const older = await run({ inputs: inputs({ 'listing-id': 'asset-2' }) });
    expect(annotations(older, 'notice').map((n) => n.data)).toEqual([
      'Listing asset-2 shows v1.10.0, newer than v1.9.5: not sent.',
    ]);
  });

  it('the dry run says what would happen, and sends no PATCH', async () => {
    shows('asset-1', '2.1.0');
    const result = await run({
      inputs: inputs({ 'listing-id': 'asset-1,asset-2', 'dry-run': 'true' }),
    });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(result.summary).toContain(
      'Dry run: owned, would be skipped: shows 2.1.0, newer than v1.9.5',
    );
    expect(result.summary).toContain('Dry run: owned, would be updated');
  });
});

describe('the GET that the order needs (SPEC 7.8)', () => {
  it('failing in the default mode: one warning, and the PATCHes go on', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 503,
      body: '{"error":"down"}',
      path: '/listings',
    });
    const result = await run({ inputs: inputs({ 'listing-id': 'asset-1,asset-2' }) });
    expect(result.code).toBe(0);
    expect(sent()).toEqual([
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/asset-2',
    ]);
    const warnings = annotations(result, 'warning');
    expect(warnings.map((w) => w.properties.title)).toEqual(['Order of versions not checked']);
    expect(warnings[0]?.data).toContain('the order of versions was not checked');
    expect(warnings[0]?.data).toContain('down');
    expect(result.stdout).toContain(
      'The order of versions was not checked: the list of listings could not be read',
    );
    expect(result.outputs.updated).toBe('true');
  });

  it('unreachable in the default mode: a warning, then the update fails on its own', async () => {
    const result = await run({ inputs: inputs({ 'base-url': await refusedBaseUrl() }) });
    expect(result.code).toBe(1);
    expect(annotations(result, 'warning').map((w) => w.properties.title)).toEqual([
      'Order of versions not checked',
    ]);
    expect(annotations(result, 'error').map((e) => e.properties.title)).toEqual([
      'Marketplace unreachable',
    ]);
  });

  it('failing with if-older: fail: the step fails before any PATCH', async () => {
    local.emulator.inject({ kind: 'status', status: 503, path: '/listings' });
    const result = await run({
      inputs: inputs({ 'listing-id': 'asset-1,asset-2', 'if-older': 'fail' }),
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(annotations(result, 'error').map((e) => e.properties.title)).toEqual([
      'Marketplace unavailable (HTTP 503)',
    ]);
    expect(results(result).map((r) => r.error)).toEqual([
      expect.stringMatching(/^not attempted: /),
      expect.stringMatching(/^not attempted: /),
    ]);
  });

  it('a 401 stops the step in every mode: the key is invalid for every request', async () => {
    const result = await run({
      inputs: inputs({ 'api-key': KEYS.revoked, 'listing-id': 'asset-1,asset-2' }),
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    const errors = annotations(result, 'error');
    expect(errors.map((e) => e.properties.title)).toEqual(['API key refused']);
    expect(errors[0]?.data).toContain('Developer Settings');
    expect(results(result).map((r) => r.attempts)).toEqual([0, 0]);
  });

  it('an answer of unknown shape: each listing sent, the log says why no order was checked', async () => {
    local.emulator.list = { shape: 'unknown' };
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(result.errors).toEqual([]);
    expect(result.stdout).toContain('The order of versions was not checked: the answer of GET');
  });
});

describe('every update is confirmed (SPEC 7.8)', () => {
  it('the same version: confirmed, and the summary says so', async () => {
    const result = await run({ inputs: inputs() });
    expect(results(result)[0]).toMatchObject({ updated: true, confirmed: true });
    expect(result.summary).toContain('Updated, confirmed');
    expect(result.errors).toEqual([]);
  });

  it('a v on one side only is the same version', async () => {
    local.emulator.answer = { version: '1.9.5' };
    const result = await run({ inputs: inputs() });
    expect(results(result)[0]).toMatchObject({ confirmed: true });
    expect(result.errors).toEqual([]);
  });

  it('another version: a warning, never a failure', async () => {
    local.emulator.answer = { version: '1.9.4' };
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(results(result)[0]).toMatchObject({ updated: true, confirmed: false });
    expect(annotations(result, 'warning').map((w) => w.data)).toEqual([
      'The marketplace answered 200 for asset-1 but shows version 1.9.4, not v1.9.5.',
    ]);
    expect(result.summary).toContain('Updated, but the answer shows version 1.9.4');
    expect(result.outputs.updated).toBe('true');
  });

  it('a 204: not confirmed either way', async () => {
    local.emulator.answer = { shape: 'none' };
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('204');
    expect(results(result)[0]).toMatchObject({ updated: true, confirmed: null });
    expect(result.summary).toContain('not confirmed');
    expect(result.errors).toEqual([]);
  });

  it('a version shown with workflow commands in it runs none', async () => {
    local.emulator.answer = { version: '1.0\n::error::PWNED' };
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(
      result.commands.filter((c) => c.data.includes('PWNED') && c.command === 'error'),
    ).toEqual([]);
    expect(annotations(result, 'warning')[0]?.data).toContain('"1.0\\n::error::PWNED"');
  });
});
