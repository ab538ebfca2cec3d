// The new seams attacked: a web page or a refusal to the list (its title or message echoing the key
// or holding workflow commands), the list's failed GET under `if-older: fail` and `skip-unchanged`,
// the next page's URL, a Retry-After spent by the next request, and the command's key file and
// option values that start with a dash. The committed bundles against the emulator.
import { describe, expect, it } from 'vitest';
import { injected, MARK, PAYLOADS, summaryBreakouts } from '../support/attack.js';
import { type CliResult, cliLeaks, runCli } from '../support/cli.js';
import { type Injected, KEYS } from '../support/emulator.js';
import {
  everythingPrinted,
  leakedFragments,
  type RunResult,
  runAction,
  tagPush,
} from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;
const SECRET = KEY.slice('mk_live_'.length);

const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEY,
  'base-url': local.base,
  retries: '0',
  ...over,
});

async function run(over: Record<string, string> = {}): Promise<RunResult> {
  const result = await runAction({ trigger: tagPush('v1.2.3'), inputs: inputs(over) });
  expect(leakedFragments(result, KEY)).toEqual([]);
  return result;
}

const sent = () => local.emulator.requests.map((r) => `${r.method} ${r.path}`);
const patches = () => sent().filter((request) => request.startsWith('PATCH'));

function expectCliClean(result: CliResult) {
  expect(cliLeaks(result, KEY)).toEqual([]);
  const printed = `${result.stdout}\n${result.stderr}`;
  expect(printed).not.toContain('##[');
  for (const line of printed.split(/\r\n|[\r\n\u2028\u2029\u0085]/)) {
    expect(line.trimStart()).not.toMatch(/^::/);
  }
}

const hex = (text: string) => Buffer.from(text).toString('hex');
const entities = (text: string) => [...text].map((c) => `&#x${hex(c)};`).join('');
const percent = (text: string) => [...text].map((c) => `%${hex(c)}`).join('');
const jsonEscaped = (text: string) => [...text].map((c) => `\\u00${hex(c)}`).join('');

/** The key as a page's title or a refusal's message may echo it. */
const echoes: [string, string][] = [
  ['the key', `Bad key ${KEY}`],
  ['the secret alone', `token=${SECRET}`],
  ['HTML entities', `key ${entities(KEY)}`],
  ['named entities mixed in', `key ${SECRET.slice(0, 4)}&lowbar;${SECRET.slice(4, 20)}`],
  ['percent-encoding', `key ${percent(KEY)}`],
  ['base64', `key ${Buffer.from(KEY).toString('base64')}`],
  ['hex', `key ${hex(KEY)}`],
  ['JSON escapes', `key ${jsonEscaped(SECRET)}`],
  ['a soft hyphen between halves', `key ${SECRET.slice(0, 6)}&shy;${SECRET.slice(6, 14)}`],
  ['a zero-width space in every pair', `key ${[...SECRET].join('&#8203;')}`],
];

const page = (title: string, body = '') =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

const modes: [string, Record<string, string>][] = [
  ['the default', {}],
  ['skip-unchanged', { 'skip-unchanged': 'true' }],
  ['if-older: fail', { 'if-older': 'fail' }],
  ['the dry run', { 'dry-run': 'true' }],
];

describe('a web page to the list whose title echoes the key', () => {
  it.each(echoes)('as %s: nothing of the key printed in any mode', async (_, title) => {
    for (const [, over] of modes) {
      local.emulator.requests.length = 0;
      local.emulator.inject({
        kind: 'status',
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: page(title),
        path: '/listings',
      });
      const result = await run(over);
      expect(sent()[0]).toBe('GET /v1/listings');
      // Whatever the mode, the key is never shown, and the page is named as a web page.
      expect(everythingPrinted(result)).toContain('web page');
    }
  });

  it('in the body, not the title: the body is never printed', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      contentType: 'text/html',
      body: page('Sign in', `<p>${KEY}</p><script>var k="${SECRET}"</script>`),
      path: '/listings',
    });
    const result = await run({ 'skip-unchanged': 'true' });
    expect(result.code).toBe(1);
    expect(patches()).toEqual([]);
  });

  it('split by tags inside the title: no run of 8 of its characters', async () => {
    const split = SECRET.match(/.{1,4}/g)?.join('<b></b>') ?? '';
    local.emulator.inject({
      kind: 'status',
      status: 200,
      contentType: 'text/html',
      body: page(`k ${split}`),
      path: '/listings',
    });
    const result = await run({ 'if-older': 'fail' });
    expect(result.code).toBe(1);
    expect(patches()).toEqual([]);
    // The summary shows the tags as text: escaped, never rendered to join the pieces.
    expect(result.summary).not.toContain('<b></b>');
  });
});

