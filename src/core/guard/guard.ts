// The one guard between untrusted text and everything printed: it withholds a whole text when any
// decoded view of it holds a part of a secret, instead of patching known spellings.

import { type AttemptResult, MAX_RESPONSE_OUTPUT_BYTES } from '../attempt.js';
import {
  byteString,
  decodedViews,
  decodeForm,
  flattenSpace,
  foldText,
  HALF_WRITTEN,
} from './decoded-views.js';
import { cutUtf8 } from './safe-text.js';
import { type Redact, secretOf } from './secret.js';
import {
  isJsonBody,
  MAX_SERVER_MESSAGE,
  messageText,
  oneLine,
  refusalIn,
  shownLength,
} from './server-message.js';

/** "Part" of a secret: this many consecutive characters; bytes of its UTF-8 here. */
export const PART_LENGTH = 8;

/**
 * At the end of a cut text, a start of a part this long or longer counts as a part: the unseen rest
 * may well complete it. A start of 4 characters or more is withheld because the server's text
 * then holds at least half a part at the cut, and the rest of it could not be checked; shorter
 * starts are left, as they match ordinary text by chance far too often (3 characters of a
 * 40-character key do, once in a few thousand cut texts).
 */
export const MIN_START_AT_CUT = 4;

export interface NamedSecret {
  /** How the notice names it, e.g. `the API key`. */
  readonly name: string;
  readonly value: string;
}

export function withheldNotice(name: string): string {
  return `[withheld: this text contained part of ${name}]`;
}

/** Half a part: every window of the secret holds one of its pieces this long at offsets 0, 4, 8… */
const PIECE_LENGTH = PART_LENGTH / 2;

interface Index {
  readonly name: string;
  /**
   * The secret's PIECE_LENGTH-byte pieces at its offsets 0, 4, 8…, as one global pattern: a view
   * is scanned for these few short ones (in native code, cheap even when the code runs cold), and
   * only the bytes around each one found for windows.
   */
  readonly pieces: RegExp;
  /** Any PART_LENGTH-byte window of the secret, as one pattern. */
  readonly windows: RegExp;
  /** The first MIN_START_AT_CUT to PART_LENGTH - 1 bytes of each window. */
  readonly starts: ReadonlySet<string>;
}

/** A byte string as a pattern that matches it literally: every byte as a `\xHH` escape. */
function literal(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('hex').replace(/../g, '\\x$&');
}

function indexOf(secret: NamedSecret): Index {
  const bytes = byteString(secret.value);
  const windows = new Set<string>();
  const starts = new Set<string>();
  const pieces = new Set<string>();
  for (let at = 0; at + PART_LENGTH <= bytes.length; at++) {
    const window = bytes.slice(at, at + PART_LENGTH);
    windows.add(window);
    // The halves of the windows at offsets 0, 4, 8…: each window holds one of them whole.
    // Stryker disable next-line ConditionalExpression: the halves of every window find the same windows, at more cost
    if (at % PIECE_LENGTH === 0) {
      pieces.add(window.slice(0, PIECE_LENGTH));
      pieces.add(window.slice(PIECE_LENGTH));
    }
    // Stryker disable next-line EqualityOperator: a start of PART_LENGTH bytes is a window, found anyway.
    for (let length = MIN_START_AT_CUT; length < PART_LENGTH; length++) {
      starts.add(window.slice(0, length));
    }
  }
  // A secret shorter than a part has no window: patterns that never match.
  const anyOf = (texts: Set<string>) =>
    texts.size === 0 ? '(?!)' : [...texts].map(literal).join('|');
  return {
    name: secret.name,
    pieces: new RegExp(anyOf(pieces), 'g'),
    windows: new RegExp(anyOf(windows)),
    starts,
  };
}

function holdsPart(view: string, index: Index): boolean {
  const { pieces, windows } = index;
  pieces.lastIndex = 0;
  for (let piece = pieces.exec(view); piece !== null; piece = pieces.exec(view)) {
    // A window holds its piece at an offset of 0 to PIECE_LENGTH - 1.
    // Stryker disable next-line ArithmeticOperator: a wider slice holds the same windows
    const from = Math.max(0, piece.index - PIECE_LENGTH + 1);
    if (windows.test(view.slice(from, piece.index + PART_LENGTH))) return true;
    // Pieces may overlap: the next one is looked for from the next byte.
    pieces.lastIndex = piece.index + 1;
  }
  return false;
}

