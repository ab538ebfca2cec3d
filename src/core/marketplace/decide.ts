// What the step does with one listing, decided from what the list showed for it and the settings:
// send it, skip it, or fail it, and why. The update, the dry run and the debug log read it.
import type { Note } from '../annotations.js';
import type { Settings } from '../inputs.js';
import type { Resolved } from '../release/resolve.js';
import { listingsUrl } from '../transport/exchange.js';
import { setting } from '../words.js';
import { isCurrent, type Standing } from './listings.js';
import { checkOrder, type Decision } from './order-check.js';
import { forListing } from './outcome-messages.js';

/** One listing's decision, with the version the list showed for it, or null. */
export type ListingDecision = Decision & { readonly previousVersion: string | null };

/**
 * Decides for one listing from what the one `GET /listings` showed for it (undefined when the
 * list was not read) and the settings. The dry run and the update ask the same question; a dry
 * run also fails a listing missing from a complete list (the key does not own it), and reports
 * the rest as what would happen.
 */
export function decideListing(
  listingId: string,
  standing: Standing | undefined,
  resolved: Resolved,
  settings: Settings,
): ListingDecision {
  const several = settings.listingIds.length > 1;
  const name = JSON.stringify(listingId);
  const { dryRun, skipUnchanged } = settings;
  const previousVersion = standing?.kind === 'listed' ? (standing.listing.version ?? null) : null;
  if (dryRun && standing?.kind === 'missing') {
    // The pages of the list read could not settle it.
    if (standing.more) {
      const note: Note = {
        level: 'warning',
        title: 'Ownership not confirmed',
        message:
          `Listing ${name} is not on the pages read of the listings this key's account owns, and ` +
          'the list has more pages (the log says why they were not read): its ownership was not confirmed.',
      };
      return { kind: 'send', previousVersion, note: forListing(note, listingId, several) };
    }
    const owned = {
      title: 'Listing not owned by the key',
      message:
        `Listing ${name} is not among the listings this key's account owns ` +
        `(GET ${listingsUrl(settings.baseUrl)}). Check ${setting('listing-id')}, and use a key created by the account that owns the listing.`,
    };
    const problem = forListing(owned, listingId, several);
    return { kind: 'fail', previousVersion, why: '', problem, older: false };
  }
  // A generated changelog names the run, so only the version is compared.
  const changelog = resolved.changelogSource === 'generated' ? undefined : resolved.changelog;
  if (
    skipUnchanged &&
    standing?.kind === 'listed' &&
    isCurrent(standing.listing, resolved.version, changelog)
  ) {
    const log = `Listing ${name} is already at ${JSON.stringify(resolved.version)}: skipped.`;
    const why = `already at ${resolved.version}`;
    return { kind: 'skip', previousVersion, why, log: dryRun ? undefined : log };
  }
  const order = checkOrder(listingId, standing, resolved.version, settings);
  if (order.kind === 'skip')
    return { ...order, previousVersion, note: dryRun ? undefined : order.note };
  if (order.kind === 'fail') {
    return { ...order, previousVersion, problem: forListing(order.problem, listingId, several) };
  }
  if (!skipUnchanged || standing?.kind !== 'missing') return { ...order, previousVersion };
  const note: Note = {
    level: 'notice',
    title: 'Listing not in the list',
    message:
      `Listing ${name} is not in the list of listings this key's account owns, ` +
      'so whether it is current is not known: it is updated.',
  };
  return { ...order, previousVersion, note: forListing(note, listingId, several) };
}
