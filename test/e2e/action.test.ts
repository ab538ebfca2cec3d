// The committed dist/index.js, run as the GitHub runner runs it, against the local marketplace.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedBaseUrl } from '../support/closed-port.js';
import { Emulator, KEYS } from '../support/emulator.js';
import { dispatchEvent as dispatch, releaseEvent } from '../support/github-examples.js';
import {
  everythingPrinted,
  leakedFragments,
  type RunOptions,
  type RunResult,
  runAction,
  tagPush,
  unescapeData,
} from '../support/runner.js';
import { makeCertificate } from '../support/tls.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();

const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEYS.creator,
  'base-url': local.base,
  ...over,
});

const WITHHELD = '[withheld: this text contained part of the API key]';

/** The updates sent: by default each step first reads the list of listings once (SPEC 7.8). */
const patches = () => local.emulator.requests.filter((r) => r.method === 'PATCH');

/** Faults are aimed at the update, not at the step's one `GET /listings` before it. */
const AT_PATCH = { path: '/listings/asset-1' } as const;

const EXPECTED_COMMANDS = new Set(['add-mask', 'group', 'endgroup', 'error', 'debug']);

/** What every run must satisfy: the key masked first and leaked nowhere, no stray commands. */
function checkSafety(result: RunResult, key: string, debugOn = false): void {
  const lines = result.stdout.split('\n');
  const firstOther = lines.findIndex((line) => !line.startsWith('::add-mask::'));
  const masksFirst = lines
    .slice(0, firstOther)
    .map((line) => unescapeData(line.slice('::add-mask::'.length)));
  if (key.trim() !== '') expect(masksFirst).toContain(key.trim());
  // Every mask the runner acts on comes before any other command.
  const kinds = result.commands.map((c) => c.command);
  const firstNonMask = kinds.findIndex((kind) => kind !== 'add-mask');
  if (firstNonMask >= 0) expect(kinds.slice(firstNonMask)).not.toContain('add-mask');
  expect(leakedFragments(result, key)).toEqual([]);
  for (const command of result.commands) expect(EXPECTED_COMMANDS).toContain(command.command);
  // The debug log only when the runner's debug logging is on.
  if (!debugOn) expect(kinds).not.toContain('debug');
  const masks = result.commands.filter((c) => c.command === 'add-mask').map((c) => c.data);
  for (const mask of masks) expect(mask.length).toBeGreaterThan(3);
  expect(result.errors.length).toBeLessThanOrEqual(1);
}

async function run(options: RunOptions, key?: string): Promise<RunResult> {
  const result = await runAction(options);
  checkSafety(result, key ?? options.inputs['api-key'] ?? '', options.env?.RUNNER_DEBUG === '1');
  return result;
}

function failed(result: RunResult, title: string, ...parts: string[]): void {
  expect(result.code).toBe(1);
  expect(result.errors).toHaveLength(1);
  expect(result.errors[0]?.command).toBe('error');
  expect(result.errors[0]?.properties.title).toBe(title);
  for (const part of parts) expect(result.errors[0]?.data).toContain(part);
  expect(result.outputs.updated).toBe('false');
  expect(result.summary).toContain('❌ Failed');
}

