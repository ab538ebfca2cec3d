// The order of versions: numbers of any count, a pre-release ordered as in Semantic Versioning 2.0.
import { stripPrefix } from '../release/resolve.js';

const SHAPE =
  /^[vV]?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

// BigInt: no size of number loses precision. Trailing zero parts are dropped: `1.2` is `1.2.0`.
function readVersion(text: string) {
  const match = SHAPE.exec(text.trim());
  if (match === null) return undefined;
  const numbers = (match[1] as string).split('.').map(BigInt);
  while (numbers.at(-1) === 0n) numbers.pop();
  const pre = match[2]?.split('.').map((id) => (/^\d+$/.test(id) ? BigInt(id) : id));
  // A release is newer than its pre-releases: `~` sorts after any character an identifier holds.
  return { numbers, pre: pre ?? ['~'] };
}

function compareParts(a: readonly (bigint | string)[], b: readonly (bigint | string)[]): number {
  const i = a.findIndex((part, at) => part !== b[at]);
  const [x, y] = [a[i], b[i]];
  if (x === undefined || y === undefined) return a.length - b.length;
  if (typeof x !== typeof y) return typeof x === 'bigint' ? -1 : 1;
  return x < y ? -1 : 1;
}

export function orderOf(toSend: string, shown: string, prefix: string) {
  const sent = readVersion(toSend);
  if (sent === undefined) return { kind: 'unorderable', text: toSend } as const;
  const listed = readVersion(stripPrefix(shown.trim(), prefix));
  if (listed === undefined) return { kind: 'unorderable', text: shown } as const;
  const order = compareParts(sent.numbers, listed.numbers) || compareParts(sent.pre, listed.pre);
  return { kind: order < 0 ? 'older' : order > 0 ? 'newer' : 'same' } as const;
}

export function sameVersionText(a: string, b: string): boolean {
  const withoutV = (text: string) => text.trim().replace(/^[vV]/, '');
  return withoutV(a) === withoutV(b);
}
