// The committed bundle against the defects of an adversarial review: a key echoed in any encoding
// or in part, a key split at the body cap, a short key, a key in the changelog, a huge Retry-After.
import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_OUTPUT_BYTES } from '../../src/core/attempt.js';
import { makeGuard } from '../../src/core/guard/guard.js';
import { MAX_SERVER_MESSAGE } from '../../src/core/guard/server-message.js';
import { KEYS } from '../support/emulator.js';
import {
  everythingPrinted,
  keyFragments,
  leakedFragments,
  type RunResult,
  runAction,
} from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
/** The most of an answer's body the transport reads. */
const MAX_BODY_BYTES = 1024 * 1024;

// Characters that every encoding changes.
const KEY = 'mk_live_Own3+r/k3y=ab&cd<ef>"gh\'ij';
const WITHHELD = '[withheld: this text contained part of the API key]';

/** Faults are aimed at the update, not at the step's one `GET /listings` before it (SPEC 7.8). */
const AT_PATCH = { path: '/listings/asset-1' } as const;
const patches = () => local.emulator.requests.filter((r) => r.method === 'PATCH');

// The key is not one the local marketplace knows, so the default GET would be refused (401) and
// stop the step: `if-older: deploy` sends the update alone, which the faults answer.
const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEY,
  'base-url': local.base,
  retries: '0',
  'if-older': 'deploy',
  ...over,
});

/** No part of the key in any decoded view of anything printed, and no command but ours. */
function checkNothingLeaked(result: RunResult, key: string): void {
  expect(leakedFragments(result, key)).toEqual([]);
  const printed = everythingPrinted(result);
  const oracle = makeGuard([{ name: 'the API key', value: key }]);
  for (const line of printed.split('\n')) expect(oracle(line)).toBe(line);
  for (const command of result.commands) {
    expect(['add-mask', 'group', 'endgroup', 'error']).toContain(command.command);
  }
}

async function failsWithout(result: RunResult, title: string, ...parts: string[]): Promise<void> {
  expect(result.code).toBe(1);
  expect(result.errors).toHaveLength(1);
  expect(result.errors[0]?.properties.title).toBe(title);
  for (const part of parts) expect(result.errors[0]?.data).toContain(part);
  expect(result.outputs.updated).toBe('false');
}

const hexEach = (text: string, format: (code: number) => string) =>
  [...Buffer.from(text)].map(format).join('');

describe('a server that echoes the key (SPEC 6.2)', () => {
  const wrapped = Buffer.from(`user:${KEY}`)
    .toString('base64')
    .replace(/(.{8})/g, '$1\n');
  it.each([
    ['encodeURI', encodeURI(KEY)],
    [
      'percent-encoding with / left and mixed-case hex',
      encodeURIComponent(KEY).replace(/%2F/, '/').replace('%2B', '%2b'),
    ],
    [
      'JSON \\u escapes',
      hexEach(KEY, (c) => `\\u${c.toString(16).padStart(4, '0').toUpperCase()}`),
    ],
    ['HTML hex entities', hexEach(KEY, (c) => `&#x${c.toString(16)};`)],
    ['HTML decimal entities', hexEach(KEY, (c) => `&#${c};`)],
    ['base64 wrapped across lines', wrapped],
    ['hex', Buffer.from(KEY).toString('hex')],
    // The public prefix `mk_live_` and 8 characters of the secret.
    ['a prefix', `key ${KEY.slice(0, 16)}… is revoked`],
  ])('withholds the whole text holding it as %s', async (_, echo) => {
    local.emulator.inject({
      ...AT_PATCH,
      kind: 'status',
      status: 401,
      body: JSON.stringify({ error: { message: `Key ${echo} is not allowed`, echo } }),
    });
    const result = await runAction({ inputs: inputs() });
    checkNothingLeaked(result, KEY);
    await failsWithout(result, 'API key refused', 'invalid or has been revoked', WITHHELD);
    expect(result.outputs.response).toBe(WITHHELD);
    expect(result.summary).toContain(WITHHELD.replaceAll("'", '&#39;'));
  });

  it('withholds a message whose key sits where the 500-character message is cut', async () => {
    local.emulator.inject({
      ...AT_PATCH,
      kind: 'status',
      status: 422,
      body: JSON.stringify({ message: `${'m'.repeat(495)}${encodeURIComponent(KEY)}` }),
    });
    const result = await runAction({ inputs: inputs() });
    checkNothingLeaked(result, KEY);
    await failsWithout(result, 'Update rejected (HTTP 422)', WITHHELD);
    expect(result.errors[0]?.data).not.toContain('mmmm');
  });

  it('withholds a message whose 500-character cut falls inside the key, from a body cut at 1 MiB', async () => {
    // Only what is printed is guarded: the message is cut at 500 characters, 2 of the key before it.
    const head = `${'x'.repeat(MAX_SERVER_MESSAGE - 3)}${KEY}`;
    local.emulator.inject({
      ...AT_PATCH,
      kind: 'status',
      status: 500,
      contentType: 'text/plain',
      body: `${head}${'x'.repeat(MAX_BODY_BYTES)}`,
    });
    const result = await runAction({ inputs: inputs() });
    checkNothingLeaked(result, KEY);
    // Read back after the 500, with a key the marketplace does not know: that fails too.
    await failsWithout(result, 'Update may have been applied', 'API key refused', WITHHELD);
  });

  it('leaves an answer without the key as it was', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 422,
      body: '{"message":"Bad version"}',
      ...AT_PATCH,
    });
    const result = await runAction({ inputs: inputs() });
    checkNothingLeaked(result, KEY);
    await failsWithout(result, 'Update rejected (HTTP 422)', '"Bad version"');
    expect(result.outputs.response).toBe('{"message":"Bad version"}');
  });

  it('shows the start of a JSON answer longer than the response output, sent as text', async () => {
    const body = JSON.stringify({ message: 'Bad version', detail: 'd'.repeat(100 * 1024) });
    local.emulator.inject({
      kind: 'status',
      status: 422,
      contentType: 'text/plain',
      body,
      ...AT_PATCH,
    });
    const result = await runAction({ inputs: inputs() });
    checkNothingLeaked(result, KEY);
    await failsWithout(result, 'Update rejected (HTTP 422)', '"Bad version"');
    expect(result.outputs.response).toBe(body.slice(0, MAX_RESPONSE_OUTPUT_BYTES));
  });
});

