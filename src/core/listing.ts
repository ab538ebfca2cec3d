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
  | 'not-owned'
  | 'ownership-unsure'
  | 'current'
  | 'older'
  | 'unknown-list'
  | 'not-listed'
  | 'no-version'
  | 'unorderable';

export interface ListingPlan {
  readonly action: 'send' | 'skip' | 'fail';
  readonly reason: Reason;
  readonly standing: Standing | undefined;
  readonly previousVersion: string | null;
  readonly unorderable?: string | undefined;
}

export type Unread =
  | { readonly kind: 'failed'; readonly problem: Problem }
  | { readonly kind: 'rate-limited' }
  | { readonly kind: 'asked-to-wait'; readonly ms: number }
  | { readonly kind: 'not-listed' | 'no-version' | 'not-a-list' }
  | { readonly kind: 'version-only'; readonly version: string };

export type Finding =
  | Unread
  | { readonly kind: 'not updated'; readonly version: string; readonly otherChangelog: boolean }
  /** `before`: the version seen before this update, when no changelog is shown to prove it. */
  | { readonly kind: 'updated'; readonly version: string; readonly before?: string | undefined };

export type WalkEnd =
  | { readonly kind: 'failed' | 'not-a-list' | 'all-found' | 'unnamed' | 'loop' | 'too-many' }
  | { readonly kind: 'refused'; readonly why: string };
