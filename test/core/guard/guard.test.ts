import { describe, expect, it } from 'vitest';
import { type Answer, type Failure, MAX_RESPONSE_OUTPUT_BYTES } from '../../../src/core/attempt.js';
import {
  type Guard,
  guardResult,
  guardStart,
  holdsPartOfKey,
  makeGuard,
} from '../../../src/core/guard/guard.js';
import { MAX_SERVER_MESSAGE } from '../../../src/core/guard/server-message.js';
import { outputs } from '../../../src/core/report.js';

// A part of a secret is 8 bytes; at the end of a cut text, a start of 4 to 7 counts.
const PART_LENGTH = 8;
const MIN_START_AT_CUT = 4;

// No public prefix (a capital letter): every 8 characters of it are a part.
const KEY = 'Mk_live_a/b+c=d&e<f>"g\\h';
const notice = (name: string) => `[withheld: this text contained part of ${name}]`;
const KEY_NOTICE = notice('the API key');
const guard = makeGuard([{ name: 'the API key', value: KEY }]);
/** The server's message of an error answer, as the guard lets it be shown. */
const messageOf = (body: string, contentType: string, cut: boolean, redact: Guard) => {
  const answer: Answer = {
    kind: 'answer',
    status: 500,
    location: '',
    retryAfter: '',
    contentType,
    link: '',
    body,
    cut,
    ms: 1,
  };
  return (guardResult(answer, redact) as Answer).message;
};
const base64 = (text: string) => Buffer.from(text).toString('base64');
const hexEscapes = (text: string, format: (hex: string) => string) =>
  [...text].map((c) => format((c.codePointAt(0) as number).toString(16).padStart(2, '0'))).join('');

