// Attacks on the committed bundle: rule breaks (what is refused before any request, what is sent and
// in which order) and the calls to GitHub. Every run is checked for a leak of the key it was given.
// The rest of the attacks: attack.test.ts and attack-leaks.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AT_PATCH, rawServer, runAction, summaryBreakouts } from '../support/attack.js';
import { KEYS } from '../support/emulator.js';
import { GitHubApi } from '../support/github-api.js';
import { dispatchEvent as dispatch, releaseEvent } from '../support/github-examples.js';
import { leakedFragments, tagPush } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();

let github: GitHubApi;
let githubApiUrl: string;
beforeEach(async () => {
  github = new GitHubApi();
  githubApiUrl = await github.start();
});
afterEach(() => github.stop());

const KEY = KEYS.creator;
const patches = () => local.emulator.requests.filter((r) => r.method === 'PATCH');
const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEY,
  'base-url': local.base,
  retries: '0',
  ...over,
});

describe('rule breaks (SPEC 4, 6, 7)', () => {
  it('dry run sends only GETs, also with skip-unchanged', async () => {
    const result = await runAction({
      inputs: inputs({
        'dry-run': 'true',
        'skip-unchanged': 'true',
        'listing-id': 'asset-1,asset-2',
      }),
    });
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET']);
    expect(result.outputs.updated).toBe('false');
  });
  it('no GET without dry-run and skip-unchanged, with if-older: deploy', async () => {
    await runAction({ inputs: inputs({ 'listing-id': 'asset-1,asset-2', 'if-older': 'deploy' }) });
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['PATCH', 'PATCH']);
  });
  it('one GET before the PATCHes by default (if-older: skip)', async () => {
    await runAction({ inputs: inputs({ 'listing-id': 'asset-1,asset-2' }) });
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET', 'PATCH', 'PATCH']);
  });
  it.each([
    ['repeated id', { 'listing-id': 'asset-1,asset-2,asset-1' }],
    ['repeated id with whitespace', { 'listing-id': 'asset-1\n  asset-1  ' }],
    ['dot', { 'listing-id': 'asset-1,.' }],
    ['dot-dot last', { 'listing-id': 'asset-1\n..' }],
    ['both changelogs', { changelog: 'x', 'changelog-file': 'CHANGELOG.md' }],
    ['short key', { 'api-key': 'abcdefg' }],
    ['short key padded', { 'api-key': '  abcdefg  ' }],
    ['key with a line break', { 'api-key': `${KEY}\nX-Other: 1` }],
    ['key with a tab inside', { 'api-key': `mk_live\t4f9d2c7a1b8e` }],
    ['key with DEL', { 'api-key': `mk_live_\u007f4f9d2c7a1b8e` }],
    ['key with non-latin1', { 'api-key': `mk_live_\u20ac4f9d2c7a1b8e` }],
    ['base-url with query', { 'base-url': `LOCAL?x=1` }],
    ['base-url with empty query', { 'base-url': `LOCAL?` }],
    ['base-url with empty fragment', { 'base-url': `LOCAL#` }],
    ['base-url with user', { 'base-url': `LOCAL`.replace('LOCAL', 'http://u@127.0.0.1:PORT/v1') }],
    ['timeout 0', { 'timeout-seconds': '0' }],
    ['retries 11', { retries: '11' }],
    ['retries 1.0', { retries: '1.0' }],
    ['retries 0x1', { retries: '0x1' }],
    ['retries 1e0', { retries: '1e0' }],
    ['dry-run yes', { 'dry-run': 'yes' }],
    ['changelog-max-length 199', { 'changelog-max-length': '199' }],
  ])('refused before any request: %s', async (_n, over) => {
    const port = new URL(local.base).port;
    const fixed = Object.fromEntries(
      Object.entries(over).map(([k, v]) => [
        k,
        v.replace('LOCAL', local.base).replace('PORT', port),
      ]),
    );
    const result = await runAction({
      inputs: inputs(fixed),
      trigger: tagPush('1.2.3'),
      files: { 'CHANGELOG.md': '## 1.2.3\n\nx\n' },
    });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
  });
  it.each(['0.0.0.0', '[::]', '[::ffff:7f00:1]', '127.0.0.1.nip.io', 'localhost.evil.example'])(
    'http:// to %s is refused before any request',
    async (host) => {
      const port = new URL(local.base).port;
      const result = await runAction({
        inputs: inputs({ 'base-url': `http://${host}:${port}/v1` }),
      });
      expect(result.code).not.toBe(0);
      expect(local.emulator.requests).toHaveLength(0);
      expect(result.errors.map((e) => e.data).join(' ')).toMatch(/https/i);
    },
  );
  it('results after a 401: types, order, not attempted', async () => {
    const result = await runAction({
      // No GET, so that the 401 answers the first update.
      inputs: inputs({
        'api-key': KEYS.revoked,
        'listing-id': 'asset-1,asset-2,1001',
        'if-older': 'deploy',
      }),
    });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(1);
    const results = JSON.parse(result.outputs.results ?? 'null') as Record<string, unknown>[];
    expect(results.map((r) => r['listing-id'])).toEqual(['asset-1', 'asset-2', '1001']);
    expect(results[0]).toMatchObject({ updated: false, status: 401, attempts: 1 });
    expect(typeof results[0]?.error).toBe('string');
    for (const r of results.slice(1)) {
      expect(r).toMatchObject({ updated: false, status: null, attempts: 0 });
      expect(String(r.error)).toMatch(/^not attempted: /);
    }
    expect(result.outputs.status).toBe('401');
    expect(result.outputs.attempts).toBe('1');
    expect(result.outputs['listing-id']).toBe('asset-1\nasset-2\n1001');
  });
  it.each([
    ['a dot-dot id', 'asset-1,..', ['asset-1', '..']],
    ['a repeated id', 'asset-1,asset-2,asset-1', ['asset-1', 'asset-2']],
  ])(
    'results when the listing ids are refused before any request (%s): one entry per listing, not attempted',
    async (_n, ids, expected) => {
      const result = await runAction({ inputs: inputs({ 'listing-id': ids }) });
      expect(result.code).not.toBe(0);
      expect(local.emulator.requests).toHaveLength(0);
      const results = JSON.parse(result.outputs.results ?? 'null') as Record<string, unknown>[];
      expect(results.map((r) => r['listing-id'])).toEqual(expected);
      for (const r of results) {
        expect(r).toMatchObject({ updated: false, status: null, attempts: 0 });
        expect(String(r.error)).toMatch(/^not attempted: /);
      }
    },
  );
  it('results on success: types', async () => {
    const result = await runAction({
      inputs: inputs({ 'listing-id': 'asset-1,1001', version: '3.1.0' }),
    });
    expect(result.code).toBe(0);
    const results = JSON.parse(result.outputs.results ?? 'null') as Record<string, unknown>[];
    expect(results).toEqual([
      {
        'listing-id': 'asset-1',
        updated: true,
        status: 200,
        attempts: 1,
        error: null,
        skipped: false,
        'previous-version': '0.9.0',
        confirmed: true,
        'read-back': null,
      },
      {
        'listing-id': '1001',
        updated: true,
        status: 200,
        attempts: 1,
        error: null,
        skipped: false,
        'previous-version': '3.0.0',
        confirmed: true,
        'read-back': null,
      },
    ]);
  });
  it('skip-unchanged results: previous-version of a numeric id listing', async () => {
    const result = await runAction({
      inputs: inputs({
        'listing-id': '1001',
        'skip-unchanged': 'true',
        version: '3.0.0',
        changelog: 'Third',
      }),
    });
    expect(result.code).toBe(0);
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET']);
    const results = JSON.parse(result.outputs.results ?? 'null') as Record<string, unknown>[];
    expect(results[0]).toMatchObject({
      skipped: true,
      'previous-version': '3.0.0',
      updated: false,
    });
    expect(result.outputs.skipped).toBe('1001');
  });
  it('workflow_dispatch from a branch: latest release with strip-tag-prefix', async () => {
    github.releases.push(
      { tag_name: 'v2.0.0-rc.1', body: 'pre', prerelease: true },
      { tag_name: 'v1.9.0', body: 'latest notes' },
    );
    const result = await runAction({
      inputs: inputs({ 'strip-tag-prefix': 'v' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}')).toEqual({
      version: '1.9.0',
      changelog: 'latest notes',
    });
  });
  it('workflow_dispatch from a tag uses the tag, not the latest release', async () => {
    github.releases.push({ tag_name: 'v1.9.0', body: 'latest notes' });
    const result = await runAction({
      inputs: inputs({ 'strip-tag-prefix': 'v' }),
      githubApiUrl,
      trigger: dispatch('refs/tags/v1.5.0'),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}').version).toBe('1.5.0');
  });
  it('a release event: no GitHub call, prefix stripped', async () => {
    const result = await runAction({
      inputs: inputs({ 'strip-tag-prefix': 'v' }),
      githubApiUrl,
      trigger: releaseEvent('v1.2.3', ''),
    });
    expect(result.code).toBe(0);
    expect(github.requests).toHaveLength(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}').version).toBe('1.2.3');
  });
  it('explicit version with strip-tag-prefix: notes looked up at prefix+version then version', async () => {
    github.releases.push({ tag_name: '1.2.3', body: 'plain notes' });
    const result = await runAction({
      inputs: inputs({ version: '1.2.3', 'strip-tag-prefix': 'v' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).toBe(0);
    expect(github.requests.map((r) => r.path)).toEqual([
      '/repos/octo-creator/shiny-asset/releases/tags/v1.2.3',
      '/repos/octo-creator/shiny-asset/releases/tags/1.2.3',
    ]);
    expect(JSON.parse(patches()[0]?.body ?? '{}')).toEqual({
      version: '1.2.3',
      changelog: 'plain notes',
    });
  });
  it.each([
    ['dry run with a missing listing', { 'dry-run': 'true', 'listing-id': 'asset-1,nope' }],
    ['skip-unchanged list answered 500', { 'skip-unchanged': 'true' }],
    ['one of two listings 404', { 'listing-id': 'asset-1,nope' }],
    ['a 204 then a 409', { 'listing-id': 'asset-1,asset-2', version: '0.1.0' }],
  ])('exit non-zero on a failure: %s', async (name, over) => {
    if (name.includes('500'))
      local.emulator.inject({ kind: 'status', status: 500, path: '/listings' });
    const result = await runAction({ inputs: inputs(over) });
    expect(result.code).not.toBe(0);
    expect(result.errors.some((e) => e.command === 'error')).toBe(true);
    if (name.includes('500')) expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET']);
  });
  it('a web page in a 2xx to the list under skip-unchanged is a failed GET: nothing is sent', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      body: '<html>ok</html>',
      contentType: 'text/html',
      path: '/listings',
    });
    const result = await runAction({ inputs: inputs({ 'skip-unchanged': 'true' }) });
    expect(result.code).toBe(1);
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET']);
  });
  it('a 2xx JSON answer of unknown shape under skip-unchanged is not a failure: PATCHed with a notice', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      body: '{"hello": "world"}',
      contentType: 'application/json',
      path: '/listings',
    });
    const result = await runAction({ inputs: inputs({ 'skip-unchanged': 'true' }) });
    expect(result.code).toBe(0);
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
  });
  it('Retry-After beyond 60 s stops and says so, without waiting', async () => {
    local.emulator.inject({
      ...AT_PATCH,
      kind: 'status',
      status: 503,
      retryAfter: '000000000000000000000000000000061',
    });
    const t = Date.now();
    const result = await runAction({ inputs: inputs({ retries: '3' }) });
    expect(Date.now() - t).toBeLessThan(10_000);
    expect(result.code).not.toBe(0);
    expect(patches()).toHaveLength(1);
  });
  it('Retry-After with many leading zeros meaning 1 s is honoured', async () => {
    local.emulator.inject({
      ...AT_PATCH,
      kind: 'status',
      status: 503,
      retryAfter: '0000000000000000000000000000000000000001',
    });
    const result = await runAction({ inputs: inputs({ retries: '1' }) });
    expect(result.code).toBe(0);
    expect(patches()).toHaveLength(2);
  });
});

