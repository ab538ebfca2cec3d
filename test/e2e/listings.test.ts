// Several listings, the dry run's check and skip-unchanged (SPEC 7.3-7.5): the committed
// dist/index.js run as the GitHub runner runs it, against the local marketplace.
import { describe, expect, it } from 'vitest';
import { KEYS, type Pagination } from '../support/emulator.js';
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
  ...over,
});

const ANNOTATIONS = ['error', 'warning', 'notice'];
const EXPECTED_COMMANDS = new Set(['add-mask', 'group', 'endgroup', ...ANNOTATIONS]);

/** The key masked first and leaked nowhere, and no command but the expected ones. */
async function run(options: RunOptions): Promise<RunResult> {
  const result = await runAction(options);
  const key = options.inputs['api-key'] ?? '';
  const firstLine = unescapeData(result.stdout.split('\n')[0]?.slice('::add-mask::'.length) ?? '');
  expect(firstLine).toBe(key.trim());
  expect(leakedFragments(result, key)).toEqual([]);
  for (const command of result.commands) expect(EXPECTED_COMMANDS).toContain(command.command);
  return result;
}

interface Entry {
  'listing-id': string;
  updated: boolean;
  status: number | null;
  attempts: number;
  error: string | null;
  skipped: boolean;
  'previous-version': string | null;
  confirmed: boolean | null;
  'read-back': 'updated' | 'not updated' | 'unknown' | null;
}

function results(result: RunResult): Entry[] {
  const parsed: unknown = JSON.parse(result.outputs.results ?? '');
  expect(Array.isArray(parsed)).toBe(true);
  for (const entry of parsed as Entry[]) {
    expect(Object.keys(entry)).toEqual([
      'listing-id',
      'updated',
      'status',
      'attempts',
      'error',
      'skipped',
      'previous-version',
      'confirmed',
      'read-back',
    ]);
  }
  return parsed as Entry[];
}

const annotations = (result: RunResult, kind: string) =>
  result.errors.filter((c) => c.command === kind);

const sent = () => local.emulator.requests.map((r) => `${r.method} ${r.path}`);

const entry = (over: Partial<Entry> & { 'listing-id': string }): Entry => ({
  updated: false,
  status: null,
  attempts: 0,
  error: null,
  skipped: false,
  'previous-version': null,
  // The local marketplace answers a PATCH with the listing: every update is confirmed.
  confirmed: over.updated === true ? true : null,
  'read-back': null,
  ...over,
});

