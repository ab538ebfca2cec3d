// The walk over a list's pages with a scripted sender: each reason to stop with its log line and
// its `more`, the debug line before each next page, attempts summed, the first of an id kept.

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import type { Answer, AttemptResult } from '../../../src/core/attempt.js';
import { walkList } from '../../../src/core/marketplace/listings.js';
import type { Sender } from '../../../src/core/marketplace/sender.js';
import type { Outcome } from '../../../src/core/transport/retry.js';

const BASE = 'https://m.example/v1';
const FIRST = `${BASE}/listings`;
const NOT_CHECKED = 'the listings not found are not checked';

const answer = (body: unknown, status = 200): Answer => ({
  kind: 'answer',
  status,
  location: '',
  retryAfter: '',
  contentType: 'application/json',
  link: '',
  body: typeof body === 'string' ? body : JSON.stringify(body),
  cut: false,
  ms: 1,
});

/** A page of listings `ids` (each at version `v<page>`), naming `next` when given. */
const page = (n: number, ids: string[], next?: string): Answer =>
  answer({ listings: ids.map((id) => ({ id, version: `${n}.0.0` })), ...(next && { next }) });

/** A sender that answers each URL as `pages` says, in 2 attempts each. */
function scripted(pages: Record<string, AttemptResult>) {
  const gets: string[] = [];
  const logs: string[] = [];
  const debugs: string[] = [];
  const sender = {
    channel: {
      settings: { baseUrl: BASE },
      log: (line: string) => logs.push(line),
      debug: (line: string) => debugs.push(line),
    },
    async send(method: string, url: string): Promise<Outcome> {
      gets.push(`${method} ${url}`);
      const last = pages[url];
      if (last === undefined) throw new Error(`no page ${url}`);
      return { last, attempts: 2 };
    },
    target: (url: string, listingId: string, request: 'list') => ({
      listingId,
      baseUrl: BASE,
      request,
      url,
      timeoutMs: 1000,
      words: ACTION_WORDS,
    }),
  } as unknown as Sender;
  return { sender, gets, logs, debugs };
}

const versions = (read: Awaited<ReturnType<typeof walkList>>) =>
  read.answer?.kind === 'list'
    ? Object.fromEntries([...read.answer.listings].map(([id, l]) => [id, l.version]))
    : undefined;

describe('walkList, scripted', () => {
  it('every page: attempts summed, the first of an id kept, a debug line before each page', async () => {
    const { sender, gets, logs, debugs } = scripted({
      [FIRST]: page(1, ['a'], '?page=2'),
      [`${FIRST}?page=2`]: page(2, ['a', 'b'], '/v1/listings?page=3'),
      [`${FIRST}?page=3`]: page(3, ['c']),
    });
    const read = await walkList(sender, { which: 'the listings' });
    expect(gets).toEqual([`GET ${FIRST}`, `GET ${FIRST}?page=2`, `GET ${FIRST}?page=3`]);
    expect(versions(read)).toEqual({ a: '1.0.0', b: '2.0.0', c: '3.0.0' });
    expect(read).toMatchObject({ pages: 3, problem: undefined, answer: { more: false } });
    expect(read.outcome.attempts).toBe(6);
    expect(logs).toEqual([]);
    expect(debugs).toEqual([
      'Page 2 of the list is read next: every listing is read.',
      'Page 3 of the list is read next: every listing is read.',
    ]);
  });

  it('listings looked for: the debug line counts those not found yet', async () => {
    const { sender, debugs } = scripted({
      [FIRST]: page(1, ['x', 'a'], '?page=2'),
      [`${FIRST}?page=2`]: page(2, ['b'], '?page=3'),
      [`${FIRST}?page=3`]: page(3, ['c']),
    });
    await walkList(sender, { which: 'the listings', wanted: ['a', 'b', 'c', 'd'] });
    expect(debugs).toEqual([
      'Page 2 of the list is read next: 3 listing(s) not found yet.',
      'Page 3 of the list is read next: 2 listing(s) not found yet.',
    ]);
  });

  it('every listing looked for found: the next pages are not read', async () => {
    const { sender, gets, logs } = scripted({ [FIRST]: page(1, ['a', 'b'], '?page=2') });
    const read = await walkList(sender, { which: 'the listings', wanted: ['b'] });
    expect(gets).toHaveLength(1);
    expect(read).toMatchObject({ pages: 1, answer: { more: true } });
    expect(logs).toEqual([
      'Every listing looked for was found by page 1 of the list: the next pages are not read.',
    ]);
  });

  it('a later page that cannot be read: its problem, the listings before, more pages', async () => {
    const { sender, logs } = scripted({
      [FIRST]: page(1, ['a'], '?page=2'),
      [`${FIRST}?page=2`]: answer('busy', 503),
    });
    const read = await walkList(sender, { which: 'the listings' });
    expect(versions(read)).toEqual({ a: '1.0.0' });
    expect(read).toMatchObject({
      pages: 2,
      problem: { title: 'Marketplace unavailable (HTTP 503)' },
    });
    expect(read.answer).toMatchObject({ more: true });
    expect(read.outcome.attempts).toBe(4);
    expect(logs).toEqual([`Page 2 of the list of listings could not be read: ${NOT_CHECKED}.`]);
  });

  it('a later page in a shape not known: more pages', async () => {
    const { sender, logs } = scripted({
      [FIRST]: page(1, ['a'], '?page=2'),
      [`${FIRST}?page=2`]: answer({ what: 'no list' }),
    });
    const read = await walkList(sender, { which: 'the listings' });
    expect(read).toMatchObject({ pages: 2, problem: undefined, answer: { more: true } });
    expect(logs).toEqual([
      `Page 2 of the list of listings is not a list in a shape this tool knows: ${NOT_CHECKED}.`,
    ]);
  });

  it.each(['#top', '#a#b', '#'])(
    'a next page that is the page read, but for its fragment %j, ends the walk',
    async (fragment) => {
      const { sender, gets, logs } = scripted({
        [FIRST]: page(1, ['a'], `/v1/listings${fragment}`),
      });
      const read = await walkList(sender, { which: 'the listings' });
      expect(gets).toEqual([`GET ${FIRST}`]);
      expect(read).toMatchObject({ pages: 1, answer: { more: true } });
      expect(logs).toEqual([
        `Page 1 of the list of listings names a page already read as the next one: the walk ends, and ${NOT_CHECKED}.`,
      ]);
    },
  );
});
