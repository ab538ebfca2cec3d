import type { Settings } from '../inputs.js';
import type { ListingPlan, Reason, Standing } from '../listing.js';
import type { Resolved } from '../release/resolve.js';
import { orderOf } from './version-order.js';

export function planListing(
  standing: Standing | undefined,
  resolved: Resolved,
  settings: Settings,
): ListingPlan {
  const listing = standing?.kind === 'listed' ? standing.listing : undefined;
  const previousVersion = listing?.version ?? null;
  const plan = (action: ListingPlan['action'], reason: Reason) => {
    return { action, reason, standing, previousVersion };
  };
  const unchecked = (reason: Reason) => plan(settings.ifOlder === 'fail' ? 'fail' : 'send', reason);
  if (settings.dryRun && standing?.kind === 'missing')
    return standing.more ? plan('send', 'ownership-unsure') : plan('fail', 'not-owned');
  // A generated changelog names the run, so only the version is compared.
  const changelog = resolved.changelogSource === 'generated' ? undefined : listing?.changelog;
  const sameChangelog = changelog === undefined || changelog === resolved.changelog;
  if (settings.skipUnchanged && listing?.version === resolved.version && sameChangelog)
    return plan('skip', 'current');
  if (standing?.kind === 'missing') return unchecked('not-listed');
  if (settings.ifOlder === 'deploy' || standing === undefined) return plan('send', 'none');
  if (standing.kind === 'unknown') return unchecked('unknown-list');
  if (previousVersion === null) return plan('send', 'no-version');
  const order = orderOf(resolved.version, previousVersion, settings.stripTagPrefix);
  if (order.kind === 'unorderable') return { ...unchecked('unorderable'), unorderable: order.text };
  if (order.kind !== 'older') return plan('send', 'none');
  return plan(settings.ifOlder === 'skip' ? 'skip' : 'fail', 'older');
}