/**
 * How much of a view's end is looked at: a start of a part after the longest escape or entity that
 * decodes (an entity's name has at most 16 letters).
 */
const END_LENGTH = 64;

function endsInStart(view: string, index: Index): boolean {
  const tail = view.slice(-END_LENGTH);
  // Both with and without what looks half-written: the key itself may end in `&ab` or `%4`.
  return [tail, tail.replace(HALF_WRITTEN, '')].some((end) => {
    // Stryker disable next-line EqualityOperator: no start is PART_LENGTH long (see indexOf).
    for (let length = MIN_START_AT_CUT; length < PART_LENGTH; length++) {
      if (index.starts.has(end.slice(-length))) return true;
    }
    return false;
  });
}

/**
 * The UTF-8 bytes of format characters that a page, an annotation or a log shows as nothing:
 * soft hyphen, the combining grapheme joiner, Arabic number signs and letter mark, Hangul and
 * Khmer fillers, the Mongolian vowel separator, zero-width spaces and joiners, bidi embeddings and
 * isolates, word joiners and the other invisible operators, variation selectors (both blocks), the
 * BOM, interlinear annotation marks and tag characters. Between a key's characters they leave no 8
 * together, yet the reader sees the key.
 */
const INVISIBLE =
  /\xc2\xad|\xcd\x8f|\xd8[\x80-\x85\x9c]|\xdb\x9d|\xdc\x8f|\xe0\xa2[\x90\x91]|\xe0\xa3\xa2|\xe1\x85[\x9f\xa0]|\xe1\x9e[\xb4\xb5]|\xe1\xa0[\x8b-\x8f]|\xe2\x80[\x8b-\x8f\xaa-\xae]|\xe2\x81[\xa0-\xa4\xa6-\xaf]|\xe3\x85\xa4|\xef\xb8[\x80-\x8f]|\xef\xbb\xbf|\xef\xbe\xa0|\xef\xbf[\xb9-\xbb]|\xf0\x91\x82\xbd|\xf0\x91\x83\x8d|\xf0\x93\x90[\xb0-\xbf]|\xf0\x9b\xb2[\xa0-\xa3]|\xf0\x9d\x85[\xb3-\xba]|\xf3\xa0[\x80-\x87][\x80-\xbf]/g;

/** A view, and the same without what shows as nothing when it holds any. */
function shown(view: string): string[] {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(view) ? [view, view.replace(INVISIBLE, '')] : [view];
}

/**
 * The guard for a list of secrets (the API key, and the GitHub token when set), each checked by
 * the same rules: a part is PART_LENGTH characters of the secret less its public prefix
 * (`mk_live_`: secretOf), which every key of its kind shares. Secrets shorter than PART_LENGTH
 * bytes have no part and are not looked for.
 */
export function makeGuard(secrets: readonly NamedSecret[]): Redact {
  const values = secrets.map((secret) => ({ name: secret.name, value: secretOf(secret.value) }));
  // A secret written with compatibility characters is also looked for as they fold.
  const indexes = values.flatMap((secret) =>
    [...new Set([secret.value, foldText(secret.value)])].map((value) =>
      indexOf({ name: secret.name, value }),
    ),
  );
  // Secrets with a space are also looked for in form encoding and in flattened whitespace.
  // Stryker disable next-line Regex: for secrets without a space the extra views only add spaces, so they find nothing new.
  const extra = values.some(({ value }) => /\s/.test(value)) ? [decodeForm, flattenSpace] : [];
  // The last long text that passed (the `response` output is checked when its answer arrives and
  // again when it is written). Passing as a cut text covers passing whole: the cut rules only add.
  let passed: { readonly text: string; readonly cut: boolean } | undefined;
  return (text, cut = false) => {
    if (passed?.text === text && (passed.cut || !cut)) return text;
    for (const view of decodedViews(byteString(text), cut, extra).flatMap(shown)) {
      for (const index of indexes) {
        if (holdsPart(view, index) || (cut && endsInStart(view, index))) {
          return withheldNotice(index.name);
        }
      }
    }
    // Long enough to cost, and no longer than the `response` output: the one text printed twice.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ObjectLiteral: which texts are remembered changes only the cost
    if (text.length >= 4096 && text.length <= MAX_RESPONSE_OUTPUT_BYTES) passed = { text, cut };
    return text;
  };
}

