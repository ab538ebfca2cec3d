// The key, from MARKETPLACE_API_KEY, a file or standard input: never from an argument.
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import type { Env } from '../core/inputs.js';
import type { KeySource } from './args.js';
import { KEY_VARIABLE } from './options.js';

/** Far more than any key: a README given by mistake is refused before the guard takes it for one. */
export const MAX_KEY_BYTES = 16 * 1024;

const NOT_READ = 'API key not read';

export interface KeyReaders {
  readonly cwd: string;
  /** At most `limit` bytes (or its text), as readStdin. */
  readonly readFile: (path: string, limit: number) => Uint8Array | string;
  readonly readStdin: (limit: number) => Promise<Uint8Array | string>;
}

/** UTF-8 with or without a byte-order mark, UTF-16 with one (Windows PowerShell 5.1's `>`). */
function decodeText(bytes: Uint8Array | string, where: string): string {
  if (typeof bytes === 'string') return bytes;
  const [first, second] = bytes;
  const utf16 =
    first === 0xff && second === 0xfe
      ? 'utf-16le'
      : first === 0xfe && second === 0xff
        ? 'utf-16be'
        : undefined;
  if (utf16 === undefined && bytes.includes(0)) {
    throw new UsageError(
      `${where} holds UTF-16 text without a byte-order mark, or other bytes that are not text: ` +
        'save it as UTF-8 (or UTF-16 with a byte-order mark).',
      NOT_READ,
    );
  }
  try {
    // The decoders drop the byte-order mark.
    return new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(
      `${where} is not text in ${utf16 === undefined ? 'UTF-8' : 'UTF-16'}: save it as UTF-8.`,
      NOT_READ,
    );
  }
}

/** Names where the text came from, never what it holds. */
function keyOf(bytes: Uint8Array | string, where: string): string {
  if (Buffer.byteLength(bytes) > MAX_KEY_BYTES) {
    throw new UsageError(
      `${where} holds more than ${MAX_KEY_BYTES} bytes: it is not a key. It should hold the key alone.`,
      NOT_READ,
    );
  }
  const lines = decodeText(bytes, where)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length > 1) {
    throw new UsageError(
      `${where} holds ${lines.length} lines of text (two keys, or a key and a note?): it should ` +
        'hold the key alone; blank lines and spaces around it are ignored.',
      NOT_READ,
    );
  }
  return lines[0] ?? '';
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code) ? ` (${code})` : '';
}

/** `flavour`: `path.posix` or `path.win32` in tests. */
export function resolveFrom(base: string, file: string, flavour = path): string {
  return flavour.isAbsolute(file) ? flavour.normalize(file) : flavour.resolve(base, file);
}

/** The key as given (the core checks it); a UsageError when there is none. */
export async function readKey(source: KeySource, env: Env, readers: KeyReaders): Promise<string> {
  let key: string;
  if (source.kind === 'file') {
    let text: Uint8Array | string;
    try {
      text = readers.readFile(resolveFrom(readers.cwd, source.path), MAX_KEY_BYTES + 1);
    } catch (error) {
      // The path is not repeated: a key pasted in its place would be printed.
      throw new UsageError(
        `The key file given to --api-key-file could not be read${codeOf(error)}. Check its path ` +
          '(relative to the current directory).',
        NOT_READ,
      );
    }
    key = keyOf(text, 'The key file (--api-key-file)');
  } else if (source.kind === 'stdin') {
    key = keyOf(await readers.readStdin(MAX_KEY_BYTES + 1), 'Standard input (--api-key-stdin)');
  } else {
    key = env[KEY_VARIABLE] ?? '';
  }
  if (key.trim() === '') {
    const where = {
      variable: `${KEY_VARIABLE} is empty or not set`,
      file: 'the key file is empty',
      stdin: 'standard input gave no key',
    }[source.kind];
    throw new UsageError(
      `No API key: ${where}. Set ${KEY_VARIABLE} (in CI, a masked and protected variable), ` +
        'or use --api-key-file <path> or --api-key-stdin.',
      'No API key',
    );
  }
  return key;
}

/** A pipe or a device that never ends is not read to its end. */
function readAtMost(path: string, limit: number): Buffer {
  const buffer = Buffer.alloc(limit);
  const fd = openSync(path, 'r');
  try {
    let length = 0;
    // At the limit, the read asks for 0 bytes and gets 0: the end, as at the end of the file.
    let read: number | undefined;
    while (read !== 0) {
      read = readSync(fd, buffer, length, limit - length, null);
      length += read;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

export const nodeKeyReaders = (cwd: string): KeyReaders => ({
  cwd,
  readFile: readAtMost,
  readStdin: async (limit) => {
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of process.stdin) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= limit) break;
    }
    return Buffer.concat(chunks).subarray(0, limit);
  },
});