describe('a refusal to the list whose message echoes the key', () => {
  it.each(echoes)('as %s: nothing of the key printed in any mode', async (_, message) => {
    for (const [, over] of modes) {
      local.emulator.requests.length = 0;
      local.emulator.inject({ kind: 'refusal', message, path: '/listings' });
      await run(over);
      expect(sent()[0]).toBe('GET /v1/listings');
    }
  });

  it('as raw JSON escapes in the body (the message decodes to the key)', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      body: `{"success": false, "message": "Key ${jsonEscaped(KEY)} suspended"}`,
      path: '/listings',
    });
    const result = await run({ 'skip-unchanged': 'true' });
    expect(result.code).toBe(1);
    expect(patches()).toEqual([]);
    expect(result.errors[0]?.data).toContain('withheld');
  });
});

describe('workflow commands in a title or a refusal message to the list', () => {
  const titles: [string, string][] = [
    ...PAYLOADS.map(([name, payload]): [string, string] => [`raw ${name}`, payload]),
    ['an LF entity', `a&#10;::warning::${MARK}ent`],
    ['a CR entity', `a&#13;::warning::${MARK}ent2`],
    ['a NEL entity', `a&#133;::warning::${MARK}nel2`],
    ['a line separator entity', `a&#8232;::warning::${MARK}ls`],
    ['percent-encoded', `a%0A::warning::${MARK}pct`],
    ['a legacy command by entities', `x &#35;&#35;[warning]${MARK}leg`],
    ['set-output', `a\n::set-output name=updated::${MARK}`],
  ];

  it.each(titles)('a title with %s acts as no command', async (_, title) => {
    for (const over of [{ 'if-older': 'fail' }, {}] as Record<string, string>[]) {
      local.emulator.inject({
        kind: 'status',
        status: 200,
        contentType: 'text/html',
        body: page(title),
        path: '/listings',
      });
      const result = await run(over);
      expect(injected(result)).toEqual([]);
      expect(summaryBreakouts(result)).toEqual([]);
      expect(result.commands.map((c) => c.command)).not.toContain('set-output');
      expect(Object.keys(result.outputs)).not.toContain(MARK);
    }
  });

  it.each(titles)('a refusal message with %s acts as no command', async (_, message) => {
    for (const over of [{ 'skip-unchanged': 'true' }, {}] as Record<string, string>[]) {
      local.emulator.inject({ kind: 'refusal', message, path: '/listings' });
      const result = await run(over);
      expect(injected(result)).toEqual([]);
      expect(summaryBreakouts(result)).toEqual([]);
    }
  });

  it.each(titles)("the command's listings with a title holding %s", async (_, title) => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      contentType: 'text/html',
      body: page(title),
      path: '/listings',
    });
    const result = await runCli({
      args: ['listings', '--base-url', local.base, '--retries', '0'],
      env: { MARKETPLACE_API_KEY: KEY, GITHUB_ACTIONS: 'true' },
    });
    expect(result.code).toBe(1);
    expectCliClean(result);
  });
});

