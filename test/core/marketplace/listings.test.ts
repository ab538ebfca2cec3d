import { describe, expect, it } from 'vitest';
import {
  confirmationOf,
  readListings,
  standingOf,
} from '../../../src/core/marketplace/listings.js';
import type { Outcome } from '../../../src/core/transport/retry.js';

/** The version a 200 to a PATCH shows. */
const shownVersion = (body: string) =>
  confirmationOf({ attempts: 1, last: { kind: 'answer', status: 200, body } } as Outcome, '1')
    .shown;

const entries = [
  { id: 'asset-1', version: '1.0.0', changelog: 'notes' },
  { id: 1001, version: '2.0.0' },
];

const ids = (body: unknown, link = '') => {
  const answer = readListings(JSON.stringify(body), link);
  return answer.kind === 'list'
    ? { ids: [...answer.listings.keys()], more: answer.more }
    : 'unknown';
};

describe('readListings: the shapes of SPEC 7.4', () => {
  it.each([
    ['an array', entries],
    ['listings', { listings: entries }],
    ['data', { data: entries }],
    ['items', { items: entries }],
    ['results', { results: entries, total: 2 }],
  ])('reads %s, ids as text whether string or number', (_, body) => {
    expect(ids(body)).toEqual({ ids: ['asset-1', '1001'], more: false });
  });

  it('keeps the version and changelog when the list shows them', () => {
    const answer = readListings(JSON.stringify({ data: entries }), '');
    expect(answer.kind === 'list' && [...answer.listings]).toEqual([
      ['asset-1', { version: '1.0.0', changelog: 'notes' }],
      ['1001', { version: '2.0.0', changelog: undefined }],
    ]);
  });

  it('reads an empty list as a list: the account owns nothing', () => {
    expect(ids([])).toEqual({ ids: [], more: false });
    expect(ids({ listings: [] })).toEqual({ ids: [], more: false });
  });

  it.each([
    ['not JSON', 'not json'],
    ['a JSON string', '"listings"'],
    ['an object without a list', JSON.stringify({ count: 3 })],
    ['a list under another name', JSON.stringify({ assets: entries })],
    ['entries without an id', JSON.stringify([{ name: 'x' }])],
    ['ids of another type', JSON.stringify([{ id: true }])],
    ['entries that are not objects', JSON.stringify(['asset-1'])],
    ['one entry without an id', JSON.stringify({ listings: [...entries, { version: '1' }] })],
    ['a list under `listings` that is not an array', JSON.stringify({ listings: { id: 'a' } })],
    ['null', 'null'],
  ])('reads %s as an unknown shape', (_, body) => {
    expect(readListings(body, '')).toEqual({ kind: 'unknown' });
  });
});

describe('readListings: pagination', () => {
  it.each([
    [{ listings: entries, next: 'https://api.example.com/v1/listings?page=2' }],
    [{ listings: entries, next: { page: 2 } }],
    [{ listings: entries, next: true }],
    [{ listings: entries, next: 0 }],
    [{ data: entries, next_page: 2 }],
    [{ data: entries, next_page: 'cursor-abc' }],
    [{ items: entries, has_more: true }],
    [{ data: entries, pagination: { next: '/listings?page=2' } }],
    [{ data: entries, meta: { has_more: true } }],
    [{ data: entries, links: { next: '/listings?page=2' } }],
  ])('says there are more pages: %j', (body) => {
    expect(ids(body)).toMatchObject({ more: true });
  });

  it.each([
    [{ listings: entries, next: null }],
    [{ listings: entries, next: '' }],
    [{ listings: entries, next: '  ' }],
    [{ listings: entries, next: {} }],
    [{ listings: entries, next: false }],
    [{ data: entries, next_page: null }],
    [{ items: entries, has_more: false }],
    [{ items: entries, has_more: 'true' }],
    [{ data: entries, links: { next: null, prev: '/x' } }],
  ])('says there are no more pages: %j', (body) => {
    expect(ids(body)).toMatchObject({ more: false });
  });

  it('reads a Link header with rel="next", also for an array', () => {
    expect(ids(entries, '</v1/listings?page=2>; rel="next"')).toMatchObject({ more: true });
    expect(ids(entries, '</v1/listings?page=1>; rel="prev"')).toMatchObject({ more: false });
  });
});

describe('standingOf', () => {
  const answer = readListings(JSON.stringify({ listings: entries, has_more: true }), '');
  const complete = readListings(JSON.stringify(entries), '');

  it('finds a listing, or says it is missing and whether the list had more pages', () => {
    expect(standingOf(complete, '1001')).toEqual({
      kind: 'listed',
      listing: { version: '2.0.0', changelog: undefined },
    });
    expect(standingOf(complete, 'nope')).toEqual({ kind: 'missing', more: false });
    expect(standingOf(answer, 'nope')).toEqual({ kind: 'missing', more: true });
    expect(standingOf({ kind: 'unknown' }, 'asset-1')).toEqual({ kind: 'unknown' });
  });
});

describe('the version a PATCH answer shows (SPEC 7.8)', () => {
  it.each([
    ['at the top', { id: 'a', version: '1.2.3' }, '1.2.3'],
    ['under listing', { listing: { version: 'v1.2.3' } }, 'v1.2.3'],
    ['under data', { data: { id: 'a', version: '2' } }, '2'],
    ['as a number', { version: 2 }, '2'],
    ['the top before the envelopes', { version: '1', data: { version: '2' } }, '1'],
    ['nowhere', { id: 'a', ok: true }, undefined],
    ['under another key', { result: { version: '1' } }, undefined],
    ['in a list', [{ version: '1' }], undefined],
    ['as null', { version: null }, undefined],
  ])('reads it %s', (_, body, version) => {
    expect(shownVersion(JSON.stringify(body))).toBe(version);
  });

  it.each(['', 'not json', 'null'])('reads none in %j', (body) => {
    expect(shownVersion(body)).toBeUndefined();
  });
});