describe('triggers (SPEC 3)', () => {
  it('tag push: sends the tag and a generated changelog, and reports it', async () => {
    const result = await run({ inputs: inputs(), trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
    const sent = JSON.parse(patches()[0]?.body ?? '');
    expect(Object.keys(sent)).toEqual(['version', 'changelog']);
    expect(sent.version).toBe('v1.2.3');
    expect(sent.changelog).toBe(
      'Automated deployment of version v1.2.3 of octo-creator/shiny-asset at commit 9fceb02.\n' +
        'Workflow run: https://github.com/octo-creator/shiny-asset/actions/runs/4242',
    );
    expect(local.emulator.listings.get('asset-1')?.version).toBe('v1.2.3');
    expect(result.outputs).toMatchObject({
      version: 'v1.2.3',
      changelog: sent.changelog,
      'listing-id': 'asset-1',
      status: '200',
      attempts: '1',
      updated: 'true',
    });
    expect(JSON.parse(result.outputs.response ?? '')).toMatchObject({
      id: 'asset-1',
      version: 'v1.2.3',
    });
    expect(JSON.parse(result.outputs.results ?? '')).toEqual([
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
    ]);
    expect(result.outputs.skipped).toBe('');
    expect(result.stdout).toContain('Version "v1.2.3" from the tag "v1.2.3"');
    expect(result.stdout).toContain(`Changelog: ${sent.changelog.length} characters, generated`);
    expect(result.stdout).toMatch(
      /PATCH http:\/\/127\.0\.0\.1:\d+\/v1\/listings\/asset-1: HTTP 200 in \d+ ms \(attempt 1 of 4\)/,
    );
    for (const part of [
      '<code>asset-1</code>',
      '<code>v1.2.3</code>',
      '✅ Updated',
      '<td>200</td>',
      '<details>',
    ]) {
      expect(result.summary).toContain(part);
    }
  });

  it('published release: sends tag_name with the prefix stripped and the release notes', async () => {
    const notes = '## What changed\n\n- faster ✓\n- `::warning::` stays text\n';
    const result = await run({
      inputs: inputs({ 'strip-tag-prefix': 'v' }),
      trigger: releaseEvent('v2.0.0', notes),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '')).toEqual({
      version: '2.0.0',
      changelog: notes,
    });
    expect(result.stdout).toContain('Version "2.0.0" from the release event, tag "v2.0.0"');
    expect(result.outputs.changelog).toBe(notes.replace(/\n$/, '').concat('\n'));
  });

  it('workflow_dispatch from a tag uses the tag', async () => {
    const result = await run({ inputs: inputs(), trigger: dispatch('refs/tags/release/3.1') });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '').version).toBe('release/3.1');
  });

  it('workflow_dispatch from a branch with a version input sends it as given', async () => {
    const result = await run({
      inputs: inputs({ version: 'v9.0.0', 'strip-tag-prefix': 'v', changelog: 'Manual redeploy' }),
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '')).toEqual({
      version: 'v9.0.0',
      changelog: 'Manual redeploy',
    });
  });

  it('a branch without a version fails clearly and sends nothing', async () => {
    const result = await run({ inputs: inputs(), trigger: dispatch('refs/heads/main') });
    failed(
      result,
      'No version to deploy',
      'refs/heads/main',
      'not a tag',
      'set the `version` input',
    );
    expect(local.emulator.requests).toHaveLength(0);
    expect(result.outputs.attempts).toBe('0');
  });

  it('dry run resolves and reports everything and sends no update, only the check', async () => {
    const result = await run({ inputs: inputs({ 'dry-run': 'true' }), trigger: tagPush('v1.0.0') });
    expect(result.code).toBe(0);
    expect(local.emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/listings',
    ]);
    expect(result.stdout).toMatch(
      /Dry run: PATCH http:\/\/127\.0\.0\.1:\d+\/v1\/listings\/asset-1 was not sent\./,
    );
    expect(result.outputs).toMatchObject({
      version: 'v1.0.0',
      status: '200',
      attempts: '1',
      updated: 'false',
    });
    expect(result.summary).toContain('Dry run');
  });
});

