import { field, NOT_JSON, parseJson, stringOf } from './json.js';
import { byteString, decodeHtml } from './views.js';

export const MAX_SERVER_MESSAGE = 500;

function fromJson(value: unknown): string {
  if (typeof value === 'string') return value;
  // Stryker disable next-line ConditionalExpression: a number or boolean has no fields either, so reading them gives '' all the same.
  if (typeof value !== 'object' || value === null) return '';
  const record = value as Record<string, unknown>;
  const error = record.error;
  const errors = Array.isArray(record.errors) ? record.errors : [];
  const candidates = [
    stringOf(field(error, 'message')),
    stringOf(error),
    stringOf(record.message),
    stringOf(record.detail),
    errors
      .map((item) => fromJson(item))
      .filter(Boolean)
      .join('; '),
  ];
  return candidates.find((text) => text.trim() !== '') ?? '';
}

/** HTML character references decoded, as the guard's HTML view decodes them. */
function decodeEntities(text: string): string {
  return Buffer.from(decodeHtml(byteString(text)), 'latin1').toString();
}

function htmlTitle(html: string): string {
  return decodeEntities(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '');
}

/**
 * The server's own message from an error body: JSON `error.message`, `error`, `message`,
 * `detail` or `errors[].message`, an HTML `<title>`, or plain text. One line, at most 500
 * characters; '' when there is none. The body must already have passed the guard: it checks the
 * whole body, and this message is only cut after that.
 */
export function serverMessage(body: string, contentType: string): string {
  const trimmed = body.trim();
  const json = parseJson(trimmed);
  let message: string;
  if (json !== NOT_JSON) message = fromJson(json);
  else if (/html/i.test(contentType) || /^<(!doctype|html)/i.test(trimmed))
    message = htmlTitle(trimmed);
  else message = trimmed;
  // Control characters and line breaks become spaces: the message is shown on one line.
  const line = message.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return line.length > MAX_SERVER_MESSAGE ? `${line.slice(0, MAX_SERVER_MESSAGE - 1)}…` : line;
}
