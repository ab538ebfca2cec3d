// Where one layer's answer reaches another: a web page or a refusal to the list, a version that
// cannot be ordered under `if-older: fail`, a web page to an update, a wait the step will not make.
// The committed dist/index.js and dist/cli/index.js against the emulator.
import { describe, expect, it } from 'vitest';
import { cliLeaks, runCli } from '../support/cli.js';
import { KEYS } from '../support/emulator.js';
import {
  everythingPrinted,
  leakedFragments,
  type RunOptions,
  type RunResult,
  runAction,
  tagPush,
} from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;

const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEY,
  'base-url': local.base,
  retries: '0',
  ...over,
});

async function run(options: RunOptions): Promise<RunResult> {
  const result = await runAction({ trigger: tagPush('v1.2.3'), ...options });
  expect(leakedFragments(result, KEY)).toEqual([]);
  return result;
}

const sent = () => local.emulator.requests.map((r) => `${r.method} ${r.path}`);
const results = (result: RunResult) =>
  JSON.parse(result.outputs.results ?? 'null') as Record<string, unknown>[];
const annotations = (result: RunResult, kind: string) =>
  result.errors.filter((c) => c.command === kind);
const titles = (result: RunResult, kind: string) =>
  annotations(result, kind).map((c) => c.properties.title);

function shows(id: string, version: string): void {
  const listing = local.emulator.listings.get(id);
  if (listing === undefined) throw new Error(`no listing ${id}`);
  listing.version = version;
}

const SUSPENDED = 'Account suspended for unpaid fees';
const notAnAnswer = [
  ['a web page', () => local.emulator.inject({ kind: 'web-page', path: '/listings' }), 'web page'],
  [
    'a refusal',
    () => local.emulator.inject({ kind: 'refusal', message: SUSPENDED, path: '/listings' }),
    SUSPENDED,
  ],
] as const;