describe('answers (SPEC 5)', () => {
  it('retries 503s and succeeds, one log line per attempt', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 503,
      retryAfter: '0',
      body: '{"error":"busy"}',
      times: 2,
      ...AT_PATCH,
    });
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(patches()).toHaveLength(3);
    expect(result.stdout.match(/^PATCH .*attempt \d of 4/gm)).toHaveLength(3);
    expect(result.stdout).toContain('HTTP 503');
    expect(result.outputs).toMatchObject({ status: '200', attempts: '3', updated: 'true' });
  });

  it.each([
    [
      '401 revoked key',
      // No GET, so that the 401 answers the update itself.
      { 'api-key': KEYS.revoked, 'if-older': 'deploy' },
      undefined,
      'API key refused',
      ['invalid or has been revoked', 'Developer Settings', 'API key has been revoked'],
    ],
    [
      '401 unknown key',
      { 'api-key': 'mk_live_unknown_key_0000000000000', 'if-older': 'deploy' },
      undefined,
      'API key refused',
      ['Invalid API key'],
    ],
    [
      '403 not the owner',
      { 'listing-id': 'their-asset' },
      undefined,
      'Key does not own the listing',
      ['"their-asset"', 'original creator'],
    ],
    [
      '404 no such listing',
      { 'listing-id': 'missing' },
      undefined,
      'Listing not found',
      ['Listing "missing" was not found at http://127.0.0.1'],
    ],
    [
      '409 same version',
      { version: '0.9.0' },
      undefined,
      'Update rejected (HTTP 409)',
      ['already published'],
    ],
    [
      '400',
      {},
      { kind: 'status', status: 400, body: '{"detail":"bad"}' },
      'Update rejected (HTTP 400)',
      ['"bad"'],
    ],
    [
      '413',
      {},
      { kind: 'status', status: 413, body: 'Payload too large', contentType: 'text/plain' },
      'Update rejected (HTTP 413)',
      ['Payload too large'],
    ],
    [
      '415',
      {},
      { kind: 'status', status: 415, body: '{"message":"Content-Type must be application/json"}' },
      'Update rejected (HTTP 415)',
      ['Content-Type must be'],
    ],
    [
      '422',
      {},
      {
        kind: 'status',
        status: 422,
        body: '{"errors":[{"field":"version","message":"version is not semver"}]}',
      },
      'Update rejected (HTTP 422)',
      ['version is not semver'],
    ],
    [
      '301',
      {},
      { kind: 'redirect', status: 301, location: 'https://new.example.com/v2/listings/asset-1' },
      'Redirect not followed',
      ['https://new.example.com/v2/listings/asset-1', 'not followed', '`base-url`'],
    ],
    [
      'HTML error page',
      { retries: '0' },
      { kind: 'html', status: 502, title: 'Bad Gateway from edge' },
      // A 5xx may come from a gateway whose service stored the update: the listing is read back.
      'Update not applied',
      ['HTTP 502 (1 attempt)', 'still shows version 0.9.0', 'Bad Gateway from edge'],
    ],
  ] as const)('%s', async (_, over, fault, title, parts) => {
    if (fault) local.emulator.inject({ ...fault, ...AT_PATCH });
    const result = await run({ inputs: inputs(over) });
    failed(result, title, ...parts);
    expect(patches()).toHaveLength(1);
    expect(result.outputs.attempts).toBe('1');
  });

  it('429 after the last attempt: status, attempts and message', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 429,
      retryAfter: '0',
      body: '{"message":"rate limit"}',
      times: 3,
      ...AT_PATCH,
    });
    const result = await run({ inputs: inputs({ retries: '2' }) });
    failed(result, 'Rate limited (HTTP 429)', 'HTTP 429 after 3 attempts', 'rate limit');
    expect(patches()).toHaveLength(3);
    expect(result.outputs).toMatchObject({ status: '429', attempts: '3' });
    expect(JSON.parse(result.outputs.response ?? '')).toEqual({ message: 'rate limit' });
  });

  it('5xx after the last attempt, waiting with backoff', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 500,
      body: 'boom',
      contentType: 'text/plain',
      times: 2,
      ...AT_PATCH,
    });
    const result = await run({ inputs: inputs({ retries: '1' }) });
    failed(result, 'Update not applied', 'HTTP 500 (2 attempts)', '"boom"');
    expect(result.stdout).toMatch(/retrying in \d\.\d s/);
  });

  it('stops when Retry-After asks for more than 60 s', async () => {
    local.emulator.inject({ kind: 'status', status: 429, retryAfter: '120', ...AT_PATCH });
    const result = await run({ inputs: inputs() });
    failed(result, 'Marketplace asked to wait (HTTP 429)', 'wait 120 s', 'more than the 60 s');
    expect(patches()).toHaveLength(1);
  });

  it('network failure after the last attempt: host, code, attempts, timeout', async () => {
    const refused = await refusedBaseUrl();
    const result = await run({
      // No GET: the failure meant is the update's (a GET that fails warns, tested elsewhere).
      inputs: inputs({
        'base-url': refused,
        retries: '1',
        'timeout-seconds': '7',
        'if-older': 'deploy',
      }),
    });
    failed(
      result,
      'Marketplace unreachable',
      `reach ${new URL(refused).host} (ECONNREFUSED) after 2 attempts`,
      'limited to 7 s',
    );
    expect(result.outputs).toMatchObject({ status: '', attempts: '2' });
  });

  it('a reset connection is retried', async () => {
    local.emulator.inject({ kind: 'reset', ...AT_PATCH });
    local.emulator.inject({ kind: 'status', status: 503, retryAfter: '0', ...AT_PATCH });
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(result.outputs.attempts).toBe('3');
  });

  it('timeout: a hanging server is cut at timeout-seconds', async () => {
    local.emulator.inject({ kind: 'hang', ...AT_PATCH });
    const result = await run({ inputs: inputs({ retries: '0', 'timeout-seconds': '1' }) });
    failed(result, 'Update not applied', 'no answer came within 1 s', '(1 attempt)', '0.9.0');
  });

  it('a drip-fed body is cut at timeout-seconds', async () => {
    local.emulator.inject({ kind: 'drip', status: 200, intervalMs: 100, ...AT_PATCH });
    const result = await run({ inputs: inputs({ retries: '0', 'timeout-seconds': '1' }) });
    failed(result, 'Update not applied', 'no answer came within 1 s');
  });

  it('a huge body is read to 1 MiB only and is not a response output', async () => {
    local.emulator.inject({ kind: 'huge', status: 200, bytes: 50 * 1024 * 1024, ...AT_PATCH });
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ status: '200', response: '', updated: 'true' });
    expect(local.emulator.hugeBytesWritten).toBeLessThan(25 * 1024 * 1024);
  });

  it('a 204 without a body is success', async () => {
    local.emulator.inject({ kind: 'status', status: 204, ...AT_PATCH });
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ status: '204', response: '', updated: 'true' });
  });
});

