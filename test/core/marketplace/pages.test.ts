// Where the next page of the list is, and whether it may be requested: pure, table-driven, and a
// property that an address off `base-url` never is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import type { Answer } from '../../../src/core/attempt.js';
import { readListings, walkList } from '../../../src/core/marketplace/listings.js';
import type { Sender } from '../../../src/core/marketplace/sender.js';
import { runs } from '../../support/property-runs.js';

const PAGE = 'https://api.example.com/v1/listings?page=1';
type NextPage = { more: boolean; next?: string };

/** What a page of the list says of the next, read from a body that is otherwise an empty list. */
function nextPage(json: unknown, link: string, pageUrl?: string): NextPage {
  const body = Array.isArray(json) ? json : { listings: [], ...(json as object) };
  const answer = readListings(JSON.stringify(body), link, pageUrl);
  if (answer.kind !== 'list') throw new Error('not a list');
  return answer.next === undefined ? { more: answer.more } : { more: true, next: answer.next };
}
const url = (href: string): NextPage => ({ more: true, next: href });
const UNNAMED: NextPage = { more: true };
const NONE: NextPage = { more: false };

describe('the target of rel="next" in a Link header (RFC 8288)', () => {
  it.each<[string, string | undefined]>([
    ['<https://a/x?page=2>; rel="next"', 'https://a/x?page=2'],
    ['<https://a/x?page=2>; rel=next', 'https://a/x?page=2'],
    ['<https://a/x?page=2>;rel="NEXT"', 'https://a/x?page=2'],
    ['<https://a/x?page=1>; rel="prev", <https://a/x?page=3>; rel="next"', 'https://a/x?page=3'],
    ['<https://a/x?page=2>; rel="prev next"', 'https://a/x?page=2'],
    ['<https://a/x?page=2>; rel=next; title="x"', 'https://a/x?page=2'],
    ['<https://a/x?page=2>; rel = "next"', 'https://a/x?page=2'],
    ['<https://a/x?page=2>; rel="next last"', 'https://a/x?page=2'],
    ['<https://a/x?page=2>; rel=next , <https://a/x?page=1>; rel="prev"', 'https://a/x?page=2'],
    ['</v1/listings?page=2>; rel="next"', '/v1/listings?page=2'],
    ['<https://a/x?page=2>; rel="next', undefined],
    ['', undefined],
    ['<https://a/x?page=1>; rel="prev"', undefined],
    ['<https://a/x?page=9>; rel="last"', undefined],
    ['<https://a/next>; rel="first"', undefined],
    ['<https://a/x>; rel="nextish"', undefined],
  ])('%j names %j', (link, expected) => {
    expect(nextPage([], link, PAGE)).toEqual(
      expected === undefined ? NONE : url(new URL(expected, PAGE).href),
    );
  });
});

describe('nextPage: the URL the answer names, resolved against the page', () => {
  it.each<[string, unknown, string, NextPage]>([
    [
      'a Link header, relative',
      [],
      '</v1/listings?page=2>; rel="next"',
      url('https://api.example.com/v1/listings?page=2'),
    ],
    [
      'a Link header wins over the body',
      { next: '/v1/b' },
      '<https://api.example.com/v1/a>; rel="next"',
      url('https://api.example.com/v1/a'),
    ],
    [
      '`next` at the top, absolute',
      { next: 'https://api.example.com/v1/listings?page=2' },
      '',
      url('https://api.example.com/v1/listings?page=2'),
    ],
    [
      '`next` at the top, a query only',
      { next: '?page=2' },
      '',
      url('https://api.example.com/v1/listings?page=2'),
    ],
    [
      '`next` under links',
      { links: { next: '/v1/listings?page=2' } },
      '',
      url('https://api.example.com/v1/listings?page=2'),
    ],
    [
      '`next` under pagination, ./',
      { pagination: { next: './listings?page=2' } },
      '',
      url('https://api.example.com/v1/listings?page=2'),
    ],
    [
      '`next` under meta, ../',
      { meta: { next: '../v2/listings' } },
      '',
      url('https://api.example.com/v2/listings'),
    ],
    [
      '`next` under paging, another origin',
      { paging: { next: 'https://other.example/p2' } },
      '',
      url('https://other.example/p2'),
    ],
    [
      '`next` as an href object',
      { links: { next: { href: '/v1/listings?page=2' } } },
      '',
      url('https://api.example.com/v1/listings?page=2'),
    ],
    ['a cursor in `next`', { next: 'eyJpZCI6MTB9' }, '', UNNAMED],
    ['a cursor with a slash in it', { meta: { next: 'abc/def==' } }, '', UNNAMED],
    ['a page number in `next`', { paging: { next: 2 } }, '', UNNAMED],
    ['`next_page`', { next_page: 3 }, '', UNNAMED],
    ['`has_more`', { meta: { has_more: true } }, '', UNNAMED],
    [
      'a cursor at the top, a URL under links',
      { next: 'c1', links: { next: '?page=2' } },
      '',
      url('https://api.example.com/v1/listings?page=2'),
    ],
    ['nothing', { listings: [] }, '', NONE],
    ['null and empty', { next: null, links: { next: '' }, meta: { next: '  ' } }, '', NONE],
    ['an array body, no header', [{ id: 'a' }], '', NONE],
    ['`next` under another object', { other: { next: '/v1/listings?page=2' } }, '', NONE],
  ])('%s', (_, json, link, expected) => {
    expect(nextPage(json, link, PAGE)).toEqual(expected);
  });

  it('a relative next without a page to resolve it against names no URL', () => {
    expect(nextPage({ next: '?page=2' }, '')).toEqual(UNNAMED);
  });
});

