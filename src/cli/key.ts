// The key, from MARKETPLACE_API_KEY, a file or standard input: never from an argument (SPEC 9.1).
import { readFileSync } from 'node:fs';
import type { Env } from '../core/inputs.js';
import { resolveFrom } from '../core/paths.js';
import { type KeySource, UsageError } from './args.js';
import { KEY_VARIABLE } from './options.js';

export interface KeyReaders {
  readonly cwd: string;
  readonly readFile: (path: string) => string;
  readonly readStdin: () => Promise<string>;
}

/** A file or a pipe usually ends in a line break that is not part of the key. */
function withoutLineBreak(text: string): string {
  return text.replace(/\r?\n$/, '');
}

/** The key as given (the core checks it); a UsageError when there is none. */
export async function readKey(source: KeySource, env: Env, readers: KeyReaders): Promise<string> {
  let key: string;
  if (source.kind === 'file') {
    const path = resolveFrom(readers.cwd, source.path);
    try {
      key = withoutLineBreak(readers.readFile(path));
    } catch {
      throw new UsageError(`The key file ${path} (--api-key-file) could not be read.`);
    }
  } else if (source.kind === 'stdin') {
    key = withoutLineBreak(await readers.readStdin());
  } else {
    key = env[KEY_VARIABLE] ?? '';
  }
  if (key.trim() === '') {
    const where =
      source.kind === 'variable'
        ? `${KEY_VARIABLE} is empty or not set`
        : source.kind === 'file'
          ? 'the key file is empty'
          : 'standard input gave no key';
    throw new UsageError(
      `No API key: ${where}. Set ${KEY_VARIABLE} (in CI, a masked and protected variable), ` +
        'or use --api-key-file <path> or --api-key-stdin.',
    );
  }
  return key;
}

export const nodeKeyReaders = (cwd: string): KeyReaders => ({
  cwd,
  readFile: (path) => readFileSync(path, 'utf8'),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
});
