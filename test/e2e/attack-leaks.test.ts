// Attacks on the committed bundle: the key and the token leaking through less obvious routes (headers,
// bodies, encodings layered or special, proxies). Every run is checked for a leak of the key it was
// given. The rest of the attacks: attack.test.ts and attack-rules.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injected, MARK, rawServer, runAction } from '../support/attack.js';
import { KEYS } from '../support/emulator.js';
import { FAKE_TOKEN, GitHubApi } from '../support/github-api.js';
import { dispatchEvent as dispatch, releaseEvent } from '../support/github-examples.js';
import { everythingPrinted, leakedFragments, type Trigger, tagPush } from '../support/runner.js';
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
const _patches = () => local.emulator.requests.filter((r) => r.method === 'PATCH');
const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEY,
  'base-url': local.base,
  retries: '0',
  ...over,
});

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
