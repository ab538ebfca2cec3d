// The changelog file as lines, a chunk at a time, so that a section near the top of a large file
// costs what it costs in a small one: UTF-8, a byte order mark dropped, CRLF and a lone CR read as LF.
import { closeSync, openSync, readSync } from 'node:fs';

export function* fileChunks(path: string, chunkBytes = 64 * 1024): Generator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    const buffer = new Uint8Array(chunkBytes);
    for (;;) {
      const read = readSync(fd, buffer, 0, chunkBytes, null);
      if (read === 0) return;
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/** No empty last line after a final newline. */
export function* linesOf(chunks: Iterable<Uint8Array>): Generator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  for (const chunk of chunks) {
    // A CR at the end may be the first half of a CRLF split across two chunks: held for later.
    const lines = (pending + decoder.decode(chunk, { stream: true })).split(/\r\n|\r(?!$)|\n/);
    pending = lines.pop() ?? '';
    yield* lines;
  }
  // The decoder's flush may follow a held CR: the rest is split like any text.
  const rest = (pending + decoder.decode()).split(/\r\n?|\n/);
  if (rest.at(-1) === '') rest.pop();
  yield* rest;
}
