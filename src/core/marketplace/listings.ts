// The marketplace does not document the answer of `GET {base-url}/listings`: every common shape
// of a list is read, and anything else is "unknown", never an error.
import type { Answer } from '../attempt.js';
import { field, isObject, parseJson } from '../json.js';
import type { ListedListing, ListingsAnswer, Standing, WalkEnd } from '../listing.js';
import { describeOutcome, nextPageLine, pageTooLarge, walkEndLine } from '../sentences.js';
import { listingsUrl } from '../transport/exchange.js';
import { type Outcome, succeeded } from '../transport/retry.js';
import type { Sender } from './sender.js';
import { sameVersionText } from './version-order.js';

function text(holder: unknown, key: string): string | undefined {
  const value = field(holder, key);
  return typeof value === 'string' ? value : Number.isFinite(value) ? String(value) : undefined;
}

/** A relation `next` among a link's parameters (RFC 8288: `rel` holds space-separated types). */
const REL_NEXT = /;\s*rel\s*=\s*(?:"[^"]*(?<=[\s"])next(?=[\s"])[^"]*"|next(?=[\s;,]|$))/i;

// A bare token is a cursor, even one a URL parser would accept as a relative path.
const URL_LIKE = /^[a-z][a-z0-9+.-]*:|^\/|^\?|^\.\.?\/|\?/i;

function saysMore(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return typeof value === 'number' || value === true;
}

function nextPage(json: unknown, link: string, pageUrl?: string) {
  // More pages named by a cursor or a number rather than a URL are not guessed at: `next` stays unset.
  const urlOf = (reference: string) => URL.parse(reference.trim(), pageUrl)?.href;
  for (const [, target, params] of link.matchAll(/<([^>]*)>([^<]*)/g)) {
    if (REL_NEXT.test(params as string)) return { more: true, next: urlOf(target as string) };
  }
  const top = isObject(json) ? json : {};
  const holders = [top, top.links, top.pagination, top.meta, top.paging].filter(isObject);
  let more = false;
  for (const { next, next_page, has_more } of holders) {
    const href = isObject(next) ? next.href : next;
    const url = typeof href === 'string' && URL_LIKE.test(href.trim()) ? urlOf(href) : undefined;
    if (url !== undefined) return { more: true, next: url };
    const named = isObject(next) && Object.keys(next).length > 0;
    more ||= named || saysMore(next) || saysMore(next_page) || has_more === true;
  }
  return { more };
}

export function readListings(body: string, link: string, pageUrl?: string): ListingsAnswer {
  const json = parseJson(body);
  const entries = Array.isArray(json)
    ? json
    : ['listings', 'data', 'items', 'results'].map((key) => field(json, key)).find(Array.isArray);
  if (entries === undefined) return { kind: 'unknown' };
  const listings = new Map<string, ListedListing>();
  for (const entry of entries) {
    const id = text(entry, 'id');
    // An entry without an id means this is a list of something else.
    if (id === undefined) return { kind: 'unknown' };
    listings.set(id, {
      version: text(entry, 'version'),
      changelog: text(entry, 'changelog'),
      name: text(entry, 'name') ?? text(entry, 'title'),
    });
  }
  return { kind: 'list', listings, ...nextPage(json, link, pageUrl) };
}

export function standingOf(answer: ListingsAnswer | undefined, id: string): Standing | undefined {
  if (answer?.kind !== 'list') return answer;
  const listing = answer.listings.get(id);
  return listing ? { kind: 'listed', listing } : { kind: 'missing', more: answer.more };
}

export function confirmationOf(outcome: Outcome, sent: string) {
  const json = outcome.last.status === 200 ? parseJson(outcome.last.body) : undefined;
  const shown = [json, field(json, 'listing'), field(json, 'data')]
    .map((holder) => text(holder, 'version'))
    .find((v) => v !== undefined);
  if (shown === undefined) return { confirmed: null, shown };
  return { confirmed: sameVersionText(shown, sent), shown };
}

// A page is parsed, never printed whole, so it may be far larger than other answers; reading and
// parsing it costs about four times its size at peak.
const MAX_PAGE_BYTES = 64 * 1024 * 1024;

const MAX_PAGES = 50;

// No answer when the first page could not be read; a problem when a page could not be.
export type ListRead = Awaited<ReturnType<typeof walkList>>;

// `which`: what a failed page's message names (`listing "a"`).
export async function walkList(
  sender: Sender,
  walk: { wanted?: readonly string[]; which?: string; retries?: number },
) {
  const listings = new Map<string, ListedListing>();
  const seen = new Set<string>();
  const { log, debug } = sender.channel;
  const { baseUrl } = sender.channel.settings;
  let url = listingsUrl(baseUrl);
  let attempts = 0;
  for (let page = 1; ; page++) {
    seen.add(url.replace(/#.*$/s, ''));
    const sent = await sender.send('GET', url, undefined, walk.retries, MAX_PAGE_BYTES);
    attempts += sent.attempts;
    const outcome = { ...sent, attempts };
    // A failure always has a problem: past it, the last attempt was answered.
    const last = sent.last as Answer;
    const problem = !succeeded(sent)
      ? describeOutcome(sent, sender.target(url, walk.which ?? 'the listings', 'list'))
      : last.cut
        ? pageTooLarge(url, page, MAX_PAGE_BYTES)
        : undefined;
    const read = (end?: WalkEnd) => {
      if (end !== undefined) log(walkEndLine(end, page, baseUrl));
      const list = { kind: 'list', listings, more: end !== undefined } as const;
      return { outcome, problem, answer: list, pages: page };
    };
    const answer = problem === undefined ? readListings(last.body, last.link, url) : undefined;
    if (page === 1 && answer?.kind !== 'list') return { outcome, problem, answer, pages: page };
    if (answer?.kind !== 'list') return read({ kind: problem ? 'failed' : 'not-a-list' });
    for (const [id, listing] of answer.listings) if (!listings.has(id)) listings.set(id, listing);
    if (!answer.more) return read();
    if (walk.wanted?.every((id) => listings.has(id))) return read({ kind: 'all-found' });
    if (answer.next === undefined) return read({ kind: 'unnamed' });
    const refused = refusedPage(answer.next, baseUrl);
    if (refused !== undefined) return read({ kind: 'refused', why: refused });
    if (seen.has(answer.next.replace(/#.*$/s, ''))) return read({ kind: 'loop' });
    if (page >= MAX_PAGES) return read({ kind: 'too-many' });
    debug?.(nextPageLine(page + 1, walk.wanted?.filter((id) => !listings.has(id)).length));
    url = answer.next;
  }
}

// The API key goes only where the list began. `next` was resolved as a URL when its page was read.
function refusedPage(next: string, baseUrl: string): string | undefined {
  const base = new URL(baseUrl);
  const url = new URL(next);
  if (!/^https?:$/.test(url.protocol)) return `it is not an HTTP address (${url.protocol})`;
  if (url.origin !== base.origin) return `it is on ${url.origin}, not ${base.origin}`;
  if (url.username !== '' || url.password !== '') return 'it holds a user name or password';
  const prefix = base.pathname.replace(/\/+$/, '');
  // A server may decode an encoded `/`, `\` or `.` into a segment that leaves the path.
  if (/%(?:2f|5c|2e)/i.test(url.pathname)) return 'its path holds an encoded "/", "\\" or "."';
  // Under a base of `/` every path is inside: the prefix is never empty in the sentence.
  const inside = url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
  return inside ? undefined : `its path is outside ${prefix}`;
}
