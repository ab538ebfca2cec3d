// Property tests of the guard: for generated keys and server texts that embed the key, or a part of
// it, in any encoding at any position, nothing decodable to a part of the key reaches an output.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { type Answer, MAX_RESPONSE_OUTPUT_BYTES } from '../../../src/core/attempt.js';
import {
  type Guard,
  guardResult,
  holdsPartOfKey,
  makeGuard,
} from '../../../src/core/guard/guard.js';
import { secretOf } from '../../../src/core/guard/secret.js';
import { MAX_SERVER_MESSAGE } from '../../../src/core/guard/server-message.js';
import type { Resolved } from '../../../src/core/release/resolve.js';
import { outputs, type RunReport } from '../../../src/core/report.js';
import { describeOutcome } from '../../../src/core/sentences.js';
import { runs } from '../../support/property-runs.js';
import { summaryHtml } from '../../support/summary.js';

// A part of a secret is 8 bytes; at the end of a cut text, a start of 4 to 7 counts.
const PART_LENGTH = 8;
const MIN_START_AT_CUT = 4;
/** The most of an answer's body the transport reads. */
const MAX_BODY_BYTES = 1024 * 1024;

const NOTICE = '[withheld: this text contained part of the API key]';
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const UNICODE = ['é', 'ß', '✓', 'ключ', '😀', '中', '\u00a0', '\u2028'].flatMap((s) => [...s]);

/**
 * Keys: printable ASCII (with `+/=%&<>"'\`), or mixed with unicode; 8 to 200 code points; here
 * without a public prefix, so that every part of them is secret (the prefix has its own property).
 */
const keys = fc
  .oneof(
    fc.string({ unit: fc.constantFrom(...PRINTABLE), minLength: 8, maxLength: 200 }),
    fc.string({ unit: fc.constantFrom(...PRINTABLE, ...UNICODE), minLength: 8, maxLength: 200 }),
    fc
      .string({ unit: fc.constantFrom(...'+/=%&<>"\'\\'), minLength: 4, maxLength: 15 })
      .map((odd) => `mk_live_${odd}`),
  )
  .filter((key) => secretOf(key) === key);

/** Surrounding text: no `%`, `\` or `&`, which could join the encoding as an escape of its own. */
const SAFE = [...'abcdefxyzABCXYZ0123456789 .,:;!?()[]{}<>=-_+/*#@\n\r\t'];
const filler = (max: number) => fc.string({ unit: fc.constantFrom(...SAFE), maxLength: max });

type Encoder = (part: string) => string;

const hex = (code: number, upper: boolean) => {
  const text = code.toString(16).padStart(2, '0');
  return upper ? text.toUpperCase() : text;
};
const utf8 = (text: string) => [...Buffer.from(text, 'utf8')];

/**
 * Encodings as a server may apply them, each to a generated subset of characters (the escape
 * characters themselves always escaped, as any decodable encoding must).
 */
const encoders: fc.Arbitrary<Encoder> = fc.oneof(
  fc.constant((part: string) => part),
  fc.constant(encodeURIComponent),
  fc.constant(encodeURI),
  fc.tuple(fc.array(fc.boolean(), { minLength: 1 }), fc.boolean()).map(
    ([chosen, upper]) =>
      (part: string) =>
        [...part]
          .map((c, i) =>
            chosen[i % chosen.length] || c === '%'
              ? utf8(c)
                  .map((b) => `%${hex(b, upper)}`)
                  .join('')
              : c,
          )
          .join(''),
  ),
  fc
    .tuple(fc.array(fc.boolean(), { minLength: 1 }), fc.boolean(), fc.boolean())
    .map(([chosen, upper, twice]) => (part: string) => {
      const once = [...part]
        .map((c, i) => {
          if (chosen[i % chosen.length])
            // Each UTF-16 unit: a character beyond U+FFFF is a surrogate pair.
            return Array.from(
              { length: c.length },
              (_, u) => `\\u${hex(c.charCodeAt(u), upper).padStart(4, '0')}`,
            ).join('');
          if (c === '/') return '\\/';
          return JSON.stringify(c).slice(1, -1);
        })
        .join('');
      return twice ? JSON.stringify(once).slice(1, -1) : once;
    }),
  fc.tuple(fc.array(fc.constantFrom('raw', 'named', 'decimal', 'hex'), { minLength: 1 })).map(
    ([kinds]) =>
      (part: string) =>
        [...part]
          .map((c, i) => {
            const code = c.codePointAt(0) as number;
            const kind =
              c === '&' && kinds[i % kinds.length] === 'raw' ? 'named' : kinds[i % kinds.length];
            if (kind === 'decimal') return `&#${code};`;
            if (kind === 'hex') return `&#x${code.toString(16)};`;
            if (kind === 'named')
              return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c] ?? c;
            return c;
          })
          .join(''),
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 2 }), fc.boolean(), fc.option(fc.integer({ min: 1, max: 76 })))
    .map(([offset, url, wrap]) => (part: string) => {
      const bytes = Buffer.concat([Buffer.from('xyz'.slice(0, offset)), Buffer.from(part)]);
      const text = bytes.toString(url ? 'base64url' : 'base64');
      return wrap === null ? text : text.replace(new RegExp(`(.{${wrap}})`, 'g'), '$1\r\n');
    }),
  fc.tuple(fc.boolean(), fc.constantFrom('', ' ', ':', '\\x')).map(
    ([upper, separator]) =>
      (part: string) =>
        utf8(part)
          .map((b) => (separator === '\\x' ? `\\x${hex(b, upper)}` : hex(b, upper)))
          .join(separator === '\\x' ? '' : separator),
  ),
);

