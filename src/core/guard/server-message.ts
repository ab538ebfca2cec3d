import { field, isObject, parseJson, stringOf } from '../json.js';
import { byteString, decodeHtml } from './decoded-views.js';
import type { Redact } from './secret.js';

export const MAX_SERVER_MESSAGE = 500;

function fromJson(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!isObject(value)) return '';
  const errors = Array.isArray(value.errors) ? value.errors : [];
  const candidates = [
    stringOf(field(value.error, 'message')),
    stringOf(value.error),
    stringOf(value.message),
    stringOf(value.detail),
    errors.map(fromJson).filter(Boolean).join('; '),
  ];
  return candidates.find((text) => text.trim() !== '') ?? '';
}

/** The server's own message from an error body, whole and as written; '' when there is none. */
function messageText(body: string, contentType: string): string {
  const trimmed = body.trim();
  const json = parseJson(trimmed);
  if (json !== undefined) return fromJson(json);
  if (!/html/i.test(contentType) && !/^<(!doctype|html)/i.test(trimmed)) return trimmed;
  // The title, decoded as the guard's HTML view decodes it.
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1] ?? '';
  return Buffer.from(decodeHtml(byteString(title)), 'latin1').toString();
}

/** Why a 2xx answer is not an answer of the API; undefined for a success. */
export function refusalIn(body: string, contentType: string): 'web-page' | 'refused' | undefined {
  if (/^\s*text\/html\b/i.test(contentType) || /^\s*<(?:!doctype\s+html|html)\b/i.test(body))
    return 'web-page';
  // Parsed only when it may say so (a page of the list may be 64 MiB): a key `success` or `ok`, or
  // one written with a `\u` escape, set to false.
  if (!/"(?:success|ok|[^"]*\\u[^"]*)"\s*:\s*false/.test(body)) return undefined;
  const json = parseJson(body);
  return isObject(json) && (json.success === false || json.ok === false) ? 'refused' : undefined;
}

export function isJsonBody(body: string, contentType: string): boolean {
  return /[/+]json\b/i.test(contentType) || parseJson(body) !== undefined;
}

function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

/** Characters either side of a cut that the guard also sees, in every encoding a part may take. */
export const SEAM = 256;

// Guarded also as written up to a seam past the cut: there a part is seen whole, its spaces and
// line breaks not yet joined, even when it straddles the cut.
export function serverMessage(
  body: string,
  contentType: string,
  guard: Redact = (text) => text,
  cut = false,
): string {
  const text = messageText(body, contentType);
  const wanted = MAX_SERVER_MESSAGE + SEAM;
  // Enough of the text for the line shown and its seam, however much of it is space: a text read
  // in part makes a longer line than the one shown.
  let written = text.slice(0, wanted);
  while (written.length < text.length && oneLine(written).length < wanted) {
    written = text.slice(0, 2 * written.length);
  }
  const more = written.length < text.length;
  const decided = guard(written, cut && !more);
  if (decided !== written) return decided;
  const line = oneLine(written);
  const shortened = line.length > MAX_SERVER_MESSAGE;
  const printed = shortened ? line.slice(0, MAX_SERVER_MESSAGE - 1) : line;
  const shown = guard(printed, cut || shortened);
  if (shown !== printed) return shown;
  return shortened ? `${printed}…` : printed;
}