describe('makeGuard', () => {
  it('finds a part of a secret holding a control character or a regular expression character', () => {
    const guard = makeGuard([{ name: 'the GitHub token', value: 'ab\tc.d*e(f[g' }]);
    expect(guard('token b\tc.d*e(f seen')).toBe(notice('the GitHub token'));
    expect(guard('token bx09c.d*e(f seen')).toBe('token bx09c.d*e(f seen');
    expect(guard('token b\tcXdXe(f seen')).toBe('token b\tcXdXe(f seen');
  });

  it('looks for a secret of spaces in form encoding, as for any secret with a space', () => {
    const guard = makeGuard([{ name: 'the GitHub token', value: ' '.repeat(8) }]);
    expect(guard('a++++++++b')).toBe(notice('the GitHub token'));
    expect(guard('a+++++++b')).toBe('a+++++++b');
  });

  it.each([
    ['raw', `key=${KEY}!`],
    ['a prefix of 8 characters', `key ${KEY.slice(0, 8)}… is revoked`],
    ['8 characters from the middle', `…${KEY.slice(9, 17)}…`],
    ['the last 8 characters', KEY.slice(-8)],
    ['JSON-escaped', JSON.stringify({ key: KEY })],
    ['JSON with escaped slashes', JSON.stringify({ key: KEY }).replaceAll('/', '\\/')],
    ['JSON \\u escapes', hexEscapes(KEY, (h) => `\\u00${h.toUpperCase()}`)],
    ['JSON inside JSON', JSON.stringify({ body: JSON.stringify({ key: KEY }) })],
    ['encodeURIComponent', `?key=${encodeURIComponent(KEY)}`],
    ['encodeURI', encodeURI(KEY)],
    ['every byte percent-encoded, lowercase', hexEscapes(KEY, (h) => `%${h}`)],
    ['double percent-encoding', encodeURIComponent(encodeURIComponent(KEY))],
    ['HTML named entities', KEY.replaceAll('&', '&amp;').replaceAll('<', '&lt;')],
    ['HTML hex entities', hexEscapes(KEY, (h) => `&#x${h};`)],
    ['HTML decimal entities', [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('')],
    ['base64', base64(KEY)],
    ['base64url', Buffer.from(KEY).toString('base64url')],
    ['base64 after 1 byte', `Basic ${base64(`:${KEY}`)}`],
    ['base64 after 2 bytes, wrapped', base64(`u:${KEY}`).replace(/(.{4})/g, '$1\n')],
    ['base64 of Basic credentials', base64(`user:${KEY}`)],
    ['base64 with bytes after', base64(`${KEY} and more`)],
    ['hex', Buffer.from(KEY).toString('hex')],
    ['HEX with spaces', hexEscapes(KEY, (h) => `${h.toUpperCase()} `)],
  ])('withholds the whole text holding the key %s', (_, text) => {
    expect(guard(text)).toBe(KEY_NOTICE);
  });

  it('leaves text without a part of the key alone', () => {
    for (const text of [
      'nothing to see: mk_live',
      KEY.slice(0, 7),
      `${KEY.slice(0, 7)} ${KEY.slice(7, 14)}`,
      '',
      'x'.repeat(100),
      `end ${KEY.slice(-7)}`,
    ]) {
      expect(guard(text)).toBe(text);
    }
  });

  it('finds a part at every offset in the key and of every length from 8', () => {
    for (let at = 0; at + PART_LENGTH <= KEY.length; at++) {
      for (const length of [PART_LENGTH, PART_LENGTH + 1, KEY.length - at]) {
        const part = KEY.slice(at, at + length);
        expect(guard(`x${part}x`)).toBe(KEY_NOTICE);
        expect(guard(part)).toBe(KEY_NOTICE);
      }
    }
  });

  it('finds a part that starts one byte after another half of the key seen in the text', () => {
    // `Zabc` is the key's first half-part; the part `abcdefgh` holds only the half-part `cdef`.
    const overlapping = makeGuard([{ name: 'the API key', value: 'Zabc123456abcdefgh' }]);
    expect(overlapping('Zabcdefgh')).toBe(KEY_NOTICE);
    expect(overlapping('Zabcdefg')).toBe('Zabcdefg');
  });

  it('checks every secret of the list by the same rules, naming the one found', () => {
    const token = 'ghs_0123456789abcdefghij';
    const both = makeGuard([
      { name: 'the API key', value: KEY },
      { name: 'the GitHub token', value: token },
    ]);
    expect(both(`token ${base64(token)}`)).toBe(notice('the GitHub token'));
    expect(both(`key ${KEY}`)).toBe(KEY_NOTICE);
    expect(both('neither')).toBe('neither');
  });

  it('looks for nothing when no secret is 8 bytes long', () => {
    const none = makeGuard([
      { name: 'the API key', value: '' },
      { name: 'the GitHub token', value: 'short77' },
    ]);
    expect(none('short77 and more')).toBe('short77 and more');
    expect(makeGuard([])('text')).toBe('text');
  });

  it('compares bytes, so a unicode secret is found in any encoding of its UTF-8', () => {
    const key = 'ключ-😀-κλειδί';
    const unicode = makeGuard([{ name: 'the API key', value: key }]);
    for (const text of [key, encodeURIComponent(key), JSON.stringify(key), base64(key)]) {
      expect(unicode(text)).toBe(KEY_NOTICE);
    }
    // Bytes, not characters: 3 Cyrillic letters are 6 bytes, no part; 4 would be 8 bytes.
    expect(unicode('клю')).toBe('клю');
  });

  it('withholds the start of a part at the end of a cut text, from 4 characters', () => {
    const start = (length: number) => `body ${KEY.slice(9, 9 + length)}`;
    for (let length = MIN_START_AT_CUT; length < PART_LENGTH; length++) {
      expect(guard(start(length), true)).toBe(KEY_NOTICE);
      expect(guard(start(length), false)).toBe(start(length));
    }
    expect(guard(start(3), true)).toBe(start(3));
    // A start of a window that the key has no 8 characters after is no start of a part.
    expect(guard(`body ${KEY.slice(-5)}`, true)).toBe(`body ${KEY.slice(-5)}`);
    expect(guard(`body ${KEY.slice(-8, -4)}`, true)).toBe(KEY_NOTICE);
  });

  it('withholds a start at a cut after a half-written escape, and in a cut blob', () => {
    for (const end of [
      '%',
      '%2',
      '\\',
      '\\u',
      '\\u00',
      '\\x',
      '\\x4',
      '&',
      '&#',
      '&#x4',
      '&amp',
      '\ufffd',
    ]) {
      expect(guard(`body ${KEY.slice(0, 5)}${end}`, true)).toBe(KEY_NOTICE);
    }
    expect(guard(`body ${KEY.slice(0, 5)}-x`, true)).toBe(`body ${KEY.slice(0, 5)}-x`);
    // Only what is half-written at the very end is set aside, and no more than an entity's name.
    expect(guard('body mk_l%ive', true)).toBe('body mk_l%ive');
    const letters = `body ${KEY.slice(0, 5)}&${'a'.repeat(60)}`;
    expect(guard(letters, true)).toBe(letters);
    expect(guard(`blob ${base64(`${KEY.slice(0, 6)}`)}`, true)).toBe(KEY_NOTICE);
    expect(guard(`blob ${base64(`${KEY.slice(0, 6)}`)}`, false)).not.toBe(KEY_NOTICE);
  });

  it('withholds a cut blob that ends in a half-written escape of its next character', () => {
    // A server may escape a blob's `/` as `\/` (JSON) or its `+` as `%2B`: the cut may fall in it.
    const blob = base64(KEY.slice(0, 6));
    for (const end of ['\\', '%', '%2', '\\u00', '\\x', '&#4', '&#x2']) {
      expect(guard(`{"token":"${blob}${end}`, true)).toBe(KEY_NOTICE);
    }
    expect(guard(`{"token":"${blob}\\`, false)).toBe(`{"token":"${blob}\\`);
    expect(guard(`{"token":"${blob}\\"}`, true)).toBe(`{"token":"${blob}\\"}`);
  });

  it('finds a secret with a space in form encoding and across flattened whitespace', () => {
    const key = 'correct horse battery';
    const spaced = makeGuard([{ name: 'the API key', value: key }]);
    expect(spaced('q=correct+horse+battery')).toBe(KEY_NOTICE);
    expect(spaced('correct\n\thorse battery')).toBe(KEY_NOTICE);
    const first = makeGuard([
      { name: 'the API key', value: key },
      { name: 'the GitHub token', value: 'ghs_nospace0123' },
    ]);
    expect(first('q=correct+horse+battery')).toBe(KEY_NOTICE);
  });
});

describe('makeGuard and characters that show as nothing', () => {
  const key = 'mk_test_EXAMPLEKEYcreatorNOTREAL';
  const keyGuard = makeGuard([{ name: 'the API key', value: key }]);
  /** The key with `between` after every 4 of its characters: no 8 of them stand together. */
  const spread = (between: string) => key.replace(/(.{4})/g, `$1${between}`);

  it.each([
    ['zero-width spaces', '\u200b'],
    ['soft hyphens', '\u00ad'],
    ['word joiners', '\u2060'],
    ['byte order marks', '\ufeff'],
    ['zero-width joiners', '\u200d'],
    ['bidi isolates', '\u2066'],
    ['variation selectors', '\ufe0f'],
    ['combining grapheme joiners', '\u034f'],
    ['tag characters', '\u{e0020}'],
    ['variation selectors of the supplement', '\u{e0100}'],
    ['Khmer inherent vowels', '\u17b4'],
    ['Hangul fillers', '\u3164'],
    ['deprecated format characters', '\u206a'],
    ['Arabic number signs', '\u0600'],
    ['interlinear annotation marks', '\ufff9'],
    ['HTML entities of zero-width spaces', '&#8203;'],
    ['soft hyphens as &shy;', '&shy;'],
    ['JSON escapes of zero-width spaces', '\\u200b'],
    ['percent-encoded zero-width spaces', '%E2%80%8B'],
  ])(
    'withholds the key with %s between its characters: a page or a log shows the key',
    (_, between) => {
      expect(keyGuard(`rejected: ${spread(between)}`)).toBe(KEY_NOTICE);
    },
  );

  it('leaves text with such characters and no part of the key alone', () => {
    const text = 'caf\u00e9\u200b au lait \u00ad\ufeff mk_live\u200b 0000';
    expect(keyGuard(text)).toBe(text);
  });
});

/** Printable ASCII as fullwidth forms (U+FF01…), which fold onto it. */
const fullwidth = (text: string) =>
  [...text].map((c) => String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0)).join('');
