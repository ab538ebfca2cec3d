// The key from MARKETPLACE_API_KEY, a key file or standard input, as editors and shells write it.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKey } from '../../src/cli/key.js';
import { keyFile, readKeyFrom, withStdin } from '../support/key-sources.js';

const MAX_KEY_BYTES = 16 * 1024;
const KEY = 'mk_test_EXAMPLEKEYcreatorNOTREAL';
const SOURCES = ['file', 'stdin'] as const;

const failure = (reading: Promise<unknown>) =>
  reading.then(
    () => expect.fail('expected a refusal'),
    (error: Error) => error,
  );

describe('readKey', () => {
  it('reads the variable when no other source is given', async () => {
    expect(await readKey({ kind: 'variable' }, { MARKETPLACE_API_KEY: KEY })).toBe(KEY);
  });

  it.each(SOURCES)('reads %s over the variable, its line break dropped', async (kind) => {
    expect(await readKeyFrom(kind, `${KEY}\n`, { MARKETPLACE_API_KEY: 'x' })).toBe(KEY);
    expect(await readKeyFrom(kind, `${KEY}\r\n`)).toBe(KEY);
  });

  it('reads a real file relative to the working folder', async () => {
    const relative = path.relative(process.cwd(), keyFile(`${KEY}\n`));
    expect(await readKey({ kind: 'file', path: relative }, {})).toBe(KEY);
  });

  const NO_KEY = 'No API key';
  const NOT_READ = 'API key not read';
  it.each<[string, 'file' | 'stdin', string, string, RegExp]>([
    ['an empty file', 'file', '\n', NO_KEY, /the key file is empty/],
    ['empty standard input', 'stdin', '\n', NO_KEY, /standard input gave no key/],
    ['a file of lines', 'file', `# Notes\n\n${KEY}\n`, NOT_READ, /file .* 2 lines of text/],
    ['standard input of lines', 'stdin', `${KEY}\nmore\n`, NOT_READ, /input .* 2 lines of text/],
    [
      'a file too long for a key',
      'file',
      'k'.repeat(MAX_KEY_BYTES + 1),
      NOT_READ,
      new RegExp(`more than ${MAX_KEY_BYTES} bytes`),
    ],
    [
      'standard input longer than a key in bytes, not in UTF-16 code units',
      'stdin',
      'é'.repeat(MAX_KEY_BYTES / 2 + 1),
      NOT_READ,
      new RegExp(`more than ${MAX_KEY_BYTES} bytes`),
    ],
  ])('refuses %s, saying where to put the key', async (_, kind, content, title, message) => {
    const error = await failure(readKeyFrom(kind, content));
    expect(error.message).toMatch(message);
    expect(error).toMatchObject({ title });
  });

  it.each<[string, string, string]>([
    ['a missing file', 'nope.txt', ' (ENOENT)'],
    ['a folder', '.', ' (EISDIR)'],
    ['a file given by the key pasted in its place', KEY, ' (ENOENT)'],
  ])('refuses %s, naming the code and never the path', async (_, file, code) => {
    const error = await failure(readKey({ kind: 'file', path: file }, {}));
    expect(error.message).toBe(
      `The key file given to --api-key-file could not be read${code}. Check its path ` +
        '(relative to the current directory).',
    );
    expect(error).toMatchObject({ title: NOT_READ });
  });
});

