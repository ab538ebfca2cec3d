// The local marketplace answers as the tests assume it does.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../support/emulator.js';
import { useEmulator } from '../support/use-emulator.js';

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

  it.each([
    ['listings', 'listings'],
    ['data', 'data'],
    ['items', 'items'],
    ['results', 'results'],
    ['array', undefined],
  ])('answers GET /listings in the %s shape, numeric ids as numbers', async (shape, key) => {
    await call('/__list', { method: 'POST', body: JSON.stringify({ shape }) });
    const answer = await call('/listings', { headers: { 'x-api-key': KEYS.creator } });
    const body = JSON.parse(answer.body);
    const entries: { id: unknown }[] = key === undefined ? body : body[key];
    expect(entries.map((entry) => entry.id)).toEqual(['asset-1', 'asset-2', 1001]);
  });

  it('answers GET /listings in an unknown shape', async () => {
    await call('/__list', { method: 'POST', body: JSON.stringify({ shape: 'unknown' }) });
    const answer = await call('/listings', { headers: { 'x-api-key': KEYS.creator } });
    expect(JSON.parse(answer.body)).toEqual({ count: 3, owner: 'creator' });
  });

  it.each([
    ['next', { next: '/v1/listings?page=2' }, { next: null }],
    ['next_page', { next_page: 2 }, { next_page: null }],
    ['has_more', { has_more: true }, { has_more: false }],
  ])('paginates GET /listings with %s', async (pagination, more, last) => {
    await call('/__list', { method: 'POST', body: JSON.stringify({ pageSize: 2, pagination }) });
    const first = JSON.parse(
      (await call('/listings', { headers: { 'x-api-key': KEYS.creator } })).body,
    );
    expect(first).toMatchObject(more);
    expect(first.listings).toHaveLength(2);
    const second = JSON.parse(
      (await call('/listings?page=2', { headers: { 'x-api-key': KEYS.creator } })).body,
    );
    expect(second).toMatchObject(last);
    expect(second.listings).toHaveLength(1);
  });

  it('paginates GET /listings with a Link header', async () => {
    await call('/__list', {
      method: 'POST',
      body: JSON.stringify({ shape: 'array', pageSize: 2, pagination: 'link' }),
    });
    const answer = await fetch(`${local.base}/listings`, {
      headers: { 'x-api-key': KEYS.creator },
    });
    expect(answer.headers.get('link')).toBe('</v1/listings?page=2>; rel="next"');
    expect(await answer.json()).toHaveLength(2);
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

  it.each([
    ['answers 502', { kind: 'status', status: 502 }],
    ['resets the connection', { kind: 'reset' }],
    ['hangs', { kind: 'hang' }],
    ['drips its answer', { kind: 'drip', status: 200, intervalMs: 20 }],
  ])('with apply, stores the update and then %s instead of answering', async (_, fault) => {
    await call('/__faults', {
      method: 'POST',
      body: JSON.stringify([{ ...fault, apply: true, path: '/listings/asset-1' }]),
    });
    // No answer comes for a reset or a hang; stopping the emulator after the test ends the wait.
    const sent = patch('asset-1', KEYS.creator, valid).catch(() => undefined);
    const stored = async () => JSON.parse((await call('/__listings')).body)['asset-1'].version;
    for (let i = 0; i < 200 && (await stored()) !== '2.0.0'; i++) await sleep(5);
    expect(await stored()).toBe('2.0.0');
    const [recorded] = local.emulator.requests;
    expect(recorded).toMatchObject({ fault: fault.kind, handled: 200 });
    if (fault.kind === 'status') expect((await sent)?.status).toBe(502);
    // A retry of the same update finds the version there: 409, already published.
    expect(await patch('asset-1', KEYS.creator, valid)).toMatchObject({
      status: 409,
      body: expect.stringContaining('already published'),
    });
  });

  it('without apply, a fault leaves the listing as it was', async () => {
    local.emulator.inject({ kind: 'status', status: 502 });
    expect((await patch('asset-1', KEYS.creator, valid)).status).toBe(502);
    expect(local.emulator.listings.get('asset-1')?.version).toBe('0.9.0');
    expect(local.emulator.requests[0]).toMatchObject({ fault: 'status', handled: undefined });
  });

  it('answers a PATCH with the listing, and can show another version or none', async () => {
    const first = JSON.parse((await patch('asset-1', KEYS.creator, valid)).body);
    expect(first).toMatchObject({ id: 'asset-1', version: '2.0.0', changelog: 'notes' });
    const next = (version: string) => JSON.stringify({ version, changelog: 'notes' });
    await call('/__answer', { method: 'POST', body: JSON.stringify({ version: '1.9.9' }) });
    const other = JSON.parse((await patch('asset-1', KEYS.creator, next('2.0.1'))).body);
    expect(other.version).toBe('1.9.9');
    await call('/__answer', { method: 'POST', body: JSON.stringify({ shape: 'data' }) });
    const under = JSON.parse((await patch('asset-1', KEYS.creator, next('2.0.2'))).body);
    expect(under.data).toMatchObject({ id: 'asset-1', version: '2.0.2' });
    await call('/__answer', { method: 'POST', body: JSON.stringify({ shape: 'none' }) });
    expect(await patch('asset-1', KEYS.creator, next('2.0.3'))).toEqual({ status: 204, body: '' });
    // Stored whatever the answer showed.
    const listings = JSON.parse((await call('/__listings')).body);
    expect(listings['asset-1'].version).toBe('2.0.3');
  });

  it('adds or replaces listings over the control API', async () => {
    await call('/__listings', {
      method: 'POST',
      body: JSON.stringify({ 'asset-9': { owner: 'creator', version: '5.0.0', changelog: '' } }),
    });
    const answer = await call('/listings', { headers: { 'x-api-key': KEYS.creator } });
    expect(JSON.parse(answer.body).listings).toContainEqual({
      id: 'asset-9',
      owner: 'creator',
      version: '5.0.0',
      changelog: '',
    });
  });
});
