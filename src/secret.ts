import { inspect } from 'node:util';

const HIDDEN = '***';

/**
 * The API key as a value that cannot print itself: string conversion, JSON and
 * util.inspect all give `***`. Only `reveal()` gives the key, for the header.
 */
export class ApiKey {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return HIDDEN;
  }

  toJSON(): string {
    return HIDDEN;
  }

  [inspect.custom](): string {
    return HIDDEN;
  }
}

/** The key's base64 text that any base64 blob containing the key carries, whatever its offset. */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Leading characters mix in the unknown bytes before the key, trailing ones the bytes after it.
    const start = offset === 0 ? 0 : 4;
    const end = Math.floor((offset + bytes.length) / 3) * 4;
    if (end - start >= 4) cores.push(text.slice(start, end));
  }
  return cores;
}

/** Every spelling of the key that a server might echo back. */
export function keyForms(key: string): string[] {
  if (key === '') return [];
  const escapeJson = (text: string) => JSON.stringify(text).slice(1, -1);
  // Once for a key in a JSON string; twice for JSON quoted inside JSON (an echoed request body).
  const json = escapeJson(key);
  const jsonTwice = escapeJson(json);
  const url = encodeURIComponent(key);
  const bytes = Buffer.from(key, 'utf8');
  const base64 = [bytes.toString('base64'), ...base64Cores(bytes)];
  const forms = [
    key,
    json,
    json.replaceAll('/', '\\/'),
    jsonTwice,
    url,
    url.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    key.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
    ...base64,
    ...base64.map((text) => text.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')),
  ];
  // Longest first, so a form is never half-replaced by a shorter one inside it.
  return [...new Set(forms)].filter((form) => form !== '').sort((a, b) => b.length - a.length);
}

export type Redact = (text: string, cut?: boolean) => string;

/**
 * Replaces every form of the key (from `keyForms`) with `***`. With `cut`, the text was cut
 * short, so a trailing start of a form (at least 3 characters) is replaced as well.
 */
export function makeRedactor(forms: readonly string[]): Redact {
  return (text, cut = false) => {
    let out = text;
    for (const form of forms) out = out.replaceAll(form, HIDDEN);
    if (cut) out = redactTrailingStart(out, forms);
    return out;
  };
}

function redactTrailingStart(text: string, forms: readonly string[]): string {
  for (const form of forms) {
    for (let length = Math.min(form.length - 1, text.length); length >= 3; length--) {
      if (text.endsWith(form.slice(0, length))) return text.slice(0, -length) + HIDDEN;
    }
  }
  return text;
}