describe('more rule breaks', () => {
  it('a changelog-file heading whose dots are other characters does not name the version', async () => {
    await runAction({
      inputs: inputs({ 'changelog-file': 'CHANGELOG.md' }),
      files: { 'CHANGELOG.md': '## 1x2y3\n\nwrong\n\n## 1.2.3\n\nright\n' },
      trigger: tagPush('1.2.3'),
    });
    expect(JSON.parse(patches()[0]?.body ?? '{}').changelog).toBe('right');
  });
  it('a version with regex characters finds its section, compared whole (SPEC 7.2)', async () => {
    const result = await runAction({
      inputs: inputs({ 'changelog-file': 'CHANGELOG.md', version: '1.2.3+build.7' }),
      files: { 'CHANGELOG.md': '## 1.2.3+build-7\n\nwrong\n\n## 1.2.3+build.7\n\nright\n' },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}').changelog).toBe('right');
  });
  it('strip-tag-prefix is literal', async () => {
    await runAction({ inputs: inputs({ 'strip-tag-prefix': '.' }), trigger: tagPush('v1.2.3') });
    expect(JSON.parse(patches()[0]?.body ?? '{}').version).toBe('v1.2.3');
  });
  it.each([
    ['astral characters, no line break', '😀'.repeat(300)],
    ['lines of astral characters', `${'😀'.repeat(50)}\n`.repeat(20)],
    ['a long first line then short ones', `${'a'.repeat(500)}\nb\nc`],
  ])('changelog-max-length 200 with %s: never longer, whole characters', async (_n, changelog) => {
    const result = await runAction({
      inputs: inputs({ changelog, 'changelog-max-length': '200' }),
    });
    expect(result.code).toBe(0);
    const sent = JSON.parse(patches()[0]?.body ?? '{}').changelog as string;
    expect([...sent].length).toBeLessThanOrEqual(200);
    expect(sent).not.toMatch(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    );
    expect(result.outputs.changelog).toBe(sent);
  });
  it('changelog-max-length with a release page URL longer than the cap allows', async () => {
    const tag = `v1.2.3-${'r'.repeat(150)}`;
    const result = await runAction({
      inputs: inputs({ changelog: `${'line\n'.repeat(100)}`, 'changelog-max-length': '200' }),
      trigger: releaseEvent(tag, ''),
    });
    const sent = JSON.parse(patches()[0]?.body ?? '{}').changelog as string;
    expect(result.code).toBe(0);
    expect([...sent].length).toBeLessThanOrEqual(200);
  });
  it('updated is false when one listing is skipped, and skipped lists it', async () => {
    const result = await runAction({
      inputs: inputs({
        'listing-id': '1001,asset-1',
        version: '3.0.0',
        changelog: 'Third',
        'skip-unchanged': 'true',
      }),
    });
    expect(result.code).toBe(0);
    expect(result.outputs.updated).toBe('false');
    expect(result.outputs.skipped).toBe('1001');
    expect(local.emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/listings',
      'PATCH /v1/listings/asset-1',
    ]);
  });
  it('a 401 on the second listing: third not attempted, first updated', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 401,
      path: '/listings/asset-2',
      body: '{"message":"revoked"}',
    });
    // 1001 shows 3.0.0: a newer version is sent, so that the order lets it through.
    const result = await runAction({
      inputs: inputs({ 'listing-id': 'asset-1,asset-2,1001', version: '3.1.0' }),
    });
    expect(result.code).not.toBe(0);
    expect(patches()).toHaveLength(2);
    const results = JSON.parse(result.outputs.results ?? '[]') as Record<string, unknown>[];
    expect(results.map((r) => [r.updated, r.status, r.attempts])).toEqual([
      [true, 200, 1],
      [false, 401, 1],
      [false, null, 0],
    ]);
    expect(String(results[2]?.error)).toMatch(/^not attempted: /);
    expect(result.outputs.status).toBe('401');
    expect(result.errors.filter((e) => e.command === 'error')).toHaveLength(1);
  });
  it.each([300, 304, 307])('a %i without Location fails, not followed', async (status) => {
    local.emulator.inject({ kind: 'status', status, body: '', ...AT_PATCH });
    const result = await runAction({ inputs: inputs() });
    expect(result.code).not.toBe(0);
    expect(patches()).toHaveLength(1);
    expect(result.stderr).toBe('');
  });
  it('a 408 is retried, a 410 is not', async () => {
    local.emulator.inject(
      { kind: 'status', status: 408, retryAfter: '0', ...AT_PATCH },
      { kind: 'status', status: 410, ...AT_PATCH },
    );
    const result = await runAction({ inputs: inputs({ retries: '3' }) });
    expect(result.code).not.toBe(0);
    expect(patches()).toHaveLength(2);
    expect(result.outputs.attempts).toBe('2');
  });
  it('dry run with a 2xx that is a list of numbers: the listing is found as a number id', async () => {
    const result = await runAction({ inputs: inputs({ 'listing-id': '1001', 'dry-run': 'true' }) });
    expect(result.code).toBe(0);
  });
  it('dry run: a listing id "1001.0" is not the numeric listing 1001', async () => {
    const result = await runAction({
      inputs: inputs({ 'listing-id': '1001.0', 'dry-run': 'true' }),
    });
    expect(result.code).not.toBe(0);
  });
  it('dry run: a listing id " 1001" with an id 1001 in the list, and an id "01001" is not it', async () => {
    const result = await runAction({
      inputs: inputs({ 'listing-id': '01001', 'dry-run': 'true' }),
    });
    expect(result.code).not.toBe(0);
  });
  it('a whitespace-only version input falls back to the tag', async () => {
    await runAction({ inputs: inputs({ version: ' \n\t ' }), trigger: tagPush('v7.0.0') });
    expect(JSON.parse(patches()[0]?.body ?? '{}').version).toBe('v7.0.0');
  });
  it('a push to a branch without version fails before any request', async () => {
    const result = await runAction({
      inputs: inputs(),
      trigger: { eventName: 'push', ref: 'refs/heads/main', payload: {} },
      githubApiUrl,
    });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
    expect(github.requests).toHaveLength(0);
  });
  it('latest release failure stops before any request', async () => {
    github.inject({ kind: 'rate-limit' });
    const result = await runAction({
      inputs: inputs(),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
  });
});