describe('readKey, a key file as editors write it', () => {
  const KEY = 'mk_live_4f9d2c7a1b8e6f30c5d9a2e7b4f1c8d6';
  const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

  it.each<[string, Uint8Array]>([
    ['UTF-8', Buffer.from(`${KEY}\n`)],
    ['UTF-8 with a byte-order mark and CRLF', Buffer.from(`\ufeff${KEY}\r\n`)],
    ['UTF-16 LE with a mark (Windows PowerShell 5.1)', Buffer.from(`\ufeff${KEY}\r\n`, 'utf16le')],
    ['UTF-16 BE with a mark', utf16be(`\ufeff${KEY}\n`)],
    ['UTF-16 LE with a mark, no line break', Buffer.from(`\ufeff${KEY}`, 'utf16le')],
    ['UTF-8, a blank line at the end', Buffer.from(`${KEY}\n\n`)],
    ['UTF-8, lone CR line ends (classic Mac OS)', Buffer.from(`${KEY}\r\r`)],
    ['UTF-8, one lone CR', Buffer.from(`${KEY}\r`)],
    ['UTF-8, CRLF and blank lines', Buffer.from(`${KEY}\r\n\r\n\r\n`)],
    ['UTF-8, spaces and a tab after the key', Buffer.from(`${KEY}  \t\n`)],
    ['UTF-8, lines of white space after the key', Buffer.from(`${KEY}\n  \n\t\n`)],
    ['UTF-8, a blank line before the key', Buffer.from(`\n${KEY}\n`)],
    ['UTF-8 with a mark, lone CRs and a blank line', Buffer.from(`\ufeff${KEY}\r\r`)],
    [
      'UTF-16 LE with a mark, CRLF and a blank line',
      Buffer.from(`\ufeff${KEY}\r\n\r\n`, 'utf16le'),
    ],
    ['UTF-16 BE with a mark, a lone CR', utf16be(`\ufeff${KEY}\r`)],
    ['UTF-8, spaces before and after the key', Buffer.from(`  ${KEY} \r\n`)],
    [
      'UTF-8, a form feed and a vertical tab on lines of their own',
      Buffer.from(`${KEY}\n\f\n\v\n`),
    ],
  ])('reads %s, from a file and from standard input', async (_, content) => {
    expect(await readKeyFrom('file', content)).toBe(KEY);
    expect(await readKeyFrom('stdin', content)).toBe(KEY);
  });

  it.each<[string, Uint8Array, string]>([
    [
      'UTF-16 without a mark',
      Buffer.from(`${KEY}\r\n`, 'utf16le'),
      'The key file (--api-key-file) holds UTF-16 text without a byte-order mark, or other bytes that are not text: save it as UTF-8 (or UTF-16 with a byte-order mark).',
    ],
    [
      'bytes that are not UTF-8',
      Buffer.from([0x6d, 0x6b, 0xff, 0xfe, 0x41]).subarray(0, 5).reverse(),
      'The key file (--api-key-file) is not text in UTF-8: save it as UTF-8.',
    ],
    ...[
      [0x6b, 0xfe],
      [0x6b, 0xff],
      [0xfe, 0x6b],
      [0xff, 0x6b],
    ].map((bytes): [string, Uint8Array, string] => [
      `half a byte-order mark (${bytes.map((byte) => byte.toString(16)).join(' ')}): not UTF-16`,
      Buffer.from(bytes),
      'The key file (--api-key-file) is not text in UTF-8: save it as UTF-8.',
    ]),
    [
      'Latin-1 bytes',
      Buffer.from('mk_live_cl\xe9', 'latin1'),
      'The key file (--api-key-file) is not text in UTF-8: save it as UTF-8.',
    ],
    [
      'UTF-16 with a mark and half a character',
      Buffer.concat([Buffer.from(`\ufeff${KEY}`, 'utf16le'), Buffer.from([0x41])]),
      'The key file (--api-key-file) is not text in UTF-16: save it as UTF-8.',
    ],
    [
      'two keys on lines of their own',
      Buffer.from(`${KEY}\n${KEY.toUpperCase()}\n`),
      'The key file (--api-key-file) holds 2 lines of text (two keys, or a key and a note?): it should hold the key alone; blank lines and spaces around it are ignored.',
    ],
    [
      'two keys after lone CRs, with a mark',
      Buffer.from(`\ufeff${KEY}\r\r${KEY}\r`),
      'The key file (--api-key-file) holds 2 lines of text (two keys, or a key and a note?): it should hold the key alone; blank lines and spaces around it are ignored.',
    ],
    [
      'a key and a note in UTF-16 with a mark',
      Buffer.from(`\ufeff# staging\r\n${KEY}\r\n`, 'utf16le'),
      'The key file (--api-key-file) holds 2 lines of text (two keys, or a key and a note?): it should hold the key alone; blank lines and spaces around it are ignored.',
    ],
  ])(
    'refuses %s, saying what it found, never "more than one line"',
    async (_, content, message) => {
      const error = await failure(readKeyFrom('file', content));
      expect(error.message).toBe(message);
      expect(error.message).not.toContain(KEY.slice(8, 16));
    },
  );
});

