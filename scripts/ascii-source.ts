// V8 keeps a script's source for the whole run, one byte a character when every character is
// ASCII, two otherwise. A single "’" in a comment of a bundled package doubles the memory of the
// whole bundle (1.3 MB more for the action's), so the build writes each bundle in ASCII: every
// other character as its \u escape, which means the same character in a string, a template, a
// regular expression (with or without the u flag, a surrogate pair as two escapes) and a comment.

/** A character after an odd number of backslashes: an escape in the source, kept as one. */
const NON_ASCII = /(?<!\\)((?:\\\\)*)(\\?)([^\0-\x7f])/g;

/** The same JavaScript source in ASCII only. */
export function asciiSource(source: string): string {
  // A line separator ends a `//` comment, and after a backslash continues a string: escaped, it
  // would do neither, so the build stops rather than change what the bundle means.
  if (/[\u2028\u2029]/.test(source)) {
    throw new Error(
      'The bundle holds a line or paragraph separator (U+2028 or U+2029), which cannot be written as an escape without changing its meaning.',
    );
  }
  return source.replace(
    NON_ASCII,
    (_, backslashes: string, _escape: string, char: string) =>
      `${backslashes}\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