/**
 * Forms a character may be written in that fold onto it (NFKC): itself, fullwidth (U+FF01…, for
 * printable ASCII), mathematical bold and sans-serif bold (letters and digits).
 */
const LOOK_ALIKES: ((c: string) => string)[] = [
  (c) => c,
  (c) => (c > ' ' && c <= '~' ? String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0) : c),
  ...[
    [0x1d400, 0x1d41a, 0x1d7ce],
    [0x1d5d4, 0x1d5ee, 0x1d7ec],
  ].map(([upper, lower, digit]) => (c: string) => {
    const code = c.charCodeAt(0);
    if (/[A-Z]/.test(c)) return String.fromCodePoint((upper as number) + code - 65);
    if (/[a-z]/.test(c)) return String.fromCodePoint((lower as number) + code - 97);
    if (/[0-9]/.test(c)) return String.fromCodePoint((digit as number) + code - 48);
    return c;
  }),
];

/** Encodings whose start is a start of the key's bytes: a cut may leave a few of them. */
const atCut = fc.constantFrom<Encoder>(
  (part) => part,
  encodeURIComponent,
  (part) => JSON.stringify(part).slice(1, -1),
  (part) => Buffer.from(part).toString('hex'),
);

/** A part of the key: 8 or more consecutive code points, anywhere in it. */
const keyAndPart = keys.chain((key) => {
  const points = [...key];
  return fc
    .integer({ min: 0, max: points.length - PART_LENGTH })
    .chain((start) =>
      fc
        .integer({ min: start + PART_LENGTH, max: points.length })
        .map((end) => ({ key, part: points.slice(start, end).join('') })),
    );
});

const resolved: Resolved = {
  version: '1.2.3',
  versionSource: 'tag',
  tag: 'v1.2.3',
  changelog: 'notes',
  changelogSource: 'input',
};

const answerOf = (body: string, cut = false): Answer => ({
  kind: 'answer',
  status: 422,
  location: '',
  retryAfter: '',
  contentType: 'application/json',
  link: '',
  body,
  cut,
  ms: 1,
});

/** Everything the action would print or output for this answer, as main.ts wires it. */
function printed(answer: Answer, guard: Guard): string[] {
  const outcome = { last: guardResult(answer, guard), attempts: 1 };
  const problem = describeOutcome(outcome, {
    listingId: 'asset-1',
    baseUrl: 'https://api.example.com/v1',
    url: 'https://api.example.com/v1/listings/asset-1',
    timeoutMs: 30_000,
    words: ACTION_WORDS,
  });
  const report: RunReport = {
    listingIds: ['asset-1'],
    resolved,
    dryRun: false,
    list: undefined,
    rows: [
      {
        listingId: 'asset-1',
        state: 'sent',
        outcome,
        problem,
        why: '',
        previousVersion: null,
        elapsedMs: 1,
      },
    ],
    notes: [],
    problem: undefined,
    elapsedMs: 1,
  };
  return [
    guard(problem?.title ?? ''),
    guard(problem?.message ?? ''),
    ...Object.values(outputs(report)).map((value) => guard(value)),
    summaryHtml(report, guard),
  ];
}

/** Every 8-code-point piece of the key: none may be printed raw. */
const pieces = (key: string) => {
  const points = [...key];
  return points.slice(0, -7).map((_, i) => points.slice(i, i + 8).join(''));
};

