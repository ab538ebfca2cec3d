import { describe, expect, it } from 'vitest';
import { normaliseLabel } from '../../../src/core/changelog/markdown.js';

describe('normaliseLabel: link labels compared as CommonMark compares them', () => {
  it.each([
    ['Foo', 'FOO'],
    ['  foo \t\n bar\r', 'FOO BAR'],
    ['1.2.3', '1.2.3'],
    // Case folding, not upper case alone: ẞ folds to ss, as the spec's own example has it.
    ['ẞ', 'SS'],
    ['Straße', 'STRASSE'],
  ])('%j normalises to %j', (label, normal) => {
    expect(normaliseLabel(label)).toBe(normal);
  });

  it('matches a label against any spelling of it', () => {
    expect(normaliseLabel('ẞ')).toBe(normaliseLabel('SS'));
    expect(normaliseLabel('Foo  Bar')).toBe(normaliseLabel('foo\nbar'));
  });
});
