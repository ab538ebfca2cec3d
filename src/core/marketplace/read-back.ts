// An update can be applied while its answer is lost (a reset, a deadline, a gateway's 5xx): such a
// listing is read back from the list, and what the marketplace shows decides.
import type { Problem } from '../annotations.js';
import type { Finding, Unread } from '../listing.js';
import type { ListingRow } from '../report.js';
import { readBackSentences, type Target } from '../sentences.js';
import { listingsUrl } from '../transport/exchange.js';
import type { Outcome } from '../transport/retry.js';
import type { ListRead } from './list-walk.js';
import { sameChangelog } from './listings.js';
import { sameVersionText } from './version-order.js';

export type ReadBack = ListRead | { readonly kind: 'asked-to-wait'; readonly ms: number };

type SentRow = ListingRow & { readonly outcome: Outcome };

export function needsReadBack(row: ListingRow): row is SentRow {
  return row.state === 'sent' && row.problem !== undefined && row.outcome?.lost !== undefined;
}

function readBackFinding(
  row: SentRow,
  read: ReadBack,
  sent: { readonly version: string; readonly changelog: string },
): Finding {
  const unread = (why: Unread): Finding => ({ kind: 'unread', unread: why });
  if ('ms' in read) return unread(read);
  // A 429 is worded one way, whether `retries` let it wait and retry, or Retry-After asked for
  // more than is waited.
  const failed = (problem: Problem): Unread =>
    read.outcome.last.status === 429 ? { kind: 'rate-limited' } : { kind: 'failed', problem };
  if (read.answer === undefined) return unread(failed(read.problem));
  if (read.answer.kind === 'unknown') return unread({ kind: 'not-a-list' });
  const listing = read.answer.listings.get(row.listingId);
  if (listing === undefined) {
    // A later page that could not be read: the listings not found on the pages before.
    return unread(read.problem ? failed(read.problem) : { kind: 'not-listed' });
  }
  const { version, changelog } = listing;
  if (version === undefined) return unread({ kind: 'no-version' });
  // The version alone cannot tell this update from what was there: only a changelog shown, or an
  // earlier read at another version, can.
  const sameVersion = sameVersionText(version, sent.version);
  const otherChangelog =
    sameVersion && changelog !== undefined && !sameChangelog(changelog, sent.changelog);
  if (!sameVersion || otherChangelog) return { kind: 'not updated', version, otherChangelog };
  const before = row.previousVersion;
  if (changelog !== undefined) return { kind: 'updated', version };
  if (before === null || sameVersionText(before, sent.version)) {
    return unread({ kind: 'version-only', version });
  }
  return { kind: 'updated', version, before };
}

export function readBackRow(
  row: SentRow,
  read: ReadBack,
  sent: { readonly version: string; readonly changelog: string },
  target: Target,
) {
  const finding = readBackFinding(row, read, sent);
  const lost = { outcome: row.outcome, target, listUrl: listingsUrl(target.baseUrl) };
  const { problem, note, log } = readBackSentences(finding, lost, sent.version);
  const updated =
    finding.kind === 'updated' ? { confirmed: true, shownVersion: finding.version } : {};
  const readBack = finding.kind === 'unread' ? 'unknown' : finding.kind;
  const done: ListingRow = { ...row, problem, ...updated, readBack };
  return { row: done, note, log };
}
