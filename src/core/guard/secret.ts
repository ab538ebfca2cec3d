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

/**
 * The spellings of the key registered with the runner's masking besides the key itself. The runner
 * masks exact strings only, so this is a second line of defence for the commonest echoes; what the
 * action prints is checked by the guard (guard.ts), which decodes instead of listing spellings.
 */
export function keyForms(key: string): string[] {
  const bytes = Buffer.from(key);
  const forms = [
    key,
    JSON.stringify(key).slice(1, -1),
    encodeURIComponent(key),
    bytes.toString('base64'),
    bytes.toString('base64url'),
  ];
  return [...new Set(forms)].filter((form) => form !== '');
}

/** The shape of the guard (guard.ts) as callers use it. */
export type Redact = (text: string, cut?: boolean) => string;
