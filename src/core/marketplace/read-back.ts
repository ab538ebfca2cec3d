// An update can be applied while its answer is lost (a reset after the request was sent, a deadline
// passed while the answer was awaited, a gateway's 5xx). Such a listing is read back from the list
// of listings before it is reported: what the marketplace shows decides, not the lost answer.

import type { Note, Problem } from '../annotations.js';
import { quote } from '../guard/safe-text.js';
import type { ListingRow } from '../report.js';
import { listingsUrl } from '../transport/exchange.js';
import type { Outcome } from '../transport/retry.js';
import type { ListRead } from './list-walk.js';
import { sameChangelog, standingOf } from './listings.js';
import {
  mayHaveBeenApplied,
  readBackNotUpdated,
  readBackUpdated,
  type Target,
  type Unread,
} from './outcome-messages.js';
import { sameVersionText } from './version-order.js';

/** What the read-back read: the walk's result, or nothing when the marketplace asked to wait. */
export type ReadBack = ListRead | { readonly kind: 'asked-to-wait'; readonly ms: number };

/** A row after a PATCH: its outcome is known. */
export type SentRow = ListingRow & { readonly outcome: Outcome };

/** A listing that failed although an attempt may have been applied: it is read back. */
export function needsReadBack(row: ListingRow): row is SentRow {
  return row.state === 'sent' && row.problem !== undefined && row.outcome?.lost !== undefined;
}

/** The row of a listing that needed a read-back (needsReadBack), as the read-back found it. */
export function readBackRow(
  row: SentRow,
  read: ReadBack,
  sent: { readonly version: string; readonly changelog: string },
  target: Target,
): { readonly row: ListingRow; readonly note?: Note; readonly log?: string } {
  const lost = { outcome: row.outcome, target, listUrl: listingsUrl(target.baseUrl) };
  const name = JSON.stringify(row.listingId);
  const unread = (why: Unread, log?: string) => ({
    row: { ...row, problem: mayHaveBeenApplied(lost, why), readBack: 'unknown' as const },
    log,
  });
  const mayHave = 'the update may have been applied.';
  // Nothing was read back: the problem says why, and the log claims no read-back.
  if ('ms' in read) return unread(read);
  const couldNot = `Read back: listing ${name} could not be read back; ${mayHave}`;
  // A 429 is worded one way, whether `retries` let it wait and retry, or Retry-After asked for
  // more than is waited.
  const { last } = read.outcome;
  const failed = (problem: Problem): Unread =>
    // Stryker disable next-line ConditionalExpression: a failure has no status
    last.kind === 'answer' && last.status === 429
      ? { kind: 'rate-limited' }
      : { kind: 'failed', problem };
  if (read.answer === undefined) return unread(failed(read.problem), couldNot);
  const standing = standingOf(read.answer, row.listingId);
  if (standing.kind === 'unknown') return unread({ kind: 'not-a-list' }, couldNot);
  if (standing.kind === 'missing') {
    // A later page that could not be read: the listings not found on the pages before.
    return unread(read.problem ? failed(read.problem) : { kind: 'not-listed' }, couldNot);
  }
  const { version, changelog } = standing.listing;
  if (version === undefined) return unread({ kind: 'no-version' }, couldNot);
  // The version alone cannot tell this update from what was there: only a changelog shown, or an
  // earlier read at another version, can.
  const sameVersion = sameVersionText(version, sent.version);
  const otherChangelog =
    sameVersion && changelog !== undefined && !sameChangelog(changelog, sent.changelog);
  if (!sameVersion || otherChangelog) {
    const still = otherChangelog
      ? 'still shows the version sent with another changelog'
      : 'still shows another version';
    const problem = readBackNotUpdated(lost, version, otherChangelog);
    return {
      row: { ...row, problem, readBack: 'not updated' },
      log: `Read back: listing ${name} ${still}: the update was not applied.`,
    };
  }
  const before = row.previousVersion;
  if (changelog === undefined && (before === null || sameVersionText(before, sent.version))) {
    return unread(
      { kind: 'version-only', version },
      `Read back: listing ${name} shows the version sent but no changelog, and was not seen at another version before: ${mayHave}`,
    );
  }
  const what = changelog === undefined ? 'the version sent' : 'the version and changelog sent';
  return {
    row: {
      ...row,
      problem: undefined,
      confirmed: true,
      shownVersion: version,
      readBack: 'updated',
    },
    note: readBackUpdated(
      lost,
      version,
      changelog === undefined ? (before ?? undefined) : undefined,
    ),
    log: `Read back: listing ${name} shows ${quote(sent.version)}, ${what}: it was updated, although its answer was lost.`,
  };
}
