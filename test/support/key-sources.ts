// The command's key read as a person gives it: from a real file, or piped to standard input.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { readKey } from '../../src/cli/key.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'lad-key-'));
let files = 0;

/** A file holding `content`, by its absolute path. */
export function keyFile(content: Uint8Array | string): string {
  const file = path.join(dir, `key-${files++}.txt`);
  writeFileSync(file, content);
  return file;
}

/** Standard input giving `chunks`, counting how many were asked for. */
export async function withStdin<T>(chunks: (Uint8Array | string)[], run: () => Promise<T>) {
  let pulled = 0;
  // An async iterable, as process.stdin is one: how many chunks were asked for is counted.
  const stdin = (async function* () {
    for (const chunk of chunks) {
      pulled++;
      yield Buffer.from(chunk);
    }
  })();
  const spy = vi
    .spyOn(process, 'stdin', 'get')
    .mockReturnValue(stdin as unknown as typeof process.stdin);
  try {
    return { result: await run(), pulled };
  } finally {
    spy.mockRestore();
  }
}

/** The key read from `content` in a key file, or on standard input. */
export async function readKeyFrom(
  kind: 'file' | 'stdin',
  content: Uint8Array | string,
  env: Record<string, string> = {},
): Promise<string> {
  if (kind === 'file') return readKey({ kind, path: keyFile(content) }, env);
  return (await withStdin([content], () => readKey({ kind }, env))).result;
}