describe('TLS', () => {
  const cert = makeCertificate();
  let tls: Emulator;
  let tlsBase: string;
  beforeAll(async () => {
    tls = new Emulator({ tls: cert });
    tlsBase = await tls.start();
  });
  afterAll(async () => {
    await tls.stop();
  });

  it('an untrusted certificate fails at once with the NODE_EXTRA_CA_CERTS hint', async () => {
    const result = await run({ inputs: inputs({ 'base-url': tlsBase, 'if-older': 'deploy' }) });
    failed(result, 'TLS certificate rejected', new URL(tlsBase).host, 'NODE_EXTRA_CA_CERTS');
    expect(result.stdout.match(/^PATCH /gm)).toHaveLength(1);
  });

  it('NODE_EXTRA_CA_CERTS makes a private CA work', async () => {
    const result = await run({
      inputs: inputs({ 'base-url': tlsBase }),
      env: { NODE_EXTRA_CA_CERTS: cert.certFile },
    });
    expect(result.code).toBe(0);
    expect(result.outputs.updated).toBe('true');
  });
});

describe('security (SPEC 6)', () => {
  it.each([
    ['401', 401],
    ['500', 500],
    ['200', 200],
  ])('a server that echoes the key (%s) leaks none of it', async (_, status) => {
    local.emulator.inject({ kind: 'echo-key', status, times: 4, ...AT_PATCH });
    const result = await run({ inputs: inputs({ retries: '0' }) });
    expect(result.outputs.response).toBe(WITHHELD);
    expect(result.outputs.response).not.toContain('mk_live');
  });

  it('leaks nothing with RUNNER_DEBUG=1, and its debug log shows each exchange', async () => {
    local.emulator.inject({ kind: 'echo-key', status: 422, ...AT_PATCH });
    const result = await run({
      inputs: inputs(),
      env: { RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true' },
    });
    expect(result.code).toBe(1);
    const debug = result.commands.filter((c) => c.command === 'debug').map((c) => c.data);
    const url = `${local.base}/listings/asset-1`;
    expect(debug).toEqual(
      expect.arrayContaining([
        `Request: GET ${local.base}/listings`,
        `Request: PATCH ${url}`,
        '  > x-api-key: (set, not shown)',
        '  > content-type: application/json',
        expect.stringMatching(/^ {2}> body: \d+ bytes$/),
        expect.stringMatching(/^Answer: HTTP 200 in \d+ ms, \d+ bytes$/),
        expect.stringMatching(/^Answer: HTTP 422 in \d+ ms, \d+ bytes$/),
        '  < content-type: application/json',
        // The answer echoed the key: its body is withheld whole.
        `  < body: ${WITHHELD}`,
        expect.stringMatching(/^Not retried after HTTP 422 \(attempt 1 of 4\)/),
        expect.stringMatching(/^The list of listings is read first: if-older is skip/),
        expect.stringMatching(/^Listing "asset-1": listed at "[\d.]+"; sent\.$/),
        // The GitHub API's exchange too (the release notes of the tag), its token not shown.
        expect.stringMatching(
          /^Request: GET http:\/\/127\.0\.0\.1:\d+\/repos\/.+\/releases\/tags\/v1\.2\.3$/,
        ),
        '  > authorization: (set, not shown)',
        'GitHub: no release for tag "v1.2.3" (HTTP 404)',
      ]),
    );
  });

  it('prints the same without debug logging as before it existed: no debug line', async () => {
    const result = await run({ inputs: inputs() });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('::debug::');
  });

  it('refuses a changelog that contains the key, and shows it nowhere', async () => {
    const result = await run({ inputs: inputs({ changelog: `oops ${KEYS.creator} pasted` }) });
    failed(result, 'Key in changelog', 'contains the API key', 'nothing was sent');
    expect(local.emulator.requests).toHaveLength(0);
    expect(everythingPrinted(result)).not.toContain('pasted');
  });

  it('masks a key with surrounding whitespace, and sends it trimmed', async () => {
    const result = await run({ inputs: inputs({ 'api-key': ` ${KEYS.creator}\n` }) }, KEYS.creator);
    expect(result.code).toBe(0);
    expect(patches()[0]?.apiKey).toBe(KEYS.creator);
  });

  it.each([
    [
      'http to a non-loopback host',
      { 'base-url': 'http://api.example.com/v1' },
      'base-url',
      'unencrypted',
    ],
    [
      'credentials in base-url',
      { 'base-url': 'https://me:pw@api.example.com/v1' },
      'base-url',
      'credentials',
    ],
    [
      'a query in base-url',
      { 'base-url': 'https://api.example.com/v1?debug=1' },
      'base-url',
      'query',
    ],
    [
      'a key with a line break',
      { 'api-key': 'mk_live_abc\nX-Injected: 1' },
      'api-key',
      'not allowed in an HTTP header',
    ],
    [
      'a key with a control character',
      { 'api-key': 'mk_live_abc\u0007def' },
      'api-key',
      'not allowed in an HTTP header',
    ],
    ['listing-id ..', { 'listing-id': '..' }, 'listing-id', '`.` or `..`'],
    ['listing-id .', { 'listing-id': '.' }, 'listing-id', '`.` or `..`'],
    ['a bad retries', { retries: '11' }, 'retries', 'from 0 to 10'],
    ['a bad timeout', { 'timeout-seconds': '0' }, 'timeout-seconds', 'from 1 to 600'],
    ['a bad dry-run', { 'dry-run': 'yes' }, 'dry-run', '`true` or `false`'],
  ])('refuses %s before any request', async (_, over, input, part) => {
    const result = await run({ inputs: inputs(over) });
    failed(result, `Invalid input: ${input}`, part);
    expect(local.emulator.requests).toHaveLength(0);
  });

  it.each(['', '   '])(
    'an empty key (%j) is refused with the fork and secret hint',
    async (key) => {
      const result = await run({ inputs: inputs({ 'api-key': key }) }, '');
      failed(result, 'Invalid input: api-key', 'forks', 'secret');
      expect(
        result.commands.filter((c) => c.command === 'add-mask').map((c) => c.data.trim()),
      ).not.toContain('');
      expect(local.emulator.requests).toHaveLength(0);
    },
  );

  it('required inputs are checked by the action itself', async () => {
    const result = await run({ inputs: { 'api-key': KEYS.creator, 'base-url': local.base } });
    failed(result, 'Invalid input: listing-id', 'required');
  });

  it('a listing id cannot change the path', async () => {
    const result = await run({ inputs: inputs({ 'listing-id': '../admin?x=1#y' }) });
    expect(patches()[0]?.path).toBe('/v1/listings/..%2Fadmin%3Fx%3D1%23y');
    failed(result, 'Listing not found', '"../admin?x=1#y"');
  });

  it('a changelog full of workflow commands is sent as given and runs none', async () => {
    const changelog = [
      '::set-output name=updated::false',
      '::add-mask::everything',
      '  ::error title=fake::injected',
      'text ##[error]legacy',
      '::stop-commands::guess',
      '::endgroup::',
    ].join('\n');
    const result = await run({ inputs: inputs({ changelog }) });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '').changelog).toBe(changelog);
    expect(result.errors).toEqual([]);
    expect(result.stdout).toContain('::set-output name=updated::false');
    expect(result.outputs.updated).toBe('true');
  });

  it('server text with workflow commands runs none', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 400,
      contentType: 'text/plain',
      body: 'bad\n::add-mask::x\n::warning::injected\n##[error]legacy',
      ...AT_PATCH,
    });
    const result = await run({ inputs: inputs() });
    failed(result, 'Update rejected (HTTP 400)');
  });

  it('a key with quotes, markup, pipes and percent signs leaks in no encoding', async () => {
    const key = `mk_"odd'<key>|%2F+/&=_0123456789abcdef`;
    local.emulator.inject({ kind: 'echo-key', status: 401 });
    const result = await run({ inputs: inputs({ 'api-key': key, changelog: 'notes' }) });
    failed(result, 'API key refused', WITHHELD);
    // The 401 answers the step's first request, the GET, and stops it there.
    expect(local.emulator.requests[0]?.apiKey).toBe(key);
    expect(result.outputs.response).toBe(WITHHELD);
  });

  it('starts no process', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'lad-proc-')), 'spawned');
    const hook = `data:text/javascript,${encodeURIComponent(
      `import cp from 'node:child_process'; import { appendFileSync } from 'node:fs';
       for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
         cp[name] = (...args) => { appendFileSync(${JSON.stringify(marker)}, name + '\\n'); throw new Error('no process'); };
       }`,
    )}`;
    local.emulator.inject({ kind: 'status', status: 503, retryAfter: '0', ...AT_PATCH });
    const result = await run({ inputs: inputs(), env: { NODE_OPTIONS: `--import=${hook}` } });
    expect(result.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    // Control: the hook does catch a process started the way the bundle would load child_process.
    const control = `require('node:module').createRequire(process.cwd() + '/')('child_process').spawnSync('true')`;
    spawnSync(process.execPath, [`--import=${hook}`, '-e', control], { stdio: 'ignore' });
    expect(readFileSync(marker, 'utf8')).toBe('spawnSync\n');
  });

  it('a version input with workflow commands runs none', async () => {
    const result = await run({ inputs: inputs({ version: '1.0 ##[error]x\n::warning::y' }) });
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
  });
});

describe("the summary's headline", () => {
  /** The listing shows this version on the marketplace. */
  const shows = (id: string, version: string) => {
    const listing = local.emulator.listings.get(id);
    if (listing === undefined) throw new Error(`no listing ${id}`);
    listing.version = version;
  };

  /** The Result row of the facts table. */
  const headline = (result: RunResult) =>
    /<th align="left">Result<\/th><td>([^<]*)<\/td>/.exec(result.summary)?.[1];

  it.each<[string, string[], string]>([
    ['both listings updated', [], '✅ Updated 2'],
    ['one updated, one already newer', ['asset-1'], '✅ Updated 1, skipped 1'],
    ['both already newer', ['asset-1', 'asset-2'], '⏭️ Skipped 2'],
  ])('%s: counts only what happened', async (_, newer, expected) => {
    for (const id of newer) shows(id, '2.0.0');
    const result = await runAction({ inputs: inputs({ 'listing-id': 'asset-1,asset-2' }) });
    expect(result.code).toBe(0);
    expect(headline(result)).toBe(expected);
    expect(result.summary).not.toMatch(/Updated 0|skipped 0/i);
    expect(leakedFragments(result, KEYS.creator)).toEqual([]);
  });
});
