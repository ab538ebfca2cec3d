// An update whose answer was lost, end to end: the committed bundles (the action and the command)
// against the local marketplace, whose faults apply an update and then lose its answer. What the
// marketplace stored is compared with what was reported: outputs, results, summary, exit code.
import { describe, expect, it } from 'vitest';
import { cliLeaks, runCli } from '../support/cli.js';
import { type Injected, KEYS } from '../support/emulator.js';
import { leakedFragments, type RunResult, runAction } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;

const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEY,
  'base-url': local.base,
  'timeout-seconds': '1',
  ...over,
});

const at = (fault: Injected, id = 'asset-1'): Injected => ({ ...fault, path: `/listings/${id}` });
const stored = (id = 'asset-1') => local.emulator.listings.get(id)?.version;
const sent = () => local.emulator.requests.map((r) => `${r.method} ${r.path}`);

async function run(over: Record<string, string>): Promise<RunResult> {
  const result = await runAction({ inputs: inputs(over) });
  expect(leakedFragments(result, KEY)).toEqual([]);
  return result;
}

function results(result: RunResult): Record<string, unknown>[] {
  return JSON.parse(result.outputs.results ?? '[]');
}

const titles = (result: RunResult, kind: string) =>
  result.errors.filter((c) => c.command === kind).map((c) => c.properties.title);

describe('the action: an update applied whose answer was lost is reported updated', () => {
  it.each<[string, Injected, Record<string, string>, string, string]>([
    [
      'a reset after the update, then a retry answered 409',
      { kind: 'reset', apply: true },
      { retries: '1' },
      '409',
      '2',
    ],
    [
      'a 503 after the update, then a retry answered 409',
      { kind: 'status', status: 503, retryAfter: '0', apply: true },
      { retries: '1' },
      '409',
      '2',
    ],
    ['a hang past the deadline', { kind: 'hang', apply: true }, { retries: '0' }, '', '1'],
    [
      'a dripping answer past the deadline',
      { kind: 'drip', status: 200, intervalMs: 100, apply: true },
      { retries: '0' },
      '',
      '1',
    ],
  ])('%s', async (_, fault, over, status, attempts) => {
    local.emulator.inject(at(fault));
    const result = await run({ ...over, 'if-older': 'deploy' });
    expect(stored()).toBe('v1.2.3');
    expect(result.code).toBe(0);
    expect(sent().at(-1)).toBe('GET /v1/listings');
    expect(titles(result, 'error')).toEqual([]);
    expect(titles(result, 'notice')).toEqual(['Update read back']);
    // `status` is the last answer's: none when the only attempt lost its answer.
    expect(result.outputs).toMatchObject({ updated: 'true', status, attempts });
    expect(results(result)).toEqual([
      expect.objectContaining({
        'listing-id': 'asset-1',
        updated: true,
        error: null,
        confirmed: true,
        'read-back': 'updated',
      }),
    ]);
    expect(result.summary).toContain('✅ Updated: the answer was lost, the update was read back');
    expect(result.summary).toContain('<th align="left">Read back</th>');
    expect(result.stdout).toContain('it was updated, although its answer was lost.');
  });
});

describe('the action: an update whose answer was lost is never a plain failure', () => {
  it('not applied: the message says it was read back and what the listing shows', async () => {
    local.emulator.inject(at({ kind: 'status', status: 502, body: '{"error":"upstream"}' }));
    const result = await run({ retries: '0', 'if-older': 'deploy' });
    expect(stored()).toBe('0.9.0');
    expect(result.code).toBe(1);
    expect(titles(result, 'error')).toEqual(['Update not applied']);
    const [error] = result.errors;
    expect(error?.data).toContain('still shows version 0.9.0: the update was not applied');
    expect(error?.data).not.toMatch(/could not reach/i);
    expect(results(result)[0]).toMatchObject({ updated: false, 'read-back': 'not updated' });
    expect(result.summary).toContain('❌ Failed: Update not applied');
  });

  it('applied, and the read-back failed too: "may have been applied"', async () => {
    local.emulator.inject(at({ kind: 'reset', apply: true }), {
      kind: 'status',
      status: 503,
      retryAfter: '0',
      times: 2,
      path: '/listings',
    });
    const result = await run({ retries: '0', 'if-older': 'deploy' });
    expect(stored()).toBe('v1.2.3');
    expect(result.code).toBe(1);
    expect(titles(result, 'error')).toEqual(['Update may have been applied']);
    expect(result.errors[0]?.data).toContain(
      'The update may have been applied: check the listing on the marketplace. Running it again is safe: the update is idempotent.',
    );
    expect(results(result)[0]).toMatchObject({ updated: false, 'read-back': 'unknown' });
    expect(result.outputs).toMatchObject({ updated: 'false', status: '', attempts: '1' });
  });

  it('a Retry-After beyond 60 s stops the step: the next listing is not attempted', async () => {
    local.emulator.inject(at({ kind: 'status', status: 429, retryAfter: '3600' }));
    const result = await run({ 'listing-id': 'asset-1,asset-2', 'if-older': 'deploy' });
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    expect(stored('asset-2')).toBe('0.1.0');
    expect(result.code).toBe(1);
    expect(titles(result, 'error')).toEqual([
      'Listing asset-1: Marketplace asked to wait (HTTP 429)',
    ]);
    expect(results(result)[1]).toMatchObject({
      updated: false,
      attempts: 0,
      error:
        'not attempted: the marketplace asked to wait 3600 s (Retry-After) after listing "asset-1"',
    });
  });
});

