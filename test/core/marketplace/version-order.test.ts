import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderOf, sameVersionText } from '../../../src/core/marketplace/version-order.js';
import { runs } from '../../support/property-runs.js';

describe('orderOf: the version to send against the version a listing shows (SPEC 7.8)', () => {
  it.each([
    // The cases SPEC 7.8 names.
    ['1.9.5', '2.1.0', 'older'],
    ['2.1.0', '1.9.5', 'newer'],
    ['1.2', '1.2.0', 'same'],
    ['1.10.0', '1.9.0', 'newer'],
    ['1.3.0-rc.2', '1.3.0', 'older'],
    ['1.3.0-rc.2', '1.3.0-rc.1', 'newer'],
    ['1.3.0-rc.10', '1.3.0-rc.9', 'newer'],
    ['1.3.0-rc.9', '1.3.0-rc.10', 'older'],
    ['2', '1.2.3.4', 'newer'],
    // Any count of parts: calendar versions and four parts.
    ['2025.11.23', '2025.11.9', 'newer'],
    ['2025.1.2', '2025.11.23', 'older'],
    ['2025.11', '2025.11.0.0', 'same'],
    ['1.2.3.4', '1.2.3.10', 'older'],
    ['1.2.3.4', '1.2.3', 'newer'],
    ['1.2.3.0', '1.2.3', 'same'],
    // A leading v on either side, and numbers with leading zeros compared as numbers.
    ['v1.2.3', '1.2.3', 'same'],
    ['1.2.3', 'V1.2.4', 'older'],
    ['v2.0.0', 'v10.0.0', 'older'],
    ['1.02.0', '1.2.0', 'same'],
    ['1.002.0', '1.2.0', 'same'],
    ['100', '10', 'newer'],
    [' 1.2.3\n', '\t1.2.3 ', 'same'],
    // The build part is ignored.
    ['1.2.3+build.5', '1.2.3+build.4', 'same'],
    ['1.2.3+20251123', '1.2.4', 'older'],
    ['1.3.0-rc.1+b2', '1.3.0-rc.1', 'same'],
    // Pre-releases as in Semantic Versioning 2.0, 11.4.
    ['1.0.0-alpha', '1.0.0-alpha.1', 'older'],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', 'older'],
    ['1.0.0-alpha.beta', '1.0.0-beta', 'older'],
    ['1.0.0-beta.2', '1.0.0-beta.11', 'older'],
    ['1.0.0-beta.11', '1.0.0-rc.1', 'older'],
    ['1.0.0-rc.1', '1.0.0', 'older'],
    ['1.0.0', '1.0.0-rc.1', 'newer'],
    ['1.0.0-rc.1', '0.9.9', 'newer'],
    ['1.0.0-beta', '1.0.0-alpha', 'newer'],
    ['1.0.0-rc.100', '1.0.0-rc.10', 'newer'],
    ['1.0.0-rc.007', '1.0.0-rc.7', 'same'],
    ['1.2.3-dev', '1.2.3-de', 'newer'],
    // Numeric identifiers come first, whatever their length or the other's first character.
    ['1.0.0-123', '1.0.0-ab', 'older'],
    ['1.0.0-1', '1.0.0--x', 'older'],
    // Numbers larger than any JavaScript number still compare as numbers.
    ['1.99999999999999999999', '1.99999999999999999998', 'newer'],
  ])('%s against %s: %s', (toSend, shown, kind) => {
    expect(orderOf(toSend, shown, '')).toEqual({ kind });
  });

  it.each([
    ['beta-5', '1.0.0', 'sent'],
    ['r45', '1.0.0', 'sent'],
    ['1.0.0', 'November 23, 2025', 'shown'],
    ['1.0.0', '2025-11-23 build', 'shown'],
    ['1.0.0', '', 'shown'],
    ['', '1.0.0', 'sent'],
    ['1..2', '1.0.0', 'sent'],
    ['1.2.', '1.0.0', 'sent'],
    ['1.2.3-', '1.0.0', 'sent'],
    ['1.2.3-rc..1', '1.0.0', 'sent'],
    ['1.2.3+', '1.0.0', 'sent'],
    ['vv1.2.3', '1.0.0', 'sent'],
    ['1.0.0', 'release-1.0.0', 'shown'],
  ])('%s against %j cannot be ordered (%s)', (toSend, shown, which) => {
    const text = which === 'sent' ? toSend : shown;
    expect(orderOf(toSend, shown, '')).toEqual({ kind: 'unorderable', text });
  });

  it("drops strip-tag-prefix from the listing's version when it starts with it", () => {
    expect(orderOf('1.9.5', 'release-2.1.0', 'release-')).toEqual({ kind: 'older' });
    expect(orderOf('2.1.0', '1.9.5', 'release-')).toEqual({ kind: 'newer' });
    expect(orderOf('1.2.3', 'v1.2.3', 'release-')).toEqual({ kind: 'same' });
    expect(orderOf('release-1.2.3', '1.2.3', 'release-')).toEqual({
      kind: 'unorderable',
      text: 'release-1.2.3',
    });
  });
});