describe('readKey, at its edges', () => {
  it.each(SOURCES)('takes a key of the limit from %s', async (kind) => {
    const key = 'k'.repeat(MAX_KEY_BYTES);
    expect(await readKeyFrom(kind, key)).toBe(key);
    expect(await readKeyFrom(kind, `${key}\n`).catch(String)).toContain('more than');
  });

  it.each<[string, string, number]>([
    ['a line break inside, none at the end', `${KEY}\nmore`, 2],
    ['a carriage return inside', `${KEY}\rmore\n`, 2],
    ['CRLF between lines, blank lines among them', `a\r\n\r\nb\r\n \r\nc`, 3],
  ])('refuses a file with %s, counting its lines of text', async (_, text, lines) => {
    await expect(readKeyFrom('file', text)).rejects.toThrow(
      `The key file (--api-key-file) holds ${lines} lines of text (two keys, or a key and a note?): ` +
        'it should hold the key alone; blank lines and spaces around it are ignored.',
    );
  });

  it.each<[string, Parameters<typeof readKey>[0], Record<string, string>, string]>([
    [
      'blank variable',
      { kind: 'variable' },
      { MARKETPLACE_API_KEY: '  ' },
      'MARKETPLACE_API_KEY is empty or not set',
    ],
    ['missing variable', { kind: 'variable' }, {}, 'MARKETPLACE_API_KEY is empty or not set'],
    ['blank file', { kind: 'file', path: keyFile(' \t') }, {}, 'the key file is empty'],
  ])('refuses a %s, naming every way to give the key', async (_, source, env, where) => {
    await expect(readKey(source, env)).rejects.toThrow(
      `No API key: ${where}. Set MARKETPLACE_API_KEY (in CI, a masked and protected variable), ` +
        'or use --api-key-file <path> or --api-key-stdin.',
    );
  });

  it('refuses blank standard input, naming every way to give the key', async () => {
    await expect(readKeyFrom('stdin', ' \t')).rejects.toThrow(
      'No API key: standard input gave no key. Set MARKETPLACE_API_KEY (in CI, a masked and ' +
        'protected variable), or use --api-key-file <path> or --api-key-stdin.',
    );
  });

  it.runIf(existsSync('/dev/zero'))(
    'reads a file that never ends only past the limit',
    async () => {
      const reading = readKey({ kind: 'file', path: '/dev/zero' }, {});
      expect((await failure(reading)).message).toContain(`more than ${MAX_KEY_BYTES} bytes`);
    },
  );

  it('refuses a file longer than the limit, and closes it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lad-key-'));
    writeFileSync(path.join(dir, 'long.txt'), 'k'.repeat(10 * MAX_KEY_BYTES));
    const open = () => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : 0);
    const before = open();
    for (let i = 0; i < 20; i++) {
      const reading = readKey({ kind: 'file', path: path.join(dir, 'long.txt') }, {});
      expect((await failure(reading)).message).toContain(`more than ${MAX_KEY_BYTES} bytes`);
    }
    expect(open()).toBeLessThan(before + 10);
  });

  it.each<[string, string[], string | RegExp, number]>([
    ['one chunk', [`${KEY}\n`], KEY, 1],
    ['several chunks', ['mk_', 'live_', 'abc'], 'mk_live_abc', 3],
    [
      'a stream longer than the limit, not read past it',
      ['k'.repeat(MAX_KEY_BYTES - 1), 'kk', 'never read'],
      /more than/,
      2,
    ],
    [
      'a stream that reaches one byte past the limit, not read further',
      ['k'.repeat(MAX_KEY_BYTES), 'k', 'never read'],
      /more than/,
      2,
    ],
  ])('reads standard input: %s', async (_, chunks, expected, pulls) => {
    const { result, pulled } = await withStdin(chunks, () =>
      readKey({ kind: 'stdin' }, {}).catch(String),
    );
    expect(result).toMatch(expected);
    expect(pulled).toBe(pulls);
  });
});
