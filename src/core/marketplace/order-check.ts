// A listing never moves backwards: runs do not arrive in release order. What to do with one
// listing, from what the one `GET {base-url}/listings` of the step showed for it.

import type { Note, Problem } from '../annotations.js';
import { quote } from '../guard/safe-text.js';
import type { Settings } from '../inputs.js';
import { words } from '../words.js';
import type { Standing } from './listings.js';
import { orderOf } from './version-order.js';

/**
 * What the step does with one listing: send it, skip it, or fail it, and why, with a line for the
 * log said when it is acted on and an annotation that goes with it. The order check decides in
 * these kinds: send (`log` says why no order was checked, when none was); older with `if-older:
 * skip`: no PATCH, one notice; older (or not checked) with `if-older: fail`: the listing fails.
 */
export type Decision = {
  readonly log?: string | undefined;
  readonly note?: Note | undefined;
} & (
  | { readonly kind: 'send' }
  | { readonly kind: 'skip'; readonly why: string }
  | {
      readonly kind: 'fail';
      readonly why: string;
      readonly problem: Problem;
      /** Failed by `if-older: fail`, which a dry run reports as what would happen. */
      readonly older: boolean;
    }
);

export type OrderRules = Pick<Settings, 'ifOlder' | 'stripTagPrefix'>;

const NOT_CHECKED = 'the order of versions was not checked';

/** `if-older: fail` fails closed: a listing whose order could not be checked is not sent. */
function uncheckable(name: string, why: string): Decision {
  return {
    kind: 'fail',
    older: true,
    why: `order not checked: ${why}`,
    problem: {
      title: 'Order of versions not checked',
      message:
        `Listing ${name} was not updated: ${NOT_CHECKED}, as ${why}. ` +
        `With ${words().assign('if-older', 'fail')} a listing is updated only when its version is known ` +
        `not to move backwards; to update it anyway, ${words().rollback}.`,
    },
  };
}

/**
 * Orders `version` against the listing's. `standing` is undefined when the list was not read;
 * the step says why once, so nothing is added per listing.
 */
export function checkOrder(
  listingId: string,
  standing: Standing | undefined,
  version: string,
  rules: OrderRules,
): Decision {
  if (rules.ifOlder === 'deploy' || standing === undefined) return { kind: 'send' };
  const name = JSON.stringify(listingId);
  if (standing.kind === 'unknown') {
    // The step says why once in the default mode; `if-older: fail` fails closed.
    const why = 'the answer of the list is not a list of listings in a shape this tool knows';
    return rules.ifOlder === 'fail' ? uncheckable(name, why) : { kind: 'send' };
  }
  if (standing.kind === 'missing') {
    if (rules.ifOlder === 'fail') {
      return uncheckable(
        name,
        standing.more
          ? 'it is not on the pages of the list that were read (the log says why the others were not)'
          : 'it is not in the list of listings, read to its last page',
      );
    }
    return { kind: 'send', log: `Listing ${name} is not in the list: ${NOT_CHECKED}.` };
  }
  const shown = standing.listing.version;
  if (shown === undefined) {
    return { kind: 'send', log: `Listing ${name} shows no version: ${NOT_CHECKED}.` };
  }
  const order = orderOf(version, shown, rules.stripTagPrefix);
  if (order.kind === 'unorderable') {
    const which = quote(order.which === 'sent' ? version : shown);
    const why = `${which} does not read as a version (numbers separated by dots, then an optional -pre-release and +build)`;
    if (rules.ifOlder === 'fail') return uncheckable(name, why);
    return {
      kind: 'send',
      log: `Listing ${name} shows ${quote(shown)}: ${NOT_CHECKED}, as ${why}.`,
    };
  }
  if (order.kind !== 'older') return { kind: 'send' };
  // Both read as versions, so both are made of digits, letters, dots, `-` and `+` only.
  const facts = `shows ${shown}, newer than ${version}`;
  if (rules.ifOlder === 'skip') {
    const message = `Listing ${listingId} ${facts}: not sent.`;
    const note: Note = { level: 'notice', title: 'Not sent: older than the listing', message };
    return { kind: 'skip', why: facts, note };
  }
  return {
    kind: 'fail',
    older: true,
    why: facts,
    problem: {
      title: 'Older than the listing',
      message:
        `Listing ${name} ${facts}: nothing was sent, so that the listing does not move ` +
        `backwards. To roll it back on purpose, ${words().rollback}.`,
    },
  };
}