/** ASCII letters as mathematical bold (U+1D400…), other characters as they are. */
const mathBold = (text: string) =>
  text.replace(/[A-Za-z]/g, (c) =>
    String.fromCodePoint(0x1d400 + (c <= 'Z' ? c.charCodeAt(0) - 65 : c.charCodeAt(0) - 71)),
  );

describe('makeGuard and look-alike characters', () => {
  it.each([
    ['fullwidth', fullwidth(KEY)],
    ['mathematical bold letters', mathBold(KEY)],
    ['fullwidth, 8 characters', fullwidth(KEY.slice(0, 8))],
    ['fullwidth and plain, mixed', `${fullwidth(KEY.slice(0, 4))}${KEY.slice(4, 8)}`],
    [
      'fullwidth, JSON-escaped',
      JSON.stringify(fullwidth(KEY)).replace(
        /[^ -~]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16)}`,
      ),
    ],
    ['fullwidth, percent-encoded', encodeURIComponent(fullwidth(KEY))],
    [
      'fullwidth, as HTML entities',
      [...fullwidth(KEY)].map((c) => `&#${c.codePointAt(0)};`).join(''),
    ],
    ['fullwidth with zero-width spaces between', [...fullwidth(KEY)].join('\u200b')],
  ])('withholds the key written in %s', (_, text) => {
    expect(guard(`rejected: ${text} end`)).toBe(KEY_NOTICE);
  });

  it('finds a key written in look-alikes by what they fold onto, and leaves other text alone', () => {
    const alike = makeGuard([{ name: 'the API key', value: fullwidth('mk_live_abc123') }]);
    expect(alike('token mk_live_abc123')).toBe(KEY_NOTICE);
    expect(alike(`token ${fullwidth('mk_live_abc123')}`)).toBe(KEY_NOTICE);
    const ligature = makeGuard([{ name: 'the API key', value: 'profile_0123' }]);
    expect(ligature('user pro\ufb01le_0123')).toBe(KEY_NOTICE);
    const text = `${fullwidth('Release')} \ufb01nal, ² ${mathBold('notes')} café`;
    expect(guard(text)).toBe(text);
  });
});

