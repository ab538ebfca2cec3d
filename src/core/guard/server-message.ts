import { field, isObject, NOT_JSON, parseJson, stringOf } from '../json.js';
import { byteString, decodeHtml } from './decoded-views.js';

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

/** Decoded as the guard's HTML view decodes it. */
function htmlTitle(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
  return Buffer.from(decodeHtml(byteString(title)), 'latin1').toString();
}

/** The server's own message from an error body, whole and as written; '' when there is none. */
export function messageText(body: string, contentType: string): string {
  const trimmed = body.trim();
  const json = parseJson(trimmed);
  if (json !== NOT_JSON) return fromJson(json);
  if (/html/i.test(contentType) || /^<(!doctype|html)/i.test(trimmed)) return htmlTitle(trimmed);
  return trimmed;
}

/** Why a 2xx answer is not an answer of the API; undefined for a success. */
export function refusalIn(body: string, contentType: string): 'web-page' | 'refused' | undefined {
  if (/^\s*text\/html\b/i.test(contentType) || /^\s*<(?:!doctype\s+html|html)\b/i.test(body)) {
    return 'web-page';
  }
  // Parsed only when it may say so (a page of the list may be 64 MiB): a key `success` or `ok`, or
  // one written with a `\u` escape, set to false.
  if (!/"(?:success|ok|[^"]*\\u[^"]*)"\s*:\s*false/.test(body)) return undefined;
  const json = parseJson(body);
  return isObject(json) && (json.success === false || json.ok === false) ? 'refused' : undefined;
}

export function isJsonBody(body: string, contentType: string): boolean {
  return /[/+]json\b/i.test(contentType) || parseJson(body) !== NOT_JSON;
}

export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

/** The first MAX_SERVER_MESSAGE - 1 characters, then `…`. */
export function shownLength(line: string): number {
  return line.length > MAX_SERVER_MESSAGE ? MAX_SERVER_MESSAGE - 1 : line.length;
}

/** For a body that has passed the guard whole: an answer the guard has seen carries `message`. */
export function serverMessage(body: string, contentType: string): string {
  const line = oneLine(messageText(body, contentType));
  const length = shownLength(line);
  return length < line.length ? `${line.slice(0, length)}…` : line;
}