describe('the guard, for generated keys and echoes (SPEC 6.2)', () => {
  it('withholds every text that embeds a part of the key in any encoding, anywhere', () => {
    fc.assert(
      fc.property(
        keyAndPart,
        encoders,
        filler(300),
        filler(300),
        ({ key, part }, encode, before, after) => {
          const guard = makeGuard([{ name: 'the API key', value: key }]);
          expect(guard(`${before}${encode(part)}${after}`)).toBe(NOTICE);
        },
      ),
      { numRuns: runs(1500) },
    );
  });

  it('withholds a part of the key written in look-alikes: fullwidth and mathematical forms', () => {
    fc.assert(
      fc.property(
        keyAndPart.chain(({ key, part }) =>
          fc
            .array(fc.constantFrom(...LOOK_ALIKES), {
              minLength: [...part].length,
              maxLength: [...part].length,
            })
            .map((forms) => ({ key, alike: [...part].map((c, i) => forms[i]?.(c) ?? c).join('') })),
        ),
        fc.constantFrom<Encoder>(
          (text) => text,
          encodeURIComponent,
          (text) =>
            JSON.stringify(text).replace(
              /[^ -~]/g,
              (c) => `\\u${hex(c.charCodeAt(0), false).padStart(4, '0')}`,
            ),
        ),
        filler(300),
        filler(300),
        ({ key, alike }, encode, before, after) => {
          const guard = makeGuard([{ name: 'the API key', value: key }]);
          expect(guard(`${before}${encode(alike)}${after}`)).toBe(NOTICE);
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('withholds the whole answer before the message is extracted and cut at 500 characters', () => {
    fc.assert(
      fc.property(
        keyAndPart,
        encoders,
        fc.integer({ min: MAX_SERVER_MESSAGE - 40, max: MAX_SERVER_MESSAGE + 10 }),
        ({ key, part }, encode, at) => {
          const guard = makeGuard([{ name: 'the API key', value: key }]);
          const message = `${'m'.repeat(at)}${encode(part)} and more`;
          const everything = printed(answerOf(JSON.stringify({ error: { message } })), guard);
          expect(everything[1]).toContain(NOTICE);
          expect(everything.join('\n')).not.toContain('mmmm');
          for (const text of everything) {
            for (const piece of pieces(key)) expect(text).not.toContain(piece);
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('keeps a success body cut at 1 MiB as read, and withholds it when printed with at least 4 characters of a part before the cut', () => {
    fc.assert(
      fc.property(
        keys,
        fc.integer({ min: MIN_START_AT_CUT, max: PART_LENGTH + 4 }),
        atCut,
        (key, shown, encode) => {
          const guard = makeGuard([{ name: 'the API key', value: key }]);
          const points = [...key];
          const start = Math.max(0, points.length - PART_LENGTH - 4);
          const visible = encode(points.slice(start, start + shown).join(''));
          const body = `${'.'.repeat(MAX_BODY_BYTES - Buffer.byteLength(visible))}${visible}`;
          expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
          // A success is read as it came (the list, the version shown); printed, it is guarded.
          const read = guardResult({ ...answerOf(body, true), status: 200 }, guard);
          expect(read.kind === 'answer' && read.body).toBe(body);
          expect(guard(body, true)).toBe(NOTICE);
        },
      ),
      { numRuns: runs(12) },
    );
  });

  it('withholds a cut text ending in a start of the key in base64 or hex, also before half an escape', () => {
    fc.assert(
      fc.property(
        keys,
        fc.integer({ min: MIN_START_AT_CUT, max: PART_LENGTH - 1 }),
        fc.constantFrom<Encoder>(
          (start) => Buffer.from(start, 'latin1').toString('base64').replace(/=+$/, ''),
          (start) => Buffer.from(start, 'latin1').toString('base64url'),
          (start) => Buffer.from(start, 'latin1').toString('hex'),
        ),
        fc.constantFrom('', '%', '%2', '\\', '\\u', '\\u00', '\\x', '&', '&#', '&#4', '&#x2'),
        filler(40),
        (key, shown, encode, half, before) => {
          const guard = makeGuard([{ name: 'the API key', value: key }]);
          // The key's first `shown` bytes, one character per byte for the encoders.
          const start = Buffer.from(key).subarray(0, shown).toString('latin1');
          expect(guard(`${before} ${encode(start)}${half}`, true)).toBe(NOTICE);
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('withholds the response output when a part straddles its 64 KiB cap, however little is before it', () => {
    fc.assert(
      fc.property(
        keyAndPart,
        fc.integer({ min: 1, max: PART_LENGTH + 4 }),
        atCut,
        fc.integer({ min: 0, max: 3000 }),
        ({ key, part }, before, encode, after) => {
          const guard = makeGuard([{ name: 'the API key', value: key }]);
          const encoded = encode(part);
          fc.pre(before < encoded.length);
          // An error body cut to what the output shows: `before` characters of the part are shown.
          const head = '.'.repeat(MAX_RESPONSE_OUTPUT_BYTES - before);
          const body = `${head}${encoded}${'.'.repeat(after)}`;
          const everything = printed(answerOf(body), guard);
          expect(everything).toContain(NOTICE);
          for (const text of everything) {
            for (const piece of pieces(key)) expect(text).not.toContain(piece);
          }
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('leaves text that holds no part of the key as it is', () => {
    fc.assert(
      fc.property(keys, filler(400), (key, text) => {
        // Form encoding and flattened whitespace count too, for a key with a space.
        const loose = [text, text.replace(/[\s+]+/g, ' '), text.replace(/\s+/g, ' ')];
        fc.pre(!pieces(key).some((piece) => loose.some((view) => view.includes(piece))));
        expect(makeGuard([{ name: 'the API key', value: key }])(text)).toBe(text);
      }),
      { numRuns: runs(500) },
    );
  });
});

/** The secret's characters: none is a prefix word's letter followed by `_` or `-`. */
const SECRET_UNITS = [...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789+/='];

/** Keys with a public prefix (SPEC 6.2), and their secret: what follows the prefix. */
const prefixedKeys = fc
  .tuple(
    fc.constantFrom('mk_live_', 'sk_test_', 'glpat-', 'a_bc-defghijklm_'),
    fc.constantFrom(...'0123456789ABCDEF'),
    fc.string({ unit: fc.constantFrom(...SECRET_UNITS), minLength: 15, maxLength: 60 }),
  )
  .map(([prefix, first, rest]) => ({
    key: `${prefix}${first}${rest}`,
    prefix,
    secret: `${first}${rest}`,
  }));

/** Pieces of the secret of 1 to 7 characters, anywhere in it. */
const shortPieces = (secret: string) =>
  fc.array(
    fc
      .integer({ min: 0, max: secret.length - 1 })
      .chain((at) =>
        fc.integer({ min: 1, max: PART_LENGTH - 1 }).map((length) => secret.slice(at, at + length)),
      ),
    { maxLength: 6 },
  );

describe('the guard looks for the secret, the key less its public prefix (SPEC 6.2)', () => {
  it('never withholds a text without 8 characters of the secret, the prefix and shorter pieces included', () => {
    fc.assert(
      fc.property(
        prefixedKeys.chain((key) => fc.tuple(fc.constant(key), shortPieces(key.secret))),
        filler(200),
        filler(200),
        ([{ key, prefix, secret }, pieces], before, after) => {
          // Pieces with the prefix before each, as a changelog names keys: `mk_live_…`.
          const text = `${before}${pieces.map((piece) => `${prefix}${piece}`).join(' ')} ${prefix}${after}`;
          const windows = Array.from({ length: secret.length - PART_LENGTH + 1 }, (_, at) =>
            secret.slice(at, at + PART_LENGTH),
          );
          fc.pre(!windows.some((window) => text.includes(window)));
          expect(makeGuard([{ name: 'the API key', value: key }])(text)).toBe(text);
          expect(holdsPartOfKey([text], key)).toBe(false);
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('always withholds a text with 8 characters of the secret, in any encoding', () => {
    fc.assert(
      fc.property(
        prefixedKeys.chain((key) =>
          fc
            .integer({ min: 0, max: key.secret.length - PART_LENGTH })
            .chain((at) =>
              fc
                .integer({ min: at + PART_LENGTH, max: key.secret.length })
                .map((end) => ({ ...key, part: key.secret.slice(at, end) })),
            ),
        ),
        encoders,
        filler(200),
        filler(200),
        ({ key, part }, encode, before, after) => {
          const text = `${before}${encode(part)}${after}`;
          expect(makeGuard([{ name: 'the API key', value: key }])(text)).toBe(NOTICE);
          expect(holdsPartOfKey([text], key)).toBe(true);
        },
      ),
      { numRuns: runs(500) },
    );
  });
});
