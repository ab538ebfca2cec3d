// The changelog file as lines, read a chunk at a time so that a section near the top of a large file
// costs no more than a small file: UTF-8, a byte order mark dropped, CRLF and a lone CR read as LF.
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK_BYTES = 64 * 1024;

/** The bytes of a file, a chunk at a time; the file stays open only while it is read. */
export function* fileChunks(path: string, chunkBytes = CHUNK_BYTES): Generator<Uint8Array> {
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

const LINE_END = /\r\n|\r|\n/g;

/** The lines of UTF-8 chunks, without their line endings; no empty last line after a final newline. */
export function* linesOf(chunks: Iterable<Uint8Array>): Generator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  let pending = '';
  const split = function* (final: boolean): Generator<string> {
    let start = 0;
    LINE_END.lastIndex = 0;
    for (let match = LINE_END.exec(pending); match !== null; match = LINE_END.exec(pending)) {
      // A CR at the very end may be the first half of a CRLF split across two chunks.
      if (!final && match[0] === '\r' && match.index === pending.length - 1) break;
      yield pending.slice(start, match.index);
      start = match.index + match[0].length;
    }
    pending = pending.slice(start);
  };
  for (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    yield* split(false);
  }
  pending += decoder.decode();
  yield* split(true);
  if (pending !== '') yield pending;
}

/** A whole text as LF lines, as `linesOf` reads a file: for tests and small inputs. */
export function normalise(bytes: Uint8Array): string {
  return [...linesOf([bytes])].join('\n');
}
