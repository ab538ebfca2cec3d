// A list of listings in pages: where the next page is, and whether it may be requested (the API
// key goes only where the list began).

import { isObject } from '../json.js';

// A page is parsed, never printed whole, so it may be far larger than other answers; reading and
// parsing it costs about four times its size at peak.
export const MAX_PAGE_BYTES = 64 * 1024 * 1024;

/** Enough for thousands of listings, a bound for a list that loops. */
export const MAX_PAGES = 50;

/** Whether the answer says more pages exist, and the URL of the next when it names one. */
type NextPage = { readonly more: boolean; readonly next?: string };

const NONE: NextPage = { more: false };
/** More pages, named by a cursor or a number rather than a URL: not guessed at. */
const UNNAMED: NextPage = { more: true };

/** A relation `next` among a link's parameters (RFC 8288: `rel` holds space-separated types). */
const REL_NEXT = /;\s*rel\s*=\s*(?:"[^"]*(?<=[\s"])next(?=[\s"])[^"]*"|next(?=[\s;,]|$))/i;

// A bare token is a cursor, even one a URL parser would accept as a relative path.
function urlLike(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:|^\/|^\?|^\.\.?\/|\?/i.test(text);
}

function resolved(reference: string, pageUrl: string | undefined): NextPage {
  try {
    return { more: true, next: new URL(reference, pageUrl).href };
  } catch {
    return UNNAMED;
  }
}

function nextOf(value: unknown, pageUrl: string | undefined): NextPage {
  const href = isObject(value) ? value.href : value;
  if (typeof href === 'string' && urlLike(href.trim())) return resolved(href.trim(), pageUrl);
  if (typeof value === 'string') return value.trim() === '' ? NONE : UNNAMED;
  if (typeof value === 'number' || value === true) return UNNAMED;
  if (isObject(value) && Object.keys(value).length > 0) return UNNAMED;
  return NONE;
}

function saysMore(holder: Record<string, unknown>): boolean {
  const page = holder.next_page;
  const pointed = typeof page === 'string' ? page.trim() !== '' : typeof page === 'number';
  return pointed || page === true || holder.has_more === true;
}

export function nextPage(json: unknown, link: string, pageUrl?: string): NextPage {
  for (const [, target, params] of link.matchAll(/<([^>]*)>([^<]*)/g)) {
    if (REL_NEXT.test(params as string)) return resolved((target as string).trim(), pageUrl);
  }
  const top = isObject(json) ? json : {};
  const holders = [top, top.links, top.pagination, top.meta, top.paging].filter(isObject);
  let found = NONE;
  for (const holder of holders) {
    const next = nextOf(holder.next, pageUrl);
    if (next.next !== undefined) return next;
    if (next.more || saysMore(holder)) found = UNNAMED;
  }
  return found;
}

export function refusedPage(next: string, baseUrl: string): string | undefined {
  const base = new URL(baseUrl);
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    return 'it is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `it is not an HTTP address (${url.protocol})`;
  }
  if (url.origin !== base.origin) return `it is on ${url.origin}, not ${base.origin}`;
  if (url.username !== '' || url.password !== '') return 'it holds a user name or password';
  const prefix = base.pathname.replace(/\/+$/, '');
  // A server may decode an encoded `/`, `\` or `.` into a segment that leaves the path.
  if (/%(?:2f|5c|2e)/i.test(url.pathname)) return 'its path holds an encoded "/", "\\" or "."';
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
    // Under a base of `/` every path is inside: the prefix is never empty here.
    return `its path is outside ${prefix}`;
  }
  return undefined;
}
