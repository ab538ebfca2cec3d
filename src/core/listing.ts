// What the step knows and decides of one listing: what the list showed for it, the plan made
// from that, and what a read-back found. Data only: the marketplace room makes it, sentences.ts
// words it.
import type { Problem } from './annotations.js';

/** One listing as the list shows it; version and changelog only when the answer has them. */
export interface ListedListing {
  readonly version: string | undefined;
  readonly changelog: string | undefined;
  /** `name`, else `title`: for the command's `listings`. */
  readonly name?: string | undefined;
}

export type ListingsAnswer =
  | {
      readonly kind: 'list';
      /** By id, ids given as numbers turned into text. */
      readonly listings: ReadonlyMap<string, ListedListing>;
      /** The answer says there are more pages: a missing id proves nothing. */
      readonly more: boolean;
      /** The next page's URL, when the answer names one. */
      readonly next?: string;
    }
  | { readonly kind: 'unknown' };

/** What the list says about one listing. */
export type Standing =
  | { readonly kind: 'listed'; readonly listing: ListedListing }
  | { readonly kind: 'missing'; readonly more: boolean }
  | { readonly kind: 'unknown' };

export type Reason =
  /** Nothing stands in the way, or nothing was asked to be checked. */
  | 'none'
  /** A dry run: not in a list read to its last page. */
  | 'not-owned'
  /** A dry run: not on the pages read, and the list has more. */
  | 'ownership-unsure'
  /** `skip-unchanged`: the listing already shows what is sent. */
  | 'current'
  /** The version to send is older than the listing's. */
  | 'older'
  /** The order of versions could not be checked, for one of these reasons. */
  | 'unknown-list'
  | 'not-listed'
  | 'no-version'
  | 'unorderable';

export interface ListingPlan {
  readonly action: 'send' | 'skip' | 'fail';
  readonly reason: Reason;
  /** What the list showed for the listing; undefined when the list was not read. */
  readonly standing: Standing | undefined;
  /** The version the list showed, or null. */
  readonly previousVersion: string | null;
  /** With `unorderable`: the text that does not read as a version. */
  readonly unorderable?: string;
}

/** Why an update whose answer was lost could not be read back. */
export type Unread =
  | { readonly kind: 'failed'; readonly problem: Problem }
  /** A 429, whatever `retries` and Retry-After made of it: one wording. */
  | { readonly kind: 'rate-limited' }
  | { readonly kind: 'asked-to-wait'; readonly ms: number }
  | { readonly kind: 'not-listed' | 'no-version' | 'not-a-list' }
  /** The version sent, no changelog, and no earlier read at another version. */
  | { readonly kind: 'version-only'; readonly version: string };

/** What the read-back found of one listing. */
export type Finding =
  | { readonly kind: 'unread'; readonly unread: Unread }
  | { readonly kind: 'not updated'; readonly version: string; readonly otherChangelog: boolean }
  /** `before`: the version seen before this update, when no changelog is shown to prove it. */
  | { readonly kind: 'updated'; readonly version: string; readonly before?: string | undefined };

/** Why a walk of the list ended before its last page. */
export type WalkEnd =
  | { readonly kind: 'failed' | 'not-a-list' | 'all-found' | 'unnamed' | 'loop' }
  | { readonly kind: 'refused'; readonly why: string }
  | { readonly kind: 'too-many'; readonly pages: number };