describe('a web page or a refusal in a 2xx to the list is a failed GET', () => {
  it.each(notAnAnswer)('%s: the dry run fails with its words', async (_, arrange, words) => {
    arrange();
    const result = await run({ inputs: inputs({ 'dry-run': 'true' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(annotations(result, 'error')[0]?.data).toContain(words);
    expect(everythingPrinted(result)).not.toContain('ownership not checked');
  });

  it.each(notAnAnswer)('%s: skip-unchanged fails before any PATCH', async (_, arrange, words) => {
    arrange();
    const result = await run({ inputs: inputs({ 'skip-unchanged': 'true' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    const error = annotations(result, 'error')[0]?.data ?? '';
    expect(error).toContain(words);
    expect(error).toContain('so the listing was not updated: `skip-unchanged: true`');
    expect(results(result)[0]).toMatchObject({ updated: false, attempts: 0 });
  });

  it.each(notAnAnswer)('%s: by default, one warning and the update', async (_, arrange, words) => {
    arrange();
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(titles(result, 'warning')).toEqual(['Order of versions not checked']);
    expect(annotations(result, 'warning')[0]?.data).toContain(words);
    expect(result.outputs.updated).toBe('true');
  });

  it.each(notAnAnswer)(
    "%s: if-older: fail fails with the server's words, naming the request",
    async (_, arrange, words) => {
      arrange();
      const result = await run({ inputs: inputs({ 'if-older': 'fail' }) });
      expect(result.code).toBe(1);
      expect(sent()).toEqual(['GET /v1/listings']);
      const error = annotations(result, 'error')[0]?.data ?? '';
      expect(error).toContain(`GET ${local.base}/listings could not be read`);
      expect(error).toContain('`if-older: fail`');
      expect(error).toContain(words);
    },
  );

  it.each(notAnAnswer)(
    "%s: the command's listings exits 1 and prints nothing",
    async (_, arrange, words) => {
      arrange();
      const result = await runCli({
        args: ['listings', '--base-url', local.base, '--retries', '0'],
        env: { MARKETPLACE_API_KEY: KEY },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(words);
      expect(result.stderr).not.toContain('nothing to print');
      expect(cliLeaks(result, KEY)).toEqual([]);
    },
  );

  it('a refusal whose key is written with a JSON escape is a refusal all the same', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      body: '{"succ\\u0065ss": false, "message": "Suspended"}',
      contentType: 'application/json',
      path: '/listings',
    });
    const result = await run({ inputs: inputs({ 'skip-unchanged': 'true' }) });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(annotations(result, 'error')[0]?.data).toContain('The marketplace said: "Suspended"');
  });

  it('page 2 answering 500 under if-older: fail names the page, the cause, and that nothing was sent', async () => {
    local.emulator.list = { pageSize: 1 };
    local.emulator.inject({
      kind: 'status',
      status: 500,
      body: JSON.stringify({ error: 'Database is down' }),
      path: '/listings?page=2',
    });
    const result = await run({ inputs: inputs({ 'if-older': 'fail', 'listing-id': 'asset-2' }) });
    expect(result.code).toBe(1);
    expect(sent().filter((request) => request.startsWith('PATCH'))).toEqual([]);
    const error = annotations(result, 'error')[0]?.data ?? '';
    expect(error).toContain(
      `Page 2 of GET ${local.base}/listings answered HTTP 500, so the listing was not updated: \`if-older: fail\``,
    );
    expect(error).toContain('The marketplace said: "Database is down"');
  });
});

describe('if-older: fail fails closed on a version that cannot be ordered', () => {
  const failedFor = (result: RunResult, words: string) => {
    expect(result.code).toBe(1);
    const error = annotations(result, 'error')[0]?.data ?? '';
    expect(error).toContain(words);
    expect(error).toContain('was not updated');
    expect(error).toContain('`if-older: fail`');
  };

  it('the listing shows "2.1.0 (LTS)": no PATCH for it, the others go on', async () => {
    shows('asset-1', '2.1.0 (LTS)');
    const result = await run({
      inputs: inputs({ 'if-older': 'fail', 'listing-id': 'asset-1,asset-2' }),
      trigger: tagPush('v1.9.5'),
    });
    failedFor(result, '"2.1.0 (LTS)" does not read as a version');
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-2']);
    expect(local.emulator.listings.get('asset-1')?.version).toBe('2.1.0 (LTS)');
    expect(titles(result, 'error')).toEqual(['Listing asset-1: Order of versions not checked']);
  });

  it('the version to send is "asset-1.9.5": no listing that shows a version is sent it', async () => {
    shows('asset-1', '2.1.0');
    const result = await run({
      inputs: inputs({ 'if-older': 'fail' }),
      trigger: tagPush('asset-1.9.5'),
    });
    failedFor(result, '"asset-1.9.5" does not read as a version');
    expect(sent()).toEqual(['GET /v1/listings']);
    expect(local.emulator.listings.get('asset-1')?.version).toBe('2.1.0');
    expect(titles(result, 'error')).toEqual(['Order of versions not checked']);
  });

  it('the default mode still updates it, and the log says why no order was checked', async () => {
    shows('asset-1', '2.1.0 (LTS)');
    const result = await run({ inputs: inputs(), trigger: tagPush('1.9.5') });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(result.stdout).toContain('"2.1.0 (LTS)" does not read as a version');
  });
});

describe('a web page to an update is read back', () => {
  it('a store behind a proxy applied it: updated, with a warning about the web page', async () => {
    local.emulator.inject({ kind: 'web-page', path: '/listings/asset-1', apply: true });
    const result = await run({ inputs: inputs({ 'if-older': 'deploy' }) });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1', 'GET /v1/listings']);
    expect(result.outputs.updated).toBe('true');
    expect(results(result)[0]).toMatchObject({ updated: true, confirmed: true });
    expect(titles(result, 'warning')).toEqual(['Update read back']);
    expect(annotations(result, 'warning')[0]?.data).toContain('web page');
    expect(everythingPrinted(result)).not.toContain('nothing was updated');
  });

  it('the list does not show it: failed, naming the web page and base-url', async () => {
    local.emulator.inject({ kind: 'web-page', path: '/listings/asset-1' });
    const result = await run({ inputs: inputs({ 'if-older': 'deploy' }) });
    expect(result.code).toBe(1);
    expect(titles(result, 'error')).toEqual(['Update not applied']);
    const error = annotations(result, 'error')[0]?.data ?? '';
    expect(error).toContain('answered with a web page (HTTP 200)');
    expect(error).toContain('Check `base-url`');
    expect(everythingPrinted(result)).not.toContain('nothing was updated');
  });

  it('a website answers the read-back too: the update cannot be confirmed', async () => {
    local.emulator.inject({ kind: 'web-page', times: 2 });
    const result = await run({ inputs: inputs({ 'if-older': 'deploy' }) });
    expect(result.code).toBe(1);
    expect(titles(result, 'error')).toEqual(['Update may have been applied']);
    const error = annotations(result, 'error')[0]?.data ?? '';
    expect(error).toContain('could not be confirmed');
    expect(error).toContain('Check `base-url`');
  });
});

describe('a wait asked is a wait', () => {
  it('a PATCH asked to wait 600 s stops the other listings, with no advice to raise retries', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 429,
      retryAfter: '600',
      path: '/listings/asset-1',
    });
    const result = await run({
      inputs: inputs({ 'if-older': 'deploy', 'listing-id': 'asset-1,asset-2' }),
    });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1']);
    expect(results(result)[1]?.error).toMatch(
      /^not attempted: the marketplace asked to wait 600 s/,
    );
    expect(everythingPrinted(result)).not.toContain('raise `retries`');
  });

  it('after the list was asked to wait an hour, no other GET: a lost update names the wait', async () => {
    local.emulator.inject(
      { kind: 'status', status: 429, retryAfter: '3600', path: '/listings' },
      { kind: 'status', status: 502, path: '/listings/asset-1', apply: true },
    );
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(1);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(titles(result, 'error')).toEqual(['Update may have been applied']);
    expect(annotations(result, 'error')[0]?.data).toContain('asked to wait 3600 s');
  });
});
