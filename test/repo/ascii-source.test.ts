// The build writes each bundle in ASCII only: the escaped source must mean exactly what it meant.
import { createContext, runInContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiSource } from '../../scripts/ascii-source.ts';
import { runs } from '../support/property-runs.js';

const ASCII = /^[\0-\x7f]*$/;
const context = createContext();
const run = (source: string): unknown => runInContext(source, context);

describe('asciiSource', () => {
  const cases: [what: string, source: string, value: unknown][] = [
    ['a quote in a string', "'object’s size'", 'object’s size'],
    ['an emoji in a template', `\`✅ Updated \${2 + 1}\``, '✅ Updated 3'],
    ['a character after an escaping backslash', "'\\é'", 'é'],
    ['a character after an escaped backslash', "'\\\\é'", '\\é'],
    ['a character after three backslashes', "'\\\\\\é'", '\\é'],
    ['a character in a regular expression', "/^a—b$/.test('a—b')", true],
    ['a range of emoji under the u flag', "/^[😀-😎]$/u.test('😃')", true],
    ['an emoji without the u flag', "/^😀$/.test('😀')", true],
    ['a comment', '1 // ’ is a quote\n+ 1', 2],
    ['a name', '(() => { const été = 2; return été; })()', 2],
    ['ASCII only', "'plain' + `text`", 'plaintext'],
  ];
  it.each(cases)('keeps the meaning of %s', (_, source, value) => {
    const escaped = asciiSource(source);
    expect(escaped).toMatch(ASCII);
    expect(run(escaped)).toEqual(value);
  });

  it('writes each character as its four-digit escape and leaves ASCII as it is', () => {
    expect(asciiSource("'é' + '😀' // a\\b")).toBe("'\\u00e9' + '\\ud83d\\ude00' // a\\b");
  });

  it('stops at a line or paragraph separator, which an escape would change', () => {
    for (const separator of ['\u2028', '\u2029']) {
      expect(() => asciiSource(`1 // a${separator}+ 1`)).toThrow(
        'The bundle holds a line or paragraph separator (U+2028 or U+2029), which cannot be written as an escape without changing its meaning.',
      );
    }
  });

  it('any string literal, escaped, is ASCII and holds the same text', () => {
    const text = fc
      .string({ unit: 'binary', maxLength: 40 })
      .filter((value) => !/[\u2028\u2029]/.test(value));
    fc.assert(
      fc.property(text, (value) => {
        const escaped = asciiSource(JSON.stringify(value));
        expect(escaped).toMatch(ASCII);
        expect(run(escaped)).toBe(value);
      }),
      { numRuns: runs(300) },
    );
  });
});
