// The one walk of the pages of `GET {base-url}/listings`, for every reader of the list.

import type { Problem } from '../annotations.js';
import type { ListedListing, ListingsAnswer, WalkEnd } from '../listing.js';
import { describeOutcome, nextPageLine, pageTooLarge, walkEndLine } from '../sentences.js';
import { listingsUrl } from '../transport/exchange.js';
import type { Outcome } from '../transport/retry.js';
import { readListings } from './listings.js';
import { MAX_PAGE_BYTES, MAX_PAGES, refusedPage } from './pages.js';
import type { Sender } from './sender.js';

/** The pages' GETs as one outcome: attempts summed, the last page's answer. */
export type ListRead = { readonly outcome: Outcome; readonly pages: number } & (
  | { readonly answer: undefined; readonly problem: Problem }
  | { readonly answer: ListingsAnswer; readonly problem: Problem | undefined }
);

interface Walk {
  /** The walk stops once all are found; undefined reads every page. */
  readonly wanted?: readonly string[] | undefined;
  /** What a failed page's message names (`listing "a"`). */
  readonly which?: string;
  readonly retries?: number | undefined;
}

const UNKNOWN = { kind: 'unknown' } as const;

export async function walkList(sender: Sender, walk: Walk): Promise<ListRead> {
  const listings = new Map<string, ListedListing>();
  const seen = new Set<string>();
  const { log, debug, settings } = sender.channel;
  const { baseUrl } = settings;
  let url = listingsUrl(baseUrl);
  let attempts = 0;
  for (let page = 1; ; page++) {
    seen.add(url.replace(/#.*$/s, ''));
    const sent = await sender.send('GET', url, undefined, walk.retries, MAX_PAGE_BYTES);
    attempts += sent.attempts;
    const outcome = { ...sent, attempts };
    const problem =
      describeOutcome(sent, sender.target(url, walk.which ?? 'the listings', 'list')) ??
      (sent.last.kind === 'answer' && sent.last.cut
        ? pageTooLarge(url, page, MAX_PAGE_BYTES)
        : undefined);
    const read = (end?: WalkEnd): ListRead => {
      if (end !== undefined) log(walkEndLine(end, page, baseUrl));
      const list = { kind: 'list', listings, more: end !== undefined } as const;
      return { outcome, problem, answer: list, pages: page };
    };
    if (problem !== undefined) {
      if (page === 1) return { outcome, problem, answer: undefined, pages: page };
      return read({ kind: 'failed' });
    }
    const answer: ListingsAnswer =
      // Stryker disable next-line ConditionalExpression: a list without a problem was answered
      sent.last.kind === 'answer' ? readListings(sent.last.body, sent.last.link, url) : UNKNOWN;
    if (answer.kind === 'unknown') {
      if (page === 1) return { outcome, problem, answer, pages: page };
      return read({ kind: 'not-a-list' });
    }
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
