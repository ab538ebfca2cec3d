// Attacks on the committed bundle: a key smuggled through inputs that are printed.
import { describe, expect, it } from 'vitest';
import { everythingPrinted, keyFragments, leakedFragments, runAction } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const KEY = 'mk_live_Att4ckKey0123456789';
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

describe('key smuggled through printed inputs (SPEC 6.2)', () => {
  it('a listing id containing the key', async () => {
    const result = await runAction({ inputs: inputs({ 'listing-id': `x${KEY}x` }) });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a version input containing the key', async () => {
    const result = await runAction({
      inputs: inputs({ version: `1.0.0-${KEY}`, 'dry-run': 'true' }),
    });
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a base-url whose path contains the key, answered by a 404', async () => {
    const result = await runAction({ inputs: inputs({ 'base-url': `${local.base}/${KEY}` }) });
    expect(result.code).not.toBe(0);
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it.each([
    ['base64url', Buffer.from(KEY).toString('base64url')],
    ['hex', Buffer.from(KEY).toString('hex')],
    ['HTML decimal entities', [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('')],
  ])('a changelog holding the key as %s is refused before any request', async (_n, form) => {
    const result = await runAction({ inputs: inputs({ changelog: `notes ${form} end` }) });
    expect(result.code).not.toBe(0);
    expect(local.emulator.requests).toHaveLength(0);
    expect(leakedFragments(result, KEY)).toEqual([]);
  });
  it('a redirect whose Location holds the key split by percent-encoding of letters', async () => {
    const pct = [...KEY]
      .map((c, i) => (i % 3 === 0 ? `%${c.charCodeAt(0).toString(16)}` : c))
      .join('');
    local.emulator.inject({
      ...AT_PATCH,
      kind: 'redirect',
      status: 302,
      location: `https://elsewhere.example/${pct}`,
    });
    const result = await runAction({ inputs: inputs() });
    expect(result.code).not.toBe(0);
    expect(patches()).toHaveLength(1);
    expect(leakedFragments(result, KEY)).toEqual([]);
  });

  it.each([
    ['zero-width spaces', '\u200b'],
    ['soft hyphens as &shy;', '&shy;'],
    ['JSON escapes of word joiners', '\\u2060'],
  ])(
    'a 422 and a 200 holding the key with %s between its characters (shown as the key)',
    async (_n, between) => {
      const spread = KEY.replace(/(.{4})/g, `$1${between}`);
      const body = `{"error":"key ${spread} is not valid here"}`;
      local.emulator.inject({ ...AT_PATCH, kind: 'status', status: 422, body });
      const failed = await runAction({ inputs: inputs() });
      local.emulator.inject({ ...AT_PATCH, kind: 'status', status: 200, body });
      const passed = await runAction({ inputs: inputs() });
      for (const result of [failed, passed]) {
        const shown = everythingPrinted(result)
          .replace(/\p{Cf}/gu, '')
          .replaceAll('&shy;', '')
          .replaceAll('\\u2060', '');
        expect(keyFragments(KEY).filter((piece) => shown.includes(piece))).toEqual([]);
        expect(everythingPrinted(result)).toContain('withheld');
      }
    },
  );

  it.each([
    ['as it is', KEY],
    [
      'as JSON escapes',
      [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    ],
    ['as base64', Buffer.from(KEY).toString('base64')],
    ['spread by zero-width spaces', KEY.replace(/(.{5})/g, '$1\u200b')],
  ])(
    'a 200 whose version is the key %s: read as it came (not the version sent), no warning quoting it',
    async (_n, version) => {
      local.emulator.inject({
        ...AT_PATCH,
        kind: 'status',
        status: 200,
        body: `{"version":"${version}"}`,
      });
      const result = await runAction({ inputs: inputs() });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.outputs.results ?? '[]')[0]).toMatchObject({
        updated: true,
        confirmed: false,
        'read-back': null,
      });
      // The warning that names the version shown is withheld whole.
      const warnings = result.errors.filter((e) => e.command === 'warning');
      expect(warnings.map((e) => e.data)).toEqual([
        '[withheld: this text contained part of the API key]',
      ]);
      expect(leakedFragments(result, KEY)).toEqual([]);
      expect(everythingPrinted(result).replace(/\p{Cf}/gu, '')).not.toContain(KEY.slice(0, 10));
    },
  );
});