describe('holdsPartOfKey', () => {
  // A public prefix (`mk_live_`) and 16 characters after it: the secret is those 16.
  const PREFIXED = 'mk_live_a/b+c=d&e<f>"g\\h';
  const part = PREFIXED.slice(8, 16);
  it.each([
    ['raw', `notes ${PREFIXED} end`, true],
    ['JSON \\u escapes', hexEscapes(PREFIXED, (h) => `\\u00${h}`), true],
    ['percent-encoded', encodeURIComponent(PREFIXED), true],
    ['HTML entities', hexEscapes(PREFIXED, (h) => `&#x${h};`), true],
    ['base64 after 1 byte', base64(`:${PREFIXED}`), true],
    ['hex', Buffer.from(PREFIXED).toString('hex'), true],
    ['fullwidth', fullwidth(PREFIXED), true],
    ['8 characters of the secret', `notes ${part} end`, true],
    ['8 characters of the secret, percent-encoded', encodeURIComponent(part), true],
    ['7 characters of the secret', `notes ${part.slice(1)} end`, false],
    ['the public prefix and 1 character', 'keys now start with mk_live_a', false],
    ['the public prefix and 7 characters', 'mk_live_a/b+c=d', false],
    ['the public prefix and 8 characters', 'mk_live_a/b+c=d&', true],
    ['nothing', 'release notes', false],
  ])('%s → %s', (_, text, expected) => {
    expect(holdsPartOfKey([text], PREFIXED)).toBe(expected);
  });

  it('finds a secret with a space in form encoding, and nothing for a key shorter than a part', () => {
    expect(holdsPartOfKey(['a=correct+horse+battery'], 'correct horse battery')).toBe(true);
    expect(holdsPartOfKey(['token: c2hvcnQ= short'], 'short')).toBe(false);
    expect(holdsPartOfKey(['nothing here', `see ${PREFIXED}`], PREFIXED)).toBe(true);
    expect(holdsPartOfKey(['nothing here', 'nor here'], PREFIXED)).toBe(false);
  });
});

