// Every reader of `GET {base-url}/listings` reads the pages it needs through this one walk: the
// order check, `skip-unchanged`, the dry run, the read-back and the command's `listings`.

import type { Problem } from '../annotations.js';
import { listingsUrl } from '../transport/exchange.js';
import type { Outcome } from '../transport/retry.js';
import { type ListedListing, type ListingsAnswer, readListings } from './listings.js';
import { MAX_PAGE_BYTES, MAX_PAGES, refusedPage } from './pages.js';
import type { Sender } from './sender.js';
import { describeOutcome } from './sentences.js';

/**
 * The pages' GETs as one (attempts summed, the last page's answer), the pages requested, and the
 * listings of the pages read with why the page that ended the walk could not be read; no answer
 * when the first page could not be read.
 */
export type ListRead = { readonly outcome: Outcome; readonly pages: number } & (
  | { readonly answer: undefined; readonly problem: Problem }
  | { readonly answer: ListingsAnswer; readonly problem: Problem | undefined }
);

interface Walk {
  /** The listings looked for: the walk stops once all are found. Undefined: every page. */
  readonly wanted?: readonly string[] | undefined;
  /** What a failed page's message names (`listing "a"`, `the listings`). */
  readonly which: string;
  /** The retries of each page; the step's own unless given (the read-back's one). */
  readonly retries?: number | undefined;
}

const UNKNOWN = { kind: 'unknown' } as const;
const NOT_CHECKED = 'the listings not found are not checked';

/** A page larger than the walk reads is not checked, and named by its size, not by its shape. */
function tooLarge(sent: Outcome, url: string, page: number): Problem | undefined {
  if (sent.last.kind !== 'answer' || !sent.last.cut) return undefined;
  const mib = MAX_PAGE_BYTES / 1024 / 1024;
  return {
    title: 'List page too large',
    message:
      `Page ${page} of the list of listings (GET ${url}) is larger than ${mib} MiB, the most this ` +
      'tool reads of a page: it was not read, so the listings on it were not checked.',
  };
}

/** Reads the list page by page, following only the next pages that may have the key. */
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
      describeOutcome(sent, sender.target(url, walk.which, 'list')) ?? tooLarge(sent, url, page);
    // A walk that ends before the last page says why, and that more pages exist.
    const read = (why?: string): ListRead => {
      if (why !== undefined) log(why);
      const list = { kind: 'list', listings, more: why !== undefined } as const;
      return { outcome, problem, answer: list, pages: page };
    };
    if (problem !== undefined) {
      if (page === 1) return { outcome, problem, answer: undefined, pages: page };
      return read(`Page ${page} of the list of listings could not be read: ${NOT_CHECKED}.`);
    }
    const answer: ListingsAnswer =
      // Stryker disable next-line ConditionalExpression: a list without a problem was answered
      sent.last.kind === 'answer' ? readListings(sent.last.body, sent.last.link, url) : UNKNOWN;
    if (answer.kind === 'unknown') {
      if (page === 1) return { outcome, problem, answer, pages: page };
      return read(
        `Page ${page} of the list of listings is not a list in a shape this tool knows: ${NOT_CHECKED}.`,
      );
    }
    for (const [id, listing] of answer.listings) if (!listings.has(id)) listings.set(id, listing);
    if (!answer.more) return read();
    if (walk.wanted?.every((id) => listings.has(id))) {
      return read(
        `Every listing looked for was found by page ${page} of the list: the next pages are not read.`,
      );
    }
    if (answer.next === undefined) {
      return read(
        'The list of listings has more pages, named by a cursor or a number rather than a URL: ' +
          `they are not read, and ${NOT_CHECKED}.`,
      );
    }
    const refused = refusedPage(answer.next, baseUrl);
    if (refused !== undefined) {
      return read(
        `The next page of the list of listings is not requested, as ${refused}: the API key is ` +
          `sent only under ${baseUrl}, and ${NOT_CHECKED}.`,
      );
    }
    if (seen.has(answer.next.replace(/#.*$/s, ''))) {
      return read(
        `Page ${page} of the list of listings names a page already read as the next one: the ` +
          `walk ends, and ${NOT_CHECKED}.`,
      );
    }
    if (page >= MAX_PAGES) {
      return read(
        `The list of listings has more than ${MAX_PAGES} pages: stopped after ${MAX_PAGES}, and ${NOT_CHECKED}.`,
      );
    }
    const missing = walk.wanted?.filter((id) => !listings.has(id)).length;
    debug?.(
      `Page ${page + 1} of the list is read next: ${
        missing === undefined ? 'every listing is read' : `${missing} listing(s) not found yet`
      }.`,
    );
    url = answer.next;
  }
}
