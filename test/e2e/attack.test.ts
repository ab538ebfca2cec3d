// Attacks on the committed bundle: workflow commands smuggled through every text the step prints,
// untrusted text breaking out of the job summary, key and token leaks through less obvious routes,
// and rule breaks. Every run is checked for a leak of the key it was given.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYS } from '../support/emulator.js';
import { FAKE_TOKEN, GitHubApi } from '../support/github-api.js';
import { dispatchEvent as dispatch, releaseEvent } from '../support/github-examples.js';
import {
  everythingPrinted,
  leakedFragments,
  type RunResult,
  runAction as runBundle,
  type Trigger,
  tagPush,
} from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();

/** Runs the bundle, and fails the test when any part of the key it was given was printed. */
async function runAction(options: Parameters<typeof runBundle>[0]): Promise<RunResult> {
  const result = await runBundle(options);
  const key = options.inputs?.['api-key']?.trim() ?? '';
  if (key !== '') expect(leakedFragments(result, key)).toEqual([]);
  return result;
}
let github: GitHubApi;
let githubApiUrl: string;
beforeEach(async () => {
  github = new GitHubApi();
  githubApiUrl = await github.start();
});
afterEach(() => github.stop());

const KEY = KEYS.creator;
/** Faults are aimed at the update, not at the step's one `GET /listings` before it (SPEC 7.8). */
const AT_PATCH = { path: '/listings/asset-1' } as const;
const patches = () => local.emulator.requests.filter((r) => r.method === 'PATCH');
const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEY,
  'base-url': local.base,
  retries: '0',
  ...over,
});

const MARK = 'PWNED';
/** Command payloads the runner would act on, in every line-break and trim variant. */
const PAYLOADS: [string, string][] = [
  ['LF', `a\n::warning::${MARK}lf`],
  ['CR', `a\r::warning::${MARK}cr`],
  ['CRLF', `a\r\n::warning::${MARK}crlf`],
  ['NEL lead', `\u0085::warning::${MARK}nel`],
  ['NBSP lead after LF', `a\n\u00a0\u3000::WARNING::${MARK}ws`],
  ['legacy', `x ##[warning]${MARK}legacy`],
  ['legacy upper after CR', `x\r##[WARNING]${MARK}legacy2`],
  ['add-mask', `a\n::add-mask::${MARK}mask`],
  ['stop-commands', `a\n::stop-commands::${MARK}stop`],
];

/**
 * Commands the runner would act on that the step did not write: a command whose data starts with
 * the marker (the step's own annotations quote the text after their own words), or a
 * `::stop-commands::` outside any block, which would swallow the step's own annotations.
 */
function injected(result: RunResult): string[] {
  const found = result.commands
    .filter((c) => c.data.startsWith(MARK) || c.command.includes(MARK.toLowerCase()))
    .map((c) => `${c.command}: ${c.data}`);
  for (const stream of [result.stdout, result.stderr]) {
    let stop: string | undefined;
    for (const raw of stream.split(/\r\n|\r|\n/)) {
      const line = raw.replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');
      const m = /^::([^\s:]+)[^:]*::(.*)$/.exec(line);
      if (m === null) continue;
      const name = (m[1] ?? '').toLowerCase();
      if (stop !== undefined) {
        if (name === stop) stop = undefined;
        continue;
      }
      if (name === 'stop-commands') {
        stop = (m[2] ?? '').toLowerCase();
        if (stop.includes(MARK.toLowerCase())) found.push(`stop-commands: ${m[2]}`);
      }
    }
  }
  return found;
}

/** The summary must keep every untrusted text inside its markup. */
function summaryBreakouts(result: RunResult): string[] {
  const s = result.summary;
  const found: string[] = [];
  if (/<img|<script|<a |<\/pre>[^<]*<\/details>[^\n]*<\/pre>/i.test(s)) found.push('raw html');
  const opens = s.split('<details>').length - 1;
  const closes = s.split('</details>').length - 1;
  if (opens !== closes) found.push(`details ${opens}/${closes}`);
  // A blank line ends a CommonMark HTML block: what follows renders as Markdown.
  if (/(\r\n|\r|\n)[ \t]*(\r\n|\r|\n)[\s\S]*PWNED/.test(s))
    found.push('markdown after a blank line');
  return found;
}