describe('guardResult', () => {
  const answer: Answer = {
    kind: 'answer',
    status: 401,
    location: '',
    retryAfter: '',
    contentType: 'application/json',
    link: '',
    body: '',
    cut: false,
    ms: 3,
  };

  it('guards the body (as cut when it was), the Location, the Link and the message of an error', () => {
    const echoed = guardResult(
      {
        ...answer,
        body: `{"k":"${KEY.slice(0, 9)}"}`,
        location: `https://x/?k=${base64(KEY)}`,
        link: `<https://x/?k=${encodeURIComponent(KEY)}>; rel="next"`,
      },
      guard,
    );
    expect(echoed).toEqual({
      ...answer,
      body: KEY_NOTICE,
      location: '',
      locationHeld: 'the API key',
      link: KEY_NOTICE,
      message: '',
    });
    const cut = guardResult({ ...answer, body: `x ${KEY.slice(0, 5)}`, cut: true }, guard);
    expect(cut).toMatchObject({ body: KEY_NOTICE, cut: true, message: KEY_NOTICE });
    const clean = { ...answer, body: '{"message":"no"}', location: 'https://x/' };
    expect(guardResult(clean, guard)).toStrictEqual({ ...clean, message: 'no' });
  });

  it('keeps a success as it came, for the decisions that read it: no message of its own', () => {
    const echoed = { ...answer, status: 200, body: `{"version":"${KEY}"}`, link: `<?k=${KEY}>` };
    expect(guardResult(echoed, guard)).toEqual(echoed);
    const cut = { ...answer, status: 204, body: `x ${KEY.slice(0, 5)}`, cut: true };
    expect(guardResult(cut, guard)).toEqual(cut);
    // Its Location is only ever printed: withheld, it is no address, and which secret it held is said.
    expect(guardResult({ ...answer, status: 201, location: KEY }, guard)).toMatchObject({
      location: '',
      locationHeld: 'the API key',
    });
    const clean = { ...answer, status: 299, body: '{"ok":true}' };
    expect(guardResult(clean, guard)).toEqual(clean);
    expect(guardResult({ ...answer, status: 199, body: '{"message":"early"}' }, guard)).toEqual({
      ...answer,
      status: 199,
      body: '{"message":"early"}',
      message: 'early',
    });
    expect(guardResult({ ...answer, status: 300, body: '{"message":"moved"}' }, guard)).toEqual({
      ...answer,
      status: 300,
      body: '{"message":"moved"}',
      message: 'moved',
    });
  });

  it.each([
    ['an HTML content type', 'Text/HTML; charset=utf-8', '{"version":"1"}', 'web-page', ''],
    [
      'a doctype after white space',
      'text/plain',
      '\n  <!DOCTYPE html><title>Shop</title>',
      'web-page',
      'Shop',
    ],
    ['an html element', '', '<HTML lang="en"><title>x</title>', 'web-page', 'x'],
    [
      '"success": false',
      'application/json',
      '{"success": false, "message": "Listing is locked"}',
      'refused',
      'Listing is locked',
    ],
    ['"ok": false', 'application/json', '{"ok":false,"error":"Nope"}', 'refused', 'Nope'],
    [
      '"ok": false holding the key',
      'application/json',
      `{"ok":false,"error":"${KEY.slice(0, 10)}"}`,
      'refused',
      KEY_NOTICE,
    ],
  ])(
    'gives a 2xx that is not an update its guarded message: %s',
    (_, contentType, body, refusal, message) => {
      const refused = { ...answer, status: 200, contentType, body, refusal } as Answer;
      const read = guardResult(refused, guard);
      expect(read).toMatchObject({ refusal, body });
      expect(read.kind === 'answer' && (read.message ?? '')).toBe(message);
    },
  );

  it('keeps of an error body what the response output shows, its message from the whole body', () => {
    // A message past the first 64 KiB: only the whole body gives it.
    const filler = 'é'.repeat(MAX_RESPONSE_OUTPUT_BYTES);
    const body = JSON.stringify({ detail: filler, error: { message: 'over quota' } });
    const kept = guardResult({ ...answer, body }, guard);
    expect(kept).toMatchObject({ message: 'over quota', cut: false });
    // Cut on a character boundary at 64 KiB: 2 bytes each, after `{"detail":"`.
    const shown = kept.kind === 'answer' ? kept.body : '';
    expect(Buffer.byteLength(shown)).toBe(MAX_RESPONSE_OUTPUT_BYTES - 1);
    expect(body.startsWith(shown)).toBe(true);
  });
});

