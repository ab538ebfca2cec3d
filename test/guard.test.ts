import { describe, expect, it } from 'vitest';
import type { Answer, Failure } from '../src/core/client.js';
import {
  containsSecret,
  guardResult,
  MIN_START_AT_CUT,
  makeGuard,
  PART_LENGTH,
  withheldNotice,
} from '../src/core/guard.js';

const KEY = 'mk_live_a/b+c=d&e<f>"g\\h';
const KEY_NOTICE = '[withheld: this text contained part of the API key]';
const guard = makeGuard([{ name: 'the API key', value: KEY }]);
const base64 = (text: string) => Buffer.from(text).toString('base64');
const hexEscapes = (text: string, format: (hex: string) => string) =>
  [...text].map((c) => format((c.codePointAt(0) as number).toString(16).padStart(2, '0'))).join('');

describe('makeGuard', () => {
  it('finds a part of a secret holding a control character or a regular expression character', () => {
    const guard = makeGuard([{ name: 'the GitHub token', value: 'ab\tc.d*e(f[g' }]);
    expect(guard('token b\tc.d*e(f seen')).toBe(withheldNotice('the GitHub token'));
    expect(guard('token bx09c.d*e(f seen')).toBe('token bx09c.d*e(f seen');
    expect(guard('token b\tcXdXe(f seen')).toBe('token b\tcXdXe(f seen');
  });

  it('names the secret in its notice', () => {
    expect(withheldNotice('the GitHub token')).toBe(
      '[withheld: this text contained part of the GitHub token]',
    );
    expect(PART_LENGTH).toBe(8);
    expect(MIN_START_AT_CUT).toBe(4);
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

  it('checks every secret of the list by the same rules, naming the one found', () => {
    const token = 'ghs_0123456789abcdefghij';
    const both = makeGuard([
      { name: 'the API key', value: KEY },
      { name: 'the GitHub token', value: token },
    ]);
    expect(both(`token ${base64(token)}`)).toBe(withheldNotice('the GitHub token'));
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
    // Only what is half-written at the very end is set aside.
    expect(guard('body mk_l%ive', true)).toBe('body mk_l%ive');
    expect(guard(`blob ${base64(`${KEY.slice(0, 6)}`)}`, true)).toBe(KEY_NOTICE);
    expect(guard(`blob ${base64(`${KEY.slice(0, 6)}`)}`, false)).not.toBe(KEY_NOTICE);
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
  const key = 'mk_live_4f9d2c7a1b8e6f30c5d9a2e7b4f1c8d6';
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

describe('containsSecret', () => {
  it.each([
    ['raw', `notes ${KEY} end`, true],
    ['JSON \\u escapes', hexEscapes(KEY, (h) => `\\u00${h}`), true],
    ['percent-encoded', encodeURIComponent(KEY), true],
    ['HTML entities', hexEscapes(KEY, (h) => `&#x${h};`), true],
    ['base64 after 1 byte', base64(`:${KEY}`), true],
    ['hex', Buffer.from(KEY).toString('hex'), true],
    ['a part only', KEY.slice(0, -1), false],
    ['nothing', 'release notes', false],
  ])('%s → %s', (_, text, expected) => {
    expect(containsSecret(text, KEY)).toBe(expected);
  });

  it('is false for an empty secret, and finds a secret with a space in form encoding', () => {
    expect(containsSecret('anything', '')).toBe(false);
    expect(containsSecret('a=correct+horse+battery', 'correct horse battery')).toBe(true);
    // The whole text is there: a blob too short to hold a part is not decoded.
    expect(containsSecret('token: c2hvcnQ=', 'short')).toBe(false);
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

  it('guards the body (as cut when it was) and the Location', () => {
    const echoed = guardResult(
      { ...answer, body: `{"k":"${KEY.slice(0, 9)}"}`, location: `https://x/?k=${base64(KEY)}` },
      guard,
    );
    expect(echoed).toEqual({ ...answer, body: KEY_NOTICE, location: KEY_NOTICE });
    const cut = guardResult({ ...answer, body: `x ${KEY.slice(0, 5)}`, cut: true }, guard);
    expect(cut).toMatchObject({ body: KEY_NOTICE, cut: true });
    const clean = { ...answer, body: '{"ok":true}', location: 'https://x/' };
    expect(guardResult(clean, guard)).toEqual(clean);
  });

  it('leaves a failure as it is', () => {
    const failure: Failure = { kind: 'failure', code: 'ECONNRESET', ms: 1 };
    expect(guardResult(failure, guard)).toBe(failure);
  });
});