describe('workflow commands in the changelog (SPEC 5, 6.7)', () => {
  it.each(PAYLOADS)('changelog input, %s, on success', async (_n, payload) => {
    const result = await runAction({ inputs: inputs({ changelog: `notes ${payload} end` }) });
    expect(result.code).toBe(0);
    expect(injected(result)).toEqual([]);
  });
  it.each(PAYLOADS)('changelog input, %s, on a dry run', async (_n, payload) => {
    const result = await runAction({ inputs: inputs({ changelog: payload, 'dry-run': 'true' }) });
    expect(injected(result)).toEqual([]);
  });
  it.each(PAYLOADS)('changelog-file section, %s', async (_n, payload) => {
    const result = await runAction({
      inputs: inputs({ 'changelog-file': 'CHANGELOG.md' }),
      files: { 'CHANGELOG.md': `# Changelog\n\n## 1.2.3\n\n${payload}\n\n## 1.2.2\n\nold\n` },
      trigger: tagPush('1.2.3'),
    });
    expect(injected(result)).toEqual([]);
  });
  it.each(PAYLOADS)('release body of the event, %s', async (_n, payload) => {
    const result = await runAction({ inputs: inputs(), trigger: releaseEvent('v1.2.3', payload) });
    expect(injected(result)).toEqual([]);
  });
  it.each(PAYLOADS)('release notes from the GitHub API, %s', async (_n, payload) => {
    github.releases.push({ tag_name: 'v1.2.3', body: payload });
    const result = await runAction({ inputs: inputs(), githubApiUrl, trigger: tagPush('v1.2.3') });
    expect(github.requests.length).toBeGreaterThan(0);
    expect(injected(result)).toEqual([]);
  });
  it.each(PAYLOADS)(
    'a 422 rejecting a changelog holding %s (the step prints what it sent)',
    async (_n, payload) => {
      local.emulator.inject({
        ...AT_PATCH,
        kind: 'status',
        status: 422,
        body: JSON.stringify({ message: 'no' }),
      });
      const result = await runAction({ inputs: inputs({ changelog: payload }) });
      expect(result.code).not.toBe(0);
      expect(injected(result)).toEqual([]);
    },
  );
});

