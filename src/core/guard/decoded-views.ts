// The decoded views of untrusted text: every way a server may have encoded what it echoes.
// A view is a byte string: one character per byte (0-255), so text and binary decodings compare
// alike, and a key is looked for as its UTF-8 bytes.

/** A text as a byte string of its UTF-8 bytes. */
export function byteString(text: string): string {
  return Buffer.from(text).toString('latin1');
}

const utf8Of = (codePoint: number): string => byteString(String.fromCodePoint(codePoint));
const byteOf = (hex: string): string => String.fromCharCode(Number.parseInt(hex, 16));

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** JSON string escapes (`\uXXXX` with surrogate pairs, `\/`, `\n`…) and `\xHH`, in one pass. */
export function decodeJson(view: string): string {
  return view.replace(
    /\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\(["'\\/bfnrt])/g,
    (_, high?: string, low?: string, unit?: string, hex?: string, simple?: string) => {
      if (low !== undefined) {
        const pair = String.fromCharCode(
          Number.parseInt(high as string, 16),
          Number.parseInt(low, 16),
        );
        return byteString(pair);
      }
      if (unit !== undefined) return utf8Of(Number.parseInt(unit, 16));
      if (hex !== undefined) return byteOf(hex);
      return SIMPLE_ESCAPES[simple as string] as string;
    },
  );
}

/** Percent-encoding of any subset of bytes, in either hex case. */
export function decodePercent(view: string): string {
  return view.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => byteOf(hex));
}

/** Form encoding: `+` for a space as well (only useful for secrets with a space). */
export function decodeForm(view: string): string {
  return decodePercent(view.replaceAll('+', ' '));
}

// The HTML5 names of printable ASCII characters (a key's characters), plus tab and line feed, and
// of the characters shown as nothing.
const NAMED: Record<string, string> = {
  Tab: '\t',
  NewLine: '\n',
  excl: '!',
  quot: '"',
  QUOT: '"',
  num: '#',
  dollar: '$',
  percnt: '%',
  amp: '&',
  AMP: '&',
  apos: "'",
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  lt: '<',
  LT: '<',
  equals: '=',
  gt: '>',
  GT: '>',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  UnderBar: '_',
  grave: '`',
  DiacriticalGrave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  rcub: '}',
  rbrace: '}',
  // Characters shown as nothing (guard.ts looks through them), as UTF-8 bytes.
  shy: '\xc2\xad',
  ZeroWidthSpace: '\xe2\x80\x8b',
  zwnj: '\xe2\x80\x8c',
  zwj: '\xe2\x80\x8d',
  NoBreak: '\xe2\x81\xa0',
};

/** HTML character references: named (with `;`, or the four legacy ones without), decimal, hex. */
export function decodeHtml(view: string): string {
  return view.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]{2,16});|(amp|lt|gt|quot|AMP|LT|GT|QUOT)(?![A-Za-z;]));?/g,
    (whole, decimal?: string, hex?: string, name?: string, legacy?: string) => {
      const digits = decimal ?? hex;
      if (digits !== undefined) {
        const codePoint = Number.parseInt(digits, decimal === undefined ? 16 : 10);
        return codePoint <= 0x10ffff ? utf8Of(codePoint) : whole;
      }
      return NAMED[(name ?? legacy) as string] ?? whole;
    },
  );
}

/** Runs of whitespace and control characters as one space, as a one-line message shows them. */
export function flattenSpace(view: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it flattens.
  return view.replace(/[\x00-\x20\x7f]+/g, ' ');
}

// An 8-byte window needs at least 11 base64 characters, 16 hex digits.
const MIN_BASE64_RUN = 11;
const MIN_HEX_RUN = 16;

function runs(text: string, pattern: RegExp, min: number, atEnd: boolean): string[] {
  const found = text.match(pattern) ?? [];
  const last = found.length - 1;
  // A cut text may end in the first characters of a blob: its last run counts, however short.
  return found.filter((run, index) => run.length >= min || (atEnd && index === last));
}

/**
 * Base64 and base64url, wrapped or not: whitespace removed, each run of alphabet characters decoded
 * at each of the 4 character phases, since the blob may start anywhere in the run. Runs are joined
 * by a NUL byte.
 */
export function decodeBase64(view: string, cut = false): string[] {
  const blobs = runs(view.replace(/\s/g, ''), /[A-Za-z0-9+/_-]+/g, MIN_BASE64_RUN, cut);
  if (blobs.length === 0) return [];
  return [0, 1, 2, 3].map((phase) =>
    blobs.map((run) => Buffer.from(run.slice(phase), 'base64').toString('latin1')).join('\0'),
  );
}

function hexAtPhases(digits: string, cut: boolean): string[] {
  const blobs = runs(digits, /[0-9a-fA-F]+/g, MIN_HEX_RUN, cut);
  if (blobs.length === 0) return [];
  return [0, 1].map((phase) =>
    blobs.map((run) => Buffer.from(run.slice(phase), 'hex').toString('latin1')).join('\0'),
  );
}

/**
 * Hex, also as `\xHH` or separated by spaces or colons, at both digit phases; and once more with
 * `0x` prefixes dropped (not always: in `…30` before an `x`, the `0` is a digit).
 */
export function decodeHex(view: string, cut = false): string[] {
  const digits = view.replace(/\\x|[\s:]/gi, '');
  const unprefixed = digits.replace(/0x/gi, '');
  const views = hexAtPhases(digits, cut);
  return unprefixed === digits ? views : [...views, ...hexAtPhases(unprefixed, cut)];
}

type TextDecoder = (view: string) => string;

/** How many times one text decoding is applied over itself. */
const MAX_DEPTH = 4;

/**
 * Every decoded view of `text` (a byte string from `byteString`), the text itself first:
 * - text decodings (JSON escapes, percent, HTML entities, and `extra`) applied up to twice in any
 *   order, which covers doubly-escaped JSON, double percent-encoding and their mixes, and each one
 *   up to MAX_DEPTH times over itself;
 * - base64 and hex decodings of each of those;
 * - text decodings once more of the base64 and hex views of the text itself (a token or Basic
 *   credentials holding escaped JSON).
 * Views equal to one already seen are dropped, so text without escapes costs one view per decoder.
 * `cut`: the text was cut short, so a blob at its end is decoded however short it is.
 */
export function decodedViews(
  text: string,
  cut = false,
  extra: readonly TextDecoder[] = [],
): string[] {
  const decoders: TextDecoder[] = [decodeJson, decodePercent, decodeHtml, ...extra];
  const seen = new Set<string>([text]);
  const add = (view: string): boolean => {
    if (seen.has(view)) return false;
    seen.add(view);
    return true;
  };
  const textual = [text];
  for (let round = 0, from = 0; round < 2; round++) {
    const to = textual.length;
    for (const view of textual.slice(from, to)) {
      for (const decode of decoders) {
        const decoded = decode(view);
        if (add(decoded)) textual.push(decoded);
      }
    }
    from = to;
  }
  // JSON inside JSON inside JSON (an echoed request body quoted in an error): deeper, one kind.
  for (const decode of decoders) {
    let view = text;
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      view = decode(view);
      if (add(view)) textual.push(view);
    }
  }
  const binaryOf = (view: string) => [...decodeBase64(view, cut), ...decodeHex(view, cut)];
  const binary = textual.flatMap(binaryOf).filter(add);
  const again = binaryOf(text)
    .flatMap((view) => decoders.map((decode) => decode(view)))
    .filter(add);
  return [...textual, ...binary, ...again];
}
