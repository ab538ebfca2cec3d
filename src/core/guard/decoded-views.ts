// The decoded views of untrusted text: every way a server may have encoded what it echoes. A view
// is a byte string, one character per byte, so that text and binary decodings compare alike.
import { decodeNamedCharacterReference } from 'decode-named-character-reference';

export function byteString(text: string): string {
  return Buffer.from(text).toString('latin1');
}

const byte = (hex: string) => String.fromCharCode(Number.parseInt(hex, 16));

/** JSON string escapes (a surrogate pair as one character) and `\xHH`, in one pass. */
export function decodeJson(view: string): string {
  return view.replace(
    /(?:\\u[0-9a-fA-F]{4}|\\["\\/bfnrt])+|\\x([0-9a-fA-F]{2})|\\(')/g,
    (escapes, hex?: string, quote?: string) =>
      quote ?? (hex === undefined ? byteString(JSON.parse(`"${escapes}"`)) : byte(hex)),
  );
}

export function decodePercent(view: string): string {
  return view.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => byte(hex));
}

// The names of a key's characters and of those shown as nothing (guard.ts looks through them).
const NAMED = /^[\t\n!-~\xad\u200b-\u200d\u2060]$/;

/** HTML character references as browsers read them: in `&quot;;` the second `;` is text. */
export function decodeHtml(view: string): string {
  return view.replace(
    /&(?:#0*(\d{1,7});?|#[xX]0*([0-9a-fA-F]{1,6});?|([A-Za-z]{2,16});|(amp|lt|gt|quot|AMP|LT|GT|QUOT)(?![A-Za-z;]))/g,
    (whole, decimal?: string, hex?: string, name?: string, legacy?: string) => {
      const digits = decimal ?? hex;
      if (digits !== undefined) {
        const codePoint = Number.parseInt(digits, decimal === undefined ? 16 : 10);
        return codePoint <= 0x10ffff ? byteString(String.fromCodePoint(codePoint)) : whole;
      }
      // `false` for a name that is none: no one character.
      const character = String(decodeNamedCharacterReference((name ?? legacy) as string));
      return NAMED.test(character) ? byteString(character) : whole;
    },
  );
}

// What a cut may leave half-written at the end: an escape, an entity, a split UTF-8 character.
export const HALF_WRITTEN =
  /(?:%[0-9a-fA-F]?|\\(?:u[0-9a-fA-F]{0,3}|x[0-9a-fA-F]?)?|&#?[0-9A-Za-z]*|\xef\xbf\xbd)$/;

// The runs of `min` characters or more, long enough to hold 8 bytes, and the run a text ends in.
const BASE64 = { long: /[A-Za-z0-9+/_-]{11,}/g, atEnd: /[A-Za-z0-9+/_-]+$/, min: 11 };
const HEX = { long: /[0-9a-fA-F]{16,}/g, atEnd: /[0-9a-fA-F]+$/, min: 16 };

// A run from each phase it may start at: a blob may start anywhere in a run.
const atEachPhase = (phases: number, decode: (blob: string) => string) => (run: string) =>
  Array.from({ length: phases }, (_, phase) => decode(run.slice(phase)));

const hexRun = atEachPhase(2, (blob) => Buffer.from(blob, 'hex').toString('latin1'));
// A last character alone holds no byte, as Buffer reads it too.
const base64Blob = atEachPhase(4, (blob) => atob(blob.length % 4 === 1 ? blob.slice(0, -1) : blob));
// One alphabet: base64url's `-` and `_` stand for base64's `+` and `/`.
const base64Run = (run: string) => base64Blob(run.replaceAll('-', '+').replaceAll('_', '/'));

// Cut, a form may end in a blob's first characters, and in an escape of its next one (`%2` of `%2B`):
// it is read without what looks half-written as well.
function atPhases(
  forms: readonly string[],
  alphabet: typeof BASE64,
  cut: boolean,
  decode: (run: string) => readonly string[],
): string[] {
  const texts = cut
    ? forms.flatMap((text) => [...new Set([text, text.replace(HALF_WRITTEN, '')])])
    : forms;
  return texts.flatMap((text) => {
    const found = text.match(alphabet.long) ?? [];
    const end = cut ? (alphabet.atEnd.exec(text.slice(-alphabet.min))?.[0] ?? '') : '';
    // A run that fills those characters is long: found already.
    const blobs = end === '' || end.length === alphabet.min ? found : [...found, end];
    const decoded = blobs.map(decode);
    return Array.from({ length: decoded[0]?.length ?? 0 }, (_, phase) =>
      decoded.map((run) => run[phase]).join('\0'),
    );
  });
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

// Spaces as written (NFKC would make U+3000 a space): which spaces join a secret's words is decided
// on the text.
export function foldText(text: string): string {
  return text.replace(/(?:\S|[\t-\r ])+/g, (run) => run.normalize('NFKC'));
}

// Itself first; text decodings twice in any order and up to 4 times over themselves, folded; blobs
// of the text and of its first decodings; text decodings of its own blobs (Basic credentials).
export function decodedViews(text: string, cut = false, spaced = false): string[] {
  // Views that only add spaces: for secrets with a space.
  const form = (view: string) => decodePercent(view.replaceAll('+', ' '));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it flattens.
  const flatten = (view: string) => view.replace(/[\x00-\x20\x7f]+/g, ' ');
  const extra = spaced ? [form, flatten] : [];
  const decoders = [decodeJson, decodePercent, decodeHtml, ...extra].map(remembered);
  const seen = new Set<string>([text]);
  const isNew = (view: string) => seen.size < seen.add(view).size;
  const decodeEach = (views: readonly string[]) =>
    views.flatMap((view) => decoders.map((decode) => decode(view))).filter(isNew);
  // No server writes a blob doubly escaped or in compatibility characters.
  const once = decodeEach([text]);
  const blobbed = [text, ...once];
  const textual = [...blobbed, ...decodeEach(once)];
  // Up to 4 times over itself: once and twice are among the views above.
  for (const decode of decoders) {
    const thrice = decode(decode(decode(text)));
    textual.push(...[thrice, decode(thrice)].filter(isNew));
  }
  const folded = textual.map((view) =>
    byteString(foldText(Buffer.from(view, 'latin1').toString())),
  );
  textual.push(...folded.filter(isNew));
  const base64 = remembered(base64Run);
  const hex = remembered(hexRun);
  const binaryViews = blobbed.map((view) => {
    const digits = view.replace(/\\x|[\s:]/gi, '');
    return [
      ...atPhases([view.replace(/\s/g, '')], BASE64, cut, base64),
      // Hex without `0x` prefixes as well as with: in `…30` before an `x`, the `0` is a digit.
      ...atPhases([...new Set([digits, digits.replace(/0x/gi, '')])], HEX, cut, hex),
    ];
  });
  const binary = binaryViews.flat().filter(isNew);
  return [...textual, ...binary, ...decodeEach(binaryViews[0] as string[])];
}
