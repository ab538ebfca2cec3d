// A list of listings in pages: where the next page is, and whether it may be requested (the API
// key goes only where the list began).

import { isObject } from '../json.js';

// A page is parsed, never printed whole, so it may be far larger than other answers; reading and
// parsing it costs about four times its size at peak.
export const MAX_PAGE_BYTES = 64 * 1024 * 1024;

/** Enough for thousands of listings, a bound for a list that loops. */
export const MAX_PAGES = 50;

export type NextPage =
  | { readonly kind: 'none' }
  | { readonly kind: 'url'; readonly url: string }
  /** More pages, named by a cursor or a number rather than a URL: not guessed at. */
  | { readonly kind: 'unnamed' };

const NONE: NextPage = { kind: 'none' };
const UNNAMED: NextPage = { kind: 'unnamed' };

/** A relation `next` among a link's parameters (RFC 8288: `rel` holds space-separated types). */
const REL_NEXT = /;\s*rel\s*=\s*(?:"[^"]*(?<=[\s"])next(?=[\s"])[^"]*"|next(?=[\s;,]|$))/i;

export function linkNext(link: string): string | undefined {
  for (const match of link.matchAll(/<([^>]*)>([^<]*)/g)) {
    // Both groups take part in every match.
    if (REL_NEXT.test(match[2] as string)) return match[1];
  }
  return undefined;
}

// A bare token is a cursor, even one a URL parser would accept as a relative path.
function urlLike(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:|^\/|^\?|^\.\.?\/|\?/i.test(text);
}

function resolved(reference: string, pageUrl: string | undefined): NextPage {
  try {
    return { kind: 'url', url: new URL(reference, pageUrl).href };
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
  const header = linkNext(link);
  if (header !== undefined) return resolved(header.trim(), pageUrl);
  const top = isObject(json) ? json : {};
  const holders = [top, top.links, top.pagination, top.meta, top.paging].filter(isObject);
  let found = NONE;
  for (const holder of holders) {
    const next = nextOf(holder.next, pageUrl);
    if (next.kind === 'url') return next;
    if (next.kind === 'unnamed' || saysMore(holder)) found = UNNAMED;
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