describe('the response output of an error body longer than it shows', () => {
  const long = JSON.stringify({ detail: 'd'.repeat(MAX_RESPONSE_OUTPUT_BYTES), message: 'no' });
  const error: Answer = {
    kind: 'answer',
    status: 422,
    location: '',
    retryAfter: '',
    contentType: 'text/plain',
    link: '',
    body: long,
    cut: false,
    ms: 1,
  };
  const response = (answer: Answer) => {
    const outcome = { last: guardResult(answer, guard), attempts: 1 };
    const row = { listingId: 'a', state: 'sent' as const, outcome, problem: undefined };
    return outputs({
      listingIds: ['a'],
      resolved: undefined,
      dryRun: false,
      list: undefined,
      rows: [{ ...row, why: '', previousVersion: null, elapsedMs: 1 }],
      notes: [],
      problem: undefined,
      elapsedMs: 1,
    }).response;
  };

  it('shows the start of a JSON body, whatever its content type says, as it shows a JSON one', () => {
    const start = long.slice(0, MAX_RESPONSE_OUTPUT_BYTES);
    expect(guardResult(error, guard)).toMatchObject({ body: start, json: true, message: 'no' });
    expect(response(error)).toBe(start);
    expect(response({ ...error, contentType: 'application/json' })).toBe(start);
    // Withheld, it says so.
    const echoed = { ...error, body: long.replace('dddd', JSON.stringify(KEY).slice(1, -1)) };
    expect(response(echoed)).toBe(KEY_NOTICE);
  });

  it('shows nothing of a body that is not JSON, long or short', () => {
    const text = `not JSON ${long}`;
    expect(guardResult({ ...error, body: text }, guard)).not.toHaveProperty('json');
    expect(response({ ...error, body: text })).toBe('');
    expect(response({ ...error, body: '{"message":"short"}' })).toBe('{"message":"short"}');
    expect(guardResult({ ...error, body: '{"message":"short"}' }, guard)).not.toHaveProperty(
      'json',
    );
  });
});