const BASE = 'https://api.example.com/v1';

/**
 * A walk of the list whose first page names `reference` as the next (in a `next` field, or in a
 * Link header): why the next page is refused, as the log says, and whether it was requested.
 */
async function walkTo(reference: string, baseUrl: string, where: 'body' | 'link' = 'body') {
  const logs: string[] = [];
  let gets = 0;
  const page = (body: unknown, link: string): Answer => ({
    kind: 'answer',
    status: 200,
    location: '',
    retryAfter: '',
    contentType: 'application/json',
    link,
    body: JSON.stringify(body),
    cut: false,
    ms: 1,
  });
  const sender = {
    channel: { settings: { baseUrl }, log: (line: string) => logs.push(line) },
    async send() {
      gets += 1;
      if (gets > 1) return { attempts: 1, last: page({ listings: [] }, '') };
      const link = where === 'link' ? `<${reference}>; rel="next"` : '';
      const body = where === 'body' ? { listings: [], next: reference } : { listings: [] };
      return { attempts: 1, last: page(body, link) };
    },
    target: (url: string, listingId: string, request: 'list') => ({
      listingId,
      baseUrl,
      request,
      url,
      timeoutMs: 1000,
      words: ACTION_WORDS,
    }),
  } as unknown as Sender;
  await walkList(sender, {});
  const why = logs.join('\n').match(/is not requested, as (.*): the API key is sent only/)?.[1];
  return { why, requested: gets > 1, logs };
}

const refusedPage = async (next: string, baseUrl: string) => (await walkTo(next, baseUrl)).why;

describe('the key goes only where the list began', () => {
  it.each<[string, string | undefined]>([
    ['https://api.example.com/v1/listings?page=2', undefined],
    ['https://api.example.com/v1/listings/page/2', undefined],
    ['https://API.example.com:443/v1/listings?cursor=a%2Fb', undefined],
    ['https://api.example.com/v1', undefined],
    [
      'https://other.example/v1/listings',
      'it is on https://other.example, not https://api.example.com',
    ],
    [
      'http://api.example.com/v1/listings',
      'it is on http://api.example.com, not https://api.example.com',
    ],
    [
      'https://api.example.com:8443/v1/listings',
      'it is on https://api.example.com:8443, not https://api.example.com',
    ],
    [
      'https://api.example.com@other.example/v1/listings',
      'it is on https://other.example, not https://api.example.com',
    ],
    ['https://user:pw@api.example.com/v1/listings', 'it holds a user name or password'],
    ['https://api.example.com/v2/listings', 'its path is outside /v1'],
    ['https://api.example.com/v1evil/listings', 'its path is outside /v1'],
    ['https://api.example.com/v1/../admin', 'its path is outside /v1'],
    ['https://api.example.com/v1/%2e%2e/admin', 'its path is outside /v1'],
    ['https://api.example.com/v1/..%2Fadmin', 'its path holds an encoded "/", "\\" or "."'],
    ['https://api.example.com/v1/x%5C..%5Cadmin', 'its path holds an encoded "/", "\\" or "."'],
    ['ftp://api.example.com/v1/listings', 'it is not an HTTP address (ftp:)'],
  ])('%s: %j', async (next, why) => {
    expect(await refusedPage(next, BASE)).toBe(why);
  });

  it('a base-url at the root allows its whole origin, and a trailing slash changes nothing', async () => {
    expect(
      await refusedPage('https://api.example.com/any/path', 'https://api.example.com'),
    ).toBeUndefined();
    expect(await refusedPage('https://api.example.com/v1/x', `${BASE}/`)).toBeUndefined();
    expect(await refusedPage('https://api.example.com/v2', `${BASE}/`)).toBe(
      'its path is outside /v1',
    );
  });
});

