// An update can be applied while its answer is lost (a reset after the request was sent, a deadline
// passed while the answer was awaited, a gateway's 5xx). Such a listing is read back from the list
// of listings before it is reported: what the marketplace shows decides, not the lost answer.

import type { Note } from '../annotations.js';
import { quote } from '../guard/safe-text.js';
import type { ListingRow } from '../report.js';
import type { Outcome } from '../transport/retry.js';
import { type ListingsAnswer, standingOf } from './listings.js';
import {
  mayHaveBeenApplied,
  readBackNotUpdated,
  readBackUpdated,
  type Target,
  type Unread,
} from './outcome-messages.js';
import { sameVersionText } from './version-order.js';

/** What the read-back found out: the list's answer, or why there is none. */
export type ReadBack =
  | { readonly kind: 'answered'; readonly answer: ListingsAnswer }
  | Extract<Unread, { kind: 'failed' | 'asked-to-wait' }>;

/** A row after a PATCH: its outcome is known. */
export type SentRow = ListingRow & { readonly outcome: Outcome };

/** A listing that failed although an attempt may have been applied: it is read back. */
export function needsReadBack(row: ListingRow): row is SentRow {
  return row.state === 'sent' && row.problem !== undefined && row.outcome?.lost !== undefined;
}

export interface ReadBackRow {
  readonly row: ListingRow;
  /** The notice of an update read back as applied. */
  readonly note?: Note;
  /** One line for the log. */
  readonly log: string;
}

/** The row of a listing that needed a read-back (needsReadBack), as the read-back found it. */
export function readBackRow(
  row: SentRow,
  read: ReadBack,
  version: string,
  target: Target,
  listUrl: string,
): ReadBackRow {
  const { outcome } = row;
  const name = JSON.stringify(row.listingId);
  const unread = (why: Unread): ReadBackRow => ({
    row: {
      ...row,
      problem: mayHaveBeenApplied(outcome, target, listUrl, why),
      readBack: 'unknown',
    },
    log: `Read back: listing ${name} could not be read back; the update may have been applied.`,
  });
  if (read.kind !== 'answered') return unread(read);
  const standing = standingOf(read.answer, row.listingId);
  if (standing.kind === 'unknown') return unread({ kind: 'not-a-list' });
  if (standing.kind === 'missing') return unread({ kind: 'not-listed' });
  const shown = standing.listing.version;
  if (shown === undefined) return unread({ kind: 'no-version' });
  if (sameVersionText(shown, version)) {
    return {
      row: {
        ...row,
        problem: undefined,
        confirmed: true,
        shownVersion: shown,
        readBack: 'updated',
      },
      note: readBackUpdated(outcome, target, listUrl, shown),
      log: `Read back: listing ${name} shows ${quote(version)}, the version sent: it was updated, although its answer was lost.`,
    };
  }
  return {
    row: {
      ...row,
      problem: readBackNotUpdated(outcome, target, listUrl, shown),
      readBack: 'not updated',
    },
    log: `Read back: listing ${name} still shows another version: the update was not applied.`,
  };
}