describe('a version is read without leading zeros or trailing zero parts', () => {
  it.each([
    ['1.2.0', '1.2', '1.2.1'],
    ['1.2.0.0', '1.2', '1.2.0.1'],
    ['1.0.2', '1.0.2', '1.0.3'],
    ['0', '0.0', '0.0.1'],
    ['0.0', '0', '0.1'],
    ['00.000', '0', '0.0.1'],
    ['007.010', '7.10', '7.10.1'],
    ['v1.0.0-rc.1+b5', '1-rc.1', '1-rc.2'],
    [' 2.0 ', '2', '2.0.1'],
  ])('%j is the same as %j and older than %j', (text, same, newer) => {
    expect(orderOf(text, same, '')).toEqual({ kind: 'same' });
    expect(orderOf(same, text, '')).toEqual({ kind: 'same' });
    expect(orderOf(text, newer, '')).toEqual({ kind: 'older' });
    expect(orderOf(newer, text, '')).toEqual({ kind: 'newer' });
  });

  it("drops the prefix of the listing's version only where it leads", () => {
    expect(orderOf('1.2', 'release-1.2', 'release-')).toEqual({ kind: 'same' });
    expect(orderOf('1.2', ' release-1.3 ', 'release-')).toEqual({ kind: 'older' });
    expect(orderOf('1.2', '1.2', 'release-')).toEqual({ kind: 'same' });
    expect(orderOf('1.2', 'v-1.2', 'v-')).toEqual({ kind: 'same' });
  });
});

describe('sameVersionText: the confirmation', () => {
  it.each([
    ['1.2.3', '1.2.3', true],
    ['v1.2.3', '1.2.3', true],
    ['1.2.3', 'V1.2.3', true],
    ['1.2.2', '1.2.3', false],
    ['1.2', '1.2.0', false],
    [' 1.2.3 ', '1.2.3', true],
    ['1.2.3-dev', '1.2.3-de', false],
    ['1.2.3-dev', 'v1.2.3-dev', true],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameVersionText(a, b)).toBe(same);
  });
});

const identifier = fc.oneof(
  fc.nat({ max: 20 }).map(String),
  fc.constantFrom('alpha', 'beta', 'rc', 'x-1', 'RC', '0a'),
);
const version = fc
  .record({
    v: fc.constantFrom('', 'v', 'V'),
    numbers: fc.array(
      fc.oneof(fc.nat({ max: 12 }).map(String), fc.constantFrom('0', '00', '007', '2025')),
      { minLength: 1, maxLength: 5 },
    ),
    pre: fc.array(identifier, { maxLength: 3 }),
    build: fc.option(fc.constantFrom('b1', '5', 'sha.abc'), { nil: undefined }),
  })
  .map(
    ({ v, numbers, pre, build }) =>
      `${v}${numbers.join('.')}${pre.length > 0 ? `-${pre.join('.')}` : ''}${build === undefined ? '' : `+${build}`}`,
  );

const ORDER = { older: -1, same: 0, newer: 1 } as const;
const compare = (a: string, b: string): number => {
  const order = orderOf(a, b, '');
  if (order.kind === 'unorderable') throw new Error(`not read: ${a} or ${b}`);
  return ORDER[order.kind];
};

describe('the order is a total order on what it reads', () => {
  it('reads every version of the grammar', () => {
    fc.assert(
      fc.property(version, (text) => orderOf(text, text, '').kind === 'same'),
      { numRuns: runs(500) },
    );
  });

  it('is total and antisymmetric: a against b is the opposite of b against a', () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        const order = compare(a, b);
        expect([-1, 0, 1]).toContain(order);
        expect(compare(b, a)).toBe(-order || 0);
      }),
      { numRuns: runs(1000) },
    );
  });

  it('is reflexive and ignores the build part and a leading v', () => {
    fc.assert(
      fc.property(version, (a) => {
        const bare = a.replace(/^[vV]/, '').replace(/\+.*$/, '');
        expect(compare(a, bare)).toBe(0);
      }),
      { numRuns: runs(500) },
    );
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        const [x, y, z] = [a, b, c].sort(compare) as [string, string, string];
        expect(compare(x, y)).toBeLessThanOrEqual(0);
        expect(compare(y, z)).toBeLessThanOrEqual(0);
        expect(compare(x, z)).toBeLessThanOrEqual(0);
      }),
      { numRuns: runs(1000) },
    );
  });
});