describe('round three', () => {
  it('a version holding the whole key: the generated changelog would publish it, so nothing is sent', async () => {
    const result = await runAction({ inputs: inputs({ version: `1.0.0-${KEY}` }) });
    expect(local.emulator.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(result.code).not.toBe(0);
  });
  it('a tag holding the whole key: nothing is published', async () => {
    const result = await runAction({ inputs: inputs(), trigger: tagPush(`v1-${KEY}`) });
    expect(local.emulator.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(result.code).not.toBe(0);
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a key in the base-url host (DNS failure names the host)', async () => {
    const result = await runAction({
      inputs: inputs({ 'base-url': `https://${KEY}.invalid/v1` }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(result.code).not.toBe(0);
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a key in a missing changelog-file path', async () => {
    const result = await runAction({ inputs: inputs({ 'changelog-file': `notes-${KEY}.md` }) });
    expect(result.code).not.toBe(0);
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a key as one of several listing ids', async () => {
    const result = await runAction({ inputs: inputs({ 'listing-id': `asset-1,${KEY},asset-2` }) });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a key in strip-tag-prefix', async () => {
    const result = await runAction({
      inputs: inputs({ 'strip-tag-prefix': KEY, 'dry-run': 'true' }),
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it.each([
    [
      'changelog-file path',
      { 'changelog-file': 'CH\n\n# PWNED\n\n![x](https://t.example/PWNED).md' },
    ],
    ['retries', { retries: '1\n\n# PWNED\n\n![x](https://t.example/PWNED)' }],
    ['timeout-seconds', { 'timeout-seconds': '1\n\n# PWNED' }],
    ['dry-run', { 'dry-run': 'maybe\n\n# PWNED' }],
    ['changelog-max-length', { 'changelog-max-length': '5\n\n# PWNED' }],
    ['base-url', { 'base-url': 'ftp://x\n\n# PWNED' }],
    ['listing-id dot', { 'listing-id': '..', version: '1\n\n# PWNED' }],
    ['missing section', { 'changelog-file': 'CHANGELOG.md', version: '9\n\n# PWNED' }],
  ])('an input error quoting %s keeps the summary markup', async (_n, over) => {
    const result = await runAction({
      inputs: inputs(over),
      files: { 'CHANGELOG.md': '## 1.0.0\n\nx\n' },
    });
    expect(result.code).not.toBe(0);
    expect(summaryBreakouts(result)).toEqual([]);
  });
  it.each(['TRUE', 'True'])('dry-run %s is a dry run (YAML 1.2 core booleans)', async (value) => {
    const result = await runAction({ inputs: inputs({ 'dry-run': value }) });
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET']);
    expect(result.code).toBe(0);
  });
  it('listing ids separated by CRLF', async () => {
    const result = await runAction({ inputs: inputs({ 'listing-id': 'asset-1\r\nasset-2\r\n' }) });
    expect(result.code).toBe(0);
    expect(patches().map((r) => r.path)).toEqual(['/v1/listings/asset-1', '/v1/listings/asset-2']);
  });
  it.each([
    ['next null, has_more false', { next: null, has_more: false }],
    ['next_page null', { next_page: null }],
    ['next empty string', { next: '' }],
  ])('dry run: a last page saying %s still fails a missing listing', async (_n, paging) => {
    const srv = await rawServer(() => ({
      status: 200,
      body: JSON.stringify({ listings: [{ id: 'asset-1' }], ...paging }),
    }));
    try {
      const result = await runAction({
        inputs: inputs({ 'base-url': srv.base, 'dry-run': 'true', 'listing-id': 'asset-1,nope' }),
      });
      expect(result.code).not.toBe(0);
    } finally {
      await srv.stop();
    }
  });
  it.each([
    ['rel="prev"', '<https://x.example/l?page=0>; rel="prev"'],
    ['rel="nextish"', '<https://x.example/l?page=2>; rel="nextish"'],
  ])('dry run: a Link %s is not a next page', async (_n, link) => {
    const srv = await rawServer(() => ({
      status: 200,
      headers: { link },
      body: JSON.stringify({ listings: [{ id: 'asset-1' }] }),
    }));
    try {
      const result = await runAction({
        inputs: inputs({ 'base-url': srv.base, 'dry-run': 'true', 'listing-id': 'asset-1,nope' }),
      });
      expect(result.code).not.toBe(0);
    } finally {
      await srv.stop();
    }
  });
  it('skip-unchanged whose GET fails: every listing in results, not attempted, nothing sent', async () => {
    local.emulator.inject({ kind: 'status', status: 403, path: '/listings' });
    const result = await runAction({
      inputs: inputs({ 'skip-unchanged': 'true', 'listing-id': 'asset-1,asset-2' }),
    });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET']);
    const results = JSON.parse(result.outputs.results ?? '[]') as Record<string, unknown>[];
    expect(results.map((r) => r['listing-id'])).toEqual(['asset-1', 'asset-2']);
    for (const r of results) expect(r.updated).toBe(false);
    expect(result.outputs.status).toBe('403');
  });
  it('a marketplace dripping the body is cut by timeout-seconds', async () => {
    local.emulator.inject({ kind: 'drip', status: 200, intervalMs: 200, ...AT_PATCH });
    const started = Date.now();
    const result = await runAction({ inputs: inputs({ 'timeout-seconds': '2' }) });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.code).not.toBe(0);
  }, 30_000);
});

describe('GitHub calls (SPEC 7.1)', () => {
  it('version and changelog from inputs: no GitHub call', async () => {
    const result = await runAction({
      inputs: inputs({ version: '1.0.0', changelog: 'x' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).toBe(0);
    expect(github.requests).toHaveLength(0);
  });
  it('a tag push with a changelog-file section: no GitHub call', async () => {
    const result = await runAction({
      inputs: inputs({ 'changelog-file': 'CHANGELOG.md' }),
      files: { 'CHANGELOG.md': '## v1.2.3\n\nx\n' },
      githubApiUrl,
      trigger: tagPush('v1.2.3'),
    });
    expect(result.code).toBe(0);
    expect(github.requests).toHaveLength(0);
  });
  it('a 5xx for the notes is retried once, then one warning, deploy goes on', async () => {
    github.inject({ kind: 'status', status: 502, body: '{"message":"bad gateway"}', times: 10 });
    const result = await runAction({ inputs: inputs(), githubApiUrl, trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(github.requests).toHaveLength(2);
    expect(result.errors.filter((e) => e.command === 'warning')).toHaveLength(1);
  });
  it('a 401 for the notes is not retried, one warning', async () => {
    const result = await runAction({
      inputs: inputs(),
      githubApiUrl,
      githubToken: 'ghs_wrongtoken0000000000000000000000',
      trigger: tagPush('v1.2.3'),
    });
    expect(result.code).toBe(0);
    expect(github.requests).toHaveLength(1);
    expect(result.errors.filter((e) => e.command === 'warning')).toHaveLength(1);
  });
  it('rate limit for the notes: not retried, one warning naming it', async () => {
    github.inject({ kind: 'rate-limit', times: 5 });
    const result = await runAction({ inputs: inputs(), githubApiUrl, trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(github.requests).toHaveLength(1);
    const warnings = result.errors.filter((e) => e.command === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.data).toMatch(/rate limit/i);
  });
  it('explicit version with prefix: two tags, both 404: no warning', async () => {
    const result = await runAction({
      inputs: inputs({ version: '1.2.3', 'strip-tag-prefix': 'v' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).toBe(0);
    expect(github.requests).toHaveLength(2);
    expect(result.errors).toHaveLength(0);
  });
  it('explicit version with prefix: first 404, second 500 twice: one warning, three calls', async () => {
    github.inject(
      { kind: 'status', status: 404, body: '{"message":"Not Found"}' },
      { kind: 'status', status: 500, body: '{}', times: 5 },
    );
    const result = await runAction({
      inputs: inputs({ version: '1.2.3', 'strip-tag-prefix': 'v' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).toBe(0);
    expect(github.requests).toHaveLength(3);
    expect(result.errors.filter((e) => e.command === 'warning')).toHaveLength(1);
  });
  it('no token: no GitHub call, one warning, deploy goes on', async () => {
    const result = await runAction({
      inputs: inputs({ 'github-token': '' }),
      githubApiUrl,
      trigger: tagPush('v1.2.3'),
    });
    expect(result.code).toBe(0);
    expect(github.requests).toHaveLength(0);
    expect(result.errors.filter((e) => e.command === 'warning')).toHaveLength(1);
  });
  it('latest release: 401 stops before any marketplace request and names the token', async () => {
    const result = await runAction({
      inputs: inputs(),
      githubApiUrl,
      githubToken: 'ghs_wrongtoken0000000000000000000000',
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
    expect(
      result.errors
        .filter((e) => e.command === 'error')
        .map((e) => e.data)
        .join(' '),
    ).toMatch(/version/);
  });
  it('latest release answered 200 with a body that is not JSON stops cleanly', async () => {
    github.inject({
      kind: 'status',
      status: 200,
      body: '<html>proxy login</html>',
      headers: { 'content-type': 'text/html' },
    });
    const result = await runAction({
      inputs: inputs(),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
    expect(result.stderr).toBe('');
  });
  it('latest release answered 200 with tag_name missing or empty stops cleanly', async () => {
    github.inject({
      kind: 'status',
      status: 200,
      body: JSON.stringify({ tag_name: '', body: 'x' }),
    });
    const result = await runAction({
      inputs: inputs(),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
  });
  it('latest release tag equal to the prefix alone is not stripped to empty', async () => {
    github.releases.push({ tag_name: 'v', body: 'x' });
    const result = await runAction({
      inputs: inputs({ 'strip-tag-prefix': 'v' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(JSON.parse(patches()[0]?.body ?? '{"version":"none"}').version).not.toBe('');
    expect(result.code).toBe(0);
  });
});
