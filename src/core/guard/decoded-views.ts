// The decoded views of untrusted text: every way a server may have encoded what it echoes. A view
// is a byte string, one character per byte, so that text and binary decodings compare alike.

export function byteString(text: string): string {
  return Buffer.from(text).toString('latin1');
}

const encoder = new TextEncoder();
const scratch = new Uint8Array(4);

/** Written into a scratch array: an escape costs no buffer. */
function utf8Of(character: string): string {
  const { written } = encoder.encodeInto(character, scratch);
  return String.fromCharCode(...scratch.subarray(0, written));
}
const utf8OfPoint = (codePoint: number): string => utf8Of(String.fromCodePoint(codePoint));
const byteOf = (hex: string): string => String.fromCharCode(Number.parseInt(hex, 16));

const CONTROL_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** JSON string escapes and `\xHH`, in one pass. */
export function decodeJson(view: string): string {
  return view.replace(
    /\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\(["'\\/bfnrt])/g,
    (_, high?: string, low?: string, unit?: string, hex?: string, simple?: string) => {
      if (low !== undefined) {
        return utf8Of(
          String.fromCharCode(Number.parseInt(high as string, 16), Number.parseInt(low, 16)),
        );
      }
      if (unit !== undefined) return utf8OfPoint(Number.parseInt(unit, 16));
      if (hex !== undefined) return byteOf(hex);
      return CONTROL_ESCAPES[simple as string] ?? (simple as string);
    },
  );
}

export function decodePercent(view: string): string {
  return view.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => byteOf(hex));
}

export function decodeForm(view: string): string {
  return decodePercent(view.replaceAll('+', ' '));
}

// The HTML5 names of printable ASCII characters (a key's characters), tab, line feed, and the
// characters shown as nothing: each character, then its names.
const NAMES: readonly (readonly [string, ...string[]])[] = [
  ['\t', 'Tab'],
  ['\n', 'NewLine'],
  ['!', 'excl'],
  ['"', 'quot', 'QUOT'],
  ['#', 'num'],
  ['$', 'dollar'],
  ['%', 'percnt'],
  ['&', 'amp', 'AMP'],
  ["'", 'apos'],
  ['(', 'lpar'],
  [')', 'rpar'],
  ['*', 'ast', 'midast'],
  ['+', 'plus'],
  [',', 'comma'],
  ['.', 'period'],
  ['/', 'sol'],
  [':', 'colon'],
  [';', 'semi'],
  ['<', 'lt', 'LT'],
  ['=', 'equals'],
  ['>', 'gt', 'GT'],
  ['?', 'quest'],
  ['@', 'commat'],
  ['[', 'lsqb', 'lbrack'],
  ['\\', 'bsol'],
  [']', 'rsqb', 'rbrack'],
  ['^', 'Hat'],
  ['_', 'lowbar', 'UnderBar'],
  ['`', 'grave', 'DiacriticalGrave'],
  ['{', 'lcub', 'lbrace'],
  ['|', 'verbar', 'vert', 'VerticalLine'],
  ['}', 'rcub', 'rbrace'],
  // Characters shown as nothing (guard.ts looks through them), as UTF-8 bytes.
  ['\xc2\xad', 'shy'],
  ['\xe2\x80\x8b', 'ZeroWidthSpace'],
  ['\xe2\x80\x8c', 'zwnj'],
  ['\xe2\x80\x8d', 'zwj'],
  ['\xe2\x81\xa0', 'NoBreak'],
];
const NAMED: Record<string, string> = Object.fromEntries(
  NAMES.flatMap(([character, ...names]) => names.map((name) => [name, character])),
);

/** HTML character references as browsers read them: in `&quot;;` the second `;` is text. */
export function decodeHtml(view: string): string {
  return view.replace(
    /&(?:#0*(\d{1,7});?|#[xX]0*([0-9a-fA-F]{1,6});?|([A-Za-z]{2,16});|(amp|lt|gt|quot|AMP|LT|GT|QUOT)(?![A-Za-z;]))/g,
    (whole, decimal?: string, hex?: string, name?: string, legacy?: string) => {
      const digits = decimal ?? hex;
      if (digits !== undefined) {
        const codePoint = Number.parseInt(digits, decimal === undefined ? 16 : 10);
        return codePoint <= 0x10ffff ? utf8OfPoint(codePoint) : whole;
      }
      return NAMED[(name ?? legacy) as string] ?? whole;
    },
  );
}

/** As a one-line message shows them. */
export function flattenSpace(view: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it flattens.
  return view.replace(/[\x00-\x20\x7f]+/g, ' ');
}

// What a cut may leave half-written at the end: an escape, an entity, a split UTF-8 character.
export const HALF_WRITTEN =
  /(?:%[0-9a-fA-F]?|\\(?:u[0-9a-fA-F]{0,3}|x[0-9a-fA-F]?)?|&#?[0-9A-Za-z]*|\xef\xbf\xbd)$/;

// `long`: the runs long enough to hold 8 bytes, of at least `min` characters.
const BASE64 = { long: /[A-Za-z0-9+/_-]{11,}/g, atEnd: /[A-Za-z0-9+/_-]+$/, min: 11 };
const HEX = { long: /[0-9a-fA-F]{16,}/g, atEnd: /[0-9a-fA-F]+$/, min: 16 };
type Runs = typeof BASE64;

/**
 * A cut text, and the same without what looks half-written at its end: the cut may fall in an
 * escape of a blob's next character (`%2` of `%2B`), after the blob's start.
 */
function endings(text: string, cut: boolean): string[] {
  if (!cut) return [text];
  const tail = text.slice(-64);
  const kept = tail.replace(HALF_WRITTEN, '');
  return kept === tail ? [text] : [text, text.slice(0, text.length - tail.length + kept.length)];
}

/** A last character alone holds no byte, as Buffer reads it too. */
function fromBase64(run: string): string {
  return atob(run.length % 4 === 1 ? run.slice(0, -1) : run);
}

/** One decoding for each phase a run may start at. */
type RunDecoder = (run: string) => readonly string[];

const base64Phases: RunDecoder = (run) => {
  // One alphabet: base64url's `-` and `_` stand for base64's `+` and `/`.
  const standard = run.replaceAll('-', '+').replaceAll('_', '/');
  return [0, 1, 2, 3].map((phase) => fromBase64(standard.slice(phase)));
};
const hexPhases: RunDecoder = (run) =>
  [0, 1].map((phase) => Buffer.from(run.slice(phase), 'hex').toString('latin1'));

/**
 * Each phase's view of `text`: the decodings at that phase of its long runs, joined by a NUL byte;
 * when it was `cut`, also of the run it ends in however short (the first characters of a blob).
 */
function atPhases(text: string, alphabet: Runs, cut: boolean, decode: RunDecoder): string[] {
  const found = text.match(alphabet.long) ?? [];
  const end = cut ? (alphabet.atEnd.exec(text.slice(-alphabet.min))?.[0] ?? '') : '';
  // A run that fills those characters is long: found already.
  const blobs = end === '' || end.length === alphabet.min ? found : [...found, end];
  const decoded = blobs.map(decode);
  const phases = decoded[0]?.length ?? 0;
  return Array.from({ length: phases }, (_, phase) => decoded.map((run) => run[phase]).join('\0'));
}

/** Base64 and base64url, wrapped or not, at the 4 phases: the blob may start anywhere in a run. */
export function decodeBase64(view: string, cut = false, decode = base64Phases): string[] {
  return endings(view.replace(/\s/g, ''), cut).flatMap((text) =>
    atPhases(text, BASE64, cut, decode),
  );
}

/**
 * Hex, also as `\xHH` or separated by spaces or colons, at both digit phases; and once more with
 * `0x` prefixes dropped (not always: in `…30` before an `x`, the `0` is a digit).
 */
export function decodeHex(view: string, cut = false, decode = hexPhases): string[] {
  const digits = view.replace(/\\x|[\s:]/gi, '');
  const unprefixed = digits.replace(/0x/gi, '');
  const forms = unprefixed === digits ? [digits] : [digits, unprefixed];
  return forms
    .flatMap((form) => endings(form, cut))
    .flatMap((text) => atPhases(text, HEX, cut, decode));
}

// The same decodings are reached in more than one order.
function remembered<Decoded>(decode: (text: string) => Decoded): (text: string) => Decoded {
  const known = new Map<string, Decoded>();
  return (text) => {
    const decoded = known.get(text) ?? decode(text);
    known.set(text, decoded);
    return decoded;
  };
}

/**
 * Compatibility characters (fullwidth letters, ligatures…) folded by NFKC, but spaces as written
 * (NFKC would make U+3000 a space): which spaces join a secret's words is decided on the text.
 */
export function foldText(text: string): string {
  return text.replace(/(?:\S|[\t-\r ])+/g, (run) => run.normalize('NFKC'));
}

export function foldCompatible(view: string): string {
  return byteString(foldText(Buffer.from(view, 'latin1').toString()));
}

/** How many times one text decoding is applied over itself: JSON in JSON in JSON… */
const MAX_DEPTH = 4;

/**
 * Every decoded view of a byte string, itself first: text decodings up to twice in any order and
 * each up to MAX_DEPTH times over itself, each of those folded; base64 and hex of the text and of
 * its first decodings; text decodings of the text's own base64 and hex (Basic credentials holding
 * escaped JSON). `cut`: a blob at its end is decoded however short it is.
 */
export function decodedViews(
  text: string,
  cut = false,
  extra: readonly ((view: string) => string)[] = [],
): string[] {
  const decoders = [decodeJson, decodePercent, decodeHtml, ...extra].map(remembered);
  const seen = new Set<string>([text]);
  const isNew = (view: string) => seen.size < seen.add(view).size;
  const decodeEach = (views: readonly string[]) =>
    views.flatMap((view) => decoders.map((decode) => decode(view))).filter(isNew);
  // No server writes a blob doubly escaped or in compatibility characters.
  const blobbed = [text, ...decodeEach([text])];
  const textual = [...blobbed, ...decodeEach(blobbed)];
  for (const decode of decoders) {
    let view = text;
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      view = decode(view);
      if (isNew(view)) textual.push(view);
    }
  }
  textual.push(...textual.map(foldCompatible).filter(isNew));
  const base64 = remembered(base64Phases);
  const hex = remembered(hexPhases);
  const binaryViews = blobbed.map((view) => [
    ...decodeBase64(view, cut, base64),
    ...decodeHex(view, cut, hex),
  ]);
  const binary = binaryViews.flat().filter(isNew);
  return [...textual, ...binary, ...decodeEach(binaryViews[0] as string[])];
}
