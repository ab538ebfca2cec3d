// The order of versions: numbers of any count, a pre-release ordered as in Semantic Versioning 2.0.
import { stripPrefix } from '../release/resolve.js';

/** Numbers kept as digit strings, so no size loses precision. */
export interface OrderedVersion {
  /** Without leading zeros ('0' for zero), trailing zero parts dropped: `1.2` and `1.2.0` alike. */
  readonly numbers: readonly string[];
  readonly pre: readonly string[];
}

const SHAPE =
  /^(\d+(?:\.\d+)*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

/** `v1.2.3` and `1.2.3` are the same version. */
function withoutV(text: string): string {
  return text.trim().replace(/^[vV]/, '');
}

export function readVersion(text: string): OrderedVersion | undefined {
  const match = SHAPE.exec(withoutV(text));
  if (match === null) return undefined;
  // The numbers' group takes part in every match.
  const numbers = (match[1] as string).split('.').map(withoutLeadingZeros);
  while (numbers.length > 1 && numbers.at(-1) === '0') numbers.pop();
  return { numbers, pre: match[2] === undefined ? [] : match[2].split('.') };
}

/** Digit strings without leading zeros. */
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return Math.sign(a.length - b.length);
  return a < b ? -1 : a > b ? 1 : 0;
}

const NUMERIC = /^\d+$/;

function compareIdentifiers(a: string, b: string): number {
  const [aNumeric, bNumeric] = [NUMERIC.test(a), NUMERIC.test(b)];
  if (aNumeric && bNumeric) return compareDigits(withoutLeadingZeros(a), withoutLeadingZeros(b));
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order of two lists, compared part by part as far as both go, then the longer after. */
function compareParts(a: readonly string[], b: readonly string[], part: typeof compareDigits) {
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) {
    const order = part(a[i] as string, b[i] as string);
    if (order !== 0) return Math.sign(order) as -1 | 1;
  }
  return Math.sign(a.length - b.length) as -1 | 0 | 1;
}

export function compareVersions(a: OrderedVersion, b: OrderedVersion): -1 | 0 | 1 {
  // Trailing zero parts are dropped, so a longer list of numbers is a newer version.
  const numbers = compareParts(a.numbers, b.numbers, compareDigits);
  if (numbers !== 0) return numbers;
  // A pre-release is older than the release of the same numbers.
  if (a.pre.length === 0 || b.pre.length === 0) {
    return Math.sign(b.pre.length - a.pre.length) as -1 | 0 | 1;
  }
  return compareParts(a.pre, b.pre, compareIdentifiers);
}

export type Order =
  | { readonly kind: 'older' | 'same' | 'newer' }
  | { readonly kind: 'unorderable'; readonly which: 'sent' | 'shown' };

export function orderOf(toSend: string, shown: string, prefix: string): Order {
  const sent = readVersion(toSend);
  if (sent === undefined) return { kind: 'unorderable', which: 'sent' };
  const listed = readVersion(stripPrefix(shown.trim(), prefix));
  if (listed === undefined) return { kind: 'unorderable', which: 'shown' };
  const order = compareVersions(sent, listed);
  return { kind: order < 0 ? 'older' : order > 0 ? 'newer' : 'same' };
}

export function sameVersionText(a: string, b: string): boolean {
  return withoutV(a) === withoutV(b);
}