describe('keys the action refuses before any request (SPEC 6.2)', () => {
  it.each(['true', '200', 'abc1234'])('refuses the short key %j, saying why', async (key) => {
    const result = await runAction({ inputs: inputs({ 'api-key': key }) });
    await failsWithout(
      result,
      'Invalid input: api-key',
      'shorter than 8 characters',
      'without masking ordinary words',
    );
    expect(local.emulator.requests).toHaveLength(0);
    expect(result.outputs).toMatchObject({ updated: 'false', attempts: '0' });
  });

  it.each([
    ['as given', (key: string) => `Notes\n\nkey: ${key}\n`],
    ['percent-encoded', (key: string) => `see https://x.test/?k=${encodeURIComponent(key)}`],
    ['in base64', (key: string) => `token ${Buffer.from(key).toString('base64')}`],
  ])('refuses a changelog holding the whole key %s, and shows it nowhere', async (_, notes) => {
    const changelog = notes(KEYS.creator);
    const result = await runAction({
      inputs: inputs({ 'api-key': KEYS.creator, changelog }),
    });
    checkNothingLeaked(result, KEYS.creator);
    await failsWithout(result, 'Key in changelog', 'contains the API key', 'nothing was sent');
    expect(local.emulator.requests).toHaveLength(0);
    expect(result.outputs.changelog).toBe('');
    const printed = everythingPrinted(result);
    expect(printed).not.toContain(changelog.split('\n')[0]);
  });

  it('sends a changelog that names the public prefix and fewer than 8 characters of the secret, shown as sent', async () => {
    const changelog = `Rotated keys starting with ${KEYS.creator.slice(0, 10)}`;
    const result = await runAction({ inputs: inputs({ 'api-key': KEYS.creator, changelog }) });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '').changelog).toBe(changelog);
    expect(result.outputs.changelog).toBe(changelog);
    expect(result.summary).toContain(changelog);
    const printed = everythingPrinted(result);
    expect(printed).not.toContain(WITHHELD);
    // Nothing of the secret, the key less its public prefix.
    for (const piece of keyFragments(KEYS.creator.slice('mk_live_'.length))) {
      expect(printed).not.toContain(piece);
    }
  });
});

describe('Retry-After (SPEC 4)', () => {
  it.each(['12345678901', '9'.repeat(40)])(
    '%s seconds stops at once and says so',
    async (value) => {
      local.emulator.inject({
        kind: 'status',
        status: 503,
        retryAfter: value,
        times: 4,
        ...AT_PATCH,
      });
      const result = await runAction({ inputs: inputs({ 'api-key': KEYS.creator, retries: '3' }) });
      // A 503 may have been applied; the marketplace asked to wait, so it is not read back.
      await failsWithout(result, 'Update may have been applied', 'more than the 60 s waited');
      expect(patches()).toHaveLength(1);
      expect(result.outputs.attempts).toBe('1');
    },
  );
});

describe('command syntax as the runner reads it (SPEC 6.7)', () => {
  const hostile = [
    '\u0085::warning::after NEL',
    'lone CR\r::error title=x::after CR',
    '\u2028::notice::after LS',
    '\t  ::Set-Output name=updated::true',
    'text ##[ERROR]legacy',
    '::STOP-COMMANDS::guess',
  ].join('\n');

  it('a changelog and a server text full of it run no command', async () => {
    // An environment variable cannot hold NUL: only the server sends it.
    const body = `${hostile}\n\u0000::error::after NUL`;
    local.emulator.inject({
      kind: 'status',
      status: 400,
      contentType: 'text/plain',
      body,
      ...AT_PATCH,
    });
    const result = await runAction({
      inputs: inputs({ 'api-key': KEYS.creator, changelog: hostile }),
    });
    checkNothingLeaked(result, KEYS.creator);
    await failsWithout(result, 'Update rejected (HTTP 400)');
    expect(JSON.parse(patches()[0]?.body ?? '').changelog).toBe(hostile);
    expect(result.commands.map((c) => c.command)).toEqual([
      ...result.commands.filter((c) => c.command === 'add-mask').map(() => 'add-mask'),
      'group',
      'endgroup',
      'error',
    ]);
  });
});
