import type { Answer } from '../attempt.js';
import type { ListedListing, WalkEnd } from '../listing.js';
import { describeOutcome, nextPageLine, pageTooLarge, walkEndLine } from '../sentences.js';
import { listingsUrl } from '../transport/exchange.js';
import { succeeded } from '../transport/retry.js';
import { readListings } from './listings.js';
import type { Sender } from './sender.js';

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
    if (page >= MAX_PAGES) return read({ kind: 'too-many', pages: MAX_PAGES });
    const missing = walk.wanted?.filter((id) => !listings.has(id)).length;
    debug?.(nextPageLine(page + 1, missing));
    url = answer.next;
  }
}

// The API key goes only where the list began. `next` was resolved as a URL when its page was read.
function refusedPage(next: string, baseUrl: string): string | undefined {
  const base = new URL(baseUrl);
  const url = new URL(next);
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
