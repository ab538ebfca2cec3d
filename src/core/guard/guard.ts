// The one guard between untrusted text and everything printed: it withholds a whole text when any
// decoded view of it holds a part of a secret, instead of patching known spellings.
import { type AttemptResult, MAX_RESPONSE_OUTPUT_BYTES } from '../attempt.js';
import { byteString, decodedViews, foldText, HALF_WRITTEN } from './decoded-views.js';
import { cutUtf8 } from './safe-text.js';
import { type Redact, secretOf } from './secret.js';
import { isJsonBody, SEAM, serverMessage } from './server-message.js';

/** A part of a secret: this many consecutive bytes of its UTF-8. */
const PART_LENGTH = 8;

// Shorter starts at the end of a cut text match ordinary text by chance far too often.
const START_LENGTHS = [4, 5, 6, 7];

function literal(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('hex').replace(/../g, '\\x$&');
}

/** Whether a view holds a part of `secret`, or, when `cut`, ends in the start of one. */
function partFinder(secret: string): (view: string, cut: boolean) => boolean {
  const windows = new Set<string>();
  const starts = new Set<string>();
  for (const bytes of [secret, foldText(secret)].map(byteString)) {
    for (let at = 0; at + PART_LENGTH <= bytes.length; at++) {
      const window = bytes.slice(at, at + PART_LENGTH);
      windows.add(window);
      for (const length of START_LENGTHS) starts.add(window.slice(0, length));
    }
  }
  // A secret shorter than a part has no window: a pattern that never matches.
  const part = new RegExp(windows.size === 0 ? '(?!)' : [...windows].map(literal).join('|'));
  const endsInStart = (view: string) => {
    // After the longest escape or entity that decodes (an entity's name has at most 16 letters).
    const tail = view.slice(-64);
    // Both with and without what looks half-written: the key itself may end in `&ab` or `%4`.
    return [tail, tail.replace(HALF_WRITTEN, '')].some((end) =>
      START_LENGTHS.some((length) => starts.has(end.slice(-length))),
    );
  };
  return (view, cut) => part.test(view) || (cut && endsInStart(view));
}

// Format characters shown as nothing (soft hyphen, zero-width joiners, bidi controls, tags…), as
// UTF-8: between a key's characters they leave no 8 together, yet the reader sees the key.
const INVISIBLE =
  /\xc2\xad|\xcd\x8f|\xd8[\x80-\x85\x9c]|\xdb\x9d|\xdc\x8f|\xe0\xa2[\x90\x91]|\xe0\xa3\xa2|\xe1\x85[\x9f\xa0]|\xe1\x9e[\xb4\xb5]|\xe1\xa0[\x8b-\x8f]|\xe2\x80[\x8b-\x8f\xaa-\xae]|\xe2\x81[\xa0-\xa4\xa6-\xaf]|\xe3\x85\xa4|\xef\xb8[\x80-\x8f]|\xef\xbb\xbf|\xef\xbe\xa0|\xef\xbf[\xb9-\xbb]|\xf0\x91\x82\xbd|\xf0\x91\x83\x8d|\xf0\x93\x90[\xb0-\xbf]|\xf0\x9b\xb2[\xa0-\xa3]|\xf0\x9d\x85[\xb3-\xba]|\xf3\xa0[\x80-\x87][\x80-\xbf]/g;

function shown(view: string): string[] {
  return [...new Set([view, view.replace(INVISIBLE, '')])];
}

export type Guard = ReturnType<typeof makeGuard>;

export function makeGuard(secrets: readonly { name: string; value: string }[]) {
  const finders = secrets.map(({ name, value }) => ({ name, holds: partFinder(secretOf(value)) }));
  const spaced = secrets.some(({ value }) => /\s/.test(secretOf(value)));
  // The `response` output is checked when its answer arrives and again when it is written. Passing
  // as a cut text covers passing whole: the cut rules only add.
  let passed: { readonly text: string; readonly cut: boolean } | undefined;
  const secretIn = (text: string, cut = false) => {
    if (passed?.text === text && (passed.cut || !cut)) return undefined;
    for (const view of decodedViews(byteString(text), cut, spaced).flatMap(shown)) {
      const found = finders.find(({ holds }) => holds(view, cut));
      if (found) return found.name;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ObjectLiteral: which texts are remembered changes only the cost
    if (text.length >= 4096 && text.length <= MAX_RESPONSE_OUTPUT_BYTES) passed = { text, cut };
    return undefined;
  };
  const redact = (text: string, cut?: boolean) => {
    const found = secretIn(text, cut);
    return found === undefined ? text : `[withheld: this text contained part of ${found}]`;
  };
  return Object.assign(redact, { secretIn });
}

// One guard for every text: building it is most of the cost of a short text.
export function holdsPartOfKey(texts: readonly string[], secret: string): boolean {
  const guard = makeGuard([{ name: 'the secret', value: secret }]);
  return texts.some((text) => guard.secretIn(text) !== undefined);
}

/** The first `end` characters of `whole`, withheld also for a part that straddles the cut. */
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

/** A success as it came (a refusal as the sender read it); of an error, only what may be printed. */
export function guardResult(result: AttemptResult, guard: Guard): AttemptResult {
  if (result.kind === 'failure') return result;
  const held = guard.secretIn(result.location);
  // A withheld address is no address: resolved against the request's, the notice would make one up.
  const location = held === undefined ? {} : { location: '', locationHeld: held };
  const success = result.status >= 200 && result.status < 300;
  if (success && result.refusal === undefined) return { ...result, ...location };
  const message = serverMessage(result.body, result.contentType, guard, result.cut);
  if (success) return { ...result, ...location, message };
  const end = cutUtf8(result.body, MAX_RESPONSE_OUTPUT_BYTES).length;
  // Cut, a JSON body may no longer parse: whether it did is kept, so that its start is shown.
  const json = end < result.body.length && isJsonBody(result.body, result.contentType);
  return {
    ...result,
    ...location,
    link: guard(result.link),
    body: guardStart(guard, result.body, end, result.cut),
    message,
    ...(json ? { json } : {}),
  };
}