describe('the fault soak’s case: a listing already at the version sent, with other notes', () => {
  // Four listings, no GET before; the PATCH of asset-bundle hangs and is never applied, and the
  // listing already shows 2.3.7, the version sent: the read-back must not call that an update.
  const IDS = 'asset-1,asset-2,1001,asset-bundle';
  const setUp = () => {
    local.emulator.listings.set('asset-bundle', {
      owner: 'creator',
      version: '2.3.7',
      changelog: 'Older notes',
    });
    local.emulator.inject(at({ kind: 'hang' }, 'asset-bundle'));
  };
  const unchanged = () => {
    expect(local.emulator.listings.get('asset-bundle')).toMatchObject({
      version: '2.3.7',
      changelog: 'Older notes',
    });
    expect(sent().filter((request) => request.startsWith('GET'))).toEqual(['GET /v1/listings']);
  };

  it('the action: failed, "Update not applied", never "updated"', async () => {
    setUp();
    const result = await run({
      'listing-id': IDS,
      version: '2.3.7',
      changelog: 'New notes',
      retries: '0',
      'if-older': 'deploy',
    });
    unchanged();
    expect(result.code).toBe(1);
    expect(titles(result, 'error')).toEqual(['Listing asset-bundle: Update not applied']);
    expect(titles(result, 'notice')).toEqual([]);
    expect(result.errors[0]?.data).toContain(
      'still shows version 2.3.7 with another changelog: the update was not applied',
    );
    expect(results(result).map((entry) => [entry.updated, entry['read-back']])).toEqual([
      [true, null],
      [true, null],
      [true, null],
      [false, 'not updated'],
    ]);
    expect(result.outputs.updated).toBe('false');
    expect(result.summary).not.toContain('the update was read back');
    expect(result.stdout).not.toContain('it was updated');
  });

  it('the command: exit 1, the same words', async () => {
    setUp();
    const result = await runCli({
      args: [
        '--listing-id',
        IDS,
        '--base-url',
        local.base,
        '--release-version',
        '2.3.7',
        '--changelog',
        'New notes',
        '--retries',
        '0',
        '--timeout-seconds',
        '1',
        '--if-older',
        'deploy',
        '--json',
      ],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(cliLeaks(result, KEY)).toEqual([]);
    unchanged();
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)[3]).toMatchObject({
      'listing-id': 'asset-bundle',
      updated: false,
      'read-back': 'not updated',
    });
    expect(result.stderr).toContain('Listing asset-bundle: Update not applied');
    expect(result.stderr).not.toContain('the update was read back');
  });
});

describe('the command: the same outcome, in its own words', () => {
  it('reads back a reset update and reports it updated', async () => {
    local.emulator.inject(at({ kind: 'reset', apply: true }));
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--release-version',
        '2.0.0',
        '--changelog',
        'Notes',
        '--retries',
        '0',
        '--if-older',
        'deploy',
        '--json',
      ],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(cliLeaks(result, KEY)).toEqual([]);
    expect(stored()).toBe('2.0.0');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      expect.objectContaining({ updated: true, confirmed: true, 'read-back': 'updated' }),
    ]);
    expect(result.stderr).toContain('Update read back');
    expect(result.stderr).not.toMatch(/could not reach|re-run the job/i);
  });
});