describe('a web page or a refusal to the list never lets an update through a check', () => {
  const notLists: [string, Injected][] = [
    ['a web page', { kind: 'web-page', path: '/listings' }],
    ['a refusal by "ok"', { kind: 'refusal', field: 'ok', message: 'No', path: '/listings' }],
    ['a refusal with no message', { kind: 'status', status: 200, body: '{"success":false}' }],
    [
      'a refusal in a 203 with listings beside it',
      {
        kind: 'status',
        status: 203,
        body: '{"success" : false, "listings": [{"id": "asset-1", "version": "0.9.0"}]}',
      },
    ],
    [
      'a web page in a 200 as text/plain',
      { kind: 'status', status: 200, contentType: 'text/plain', body: `\n  ${page('Login')}` },
    ],
    [
      'a web page with a byte-order mark and no content type of HTML',
      { kind: 'status', status: 200, contentType: '', body: `\ufeff${page('Login')}` },
    ],
    [
      'a web page as TEXT/HTML',
      { kind: 'status', status: 200, contentType: 'TEXT/HTML', body: 'Maintenance' },
    ],
  ];

  it.each(notLists)('%s: skip-unchanged sends no PATCH', async (_, fault) => {
    local.emulator.inject({ ...fault, path: '/listings' });
    const result = await run({ 'skip-unchanged': 'true' });
    expect(result.code).toBe(1);
    expect(patches()).toEqual([]);
    expect(result.outputs.updated).not.toBe('true');
  });

  it.each(notLists)('%s: if-older: fail sends no PATCH', async (_, fault) => {
    local.emulator.inject({ ...fault, path: '/listings' });
    const result = await run({ 'if-older': 'fail', 'listing-id': 'asset-1,asset-2' });
    expect(result.code).toBe(1);
    expect(patches()).toEqual([]);
  });

  it('a web page as page 2 under skip-unchanged: no PATCH, named as page 2', async () => {
    local.emulator.list = { pageSize: 1 };
    local.emulator.inject({ kind: 'web-page', path: '/listings?page=2' });
    const result = await run({ 'skip-unchanged': 'true', 'listing-id': 'asset-2' });
    expect(result.code).toBe(1);
    expect(patches()).toEqual([]);
    expect(result.errors[0]?.data).toContain(`Page 2 of GET ${local.base}/listings`);
  });

  it('a refusal as page 2 under if-older: fail: no PATCH', async () => {
    local.emulator.list = { pageSize: 1 };
    local.emulator.inject({ kind: 'refusal', message: SECRET, path: '/listings?page=2' });
    const result = await run({ 'if-older': 'fail', 'listing-id': 'asset-2' });
    expect(result.code).toBe(1);
    expect(patches()).toEqual([]);
  });

  it("the command's deploy --skip-unchanged with a refusal echoing the key sends no PATCH", async () => {
    local.emulator.inject({ kind: 'refusal', message: `Key ${KEY} suspended`, path: '/listings' });
    const result = await runCli({
      args: [
        '--listing-id',
        'asset-1',
        '--base-url',
        local.base,
        '--release-version',
        '1.2.3',
        '--skip-unchanged',
        '--retries',
        '0',
      ],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    expect(patches()).toEqual([]);
    expectCliClean(result);
  });
});

describe('the key in the next page, its Link, or a Retry-After', () => {
  it.each([
    ['next', `/${KEY}`],
    ['link', `/${SECRET}`],
    ['links', `/${percent(SECRET)}`],
  ] as const)('a next page (%s) under base-url holding the key, that fails', async (how, under) => {
    local.emulator.list = { pageSize: 1, pagination: how, nextBase: `${local.base}${under}` };
    const result = await runAction({
      trigger: tagPush('v1.2.3'),
      inputs: inputs({ 'if-older': 'fail', 'listing-id': 'asset-2' }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
    expect(patches()).toEqual([]);
  });

  it('a next page on a host named by the key is refused, and its host not printed', async () => {
    local.emulator.list = {
      pageSize: 1,
      pagination: 'link',
      nextBase: `http://${SECRET.slice(0, 20)}.invalid/v1`,
    };
    const result = await runAction({
      trigger: tagPush('v1.2.3'),
      inputs: inputs({ 'dry-run': 'true', 'listing-id': 'asset-2' }),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
    expect(sent()).toEqual(['GET /v1/listings']);
  });

  it.each([
    ['the key', KEY],
    ['an HTTP-date followed by the secret', `Mon, 01 Jan 2001 00:00:00 GMT ${SECRET}`],
    ['the secret in digits', '1'.repeat(8) + SECRET.replace(/\D/g, '')],
  ])('a Retry-After holding %s, to the list and the update', async (_, retryAfter) => {
    local.emulator.inject(
      { kind: 'status', status: 429, retryAfter, body: '{}', path: '/listings' },
      { kind: 'status', status: 503, retryAfter, body: '{}', path: '/listings/asset-1' },
    );
    const result = await runAction({
      trigger: tagPush('v1.2.3'),
      inputs: inputs(),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
    expect(result.code).toBe(1);
  });

  it('a Retry-After of 1 s with no retry left: the PATCH waits, with a command-free line', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 429,
      retryAfter: '1',
      body: JSON.stringify({ message: `a\n::warning::${MARK}` }),
      path: '/listings',
    });
    const result = await run();
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(result.stdout).toContain(
      `Waiting 1 s before PATCH ${local.base}/listings/asset-1, as the last answer asked (Retry-After).`,
    );
    expect(injected(result)).toEqual([]);
  });
});

describe("the command's key file and option values", () => {
  const deploy = (...extra: string[]) => [
    '--listing-id',
    'asset-1',
    '--base-url',
    local.base,
    '--release-version',
    '1.2.3',
    '--retries',
    '0',
    ...extra,
  ];

  it.each([
    ['a note then the key', `my key:\n${KEY}\n`],
    ['the key then a note', `${KEY}\r\r# rotated 2024\r`],
    ['two keys', `${KEYS.other}\r\n\r\n${KEY}\r\n`],
    ['the key split in two lines', `${KEY.slice(0, 20)}\n${KEY.slice(20)}\n`],
  ])('a key file of %s is a usage error that prints none of it', async (_, file) => {
    const result = await runCli({
      args: deploy('--api-key-file', 'key.txt'),
      files: { 'key.txt': file },
    });
    expect(result.code).toBe(2);
    expect(local.emulator.requests).toEqual([]);
    expectCliClean(result);
    expect(cliLeaks(result, KEYS.other)).toEqual([]);
  });

  it.each([
    ['blank lines', `\n\n  ${KEY}  \n\n`],
    ['lone CRs', `\r\r${KEY}\r\r`],
    ['a byte-order mark and CRLF', `\ufeff${KEY}\r\n`],
  ])('a key file with %s is read as the key', async (_, file) => {
    const result = await runCli({
      args: deploy('--api-key-file', 'key.txt'),
      files: { 'key.txt': file },
    });
    expect(result.code).toBe(0);
    expect(sent()).toEqual(['GET /v1/listings', 'PATCH /v1/listings/asset-1']);
    expect(local.emulator.requests.map((r) => r.apiKey)).toEqual([KEY, KEY]);
    expectCliClean(result);
  });

  it.each([
    [['--changelog', `--api-key=${KEY}`]],
    [['--changelog', '--', `--api-key=${KEY}`]],
    [['--changelog', `--api-key-file=${KEY}`]],
    [['--listing-id', `--base-url=${KEY}`]],
    [['--changelog', `--${KEY}`]],
    [['--changelog', `-${SECRET}`]],
    [[`--changelog=--api-key=${KEY}`]],
    [['--release-version', `-${KEY}`]],
    [['--base-url', `-${KEY}`]],
    [['--retries', `-${SECRET}`]],
    [['--if-older', `--${SECRET}`]],
    [['--changelog-format', `-${SECRET}`]],
    [['--timeout-seconds', `-${SECRET}`]],
    [['--changelog-max-length', `-${SECRET}`]],
  ])('%j: refused, with nothing of the key printed or sent', async (args) => {
    const result = await runCli({ args: deploy(...args), env: { MARKETPLACE_API_KEY: KEY } });
    expect(result.code).not.toBe(0);
    expect(patches()).toEqual([]);
    expectCliClean(result);
  });

  it.each([
    [['--listing-id', `-${KEY}`]],
    [['--listing-id', `--${SECRET}`]],
    [['--strip-tag-prefix', `-${SECRET}`]],
  ])('%j: taken as a value (a dash is no option), and nothing of the key printed', async (args) => {
    const result = await runCli({
      args: deploy(...args, '--json'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).not.toBe(2);
    expect(local.emulator.requests.length).toBeGreaterThan(0);
    expectCliClean(result);
  });

  it('the same with --json: nothing of the key in the document', async () => {
    const result = await runCli({
      args: deploy('--json', '--release-version', `-${KEY}`),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(2);
    expectCliClean(result);
  });

  it('a changelog that starts with a dash is sent as given', async () => {
    const result = await runCli({
      args: deploy('--changelog', '- Fixed the importer'),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(local.emulator.requests.at(-1)?.body ?? '{}')).toMatchObject({
      changelog: '- Fixed the importer',
    });
  });

  it.each([['-h'], ['-V'], ['-hV'], ['--dry-run'], ['--json=1']])(
    'a value that names the option %s is a usage error naming it, and nothing is sent',
    async (option) => {
      const result = await runCli({
        args: deploy('--changelog', option),
        env: { MARKETPLACE_API_KEY: KEY },
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`the option ${option.split('=')[0]}`);
      expect(local.emulator.requests).toEqual([]);
    },
  );
});

describe('an answer to the list that is no list, under if-older: fail', () => {
  const odd: [string, Injected][] = [
    [
      'an XHTML page',
      {
        kind: 'status',
        status: 200,
        contentType: 'application/xhtml+xml',
        body: `<?xml version="1.0"?>\n${page('Login')}`,
      },
    ],
    [
      'a page that starts with a comment, as text/plain',
      {
        kind: 'status',
        status: 200,
        contentType: 'text/plain',
        body: `<!-- x -->${page('Login')}`,
      },
    ],
    ['a 204', { kind: 'status', status: 204, body: '' }],
    ['an empty 200', { kind: 'status', status: 200, body: '' }],
    ['"success": "false"', { kind: 'status', status: 200, body: '{"success": "false"}' }],
    [
      'an error object in a 200',
      { kind: 'status', status: 200, body: '{"error": {"message": "No"}}' },
    ],
  ];

  it.each(odd)('%s: no PATCH, exit 1', async (_, fault) => {
    local.emulator.inject({ ...fault, path: '/listings' });
    const result = await run({ 'if-older': 'fail' });
    expect(result.code).toBe(1);
    expect(patches()).toEqual([]);
    expect(result.errors.map((c) => c.properties.title)).toEqual(['Order of versions not checked']);
  });
});

describe('the key past the cut of a title, or in a page the debug log sees', () => {
  it.each([
    ['490 characters then the key', `${'x'.repeat(490)} ${KEY}`],
    ['496 characters then the secret', `${'y'.repeat(496)}${SECRET}`],
    ['spaces, then the key', `a${' \n'.repeat(700)}${KEY}`],
    ['entities straddling the cut', `${'z'.repeat(495)}${entities(SECRET)}`],
  ])('a title of %s', async (_, title) => {
    for (const over of [{ 'skip-unchanged': 'true' }, {}] as Record<string, string>[]) {
      local.emulator.inject({
        kind: 'status',
        status: 200,
        contentType: 'text/html',
        body: page(title),
        path: '/listings',
      });
      await run(over);
    }
  });

  it('RUNNER_DEBUG with a web page to the list and the update that hold the key', async () => {
    const body = page(`t ${SECRET}`, `<pre>${KEY}</pre>${Buffer.from(KEY).toString('base64')}`);
    local.emulator.inject(
      { kind: 'status', status: 200, contentType: 'text/html', body, path: '/listings' },
      { kind: 'status', status: 200, contentType: 'text/html', body, path: '/listings/asset-1' },
      { kind: 'status', status: 200, contentType: 'text/html', body, path: '/listings' },
    );
    const result = await runAction({
      trigger: tagPush('v1.2.3'),
      inputs: inputs(),
      env: { RUNNER_DEBUG: '1' },
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
    expect(result.code).toBe(1);
    expect(injected(result)).toEqual([]);
  });

  it("the command's listings --json --verbose with a web page whose title and body hold the key", async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      contentType: 'text/html',
      body: page(`Key ${KEY}`, KEY),
      path: '/listings',
    });
    const result = await runCli({
      args: ['listings', '--base-url', local.base, '--retries', '0', '--json', '--verbose'],
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('withheld');
    expectCliClean(result);
  });
});
