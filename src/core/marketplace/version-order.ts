// The order of versions: numbers of any count, a pre-release ordered as in Semantic Versioning 2.0.

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

export function readVersion(text: string, prefix = ''): OrderedVersion | undefined {
  let rest = text.trim();
  if (rest.startsWith(prefix)) rest = rest.slice(prefix.length);
  rest = rest.replace(/^[vV]/, '');
  const match = SHAPE.exec(rest);
  if (match === null) return undefined;
  // Stryker disable next-line StringLiteral: unreachable, the numbers' group always takes part.
  const digits = match[1] ?? '';
  const numbers = digits.split('.').map(withoutLeadingZeros);
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

export function compareVersions(a: OrderedVersion, b: OrderedVersion): -1 | 0 | 1 {
  const length = Math.max(a.numbers.length, b.numbers.length);
  // Stryker disable next-line EqualityOperator: a step past both lists compares '0' with '0'.
  for (let i = 0; i < length; i++) {
    // Stryker disable next-line StringLiteral: a longer list ends in a non-zero part, so '' here orders as '0'.
    const order = compareDigits(a.numbers[i] ?? '0', b.numbers[i] ?? '0');
    if (order !== 0) return order as -1 | 1;
  }
  // A pre-release is older than the release of the same numbers.
  if (a.pre.length === 0 || b.pre.length === 0) {
    return Math.sign(b.pre.length - a.pre.length) as -1 | 0 | 1;
  }
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    // Stryker disable next-line StringLiteral: unreachable, i is below both lengths.
    const order = compareIdentifiers(a.pre[i] ?? '', b.pre[i] ?? '');
    if (order !== 0) return Math.sign(order) as -1 | 1;
  }
  return Math.sign(a.pre.length - b.pre.length) as -1 | 0 | 1;
}

export type Order =
  | { readonly kind: 'older' | 'same' | 'newer' }
  | { readonly kind: 'unorderable'; readonly which: 'sent' | 'shown' };

export function orderOf(toSend: string, shown: string, prefix = ''): Order {
  const sent = readVersion(toSend);
  if (sent === undefined) return { kind: 'unorderable', which: 'sent' };
  const listed = readVersion(shown, prefix);
  if (listed === undefined) return { kind: 'unorderable', which: 'shown' };
  const order = compareVersions(sent, listed);
  return { kind: order < 0 ? 'older' : order > 0 ? 'newer' : 'same' };
}

export function sameVersionText(a: string, b: string): boolean {
  const bare = (text: string) => text.trim().replace(/^[vV]/, '');
  return bare(a) === bare(b);
}