describe('several listings (SPEC 7.3)', () => {
  it('updates each in order; a 403 on one fails it alone, with its own annotation', async () => {
    const result = await run({ inputs: inputs({ 'listing-id': 'asset-1, their-asset\nasset-2' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual([
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/their-asset',
      'PATCH /v1/listings/asset-2',
    ]);
    const errors = annotations(result, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.properties.title).toBe('Listing their-asset: Key does not own the listing');
    expect(errors[0]?.data).toContain('"their-asset"');
    // The one GET of the step showed the versions of the key's own listings.
    expect(results(result)).toEqual([
      entry({
        'listing-id': 'asset-1',
        updated: true,
        status: 200,
        attempts: 1,
        'previous-version': '0.9.0',
      }),
      entry({
        'listing-id': 'their-asset',
        status: 403,
        attempts: 1,
        error: errors[0]?.data ?? '',
      }),
      entry({
        'listing-id': 'asset-2',
        updated: true,
        status: 200,
        attempts: 1,
        'previous-version': '0.1.0',
      }),
    ]);
    expect(result.outputs).toMatchObject({
      'listing-id': 'asset-1\ntheir-asset\nasset-2',
      status: '200',
      attempts: '1',
      updated: 'false',
      skipped: '',
    });
    expect(local.emulator.listings.get('asset-2')?.version).toBe('v1.2.3');
    expect(result.summary).toContain('❌ Failed: 1 of 3 listings');
    expect(result.summary.match(/<tr><td><code>/g)).toHaveLength(3);
    expect(result.summary).toContain(
      '❌ Failed: Listing their-asset: Key does not own the listing',
    );
  });

  it('every listing updated: updated is true', async () => {
    const result = await run({ inputs: inputs({ 'listing-id': 'asset-1,asset-2' }) });
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
    expect(result.outputs.updated).toBe('true');
    expect(results(result).map((e) => e.updated)).toEqual([true, true]);
  });

  it('a 401 on the first of three stops the rest, reported as not attempted', async () => {
    // No GET (if-older: deploy), so that the 401 answers the first PATCH.
    const result = await run({
      inputs: inputs({
        'api-key': KEYS.revoked,
        'listing-id': 'asset-1\nasset-2\n1001',
        'if-older': 'deploy',
      }),
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    const errors = annotations(result, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.properties.title).toBe('Listing asset-1: API key refused');
    const why = 'not attempted: the API key was refused (HTTP 401) for listing "asset-1"';
    expect(results(result)).toEqual([
      entry({ 'listing-id': 'asset-1', status: 401, attempts: 1, error: errors[0]?.data ?? '' }),
      entry({ 'listing-id': 'asset-2', error: why }),
      entry({ 'listing-id': '1001', error: why }),
    ]);
    expect(result.outputs).toMatchObject({ status: '401', attempts: '1', updated: 'false' });
    expect(result.summary).toContain('Not attempted: the API key was refused');
  });

  it('a 503 on one listing only is retried there, and the others are fine', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 503,
      retryAfter: '0',
      body: '{"error":"busy"}',
      times: 2,
      path: '/listings/asset-2',
    });
    // Older than the version sent, so that the order lets it through.
    Object.assign(local.emulator.listings.get('1001') ?? {}, { version: '1.0.0' });
    const result = await run({
      inputs: inputs({ 'listing-id': 'asset-1,asset-2,1001', retries: '1' }),
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual([
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/asset-2',
      'PATCH /v1/listings/asset-2',
      'PATCH /v1/listings/1001',
      // A 5xx may come from a gateway whose service stored the update: read back at the end.
      'GET /v1/listings',
    ]);
    const errors = annotations(result, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.properties.title).toBe('Listing asset-2: Update not applied');
    expect(errors[0]?.data).toContain(
      'The answer to the update of listing "asset-2" was lost: the marketplace answered HTTP 503 (2 attempts).',
    );
    expect(results(result).map((e) => [e.updated, e.status, e.attempts])).toEqual([
      [true, 200, 1],
      [false, 503, 2],
      [true, 200, 1],
    ]);
  });

  it('a 503 then success on one listing: all updated', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 503,
      retryAfter: '0',
      path: '/listings/asset-2',
    });
    const result = await run({ inputs: inputs({ 'listing-id': 'asset-1,asset-2' }) });
    expect(result.code).toBe(0);
    expect(results(result).map((e) => [e.updated, e.attempts])).toEqual([
      [true, 1],
      [true, 2],
    ]);
    expect(result.outputs).toMatchObject({ updated: 'true', attempts: '2' });
  });

  it.each([
    [
      'a repeated id',
      'asset-1, asset-2\nasset-1',
      'lists "asset-1" more than once',
      ['asset-1', 'asset-2'],
    ],
    [
      'a bad id among good ones',
      'asset-1\n..\nasset-2',
      'must not be `.` or `..`',
      ['asset-1', '..', 'asset-2'],
    ],
  ])('%s is an input error and nothing is sent', async (_, ids, part, reported) => {
    const result = await run({ inputs: inputs({ 'listing-id': ids }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual([]);
    const errors = annotations(result, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.properties.title).toBe('Invalid input: listing-id');
    expect(errors[0]?.data).toContain(part);
    // Each id as written, once: the user sees which listings the step did not reach.
    expect(results(result)).toEqual(
      reported.map((id) =>
        entry({ 'listing-id': id, error: 'not attempted: Invalid input: listing-id' }),
      ),
    );
    expect(result.outputs['listing-id']).toBe(reported.join('\n'));
  });

  it('listings refused before any request are not attempted, naming why', async () => {
    const result = await run({
      inputs: inputs({ 'listing-id': 'asset-1,asset-2', retries: '11' }),
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual([]);
    expect(results(result).map((e) => e.error)).toEqual([
      'not attempted: Invalid input: retries',
      'not attempted: Invalid input: retries',
    ]);
  });
});

describe('dry run (SPEC 7.4)', () => {
  const dry = (over: Record<string, string> = {}) => inputs({ 'dry-run': 'true', ...over });

  it('with a good key: one GET, no PATCH, each listing found', async () => {
    const result = await run({ inputs: dry({ 'listing-id': 'asset-1\n1001' }) });
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(local.emulator.requests[0]?.apiKey).toBe(KEYS.creator);
    expect(result.stdout).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/listings: HTTP 200 .*\(attempt 1 of 4\)$/m,
    );
    expect(results(result)).toEqual([
      entry({ 'listing-id': 'asset-1', 'previous-version': '0.9.0' }),
      entry({ 'listing-id': '1001', 'previous-version': '3.0.0' }),
    ]);
    expect(result.outputs).toMatchObject({ status: '200', attempts: '1', updated: 'false' });
    expect(JSON.parse(result.outputs.response ?? '').listings).toHaveLength(3);
    expect(result.summary).toContain('🔍 Dry run: no update was sent');
  });

  it('a revoked key fails the dry run with the 401 message', async () => {
    const result = await run({ inputs: dry({ 'api-key': KEYS.revoked }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    const errors = annotations(result, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.properties.title).toBe('API key refused');
    expect(errors[0]?.data).toContain('invalid or has been revoked');
    expect(results(result)[0]?.error).toBe(
      'not attempted: the list of listings could not be read: API key refused',
    );
    expect(result.outputs).toMatchObject({ status: '401', attempts: '1', updated: 'false' });
  });

  it('a listing of another account fails, named in its own annotation', async () => {
    const result = await run({ inputs: dry({ 'listing-id': 'asset-1,their-asset' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    const errors = annotations(result, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.properties.title).toBe('Listing their-asset: Listing not owned by the key');
    expect(errors[0]?.data).toContain(
      'Listing "their-asset" is not among the listings this key\'s account owns',
    );
    expect(results(result).map((e) => e.error)).toEqual([null, errors[0]?.data]);
  });

  it('each missing listing gets its own annotation; one listing keeps the plain title', async () => {
    const one = await run({ inputs: dry({ 'listing-id': 'their-asset' }) });
    expect(annotations(one, 'error').map((e) => e.properties.title)).toEqual([
      'Listing not owned by the key',
    ]);
    const two = await run({ inputs: dry({ 'listing-id': 'their-asset,missing' }) });
    expect(annotations(two, 'error').map((e) => e.properties.title)).toEqual([
      'Listing their-asset: Listing not owned by the key',
      'Listing missing: Listing not owned by the key',
    ]);
  });

  it.each(['listings', 'data', 'items', 'results', 'array'] as const)(
    'reads the %s shape',
    async (shape) => {
      local.emulator.list = { shape };
      const result = await run({ inputs: dry({ 'listing-id': '1001,their-asset' }) });
      expect(result.code).toBe(1);
      expect(annotations(result, 'error').map((e) => e.properties.title)).toEqual([
        'Listing their-asset: Listing not owned by the key',
      ]);
      expect(results(result)[0]).toEqual(
        entry({ 'listing-id': '1001', 'previous-version': '3.0.0' }),
      );
    },
  );

  it('an answer of unknown shape passes with a notice', async () => {
    local.emulator.list = { shape: 'unknown' };
    const result = await run({ inputs: dry({ 'listing-id': 'their-asset' }) });
    expect(result.code).toBe(0);
    expect(annotations(result, 'error')).toEqual([]);
    const notices = annotations(result, 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.properties.title).toBe('List of listings not understood');
    expect(notices[0]?.data).toContain('ownership was not checked');
  });

  it.each(['next', 'links', 'pagination', 'meta', 'paging', 'link'] as Pagination[])(
    'a list paginated with %s: the next page is read, until every listing is found',
    async (pagination) => {
      local.emulator.list = { pageSize: 1, pagination };
      const result = await run({ inputs: dry({ 'listing-id': 'asset-1,asset-2' }) });
      expect(result.code).toBe(0);
      expect(sent()).toEqual(['GET /v1/listings', 'GET /v1/listings?page=2']);
      expect(annotations(result, 'error')).toEqual([]);
      expect(annotations(result, 'warning')).toEqual([]);
    },
  );

  it.each(['next_page', 'has_more', 'cursor'] as Pagination[])(
    'a list paginated with %s (no URL): a listing not on the page is a warning, not a failure',
    async (pagination) => {
      local.emulator.list = { pageSize: 1, pagination };
      const result = await run({ inputs: dry({ 'listing-id': 'asset-1,asset-2' }) });
      expect(result.code).toBe(0);
      expect(sent()).toEqual(['GET /v1/listings']);
      expect(annotations(result, 'error')).toEqual([]);
      const warnings = annotations(result, 'warning');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.data).toContain('"asset-2" is not on the pages read');
      expect(warnings[0]?.properties.title).toBe('Listing asset-2: Ownership not confirmed');
      expect(result.stdout).toContain('named by a cursor or a number rather than a URL');
    },
  );

  it('a redirect is not followed', async () => {
    local.emulator.inject({
      kind: 'redirect',
      status: 301,
      location: 'https://new.example.com/v2/listings',
    });
    const result = await run({ inputs: dry() });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(annotations(result, 'error').map((e) => e.properties.title)).toEqual([
      'Redirect not followed',
    ]);
    expect(annotations(result, 'error')[0]?.data).toContain('https://new.example.com/v2/listings');
  });

  it('a 503 then success: retried like the PATCH', async () => {
    local.emulator.inject({ kind: 'status', status: 503, retryAfter: '0' });
    const result = await run({ inputs: dry() });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'GET /v1/listings']);
    expect(result.outputs).toMatchObject({ status: '200', attempts: '2' });
  });

  it('a 404 says nothing was found at base-url/listings', async () => {
    const base = `${new URL(local.base).origin}/v2`;
    const result = await run({ inputs: dry({ 'base-url': base }) });
    expect(result.code).toBe(1);
    const [error] = annotations(result, 'error');
    expect(error?.properties.title).toBe('Listings not found');
    expect(error?.data).toContain(`Nothing was found at ${base}/listings`);
    expect(error?.data).toContain('`base-url`');
  });
});

describe('skip-unchanged (SPEC 7.5)', () => {
  const skip = (over: Record<string, string> = {}) => inputs({ 'skip-unchanged': 'true', ...over });

  it('skips a listing already at this version (generated changelog: version alone)', async () => {
    const current = local.emulator.listings.get('asset-1');
    if (current) current.version = 'v1.2.3';
    const result = await run({
      inputs: skip({ 'listing-id': 'asset-1,asset-2' }),
      trigger: tagPush('v1.2.3'),
    });
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-2']);
    expect(results(result)).toEqual([
      entry({ 'listing-id': 'asset-1', skipped: true, 'previous-version': 'v1.2.3' }),
      entry({
        'listing-id': 'asset-2',
        updated: true,
        status: 200,
        attempts: 1,
        'previous-version': '0.1.0',
      }),
    ]);
    expect(result.outputs).toMatchObject({ skipped: 'asset-1', updated: 'false', status: '200' });
    expect(result.summary).toContain('Skipped: already at v1.2.3');
  });

  it('skips when version and changelog both match', async () => {
    const current = local.emulator.listings.get('asset-1');
    if (current) Object.assign(current, { version: '2.0.0', changelog: 'Same notes' });
    const result = await run({
      inputs: skip({ version: '2.0.0', changelog: 'Same notes' }),
    });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(result.outputs).toMatchObject({ skipped: 'asset-1', status: '200', attempts: '1' });
  });

  it('updates a listing at this version whose changelog changed', async () => {
    const current = local.emulator.listings.get('asset-1');
    if (current) Object.assign(current, { version: '2.0.0', changelog: 'Old notes' });
    // The emulator refuses a version it already has; a marketplace that takes it answers 200.
    local.emulator.inject({ kind: 'status', status: 200, body: '{}', path: '/listings/asset-1' });
    const result = await run({ inputs: skip({ version: '2.0.0', changelog: 'New notes' }) });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(JSON.parse(local.emulator.requests[1]?.body ?? '').changelog).toBe('New notes');
    expect(results(result)).toEqual([
      entry({
        'listing-id': 'asset-1',
        updated: true,
        status: 200,
        attempts: 1,
        'previous-version': '2.0.0',
        // The answer `{}` shows no version.
        confirmed: null,
        'read-back': null,
      }),
    ]);
    expect(result.outputs.skipped).toBe('');
  });

  it('an answer of unknown shape: every listing is updated, with a notice', async () => {
    local.emulator.list = { shape: 'unknown' };
    const result = await run({ inputs: skip({ 'listing-id': 'asset-1,asset-2' }) });
    expect(result.code).toBe(0);
    expect(sent()).toEqual([
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
      'PATCH /v1/listings/asset-2',
    ]);
    const notices = annotations(result, 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.data).toContain('every listing is updated');
    expect(result.outputs.updated).toBe('true');
  });

  it('a listing not in the list is updated, with a notice', async () => {
    local.emulator.list = { pageSize: 1, pagination: 'has_more' };
    const result = await run({ inputs: skip({ 'listing-id': 'asset-2' }) });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-2']);
    expect(annotations(result, 'notice').map((n) => n.properties.title)).toEqual([
      'Listing not in the list',
    ]);
  });

  it('a failed list fails the step and sends nothing', async () => {
    local.emulator.inject({ kind: 'status', status: 500, body: '{"error":"down"}' });
    const result = await run({ inputs: skip({ 'listing-id': 'asset-1,asset-2', retries: '0' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(annotations(result, 'error').map((e) => e.properties.title)).toEqual([
      'Marketplace unavailable (HTTP 500)',
    ]);
    expect(results(result).map((e) => e.error)).toEqual([
      'not attempted: the list of listings could not be read: Marketplace unavailable (HTTP 500)',
      'not attempted: the list of listings could not be read: Marketplace unavailable (HTTP 500)',
    ]);
    expect(result.outputs).toMatchObject({ status: '500', attempts: '1', updated: 'false' });
  });

  it('a server that echoes the key in the list leaks none of it', async () => {
    local.emulator.inject({ kind: 'echo-key', status: 200 });
    const result = await run({ inputs: skip() });
    expect(result.code).toBe(0);
    expect(result.outputs.response).not.toContain('mk_live');
  });
});
