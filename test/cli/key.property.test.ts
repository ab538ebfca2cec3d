// Properties of the key file and standard input: whatever line ends, blank lines, white space and
// encoding an editor or a shell wrote around a key, the key reads back; two keys are refused, saying
// what was found, and no part of either is printed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readKeyFrom } from '../support/key-sources.js';
import { runs } from '../support/property-runs.js';
import { keyFragments } from '../support/runner.js';

/** A key as the core takes it: visible ASCII, inner spaces allowed, at least 8 characters. */
const key = fc
  .string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode), minLength: 8 })
  .filter((text) => text.trim() === text && text.length >= 8);

const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
const blanks = fc.string({ unit: fc.constantFrom(' ', '\t') });
/** Blank lines, each of white space or nothing, each ended as an editor may end it. */
const blankLines = fc.array(fc.tuple(blanks, lineEnd).map(([space, end]) => `${space}${end}`));

/** How the text is stored: the encodings a key file or a pipe may hold. */
const encoding = fc.constantFrom('utf-8', 'utf-8 with a mark', 'utf-16le', 'utf-16be');

function encode(text: string, how: string): Uint8Array {
  if (how === 'utf-8') return Buffer.from(text);
  if (how === 'utf-8 with a mark') return Buffer.from(`\ufeff${text}`);
  const le = Buffer.from(`\ufeff${text}`, 'utf16le');
  return how === 'utf-16le' ? le : le.swap16();
}

const sources = ['file', 'stdin'] as const;

describe('a key file or standard input', () => {
  it('reads back the key, whatever the line ends, blank lines, white space and encoding around it', async () => {
    await fc.assert(
      fc.asyncProperty(
        key,
        blankLines,
        blanks,
        fc.option(lineEnd, { nil: '' }),
        blankLines,
        encoding,
        async (secret, before, after, end, trailing, how) => {
          const content = encode(
            `${before.join('')}${secret}${after}${end}${trailing.join('')}`,
            how,
          );
          for (const source of sources) {
            expect(await readKeyFrom(source, content)).toBe(secret);
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('refuses two keys on lines of their own, counting them and printing neither', async () => {
    await fc.assert(
      fc.asyncProperty(
        key,
        key,
        fc.array(lineEnd, { minLength: 1, maxLength: 3 }),
        blankLines,
        encoding,
        async (first, second, between, trailing, how) => {
          const content = encode(`${first}${between.join('')}${second}${trailing.join('')}`, how);
          for (const source of sources) {
            const error = await readKeyFrom(source, content).catch((e: unknown) => e);
            const message = (error as Error).message;
            expect(message).toContain(' holds 2 lines of text (two keys, or a key and a note?)');
            expect(message).not.toContain('more than one line');
            const printed = [...keyFragments(first), ...keyFragments(second)];
            expect(printed.filter((piece) => message.includes(piece))).toEqual([]);
          }
        },
      ),
      { numRuns: runs(200) },
    );
  });
});
