// What the step does with one listing, decided from the list read, the settings and what was
// resolved. Data only: sentences.ts words it, for the log, the annotations and the dry run.
import type { Settings } from '../inputs.js';
import type { Resolved } from '../release/resolve.js';
import { isCurrent, type Standing } from './listings.js';
import { orderOf } from './version-order.js';

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

export interface Plan {
  readonly action: 'send' | 'skip' | 'fail';
  readonly reason: Reason;
  /** What the list showed for the listing; undefined when the list was not read. */
  readonly standing: Standing | undefined;
  /** The version the list showed, or null. */
  readonly previousVersion: string | null;
  /** With `unorderable`: the text that does not read as a version. */
  readonly unorderable?: string;
}

export function planListing(
  standing: Standing | undefined,
  resolved: Resolved,
  settings: Settings,
): Plan {
  const previousVersion = standing?.kind === 'listed' ? (standing.listing.version ?? null) : null;
  const plan = (action: Plan['action'], reason: Reason, unorderable?: string): Plan => ({
    action,
    reason,
    standing,
    previousVersion,
    ...(unorderable === undefined ? {} : { unorderable }),
  });
  // `if-older: fail` fails closed: a listing whose order cannot be checked is not sent.
  const unchecked = (reason: Reason, text?: string) =>
    plan(settings.ifOlder === 'fail' ? 'fail' : 'send', reason, text);
  if (settings.dryRun && standing?.kind === 'missing') {
    return standing.more ? plan('send', 'ownership-unsure') : plan('fail', 'not-owned');
  }
  // A generated changelog names the run, so only the version is compared.
  const changelog = resolved.changelogSource === 'generated' ? undefined : resolved.changelog;
  if (
    settings.skipUnchanged &&
    standing?.kind === 'listed' &&
    isCurrent(standing.listing, resolved.version, changelog)
  ) {
    return plan('skip', 'current');
  }
  if (standing?.kind === 'missing') return unchecked('not-listed');
  if (settings.ifOlder === 'deploy' || standing === undefined) return plan('send', 'none');
  if (standing.kind === 'unknown') return unchecked('unknown-list');
  const shown = standing.listing.version;
  if (shown === undefined) return plan('send', 'no-version');
  const order = orderOf(resolved.version, shown, settings.stripTagPrefix);
  if (order.kind === 'unorderable') {
    return unchecked('unorderable', order.which === 'sent' ? resolved.version : shown);
  }
  if (order.kind !== 'older') return plan('send', 'none');
  return plan(settings.ifOlder === 'skip' ? 'skip' : 'fail', 'older');
}
