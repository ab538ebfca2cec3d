export const MAX_SERVER_MESSAGE = 500;

function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function fromJson(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const record = value as Record<string, unknown>;
  const error = record.error;
  const errors = Array.isArray(record.errors) ? record.errors : [];
  const candidates = [
    typeof error === 'object' && error !== null
      ? asText((error as Record<string, unknown>).message)
      : '',
    asText(error),
    asText(record.message),
    asText(record.detail),
    errors
      .map((item) => fromJson(item))
      .filter(Boolean)
      .join('; '),
  ];
  return candidates.find((text) => text.trim() !== '') ?? '';
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
};

function htmlTitle(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
  return title.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The server's own message from an error body: JSON `error.message`, `error`, `message`,
 * `detail` or `errors[].message`, an HTML `<title>`, or plain text. One line, at most 500
 * characters; '' when there is none. The body must already be redacted.
 */
export function serverMessage(body: string, contentType: string): string {
  const trimmed = body.trim();
  if (trimmed === '') return '';
  const json = parseJson(trimmed);
  let message: string;
  if (json.ok) message = fromJson(json.value);
  else if (/html/i.test(contentType) || /^<(!doctype|html)/i.test(trimmed))
    message = htmlTitle(trimmed);
  else message = trimmed;
  // Control characters and line breaks become spaces: the message is shown on one line.
  const line = message.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return line.length > MAX_SERVER_MESSAGE ? `${line.slice(0, MAX_SERVER_MESSAGE - 1)}…` : line;
}