/**
 * Whether the guard would withhold `text` for a secret (the API key or the GitHub token): a
 * changelog that holds a part of one, in any form, is refused before any request, so that every
 * changelog sent is shown exactly as sent.
 */
export function holdsPartOfKey(text: string, secret: string): boolean {
  return makeGuard([{ name: 'the secret', value: secret }])(text) !== text;
}

/** Characters either side of a cut that the decision also sees, in every encoding a part may take. */
const SEAM = 256;

/**
 * The first `end` characters of `whole`, as the guard lets them be printed. The decision is made on
 * the printed text, as a cut text when more follows (a start of a part at its end counts), and on
 * the seam across the cut: a part that straddles it is withheld even when 1 to 3 of its characters
 * would be printed. `cut`: `whole` itself was cut short.
 */
export function guardStart(guard: Redact, whole: string, end: number, cut: boolean): string {
  const printed = whole.slice(0, end);
  const more = end < whole.length;
  const shown = guard(printed, cut || more);
  if (shown !== printed || !more) return shown;
  const seam = whole.slice(Math.max(0, end - SEAM), end + SEAM);
  const checked = guard(seam, cut && end + SEAM >= whole.length);
  // A copy: a slice of a long text keeps all of it alive as long as the slice lives.
  return checked === seam ? Buffer.from(printed).toString() : checked;
}

/**
 * The server's message of an error body as shown: one line, at most 500 characters. The guard
 * decides on the line shown (as a cut text when more follows), and on the message as written from
 * its start to a seam past the cut: there a part is seen whole, its spaces and line breaks not yet
 * joined, even when it straddles the cut.
 */
export function guardedMessage(
  body: string,
  contentType: string,
  cut: boolean,
  guard: Redact,
): string {
  const text = messageText(body, contentType);
  const wanted = MAX_SERVER_MESSAGE + SEAM;
  // As much of the text as gives the line shown and its seam, however much of it is space.
  let end = Math.min(text.length, wanted);
  while (end < text.length && oneLine(text.slice(0, end)).length < wanted) {
    end = Math.min(text.length, 2 * end);
  }
  const written = text.slice(0, end);
  const more = end < text.length;
  const decided = guard(written, cut && !more);
  if (decided !== written) return decided;
  const line = oneLine(written);
  const length = shownLength(line);
  const shortened = more || length < line.length;
  const printed = line.slice(0, length);
  const shown = guard(printed, cut || shortened);
  if (shown !== printed) return shown;
  return shortened ? `${printed}…` : printed;
}

/**
 * An attempt's result with the server text that only messages print guarded. A success's body and
 * `Link` are kept as they came: decisions read them (the list, the version shown), and whatever of
 * them is printed passes the guard where it is printed. An error is only printed, its message and
 * the `response` output: only those are guarded, and the body is kept as far as that output shows
 * it, so that no attempt keeps more.
 */
export function guardResult(result: AttemptResult, guard: Redact): AttemptResult {
  if (result.kind === 'failure') return result;
  const location = guard(result.location);
  if (result.status >= 200 && result.status < 300) {
    const refused = refusalIn(result.body, result.contentType);
    if (refused === undefined) return { ...result, location };
    const message = guardedMessage(result.body, result.contentType, result.cut, guard);
    return { ...result, location, refusal: refused, message };
  }
  const end = cutUtf8(result.body, MAX_RESPONSE_OUTPUT_BYTES).length;
  // Cut, a JSON body may no longer parse: whether it did is kept, so that its start is shown.
  const json = end < result.body.length && isJsonBody(result.body, result.contentType);
  return {
    ...result,
    link: guard(result.link),
    body: guardStart(guard, result.body, end, result.cut),
    message: guardedMessage(result.body, result.contentType, result.cut, guard),
    location,
    ...(json ? { json } : {}),
  };
}
