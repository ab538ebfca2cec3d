// A listing never moves backwards: runs do not arrive in release order. What to do with one
// listing, from what the one `GET {base-url}/listings` of the step showed for it.

import type { Note, Problem } from '../annotations.js';
import { quote } from '../guard/safe-text.js';
import type { IfOlder } from '../inputs.js';
import { words } from '../words.js';
import type { Standing } from './listings.js';
import { orderOf } from './version-order.js';

export type OrderDecision =
  /** Send it; `unchecked` says why no order was checked, when none was. */
  | { readonly kind: 'send'; readonly unchecked?: string }
  /** Older, `if-older: skip`: no PATCH, one notice. */
  | { readonly kind: 'skip'; readonly note: Note; readonly why: string }
  /** Older, `if-older: fail`: no PATCH, the listing fails. */
  | { readonly kind: 'refuse'; readonly problem: Problem; readonly why: string };

export interface OrderRules {
  readonly ifOlder: IfOlder;
  readonly stripTagPrefix: string;
}

const NOT_CHECKED = 'the order of versions was not checked';

/**
 * Orders `version` against the listing's. `standing` is undefined when the list was not read;
 * the step says why once, so nothing is added per listing.
 */
export function checkOrder(
  listingId: string,
  standing: Standing | undefined,
  version: string,
  rules: OrderRules,
): OrderDecision {
  if (rules.ifOlder === 'deploy' || standing === undefined || standing.kind === 'unknown') {
    return { kind: 'send' };
  }
  const name = JSON.stringify(listingId);
  if (standing.kind === 'missing') {
    return { kind: 'send', unchecked: `Listing ${name} is not in the list: ${NOT_CHECKED}.` };
  }
  const shown = standing.listing.version;
  if (shown === undefined) {
    return { kind: 'send', unchecked: `Listing ${name} shows no version: ${NOT_CHECKED}.` };
  }
  const order = orderOf(version, shown, rules.stripTagPrefix);
  if (order.kind === 'unorderable') {
    const which = order.which === 'sent' ? version : shown;
    return {
      kind: 'send',
      unchecked:
        `Listing ${name} shows ${quote(shown)}: ${NOT_CHECKED}, as ${quote(which)} does not ` +
        'read as a version (numbers separated by dots, then an optional -pre-release and +build).',
    };
  }
  if (order.kind !== 'older') return { kind: 'send' };
  // Both read as versions, so both are made of digits, letters, dots, `-` and `+` only.
  const facts = `shows ${shown}, newer than ${version}`;
  if (rules.ifOlder === 'skip') {
    return {
      kind: 'skip',
      why: facts,
      note: {
        level: 'notice',
        title: 'Not sent: older than the listing',
        message: `Listing ${listingId} ${facts}: not sent.`,
      },
    };
  }
  return {
    kind: 'refuse',
    why: facts,
    problem: {
      title: 'Older than the listing',
      message:
        `Listing ${name} ${facts}: nothing was sent, so that the listing does not move ` +
        `backwards. To roll it back on purpose, ${words().rollback}.`,
    },
  };
}
