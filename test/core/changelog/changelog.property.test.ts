// Property tests of changelog-file's rules that hold for every input (SPEC 7.2).
import fc from 'fast-check';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { describe, expect, it } from 'vitest';
import { linesOf } from '../../../src/core/changelog/lines.js';
import { findSection } from '../../../src/core/changelog/section.js';
import { standAlone } from '../../../src/core/changelog/section-links.js';
import { releaseOf, wantedVersions } from '../../../src/core/changelog/version-token.js';
import { runs } from '../../support/property-runs.js';

const UNITS = ['a', ' ', '#', '\n', '\r', '\r\n', 'é', '😀', '中', '1', '.', '`', '['];
const texts = fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 200 });

const number = fc.nat({ max: 999 }).map(String);
const part = fc.stringMatching(/^[a-z0-9]{1,6}$/);
/** A version as changelogs write them: 1.2.3, 1.2, 1.2.3-rc.1, 1.2.3+build.5. */
const versions = fc
  .tuple(
    fc.array(number, { minLength: 2, maxLength: 4 }),
    fc.option(fc.array(part, { minLength: 1, maxLength: 2 })),
    fc.option(part),
  )
  .map(([numbers, pre, build]) => {
    let version = numbers.join('.');
    if (pre) version += `-${pre.join('.')}`;
    if (build) version += `+${build}`;
    return version;
  });
const before = fc.constantFrom(
  '',
  ' ',
  '[',
  '(',
  '<small>',
  'Version ',
  'v',
  '@scope/pkg@',
  '2026-11-01 - ',
);
const after = fc.constantFrom(
  '',
  ' ',
  ']',
  ')',
  ' (2026-11-01)',
  ' - 2026-11-01',
  ' / 2026-11-01',
  '</small>',
);

describe('changelog-file properties', () => {
  it('reads the same lines however the bytes are cut into chunks', () => {
    fc.assert(
      fc.property(texts, fc.array(fc.nat({ max: 300 }), { maxLength: 6 }), (text, cuts) => {
        const bytes = Buffer.from(text);
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort(
          (a, b) => a - b,
        );
        const chunks = [0, ...points, bytes.length]
          .slice(0, -1)
          .map((start, i, all) => bytes.subarray(start, all[i + 1] ?? bytes.length));
        expect([...linesOf(chunks)]).toEqual([...linesOf([bytes])]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('a version written in a heading is its token, whole, and nothing longer matches it', () => {
    fc.assert(
      fc.property(versions, before, after, (version, head, tail) => {
        const token = releaseOf(`${head}${version}${tail}`)?.replace(/^v/, '');
        expect(token).toBe(version);
        const text = `## ${head}${version}${tail}\nnotes\n`;
        const found = findSection(
          linesOf([Buffer.from(text)])[Symbol.iterator](),
          wantedVersions(version, ''),
        );
        expect(found.kind).toBe('found');
        for (const longer of [`${version}0`, `${version}.1`, `${version}-rc.1`]) {
          const other = `## ${head}${longer}${tail}\nnotes\n`;
          const miss = findSection(
            linesOf([Buffer.from(other)])[Symbol.iterator](),
            wantedVersions(version, ''),
          );
          expect(miss.kind).toBe('missing');
        }
      }),
      { numRuns: runs(300) },
    );
  });

  it('with no base and no definitions elsewhere, the section is sent exactly as written', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            'a',
            ' ',
            '[',
            ']',
            '(',
            ')',
            '!',
            '`',
            '\n',
            ':',
            '<',
            '>',
            '#',
            '/',
          ),
          maxLength: 120,
        }),
        (text) => {
          expect(standAlone(text, new Map(), () => new Map()).text).toBe(text);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('labels compare as CommonMark compares them: runs of whitespace and case do not matter', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (label) => {
        expect(normalizeIdentifier(` ${label.replace(/ /g, ' \t\n ')} `)).toBe(
          normalizeIdentifier(label),
        );
        expect(normalizeIdentifier(label.toLowerCase())).toBe(
          normalizeIdentifier(label.toLowerCase().toUpperCase()),
        );
      }),
      { numRuns: runs(100) },
    );
  });
});
