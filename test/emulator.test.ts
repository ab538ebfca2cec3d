// The local marketplace answers as the tests assume it does.
import { describe, expect, it } from 'vitest';
import { KEYS } from './support/emulator.js';
import { useEmulator } from './support/use-emulator.js';

const local = useEmulator();

/** API paths are under the base URL; control paths (/__…) at the root. */
const call = (path: string, init: RequestInit = {}) =>
  fetch(path.startsWith('/__') ? `${new URL(local.base).origin}${path}` : `${local.base}${path}`, {
    redirect: 'manual',
    ...init,
  }).then(async (res) => ({
    status: res.status,
    body: await res.text(),
  }));

const patch = (id: string, key: string, body: string, type = 'application/json') =>
  call(`/listings/${id}`, {
    method: 'PATCH',
    headers: { 'x-api-key': key, 'content-type': type },
    body,
  });

const valid = JSON.stringify({ version: '2.0.0', changelog: 'notes' });

describe('Emulator', () => {
  it.each([
    ['no key', () => patch('asset-1', '', valid), 401, 'Missing X-API-Key'],
    ['an unknown key', () => patch('asset-1', 'nope', valid), 401, 'Invalid API key'],
    ['the revoked key', () => patch('asset-1', KEYS.revoked, valid), 401, 'revoked'],
    ['another owner', () => patch('their-asset', KEYS.creator, valid), 403, 'original creator'],
    ['an unknown listing', () => patch('nope', KEYS.creator, valid), 404, 'not found'],
    [
      'a wrong content type',
      () => patch('asset-1', KEYS.creator, valid, 'text/plain'),
      415,
      'Content-Type',
    ],
    ['a body that is not JSON', () => patch('asset-1', KEYS.creator, '{'), 400, 'not valid JSON'],
    [
      'a missing version',
      () => patch('asset-1', KEYS.creator, '{"changelog":"x"}'),
      422,
      'version must be',
    ],
    [
      'the current version again',
      () => patch('asset-1', KEYS.creator, '{"version":"0.9.0","changelog":""}'),
      409,
      'already published',
    ],
    ['an update', () => patch('asset-1', KEYS.creator, valid), 200, '"version":"2.0.0"'],
  ])('answers %s', async (_, send, status, text) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.body).toContain(text);
  });

  it('lists the listings of the key’s account', async () => {
    const answer = await call('/listings', { headers: { 'x-api-key': KEYS.other } });
    expect(JSON.parse(answer.body)).toEqual({
      listings: [{ id: 'their-asset', owner: 'other', version: '2.0.0', changelog: '' }],
    });
  });

  it('takes faults over the control API, in order, with repeats', async () => {
    await call('/__faults', {
      method: 'POST',
      body: JSON.stringify([
        { kind: 'status', status: 503, times: 2 },
        { kind: 'redirect', status: 302, location: '/x' },
      ]),
    });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await patch('asset-1', KEYS.creator, valid)).status);
    expect(statuses).toEqual([503, 503, 302, 200]);
    const requests = JSON.parse((await call('/__requests')).body);
    expect(requests.map((r: { fault?: string }) => r.fault ?? null)).toEqual([
      'status',
      'status',
      'redirect',
      null,
    ]);
    expect(JSON.stringify(requests)).not.toContain(`"x-api-key":"${KEYS.creator}"`);
  });
});