describe('the guard at a cut', () => {
  const line = (before: number) => `${'m'.repeat(MAX_SERVER_MESSAGE - 1 - before)}${KEY} end`;

  it.each([1, 2, 3, MIN_START_AT_CUT, PART_LENGTH, 12])(
    'withholds a message whose key straddles the 500-character cut, %i characters before it',
    (before) => {
      const body = JSON.stringify({ error: { message: line(before) } });
      expect(messageOf(body, 'application/json', false, guard)).toBe(KEY_NOTICE);
    },
  );

  it('shows a long message cut at 500 characters when the key is past the seam', () => {
    const message = `${'m'.repeat(MAX_SERVER_MESSAGE * 3)} ${KEY}`;
    const shown = messageOf(message, 'text/plain', false, guard);
    expect(shown).toBe(`${'m'.repeat(MAX_SERVER_MESSAGE - 1)}…`);
    // Whole and short: shown as it is, even when the body was cut.
    expect(messageOf('short', 'text/plain', true, guard)).toBe('short');
    expect(messageOf(`short ${KEY.slice(0, 5)}`, 'text/plain', true, guard)).toBe(KEY_NOTICE);
  });

  it('sees the key as written, before spaces and line breaks are joined for the line shown', () => {
    const spaced = makeGuard([{ name: 'the API key', value: 'a  b\n\nc  d' }]);
    const message = `${'m'.repeat(MAX_SERVER_MESSAGE * 2)}`;
    expect(messageOf(`before a  b\n\nc  d after`, 'text/plain', false, spaced)).toBe(KEY_NOTICE);
    expect(messageOf(message, 'text/plain', false, spaced)).toBe(
      `${'m'.repeat(MAX_SERVER_MESSAGE - 1)}…`,
    );
  });

  it('finds the line shown in a message that is mostly space, however long', () => {
    const message = `start${' \n'.repeat(10_000)}${'word '.repeat(400)}`;
    const shown = messageOf(message, 'text/plain', false, guard);
    expect(shown).toBe(`${`start ${'word '.repeat(100)}`.slice(0, MAX_SERVER_MESSAGE - 1)}…`);
  });

  it('decides on the text as written as a cut text only where the body was cut there', () => {
    const start = KEY.slice(0, 5);
    const seen = MAX_SERVER_MESSAGE + 256;
    // More follows what is decided on: its end is not the body's, and is not printed.
    const past = `${'m'.repeat(seen - 5)}${start}${'.'.repeat(1000)}`;
    expect(messageOf(past, 'text/plain', true, guard)).toBe(
      `${'m'.repeat(MAX_SERVER_MESSAGE - 1)}…`,
    );
    // Nothing follows: the body's cut is the end of the text decided on.
    const ends = `${'m'.repeat(600)}${start}`;
    expect(messageOf(ends, 'text/plain', true, guard)).toBe(KEY_NOTICE);
    expect(messageOf(ends, 'text/plain', false, guard)).toBe(
      `${'m'.repeat(MAX_SERVER_MESSAGE - 1)}…`,
    );
    // A whole short message ending in a start of the key is not a cut text.
    expect(messageOf(`short ${start}`, 'text/plain', false, guard)).toBe(`short ${start}`);
  });

  it('decides on the line shown too: what joining spaces makes of it, and its end as a cut', () => {
    const spaced = makeGuard([{ name: 'the API key', value: 'abcd efgh' }]);
    // U+3000, an ideographic space, is a space in the line shown, not in the text as written.
    const whole = 'intro abcd\u3000efgh outro';
    expect(spaced(whole)).toBe(whole);
    expect(messageOf(whole, 'text/plain', false, spaced)).toBe(KEY_NOTICE);
    // Cut at 500 characters just after `abcd`: a start of a part at the end of the line shown.
    const atCut = `${'m'.repeat(MAX_SERVER_MESSAGE - 5)}abcdXXXX${'.'.repeat(100)}`;
    expect(spaced(atCut)).toBe(atCut);
    expect(messageOf(atCut, 'text/plain', false, spaced)).toBe(KEY_NOTICE);
  });

  it.each([1, 2, 3, MIN_START_AT_CUT, PART_LENGTH])(
    'withholds the start of a text whose key straddles the end, %i characters before it',
    (before) => {
      const whole = `${'.'.repeat(5000)}${KEY}${'.'.repeat(100)}`;
      expect(guardStart(guard, whole, 5000 + before, false)).toBe(KEY_NOTICE);
    },
  );

  it('decides on the whole text, not cut, when nothing follows', () => {
    const whole = `x ${KEY.slice(0, 5)}`;
    expect(guardStart(guard, whole, whole.length, false)).toBe(whole);
    const early = `${KEY}${'.'.repeat(1000)}`;
    expect(guardStart(guard, early, early.length, false)).toBe(KEY_NOTICE);
    // Withheld for what is printed, whatever the seam holds.
    expect(guardStart(guard, `${early}x`, 1000, false)).toBe(KEY_NOTICE);
  });

  it('takes the seam from the cut, near the start too, and as cut only at the end of the text', () => {
    const near = `${'.'.repeat(100)}${KEY}${'.'.repeat(1000)}`;
    expect(guardStart(guard, near, 102, false)).toBe(KEY_NOTICE);
    const start = KEY.slice(0, 5);
    const inside = `${'.'.repeat(351)}${start}${'.'.repeat(100)}`;
    expect(guardStart(guard, inside, 100, true)).toBe('.'.repeat(100));
    const atEnd = `${'.'.repeat(351)}${start}`;
    expect(guardStart(guard, atEnd, 100, true)).toBe(KEY_NOTICE);
  });

  it('shows the start of a text when the key is past the seam, or the text is whole', () => {
    const whole = `${'.'.repeat(5000)}${'x'.repeat(300)}${KEY}`;
    expect(guardStart(guard, whole, 5000, false)).toBe('.'.repeat(5000));
    expect(guardStart(guard, 'all of it', 9, false)).toBe('all of it');
    // A text itself cut: its end is checked as a cut, at the seam too.
    expect(guardStart(guard, `ab ${KEY.slice(0, 5)}`, 20, true)).toBe(KEY_NOTICE);
    expect(guardStart(guard, `${'.'.repeat(300)}${KEY.slice(0, 5)}`, 100, true)).toBe(KEY_NOTICE);
    expect(guardStart(guard, `${'.'.repeat(300)}${KEY.slice(0, 5)}`, 100, false)).toBe(
      '.'.repeat(100),
    );
    // Past the seam, the end of a cut text is not what is shown: it is not decided on.
    expect(guardStart(guard, `${'.'.repeat(400)}${KEY.slice(0, 5)}`, 100, true)).toBe(
      '.'.repeat(100),
    );
  });
});

describe('a long text checked twice', () => {
  it('is checked again when it is asked as a cut text after passing whole', () => {
    const text = `${'.'.repeat(5000)}${KEY.slice(0, 5)}`;
    expect(guard(text)).toBe(text);
    expect(guard(text, true)).toBe(KEY_NOTICE);
    expect(guard(text)).toBe(text);
  });

  it('passes whole once it has passed as a cut text, and withholds another text', () => {
    const text = `${'.'.repeat(5000)}abc`;
    expect(guard(text, true)).toBe(text);
    expect(guard(text)).toBe(text);
    expect(guard(`${'.'.repeat(5000)}${KEY}`)).toBe(KEY_NOTICE);
  });

  it('leaves a failure as it is', () => {
    const failure: Failure = { kind: 'failure', code: 'ECONNRESET', ms: 1 };
    expect(guardResult(failure, guard)).toBe(failure);
  });
});