describe('workflow commands in versions, tags and listing ids (SPEC 6.7)', () => {
  it.each(PAYLOADS)('version input, %s', async (_n, payload) => {
    const result = await runAction({
      inputs: inputs({ version: `1.0.0 ${payload} x`, 'dry-run': 'true' }),
    });
    expect(injected(result)).toEqual([]);
  });
  it.each(PAYLOADS)('tag of the latest release (GitHub API), %s', async (_n, payload) => {
    github.releases.push({ tag_name: `v9 ${payload}`, body: 'notes' });
    const result = await runAction({
      inputs: inputs({ 'dry-run': 'true' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(github.requests.length).toBeGreaterThan(0);
    expect(injected(result)).toEqual([]);
  });
  it.each(PAYLOADS)('tag name in the release event payload, %s', async (_n, payload) => {
    const result = await runAction({
      inputs: inputs({ 'dry-run': 'true' }),
      trigger: releaseEvent(`v1 ${payload}`, 'notes'),
    });
    expect(injected(result)).toEqual([]);
  });
  it.each(PAYLOADS)('tag ref, %s', async (_n, payload) => {
    const result = await runAction({
      inputs: inputs({ 'dry-run': 'true' }),
      trigger: tagPush(`v1${payload}`),
    });
    expect(injected(result)).toEqual([]);
  });
  it.each([
    ['a listing id line', `asset-1\n::warning::${MARK}id`],
    ['a listing id with legacy', `asset-1,x##[warning]${MARK}id`],
    ['a listing id with NEL', `asset-1,\u0085::warning::${MARK}id`],
    ['a listing id with CR', `asset-1\r::warning::${MARK}idcr`],
  ])('%s (404 for it)', async (_n, ids) => {
    const result = await runAction({ inputs: inputs({ 'listing-id': ids }) });
    expect(injected(result)).toEqual([]);
  });
  it('a repeated listing id holding a command', async () => {
    const id = `x ##[warning]${MARK}rep`;
    const result = await runAction({ inputs: inputs({ 'listing-id': `${id},${id}` }) });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
    expect(injected(result)).toEqual([]);
  });
});

describe('workflow commands in server text (SPEC 6.7)', () => {
  const bodies: [string, { body: string; contentType?: string }][] = [
    [
      'json error.message',
      { body: JSON.stringify({ error: { message: `bad\n::warning::${MARK}1` } }) },
    ],
    ['json legacy', { body: JSON.stringify({ message: `bad ##[warning]${MARK}2` }) }],
    ['json NEL', { body: JSON.stringify({ detail: `\u0085::warning::${MARK}3` }) }],
    ['json errors[]', { body: JSON.stringify({ errors: [{ message: `::warning::${MARK}4` }] }) }],
    ['text', { body: `::warning::${MARK}5\r::error::${MARK}5b`, contentType: 'text/plain' }],
    [
      'html title',
      {
        body: `<html><head><title>&#10;::warning::${MARK}6 &#35;&#35;[warning]${MARK}6b</title></head></html>`,
        contentType: 'text/html',
      },
    ],
  ];
  it.each(bodies)('a 422 with %s', async (_n, fault) => {
    local.emulator.inject({ kind: 'status', status: 422, ...fault, ...AT_PATCH });
    const result = await runAction({ inputs: inputs() });
    expect(result.code).not.toBe(0);
    expect(injected(result)).toEqual([]);
    expect(summaryBreakouts(result)).toEqual([]);
  });
  it.each(bodies)('a 200 response with %s (response output, log)', async (_n, fault) => {
    local.emulator.inject({ kind: 'status', status: 200, ...fault });
    const result = await runAction({ inputs: inputs() });
    expect(injected(result)).toEqual([]);
  });
  it.each(bodies)('a 503 with %s after retries', async (_n, fault) => {
    local.emulator.inject({ kind: 'status', status: 503, retryAfter: '0', times: 2, ...fault });
    const result = await runAction({ inputs: inputs({ retries: '1' }) });
    expect(injected(result)).toEqual([]);
  });
  it.each(bodies)('a dry run GET answered 403 with %s', async (_n, fault) => {
    local.emulator.inject({ kind: 'status', status: 403, ...fault });
    const result = await runAction({ inputs: inputs({ 'dry-run': 'true' }) });
    expect(injected(result)).toEqual([]);
  });
  it('a redirect whose Location holds commands', async () => {
    local.emulator.inject({
      kind: 'redirect',
      status: 302,
      location: `https://x.example/a%0A::warning::${MARK}%0D##[warning]${MARK}`,
    });
    const result = await runAction({ inputs: inputs() });
    expect(injected(result)).toEqual([]);
  });
  it('GET /listings entries holding commands, dry run with a missing id', async () => {
    local.emulator.listings.set(`x\n::warning::${MARK}listid`, {
      owner: 'creator',
      version: `1\n::warning::${MARK}v`,
      changelog: `##[warning]${MARK}c`,
    });
    local.emulator.listings.set(`##[warning]${MARK}listid2`, {
      owner: 'creator',
      version: `\u0085::warning::${MARK}v2`,
      changelog: '',
    });
    const result = await runAction({
      inputs: inputs({ 'dry-run': 'true', 'listing-id': 'asset-1,nope' }),
    });
    expect(injected(result)).toEqual([]);
    expect(summaryBreakouts(result)).toEqual([]);
  });
  it('GET /listings entries holding commands, skip-unchanged', async () => {
    local.emulator.listings.set('asset-1', {
      owner: 'creator',
      version: `1.2.3\n::warning::${MARK}v`,
      changelog: `##[warning]${MARK}c`,
    });
    local.emulator.listings.set('asset-2', {
      owner: 'creator',
      version: '1.2.3',
      changelog: `x\n::warning::${MARK}c2`,
    });
    const result = await runAction({
      inputs: inputs({ 'skip-unchanged': 'true', 'listing-id': 'asset-1,asset-2,nope' }),
    });
    expect(injected(result)).toEqual([]);
    expect(summaryBreakouts(result)).toEqual([]);
  });
  it.each([
    [
      '500 text',
      {
        kind: 'status' as const,
        status: 500,
        body: `::warning::${MARK}gh1\n##[warning]${MARK}gh2`,
      },
    ],
    [
      '401 json',
      {
        kind: 'status' as const,
        status: 401,
        body: JSON.stringify({ message: `\n::warning::${MARK}gh3 ##[warning]${MARK}gh4` }),
      },
    ],
    [
      '403 json',
      {
        kind: 'status' as const,
        status: 403,
        body: JSON.stringify({ message: `\r\u0085::warning::${MARK}gh5` }),
      },
    ],
  ])('a GitHub error body with %s, latest release and notes lookups', async (_n, fault) => {
    github.inject({ ...fault, times: 4 });
    const a = await runAction({
      inputs: inputs({ 'dry-run': 'true' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(injected(a)).toEqual([]);
    github.inject({ ...fault, times: 4 });
    const b = await runAction({ inputs: inputs(), githubApiUrl, trigger: tagPush('v1.2.3') });
    expect(injected(b)).toEqual([]);
    expect(summaryBreakouts(b)).toEqual([]);
  });
});

describe('the job summary keeps untrusted text in its markup (SPEC 5)', () => {
  const html = [
    ['close tags', `</pre></details><img src=x onerror=${MARK}>`],
    ['blank lines', `a\n\n# ${MARK}\n\n![x](https://t.example/${MARK})`],
    ['CR blank lines', `a\r\r# ${MARK}\r\r`],
    ['pipes', `| a | b |\n|---|---|\n| ${MARK} | x |`],
    ['CR only blank lines', `a\r \r# ${MARK}\r\t\r![x](https://t.example/${MARK})`],
  ];
  it.each(html)('changelog with %s', async (_n, text) => {
    const result = await runAction({ inputs: inputs({ changelog: text }) });
    expect(summaryBreakouts(result)).toEqual([]);
  });
  it.each(html)('version with %s', async (_n, text) => {
    const result = await runAction({ inputs: inputs({ version: `1 ${text}`, 'dry-run': 'true' }) });
    expect(summaryBreakouts(result)).toEqual([]);
  });
  it.each(html)('listing ids with %s', async (_n, text) => {
    const result = await runAction({
      inputs: inputs({ 'listing-id': `asset-1,${text.replaceAll(',', ' ')}` }),
    });
    expect(summaryBreakouts(result)).toEqual([]);
  });
  it.each(html)('server message with %s', async (_n, text) => {
    local.emulator.inject({ kind: 'status', status: 422, body: JSON.stringify({ message: text }) });
    const result = await runAction({ inputs: inputs() });
    expect(summaryBreakouts(result)).toEqual([]);
  });
  it.each(html)('GitHub warning with %s', async (_n, text) => {
    github.inject({
      kind: 'status',
      status: 500,
      body: JSON.stringify({ message: text }),
      times: 4,
    });
    const result = await runAction({ inputs: inputs(), githubApiUrl, trigger: tagPush('v1.2.3') });
    expect(summaryBreakouts(result)).toEqual([]);
  });
  it.each(html)('latest release tag with %s', async (_n, text) => {
    github.releases.push({ tag_name: `v1 ${text}`, body: 'n' });
    const result = await runAction({
      inputs: inputs({ 'dry-run': 'true' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(summaryBreakouts(result)).toEqual([]);
  });
});

/** A one-route server answering every request with the given status, headers and body. */
async function rawServer(
  answer: (req: http.IncomingMessage) => {
    status: number;
    headers?: Record<string, string>;
    body?: string;
  },
) {
  const seen: { method: string; url: string }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    const a = answer(req);
    res
      .writeHead(a.status, { 'content-type': 'application/json', ...(a.headers ?? {}) })
      .end(a.body ?? '');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/v1`,
    seen,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('key leaks through routes not tried before (SPEC 6.2)', () => {
  it('echo-key on the second of three listings', async () => {
    local.emulator.inject({ kind: 'echo-key', status: 400, path: '/listings/asset-2' });
    const result = await runAction({ inputs: inputs({ 'listing-id': 'asset-1,asset-2,1001' }) });
    expect(result.code).not.toBe(0);
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('echo-key with RUNNER_DEBUG=1, on a 503 retried, then a 200 echo', async () => {
    local.emulator.inject({ kind: 'echo-key', status: 503 }, { kind: 'echo-key', status: 200 });
    const result = await runAction({
      inputs: inputs({ retries: '1' }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('echo-key on the dry run GET', async () => {
    local.emulator.inject({ kind: 'echo-key', status: 200 });
    const result = await runAction({
      inputs: inputs({ 'dry-run': 'true' }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a Link header holding the key on the dry run list with a missing id', async () => {
    const srv = await rawServer(() => ({
      status: 200,
      headers: { link: `<https://x.example/listings?k=${KEY}>; rel="next"` },
      body: JSON.stringify({ listings: [{ id: 'asset-1' }] }),
    }));
    try {
      const result = await runAction({
        inputs: inputs({ 'base-url': srv.base, 'dry-run': 'true', 'listing-id': 'asset-1,nope' }),
        env: { RUNNER_DEBUG: '1' },
      });
      expect(leakedFragments(result, KEY)).toEqual([]);
    } finally {
      await srv.stop();
    }
  });
  it('GET /listings ids, versions and changelogs holding the key: dry run', async () => {
    local.emulator.listings.set(`id-${KEY}`, {
      owner: 'creator',
      version: `v-${KEY}`,
      changelog: KEY,
    });
    const result = await runAction({
      inputs: inputs({ 'dry-run': 'true', 'listing-id': 'asset-1,nope' }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('GET /listings version holding the key: skip-unchanged (previous-version in results)', async () => {
    local.emulator.listings.set('asset-1', {
      owner: 'creator',
      version: `0.${KEY.slice(3, 14)}`,
      changelog: 'x',
    });
    const result = await runAction({
      inputs: inputs({ 'skip-unchanged': 'true', 'listing-id': 'asset-1' }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('GET /listings version base64 of the key: skip-unchanged', async () => {
    const b64 = Buffer.from(`zz${KEY}`).toString('base64');
    local.emulator.listings.set('asset-1', { owner: 'creator', version: b64, changelog: 'x' });
    const result = await runAction({ inputs: inputs({ 'skip-unchanged': 'true' }) });
    expect(everythingPrinted(result)).not.toContain(b64.slice(4, 30));
  });
  it('GET /listings: the key itself as a listing version that matches: skip-unchanged', async () => {
    local.emulator.listings.set('asset-1', {
      owner: 'creator',
      version: '1.2.3',
      changelog: `c ${KEY}`,
    });
    const result = await runAction({ inputs: inputs({ 'skip-unchanged': 'true' }) });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a release body from the GitHub API holding the key is refused before any request', async () => {
    github.releases.push({ tag_name: 'v1.2.3', body: `notes ${KEY}` });
    const result = await runAction({ inputs: inputs(), githubApiUrl, trigger: tagPush('v1.2.3') });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a latest release tag holding the key', async () => {
    github.releases.push({ tag_name: `v1-${KEY}`, body: 'n' });
    const result = await runAction({
      inputs: inputs({ 'dry-run': 'true' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a release event body holding the key base64-wrapped at an odd offset is refused', async () => {
    const b64 = Buffer.from(`abc${KEY}`).toString('base64');
    const wrapped = b64.replace(/(.{7})/g, '$1\n');
    const result = await runAction({
      inputs: inputs(),
      trigger: releaseEvent('v1.2.3', `notes\n${wrapped}\nend`),
    });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
  });
  it.each([
    [
      'JSON \\u escapes',
      [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    ],
    [
      'mixed-case percent',
      [...KEY]
        .map((c, i) =>
          i % 2
            ? `%${c.charCodeAt(0).toString(16).toUpperCase()}`
            : `%${c.charCodeAt(0).toString(16)}`,
        )
        .join(''),
    ],
    [
      'hex entities',
      [...KEY].map((c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`).join(''),
    ],
    ['uppercase hex', Buffer.from(KEY).toString('hex').toUpperCase()],
    [
      'base64 CRLF-wrapped',
      Buffer.from(`ab${KEY}`)
        .toString('base64')
        .replace(/(.{5})/g, '$1\r\n'),
    ],
    [
      'base64url space-wrapped',
      Buffer.from(`a${KEY}`)
        .toString('base64url')
        .replace(/(.{9})/g, '$1 '),
    ],
  ])(
    'a changelog-file section holding the key as %s is refused before any request',
    async (_n, form) => {
      const result = await runAction({
        inputs: inputs({ 'changelog-file': 'CHANGELOG.md' }),
        files: { 'CHANGELOG.md': `## 1.2.3\n\nnotes ${form} end\n` },
        trigger: tagPush('1.2.3'),
      });
      expect(result.code).not.toBe(0);
      expect(local.emulator.requests).toHaveLength(0);
      expect(leakedFragments(result, KEY)).toEqual([]);
    },
  );
  it('a server body holding the key base64-wrapped at an odd offset', async () => {
    const b64 = Buffer.from(`q${KEY}`)
      .toString('base64')
      .replace(/(.{11})/g, '$1\n');
    local.emulator.inject({ kind: 'status', status: 400, body: b64, contentType: 'text/plain' });
    const result = await runAction({ inputs: inputs() });
    const printed = everythingPrinted(result);
    for (const line of b64.split('\n')) if (line.length >= 8) expect(printed).not.toContain(line);
  });
  it('a 200 body holding the key as JSON \\u escapes (response output)', async () => {
    const esc = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    local.emulator.inject({ kind: 'status', status: 200, body: `{"k":"${esc}"}` });
    const result = await runAction({ inputs: inputs() });
    expect(everythingPrinted(result)).not.toContain(esc.slice(0, 48));
  });
  it('the GitHub token in a GitHub error body', async () => {
    github.inject({
      kind: 'status',
      status: 500,
      body: JSON.stringify({ message: `token ${FAKE_TOKEN} refused` }),
      times: 4,
    });
    const result = await runAction({
      inputs: inputs(),
      githubApiUrl,
      trigger: tagPush('v1.2.3'),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, FAKE_TOKEN)).toEqual([]);
  });
  it('the GitHub token in the latest release tag and body (dry run)', async () => {
    github.releases.push({ tag_name: `v1-${FAKE_TOKEN}`, body: `b ${FAKE_TOKEN}` });
    const result = await runAction({
      inputs: inputs({ 'dry-run': 'true' }),
      githubApiUrl,
      trigger: dispatch('refs/heads/main'),
    });
    expect(leakedFragments(result, FAKE_TOKEN)).toEqual([]);
  });
  it('the API key in a GitHub error body', async () => {
    github.inject({
      kind: 'status',
      status: 500,
      body: JSON.stringify({ message: `k ${KEY}` }),
      times: 4,
    });
    const result = await runAction({ inputs: inputs(), githubApiUrl, trigger: tagPush('v1.2.3') });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
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
  it('a 2xx that is not JSON on skip-unchanged list is not a failure and PATCHes with a notice', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      body: '<html>ok</html>',
      contentType: 'text/html',
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

describe('more routes for the key and for commands', () => {
  it('a changelog holding 12 characters of the key: published, but never in the log, outputs or summary', async () => {
    const result = await runAction({
      inputs: inputs({ changelog: `see ${KEY.slice(5, 17)} there` }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a version holding 9 characters of the key, with RUNNER_DEBUG', async () => {
    const result = await runAction({
      inputs: inputs({ version: `1.${KEY.slice(10, 19)}` }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('the key mask is the first line printed, also with RUNNER_DEBUG and a bad input', async () => {
    const result = await runAction({
      inputs: inputs({ retries: 'x' }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(result.stdout.split('\n')[0]).toBe(`::add-mask::${KEY}`);
    expect(result.stderr).toBe('');
  });
  it('proxy credentials are never printed (unreachable proxy)', async () => {
    const result = await runAction({
      inputs: inputs({ 'base-url': 'https://api.marketplace.invalid/v1' }),
      env: { HTTPS_PROXY: 'http://proxyuser:Pr0xyS3cretPass@127.0.0.1:9', RUNNER_DEBUG: '1' },
    });
    expect(result.code).not.toBe(0);
    expect(everythingPrinted(result)).not.toContain('Pr0xyS3cretPass');
    expect(everythingPrinted(result)).not.toContain('proxyuser:');
  });
  it.each([
    'http://proxyuser:Pr0xyS3cretPass@[bad',
    'proxyuser:Pr0xyS3cretPass@host:notaport',
    'http://proxyuser:Pr0xyS3cretPass@host:99999',
  ])('proxy credentials are never printed (unparseable proxy %s)', async (proxy) => {
    const result = await runAction({
      inputs: inputs({ 'base-url': 'https://api.marketplace.invalid/v1' }),
      env: { https_proxy: proxy },
    });
    expect(result.code).not.toBe(0);
    expect(everythingPrinted(result)).not.toContain('Pr0xyS3cretPass');
    expect(result.errors.map((e) => e.data).join(' ')).toMatch(/https_proxy/i);
  });
  it('an event payload whose release body is not a string does not crash with a stack trace', async () => {
    const trigger: Trigger = {
      eventName: 'release',
      ref: 'refs/tags/v1.2.3',
      payload: { release: { tag_name: 'v1.2.3', body: { x: `::warning::${MARK}` } } },
    };
    const result = await runAction({ inputs: inputs(), trigger });
    expect(injected(result)).toEqual([]);
    expect(result.stderr).toBe('');
  });
  it('an event payload whose tag_name is an array holding a command', async () => {
    const trigger: Trigger = {
      eventName: 'release',
      ref: 'refs/tags/v1.2.3',
      payload: { release: { tag_name: [`x\n::warning::${MARK}`], body: '' } },
    };
    const result = await runAction({ inputs: inputs({ 'dry-run': 'true' }), trigger });
    expect(injected(result)).toEqual([]);
    expect(result.stderr).toBe('');
  });
  it('a 200 whose body is 64 KiB of padding then the key: the response output is not cut inside the check', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(64 * 1024 - 20), k: KEY });
    local.emulator.inject({ kind: 'status', status: 200, body });
    const result = await runAction({ inputs: inputs() });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a 422 whose message is 490 characters then the key: not cut before the check', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 422,
      body: JSON.stringify({ message: `${'y'.repeat(490)}${KEY}` }),
    });
    const result = await runAction({ inputs: inputs() });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a 422 body beyond 1 MiB whose key sits past the cap', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 422,
      body: `${'z'.repeat(1024 * 1024 - 10)}${KEY}`,
      contentType: 'text/plain',
    });
    const result = await runAction({ inputs: inputs() });
    expect(leakedFragments(result, KEY)).toEqual([]);
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

describe('the key echoed in layered or less common encodings (SPEC 6.2)', () => {
  // Every 8 characters of these keys hold a character that JSON, HTML or base64 encode differently.
  const SLASHY = 'mk_live_a?~b>?c~>d?~e>?f~>g?~h>?';
  const ANGLED = 'ak>b?c>d~e>f?g>h~i>j?k>l~m>n?o>p';
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const forms: [string, string, string][] = [
    [
      'base64 with JSON-escaped slashes (PHP)',
      SLASHY,
      `{"received":"${b64(SLASHY).replaceAll('/', '\\/')}"}`,
    ],
    [
      'base64 of Basic user:key with JSON-escaped slashes',
      SLASHY,
      `{"auth":"Basic ${b64(`user:${SLASHY}`).replaceAll('/', '\\/')}"}`,
    ],
    [
      'percent-encoded base64 in a URL',
      SLASHY,
      `see https://x.example/?t=${encodeURIComponent(b64(SLASHY))}`,
    ],
    ['base64 of the percent-encoded key', SLASHY, `t=${b64(encodeURIComponent(SLASHY))}`],
    [
      'Go-style JSON escapes of > (\\u003e)',
      ANGLED,
      `{"message":"key ${ANGLED.replaceAll('>', '\\u003e')}"}`,
    ],
    [
      'named HTML entities &gt;',
      ANGLED,
      `<html><head><title>key ${ANGLED.replaceAll('>', '&gt;')}</title></head></html>`,
    ],
    [
      'named HTML entities in a JSON message',
      ANGLED,
      `{"message":"key ${ANGLED.replaceAll('>', '&gt;').replaceAll('?', '&quest;')}"}`,
    ],
    [
      'JSON \\u escapes of & inside an HTML entity',
      ANGLED,
      `{"message":"key ${ANGLED.replaceAll('>', '\\u0026gt;')}"}`,
    ],
    [
      'uppercase JSON \\u escapes',
      ANGLED,
      `{"message":"${[...ANGLED].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`).join('')}"}`,
    ],
    [
      'HTML hex entities without semicolons',
      ANGLED,
      `<title>${[...ANGLED].map((c) => `&#x${c.charCodeAt(0).toString(16)}`).join('')}</title>`,
    ],
    [
      'HTML decimal entities with leading zeros',
      ANGLED,
      `<title>${[...ANGLED].map((c) => `&#000${c.charCodeAt(0)};`).join('')}</title>`,
    ],
    [
      'hex with colons',
      ANGLED,
      `fp ${Buffer.from(ANGLED)
        .toString('hex')
        .replace(/(..)(?!$)/g, '$1:')}`,
    ],
    [
      'base64 wrapped at 76 then odd offset',
      ANGLED,
      `x\n${b64(`xyz${ANGLED}`).replace(/(.{5})/g, '$1\r\n')}`,
    ],
  ];
  it.each(forms)('a 422 echoing the key as %s', async (_n, key, body) => {
    local.emulator.inject({
      kind: 'status',
      status: 422,
      body,
      contentType: body.startsWith('<')
        ? 'text/html'
        : body.startsWith('{')
          ? 'application/json'
          : 'text/plain',
    });
    const result = await runAction({ inputs: inputs({ 'api-key': key }) });
    expect(result.code).not.toBe(0);
    const printed = everythingPrinted(result);
    expect(leakedFragments(result, key)).toEqual([]);
    // The echoed text itself, or any long piece of it, must not appear.
    const middle = body.slice(Math.floor(body.length / 3), Math.floor(body.length / 3) + 16);
    expect(printed).not.toContain(middle);
  });
  it.each(forms)('a 200 echoing the key as %s (response output)', async (_n, key, body) => {
    local.emulator.inject({ kind: 'status', status: 200, body, contentType: 'application/json' });
    const result = await runAction({ inputs: inputs({ 'api-key': key }) });
    const middle = body.slice(Math.floor(body.length / 3), Math.floor(body.length / 3) + 16);
    expect(everythingPrinted(result)).not.toContain(middle);
  });
  it.each([
    ['named entities', ANGLED.replaceAll('>', '&gt;')],
    ['Go-style JSON escapes', ANGLED.replaceAll('>', '\\u003e')],
    ['base64 with JSON-escaped slashes', b64(SLASHY).replaceAll('/', '\\/')],
    ['percent-encoded base64', encodeURIComponent(b64(SLASHY))],
  ])(
    'a changelog holding the whole key as %s is refused before any request',
    async (name, form) => {
      const key = name.includes('base64') ? SLASHY : ANGLED;
      const result = await runAction({
        inputs: inputs({ 'api-key': key, changelog: `notes ${form} end` }),
      });
      expect(result.code).not.toBe(0);
      expect(local.emulator.requests).toHaveLength(0);
    },
  );
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
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(result.code).not.toBe(0);
  }, 30_000);
});

describe('keys with characters that encoders treat specially (SPEC 6.2)', () => {
  const keys: [string, string][] = [
    ['slashes', 'ab/cd/ef/gh/ij/kl/mn/op/qr/st/uv'],
    ['backslashes', 'ab\\cd\\ef\\gh\\ij\\kl\\mn\\op\\qr\\st'],
    ['quotes', 'ab"cd"ef"gh"ij"kl"mn"op"qr"st"uv'],
    ['percent signs', 'ab%41cd%42ef%43gh%44ij%45kl%46mn'],
    ['plus signs', 'ab+cd+ef+gh+ij+kl+mn+op+qr+st+uv'],
    ['ampersands', 'ab&ltcd&gtef&ampgh&ij&kl&mn&op&q'],
  ];
  const echoes: [string, (k: string) => string, string][] = [
    [
      'JSON.stringify',
      (k) => JSON.stringify({ error: { message: `bad key ${k}` } }),
      'application/json',
    ],
    [
      'JSON with escaped slashes',
      (k) => JSON.stringify({ message: `bad key ${k}` }).replaceAll('/', '\\/'),
      'application/json',
    ],
    [
      'HTML-escaped title',
      (k) =>
        `<html><title>bad key ${k.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}</title></html>`,
      'text/html',
    ],
    ['form-encoded', (k) => `key=${encodeURIComponent(k).replaceAll('%20', '+')}`, 'text/plain'],
    ['raw text', (k) => `bad key ${k}`, 'text/plain'],
  ];
  for (const [kname, key] of keys) {
    it.each(echoes)(`a key with ${kname} echoed as %s`, async (_n, echo, contentType) => {
      const body = echo(key);
      local.emulator.inject({ kind: 'status', status: 400, body, contentType });
      const result = await runAction({ inputs: inputs({ 'api-key': key }) });
      expect(result.code).not.toBe(0);
      expect(leakedFragments(result, key)).toEqual([]);
      const middle = Math.floor(body.length / 2);
      expect(everythingPrinted(result)).not.toContain(body.slice(middle - 7, middle + 7));
    });
  }
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

describe('round four: tags, whitespace and proxies', () => {
  it.each([
    ['#', 'v1#2', 'v1'],
    ['%41', 'v1%41', 'v1A'],
    ['?', 'v1?x', 'v1'],
  ])('a tag holding %s does not fetch the notes of another release', async (_n, tag, other) => {
    github.releases.push({ tag_name: other, body: 'WRONG notes of another release' });
    const result = await runAction({ inputs: inputs(), githubApiUrl, trigger: tagPush(tag) });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}').changelog).not.toContain('WRONG');
  });
  it('a tag with a slash and a prefix', async () => {
    github.releases.push({ tag_name: 'release/1.2.3', body: 'slash notes' });
    const result = await runAction({
      inputs: inputs({ 'strip-tag-prefix': 'release/' }),
      githubApiUrl,
      trigger: tagPush('release/1.2.3'),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}')).toEqual({
      version: '1.2.3',
      changelog: 'slash notes',
    });
  });
  it('the changelog input is sent as given, leading indentation and trailing newline kept', async () => {
    const changelog = '    indented code\n- item\n';
    const result = await runAction({ inputs: inputs({ changelog }) });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}').changelog).toBe(changelog);
  });
  it('a whitespace-only changelog with a changelog-file uses the file', async () => {
    const result = await runAction({
      inputs: inputs({ changelog: ' \n\t', 'changelog-file': 'CHANGELOG.md' }),
      files: { 'CHANGELOG.md': '## v1.2.3\n\nfile notes\n' },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}').changelog).toBe('file notes');
  });
  it('listing ids that are only separators count as empty', async () => {
    const result = await runAction({ inputs: inputs({ 'listing-id': ' , \n ,' }) });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
  });
  it.each(['HTTP_PROXY', 'http_proxy', 'ALL_PROXY'])(
    'loopback never goes through %s',
    async (name) => {
      const result = await runAction({
        inputs: inputs(),
        env: { [name]: 'http://127.0.0.1:9', NO_PROXY: '' },
      });
      expect(result.code).toBe(0);
    },
  );
  it('loopback 127.0.0.2 is allowed over http and direct', async () => {
    const port = new URL(local.base).port;
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200).end('{}');
    });
    server.listen(Number(port) + 1, '127.0.0.2');
    await once(server, 'listening').catch(() => undefined);
    try {
      const result = await runAction({
        inputs: inputs({ 'base-url': `http://127.0.0.2:${Number(port) + 1}/v1` }),
        env: { HTTP_PROXY: 'http://127.0.0.1:9' },
      });
      expect(result.code).toBe(0);
    } finally {
      server.close();
    }
  });
  it('a GET /listings entry with the same version and changelog null is skipped', async () => {
    const srv = await rawServer((req) =>
      req.method === 'GET'
        ? {
            status: 200,
            body: JSON.stringify({
              listings: [{ id: 'asset-1', version: '1.2.3', changelog: null }],
            }),
          }
        : { status: 200, body: '{}' },
    );
    try {
      const result = await runAction({
        inputs: inputs({
          'base-url': srv.base,
          'skip-unchanged': 'true',
          version: '1.2.3',
          changelog: 'x',
        }),
      });
      expect(result.code).toBe(0);
      expect(srv.seen.map((r) => r.method)).toEqual(['GET']);
    } finally {
      await srv.stop();
    }
  });
  it('a GET /listings entry with the same version but another changelog is updated', async () => {
    const srv = await rawServer((req) =>
      req.method === 'GET'
        ? {
            status: 200,
            body: JSON.stringify({ data: [{ id: 'asset-1', version: '1.2.3', changelog: 'old' }] }),
          }
        : { status: 200, body: '{}' },
    );
    try {
      const result = await runAction({
        inputs: inputs({
          'base-url': srv.base,
          'skip-unchanged': 'true',
          version: '1.2.3',
          changelog: 'new',
        }),
      });
      expect(result.code).toBe(0);
      expect(srv.seen.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    } finally {
      await srv.stop();
    }
  });
  it('skip-unchanged: a numeric version in the answer is not the string version', async () => {
    const srv = await rawServer((req) =>
      req.method === 'GET'
        ? { status: 200, body: JSON.stringify([{ id: 'asset-1', version: 1.5 }]) }
        : { status: 200, body: '{}' },
    );
    try {
      const result = await runAction({
        inputs: inputs({
          'base-url': srv.base,
          'skip-unchanged': 'true',
          version: '1.50',
          changelog: 'x',
        }),
      });
      expect(result.code).toBe(0);
      expect(srv.seen.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    } finally {
      await srv.stop();
    }
  });
});

describe('round five: a broken run environment', () => {
  it('an event payload that is not JSON fails cleanly or runs on, without a stack trace', async () => {
    const result = await runAction({
      inputs: inputs({ version: '1.0.0' }),
      env: { GITHUB_EVENT_PATH: '/nonexistent/event.json' },
    });
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')[0]).toBe(`::add-mask::${KEY}`);
  });
  it('a release event whose release is null', async () => {
    const result = await runAction({
      inputs: inputs(),
      trigger: { eventName: 'release', ref: 'refs/tags/v1.2.3', payload: { release: null } },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('round six: the key in other parts of an answer', () => {
  it.each([400, 500, 200])('a reason phrase holding the key (HTTP %i)', async (status) => {
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(status, `Bad key ${KEY}`, { 'content-type': 'application/json' }).end('{}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const result = await runAction({
        inputs: inputs({ 'base-url': base }),
        env: { RUNNER_DEBUG: '1' },
      });
      expect(leakedFragments(result, KEY)).toEqual([]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
  it.each([415, 503])('a content type holding the key (HTTP %i)', async (status) => {
    local.emulator.inject({ kind: 'status', status, body: 'nope', contentType: `text/x-${KEY}` });
    const result = await runAction({ inputs: inputs() });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a dry run list whose entries hold the key as ids, listing missing, more pages', async () => {
    const srv = await rawServer(() => ({
      status: 200,
      body: JSON.stringify({
        listings: [{ id: KEY }, { id: `x${KEY.slice(2, 12)}` }],
        has_more: true,
      }),
    }));
    try {
      const result = await runAction({
        inputs: inputs({ 'base-url': srv.base, 'dry-run': 'true', 'listing-id': 'nope' }),
      });
      expect(leakedFragments(result, KEY)).toEqual([]);
    } finally {
      await srv.stop();
    }
  });
  it('a network error whose host is the key and a proxy: nothing of the key printed', async () => {
    const result = await runAction({
      inputs: inputs({ 'base-url': `https://${KEY}.invalid/v1` }),
      env: { HTTPS_PROXY: 'http://127.0.0.1:9' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
});