/** Next-page references that leave `base-url`: another origin, scheme or path, or tricks. */
const offBase: fc.Arbitrary<string> = fc.oneof(
  fc
    .domain()
    .filter((host) => host !== 'api.example.com')
    .map((host) => `https://${host}/v1/listings`),
  fc
    .constantFrom('http', 'ftp', 'ws', 'file', 'javascript')
    .map((scheme) => `${scheme}://api.example.com/v1/x`),
  fc
    .integer({ min: 1, max: 65_535 })
    .filter((port) => port !== 443)
    .map((port) => `https://api.example.com:${port}/v1/x`),
  fc.domain().map((host) => `https://api.example.com@${host}/v1/listings`),
  fc.domain().map((host) => `//${host}/v1/listings`),
  fc.domain().map((host) => `\\\\${host}/v1/listings`),
  fc
    .stringMatching(/^[a-z0-9]{1,8}$/)
    .filter((segment) => segment !== 'v1')
    .map((segment) => `/${segment}/listings`),
  fc.constantFrom(
    '/v1/../x',
    '/v1/./../x',
    '../x',
    '../../x',
    '/v1/%2e%2e/x',
    '/v1/.%2E/x',
    '/v1/..%2fx',
    '/v1%2F..%2Fx',
    '/v1/x%5c..%5c..%5cy',
    '/v1x',
  ),
  fc
    .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z]{1,6}$/))
    .map(([user, pass]) => `https://${user}:${pass}@api.example.com/v1/listings`),
);

describe('a next page off base-url is never requested (property)', () => {
  it('refused, whatever the form, in a Link header or a `next` field', async () => {
    await fc.assert(
      fc.asyncProperty(offBase, async (reference) => {
        for (const where of ['link', 'body'] as const) {
          const walk = await walkTo(reference, BASE, where);
          expect(walk.requested).toBe(false);
          // A reference that is no URL is a cursor: not followed at all.
          const cursor = walk.logs.some((line) => line.includes('named by a cursor or a number'));
          expect(walk.why !== undefined || cursor).toBe(true);
        }
      }),
      { numRuns: runs(500) },
    );
  });
});

describe('nextPage: the forms at their edges', () => {
  it.each<[string, unknown, string, NextPage]>([
    // A URL by its form only where the form begins the text: a token holding one is a cursor.
    ['a cursor with a scheme-like part inside', { next: '12ab:cd' }, '', UNNAMED],
    ['a cursor with ./ inside', { next: 'a../b' }, '', UNNAMED],
    [
      '`next` ./ without a query',
      { next: './listings/2' },
      '',
      url('https://api.example.com/v1/listings/2'),
    ],
    [
      '`next` ../ without a query',
      { next: '../v2/listings' },
      '',
      url('https://api.example.com/v2/listings'),
    ],
    // Trimmed as text (a no-break space too), not only as a URL parser trims.
    [
      '`next` between no-break spaces',
      { next: '\u00a0/v1/listings/2\u00a0' },
      '',
      url('https://api.example.com/v1/listings/2'),
    ],
    [
      '`next` as an href between no-break spaces',
      { links: { next: { href: '\u00a0/v1/listings/2' } } },
      '',
      url('https://api.example.com/v1/listings/2'),
    ],
    [
      'a Link header target between no-break spaces',
      {},
      '<\u00a0/v1/listings/2\u00a0>; rel="next"',
      url('https://api.example.com/v1/listings/2'),
    ],
    ['`next_page` true', { next_page: true }, '', UNNAMED],
    ['`next_page` a cursor', { paging: { next_page: 'c2' } }, '', UNNAMED],
    ['`next_page` 0', { next_page: 0 }, '', UNNAMED],
    ['`next_page` empty', { next_page: '' }, '', NONE],
    ['`next_page` blank', { meta: { next_page: '  ' } }, '', NONE],
    ['`next_page` false or null', { next_page: false, meta: { next_page: null } }, '', NONE],
    ['`has_more` false', { has_more: false }, '', NONE],
    ['`has_more` not a boolean', { has_more: 'true' }, '', NONE],
  ])('%s', (_, json, link, expected) => {
    expect(nextPage(json, link, PAGE)).toEqual(expected);
  });
});

describe('credentials and a base path at their edges', () => {
  it.each<[string, string, string | undefined]>([
    ['https://user@api.example.com/v1/listings', BASE, 'it holds a user name or password'],
    ['https://:pw@api.example.com/v1/listings', BASE, 'it holds a user name or password'],
    // Every trailing slash of base-url's path is dropped: `/v1//` is `/v1`.
    ['https://api.example.com/v1/listings', `${BASE}//`, undefined],
    ['https://api.example.com/v1', `${BASE}///`, undefined],
    ['https://api.example.com/v2/listings', `${BASE}//`, 'its path is outside /v1'],
  ])('%s under %s: %j', async (next, base, why) => {
    expect(await refusedPage(next, base)).toBe(why);
  });
});
