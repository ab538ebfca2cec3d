// Attacks on the committed bundle: workflow commands smuggled through every text the step prints,
// untrusted text breaking out of the job summary, tags, whitespace and proxies, a broken run
// environment. Every run is checked for a leak of the key it was given. Key leaks through less
// obvious routes: attack-leaks.test.ts; rule breaks and GitHub calls: attack-rules.test.ts (three
// files, so that they run side by side).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AT_PATCH,
  injected,
  MARK,
  PAYLOADS,
  rawServer,
  runAction,
  summaryBreakouts,
} from '../support/attack.js';
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
