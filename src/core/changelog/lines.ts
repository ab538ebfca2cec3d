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
  const take = function* (text: string): Generator<string> {
    // A CR at the end may be the first half of a CRLF split across two chunks: held for later.
    const held = text.endsWith('\r') ? 1 : 0;
    const lf = (pending + text.slice(0, text.length - held)).replace(/\r\n?/g, '\n');
    let start = 0;
    for (let end = lf.indexOf('\n'); end !== -1; end = lf.indexOf('\n', start)) {
      yield lf.slice(start, end);
      start = end + 1;
    }
    pending = lf.slice(start) + (held ? '\r' : '');
  };
  for (const chunk of chunks) yield* take(decoder.decode(chunk, { stream: true }));
  const rest = decoder.decode();
  if (pending !== '' || rest !== '') yield* take(`${rest}\n`);
}
