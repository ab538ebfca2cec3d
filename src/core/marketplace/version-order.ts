// The order of versions: numbers of any count, a pre-release ordered as in Semantic Versioning 2.0.
import { stripPrefix } from '../release/resolve.js';

const SHAPE =
  /^(\d+(?:\.\d+)*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

function withoutV(text: string): string {
  return text.trim().replace(/^[vV]/, '');
}

function readVersion(text: string) {
  const match = SHAPE.exec(withoutV(text));
  if (match === null) return undefined;
  // BigInt: no size of number loses precision. Trailing zero parts are dropped: `1.2` is `1.2.0`.
  const numbers = (match[1] as string).split('.').map(BigInt);
  while (numbers.length > 1 && numbers.at(-1) === 0n) numbers.pop();
  return { numbers, pre: match[2]?.split('.') ?? [] };
}

function compare<T>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareIdentifiers(a: string, b: string): number {
  const [aNumeric, bNumeric] = [/^\d+$/.test(a), /^\d+$/.test(b)];
  if (aNumeric && bNumeric) return compare(BigInt(a), BigInt(b));
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  return compare(a, b);
}

function compareParts<T>(a: readonly T[], b: readonly T[], part: (a: T, b: T) => number) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = part(a[i] as T, b[i] as T);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

export function orderOf(toSend: string, shown: string, prefix: string) {
  const sent = readVersion(toSend);
  if (sent === undefined) return { kind: 'unorderable', which: 'sent' } as const;
  const listed = readVersion(stripPrefix(shown.trim(), prefix));
  if (listed === undefined) return { kind: 'unorderable', which: 'shown' } as const;
  let order = compareParts(sent.numbers, listed.numbers, compare);
  const [a, b] = [sent.pre, listed.pre];
  if (order === 0) {
    // A pre-release is older than the release of the same numbers.
    order =
      a.length === 0 || b.length === 0
        ? b.length - a.length
        : compareParts(a, b, compareIdentifiers);
  }
  return { kind: order < 0 ? 'older' : order > 0 ? 'newer' : 'same' } as const;
}

export function sameVersionText(a: string, b: string): boolean {
  return withoutV(a) === withoutV(b);
}
