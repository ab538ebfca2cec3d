// The marketplace does not document the answer of `GET {base-url}/listings`: every common shape
// of a list is read, and anything else is "unknown", never an error.
import { field, isObject, parseJson } from '../json.js';
import type { ListedListing, ListingsAnswer, Standing } from '../listing.js';
import type { Outcome } from '../transport/retry.js';
import { sameVersionText } from './version-order.js';

const LIST_KEYS = ['listings', 'data', 'items', 'results'];

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : Number.isFinite(value) ? String(value) : undefined;
}

function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  return LIST_KEYS.map((key) => field(value, key)).find(Array.isArray);
}

/** A relation `next` among a link's parameters (RFC 8288: `rel` holds space-separated types). */
const REL_NEXT = /;\s*rel\s*=\s*(?:"[^"]*(?<=[\s"])next(?=[\s"])[^"]*"|next(?=[\s;,]|$))/i;

// A bare token is a cursor, even one a URL parser would accept as a relative path.
function urlLike(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:|^\/|^\?|^\.\.?\/|\?/i.test(text);
}

// More pages named by a cursor or a number rather than a URL are not guessed at: `next` stays unset.
function resolved(reference: string, pageUrl: string | undefined) {
  if (!URL.canParse(reference, pageUrl)) return { more: true };
  return { more: true, next: new URL(reference, pageUrl).href };
}

// A page named by a cursor, a number or a flag rather than a URL.
function saysMore(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return typeof value === 'number' || value === true;
}

function nextPage(json: unknown, link: string, pageUrl?: string) {
  for (const [, target, params] of link.matchAll(/<([^>]*)>([^<]*)/g)) {
    if (REL_NEXT.test(params as string)) return resolved((target as string).trim(), pageUrl);
  }
  const top = isObject(json) ? json : {};
  const holders = [top, top.links, top.pagination, top.meta, top.paging].filter(isObject);
  let more = false;
  for (const { next, next_page, has_more } of holders) {
    const href = isObject(next) ? next.href : next;
    if (typeof href === 'string' && urlLike(href.trim())) {
      const found = resolved(href.trim(), pageUrl);
      if (found.next !== undefined) return found;
    }
    const named = isObject(next) && Object.keys(next).length > 0;
    more ||= named || saysMore(next) || saysMore(next_page) || has_more === true;
  }
  return { more };
}

export function readListings(body: string, link: string, pageUrl?: string): ListingsAnswer {
  const json = parseJson(body);
  const entries = listOf(json);
  if (entries === undefined) return { kind: 'unknown' };
  const listings = new Map<string, ListedListing>();
  for (const entry of entries) {
    const id = isObject(entry) ? text(entry.id) : undefined;
    // An entry without an id means this is a list of something else.
    if (!isObject(entry) || id === undefined) return { kind: 'unknown' };
    listings.set(id, {
      version: text(entry.version),
      changelog: text(entry.changelog),
      name: text(entry.name) ?? text(entry.title),
    });
  }
  return { kind: 'list', listings, ...nextPage(json, link, pageUrl) };
}

export function standingOf(answer: ListingsAnswer | undefined, id: string): Standing | undefined {
  if (answer?.kind !== 'list') return answer;
  const listing = answer.listings.get(id);
  return listing === undefined
    ? { kind: 'missing', more: answer.more }
    : { kind: 'listed', listing };
}

export function confirmationOf(outcome: Outcome, sent: string) {
  const { last } = outcome;
  const json = last.status === 200 ? parseJson(last.body) : undefined;
  const holders = [json, field(json, 'listing'), field(json, 'data')];
  const shown = holders
    .map((holder) => text(field(holder, 'version')))
    .find((v) => v !== undefined);
  if (shown === undefined) return { confirmed: null, shown };
  return { confirmed: sameVersionText(shown, sent), shown };
}
