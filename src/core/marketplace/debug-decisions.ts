// The debug log's lines for what the step decides about the listings, and why: whether the list
// is read, what it showed for each listing, what was done with it, and what is read back.
import type { Settings } from '../inputs.js';
import type { ListingDecision } from './decide.js';
import type { ListingsAnswer, Standing } from './listings.js';

/** Why the one `GET /listings` is sent (or not): the settings that ask for it. */
export function listDecisionLine(settings: Settings, sent: boolean): string {
  if (!sent) {
    return 'The list of listings is not read: skip-unchanged is false and if-older is deploy.';
  }
  const why = [
    settings.dryRun && 'the dry run checks the listings against it',
    settings.skipUnchanged && 'skip-unchanged compares each listing with it',
    settings.ifOlder !== 'deploy' &&
      `if-older is ${settings.ifOlder}: the order of versions is checked`,
  ].filter((reason) => reason !== false);
  return `The list of listings is read first: ${why.join('; ')}.`;
}

/** What the list told, in a few words. */
export function listAnswerLine(answer: ListingsAnswer): string {
  if (answer.kind === 'unknown') return 'The list read is not in a shape this tool knows.';
  const more = answer.more ? ', and it says more pages exist' : '';
  return `The list read holds ${answer.listings.size} listing(s)${more}.`;
}

function standingText(standing: Standing | undefined): string {
  if (standing === undefined) return 'the list was not read';
  if (standing.kind === 'unknown') return 'the list could not be read as listings';
  if (standing.kind === 'missing') {
    return standing.more ? 'not on the pages of the list read' : 'not in the list';
  }
  const { version } = standing.listing;
  return version === undefined ? 'listed, with no version' : `listed at ${JSON.stringify(version)}`;
}

/** One listing's decision and the facts it was made on. */
export function listingDecisionLine(
  listingId: string,
  standing: Standing | undefined,
  decision: ListingDecision,
): string {
  const done =
    decision.kind === 'send'
      ? 'sent'
      : decision.kind === 'skip'
        ? `skipped (${decision.why})`
        : `failed (${decision.why === '' ? decision.problem.title : decision.why})`;
  return `Listing ${JSON.stringify(listingId)}: ${standingText(standing)}; ${done}.`;
}

/** Why listings are read back after their update failed. */
export function readBackLine(
  listingIds: readonly string[],
  askedToWaitMs: number | undefined,
): string {
  const which = listingIds.map((id) => JSON.stringify(id)).join(', ');
  const wait =
    askedToWaitMs === undefined
      ? 'one GET of the list, with at most one retry'
      : 'no GET: the marketplace asked to wait (Retry-After)';
  return `Read back ${which}: an answer to an update was lost, so it may have been applied; ${wait}.`;
}
