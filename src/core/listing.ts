// What the step knows and decides of one listing: the marketplace makes it, sentences.ts words it.
import type { Problem } from './annotations.js';

export interface ListedListing {
  readonly version: string | undefined;
  readonly changelog: string | undefined;
  readonly name?: string | undefined;
}

export type ListingsAnswer =
  | {
      readonly kind: 'list';
      readonly listings: ReadonlyMap<string, ListedListing>;
      /** The answer says there are more pages: a missing id proves nothing. */
      readonly more: boolean;
      readonly next?: string;
    }
  | { readonly kind: 'unknown' };

export type Standing =
  | { readonly kind: 'listed'; readonly listing: ListedListing }
  | { readonly kind: 'missing'; readonly more: boolean }
  | { readonly kind: 'unknown' };

export type Reason =
  | 'none'
  /** A dry run: not in a list read to its last page. */
  | 'not-owned'
  /** A dry run: not on the pages read, and the list has more. */
  | 'ownership-unsure'
  | 'current'
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
  readonly previousVersion: string | null;
  /** The text that does not read as a version. */
  readonly unorderable?: string | undefined;
}

export type Unread =
  | { readonly kind: 'failed'; readonly problem: Problem }
  | { readonly kind: 'rate-limited' }
  | { readonly kind: 'asked-to-wait'; readonly ms: number }
  | { readonly kind: 'not-listed' | 'no-version' | 'not-a-list' }
  | { readonly kind: 'version-only'; readonly version: string };

export type Finding =
  | { readonly kind: 'unread'; readonly unread: Unread }
  | { readonly kind: 'not updated'; readonly version: string; readonly otherChangelog: boolean }
  /** `before`: the version seen before this update, when no changelog is shown to prove it. */
  | { readonly kind: 'updated'; readonly version: string; readonly before?: string | undefined };

export type WalkEnd =
  | { readonly kind: 'failed' | 'not-a-list' | 'all-found' | 'unnamed' | 'loop' }
  | { readonly kind: 'refused'; readonly why: string }
  | { readonly kind: 'too-many'; readonly pages: number };
