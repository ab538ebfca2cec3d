import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { describe, expect, it } from 'vitest';

describe("link labels as the changelog room compares them: micromark's normalizeIdentifier", () => {
  it.each([
    ['Foo', 'FOO'],
    ['  foo \t\n bar\r', 'FOO BAR'],
    ['1.2.3', '1.2.3'],
    // Case folding, not upper case alone: ẞ folds to ss, as the spec's own example has it.
    ['ẞ', 'SS'],
    ['Straße', 'STRASSE'],
  ])('%j normalises to %j', (label, normal) => {
    expect(normalizeIdentifier(label)).toBe(normal);
  });

  it('matches a label against any spelling of it', () => {
    expect(normalizeIdentifier('ẞ')).toBe(normalizeIdentifier('SS'));
    expect(normalizeIdentifier('Foo  Bar')).toBe(normalizeIdentifier('foo\nbar'));
  });
});
