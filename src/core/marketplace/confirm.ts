// Every update is confirmed: after a 200 that carries the listing, the version it shows is the
// one sent.

import { quote } from '../guard/safe-text.js';
import type { Outcome } from '../transport/retry.js';
import { shownVersion } from './listings.js';
import { sameVersionText } from './version-order.js';

export interface Confirmation {
  /** true: shows the version sent; false: shows another; null: shows none (202, 204, no version). */
  readonly confirmed: boolean | null;
  /** The version the answer shows, when it shows one. */
  readonly shown: string | undefined;
}

export function confirmationOf(outcome: Outcome, sent: string): Confirmation {
  const { last } = outcome;
  if (last.kind !== 'answer' || last.status !== 200) return { confirmed: null, shown: undefined };
  const shown = shownVersion(last.body);
  if (shown === undefined) return { confirmed: null, shown };
  return { confirmed: sameVersionText(shown, sent), shown };
}

/** A version from the server as text to print: plain when it looks like one, else quoted and cut. */
export function shownText(shown: string): string {
  return /^[0-9A-Za-z.+_-]{1,64}$/.test(shown) ? shown : quote(shown.slice(0, 64));
}
