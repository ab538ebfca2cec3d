import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutNote, truncate } from '../../../src/core/release/format.js';

const URL_ = 'https://github.com/o/r/releases/tag/v1.2.3';
/** The longest release page GitHub gives: owners run to 39 characters, repositories to 100. */
const LONG_URL = `https://github.com/${'o'.repeat(39)}/${'r'.repeat(100)}/releases/tag/v1.2.3`;
const length = (text: string) => Array.from(text).length;

describe('truncate (SPEC 7.6)', () => {
  it('leaves a changelog within the cap, and any with cap 0, alone', () => {
    expect(truncate('short', 200, URL_)).toBeUndefined();
    expect(truncate('x'.repeat(200), 200, URL_)).toBeUndefined();
    expect(truncate('x'.repeat(10_000), 0, URL_)).toBeUndefined();
  });

  it('cuts at the last line break that leaves room, and ends with the note line', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `- change number ${i}`);
    const cut = truncate(lines.join('\n'), 300, URL_);
    expect(cut).toBeDefined();
    const kept = cut?.text.split('\n') ?? [];
    expect(kept.at(-1)).toBe(cutNote(URL_));
    expect(kept.at(-1)).toContain(URL_);
    // Whole lines only, in order, and as many as fit.
    expect(kept.slice(0, -1)).toEqual(lines.slice(0, kept.length - 1));
    expect(length(cut?.text ?? '')).toBeLessThanOrEqual(300);
    expect(length(cut?.text ?? '') + (lines[kept.length - 1] ?? '').length + 1).toBeGreaterThan(
      300,
    );
    expect(cut).toMatchObject({ from: length(lines.join('\n')), to: length(cut?.text ?? '') });
  });

  it('counts code points, never splitting one', () => {
    const emoji = '🚀'.repeat(150);
    const text = `${emoji}\n${emoji}\n${emoji}`;
    const cut = truncate(text, 250, URL_);
    expect(cut?.text.startsWith(`${emoji}\n`)).toBe(true);
    expect(length(cut?.text ?? '')).toBeLessThanOrEqual(250);
    expect(cut?.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('cuts at the cap on a character boundary when no line break leaves room', () => {
    const cut = truncate('é🚀'.repeat(500), 201, URL_);
    expect(length(cut?.text ?? '')).toBe(201);
    expect(cut?.text).toBe(Array.from('é🚀'.repeat(500)).slice(0, 201).join(''));
  });

  it('drops blank lines before the note', () => {
    const text = `${'a'.repeat(50)}\n\n\n   \n${'b'.repeat(400)}`;
    expect(truncate(text, 200, '')?.text).toBe(`${'a'.repeat(50)}\n${cutNote('')}`);
  });

  it('names the workflow run or nothing when the release page is not known', () => {
    expect(cutNote('')).toBe('(Truncated to fit the length limit.)');
    expect(cutNote('https://github.com/o/r/actions/runs/1')).toContain('actions/runs/1');
  });

  it('is never longer than the cap, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 2000 }),
        fc.integer({ min: 200, max: 1500 }),
        fc.constantFrom('', URL_, LONG_URL),
        (text, cap, url) => {
          const cut = truncate(text, cap, url);
          if (length(text) <= cap) return cut === undefined;
          return cut !== undefined && length(cut.text) <= cap && cut.to === length(cut.text);
        },
      ),
    );
  });

  const LINES = Array.from({ length: 40 }, (_, i) => `- change number ${i}`).join('\n');
  it.each([
    ['a release page that leaves room: named', LINES, URL_, cutNote(URL_)],
    ['the longest release page, over the cap alone: dropped', LINES, LONG_URL, cutNote('')],
    [
      'a page that leaves no room for the first line, which fits without it: dropped',
      `${'a'.repeat(120)}\n${LINES}`,
      `https://github.com/o/r/releases/tag/${'v'.repeat(40)}`,
      cutNote(''),
    ],
  ])('the note, with cap 200: %s', (_, text, url, note) => {
    const cut = truncate(text, 200, url);
    expect(cut?.text.split('\n').at(-1)).toBe(note);
    expect(length(cut?.text ?? '')).toBeLessThanOrEqual(200);
    expect(cut?.text.startsWith(text.slice(0, 20))).toBe(true);
  });

  it('cuts HTML with the heads it is given, the note a paragraph alone when none fits', () => {
    const heads = () => (room: number) => (room >= 100 ? '<p>head</p>' : '');
    expect(truncate('x'.repeat(300), 200, URL_, heads)?.text).toBe(
      `<p>head</p>\n${cutNote(URL_, true)}`,
    );
    expect(truncate('x'.repeat(300), 200, LONG_URL, heads)?.text).toBe(
      `<p>head</p>\n${cutNote('', true)}`,
    );
    expect(truncate('x'.repeat(300), 120, URL_, heads)?.text).toBe(cutNote('', true));
  });

  // The note without a link is 36 code points: with a cap of 50 it leaves 13 for the kept text.
  const NOTE = '(Truncated to fit the length limit.)';
  it.each([
    [
      'a line break that leaves exactly the room',
      `${'a'.repeat(13)}\n${'b'.repeat(60)}`,
      `${'a'.repeat(13)}\n${NOTE}`,
    ],
    [
      'one that leaves one too few',
      `${'a'.repeat(14)}\n${'b'.repeat(60)}`,
      `${'a'.repeat(14)}\n${'b'.repeat(35)}`,
    ],
    [
      'trailing blank lines before it',
      `${'a'.repeat(5)} \n\n\n${'b'.repeat(60)}`,
      `${'a'.repeat(5)}\n${NOTE}`,
    ],
    ['only a line break at the start', `\n${'b'.repeat(60)}`, `\n${'b'.repeat(49)}`],
  ])('at the boundary: %s', (_, text, expected) => {
    const cut = truncate(text, 50, '');
    expect(cut?.text).toBe(expected);
    expect(Array.from(cut?.text ?? '').length).toBeLessThanOrEqual(50);
  });
});
