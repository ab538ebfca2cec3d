// The key, from MARKETPLACE_API_KEY, a file or standard input: never from an argument.
import { createReadStream } from 'node:fs';
import { UsageError } from '../core/errors.js';
import type { Env } from '../core/inputs.js';
import type { KeySource } from './args.js';
import { KEY_VARIABLE } from './options.js';

/** Far more than any key: a README given by mistake is refused before the guard takes it for one. */
const MAX_KEY_BYTES = 16 * 1024;

const notRead = (message: string) => new UsageError(message, 'API key not read');

/** Read only until past the limit: a pipe or a device that never ends is not read to its end. */
async function atMost(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const taken: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    taken.push(chunk);
    length += chunk.length;
    if (length > MAX_KEY_BYTES) break;
  }
  return Buffer.concat(taken);
}

/** Names where the text came from, never what it holds. */
function keyOf(bytes: Uint8Array, where: string): string {
  if (bytes.length > MAX_KEY_BYTES) {
    throw notRead(
      `${where} holds more than ${MAX_KEY_BYTES} bytes: it is not a key. It should hold the key alone.`,
    );
  }
  // UTF-8 with or without a byte-order mark, UTF-16 with one (Windows PowerShell 5.1's `>`).
  const mark = Buffer.from(bytes.subarray(0, 2)).toString('hex');
  const utf16 = mark === 'fffe' ? 'utf-16le' : mark === 'feff' ? 'utf-16be' : undefined;
  if (utf16 === undefined && bytes.includes(0)) {
    throw notRead(
      `${where} holds UTF-16 text without a byte-order mark, or other bytes that are not text: save it as UTF-8 (or UTF-16 with a byte-order mark).`,
    );
  }
  let text: string;
  try {
    // The decoders drop the byte-order mark.
    text = new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notRead(`${where} is not text in ${utf16 ? 'UTF-16' : 'UTF-8'}: save it as UTF-8.`);
  }
  const lines = text.trim().split(/\s*[\r\n]\s*/);
  if (lines.length > 1) {
    throw notRead(
      `${where} holds ${lines.length} lines of text (two keys, or a key and a note?): it should hold the key alone; blank lines and spaces around it are ignored.`,
    );
  }
  return lines[0] ?? '';
}

export async function readKey(source: KeySource, env: Env): Promise<string> {
  let key = env[KEY_VARIABLE] ?? '';
  if (source.kind === 'file') {
    const file = createReadStream(source.path);
    const bytes = await atMost(file).catch(({ code }: NodeJS.ErrnoException) => {
      // The path is not repeated: a key pasted in its place would be printed.
      throw notRead(
        `The key file given to --api-key-file could not be read${code ? ` (${code})` : ''}. Check its path (relative to the current directory).`,
      );
    });
    key = keyOf(bytes, 'The key file (--api-key-file)');
  } else if (source.kind === 'stdin') {
    key = keyOf(await atMost(process.stdin), 'Standard input (--api-key-stdin)');
  }
  if (key.trim() === '') {
    const where = {
      variable: `${KEY_VARIABLE} is empty or not set`,
      file: 'the key file is empty',
      stdin: 'standard input gave no key',
    }[source.kind];
    throw new UsageError(
      `No API key: ${where}. Set ${KEY_VARIABLE} (in CI, a masked and protected variable), or use --api-key-file <path> or --api-key-stdin.`,
      'No API key',
    );
  }
  return key;
}
