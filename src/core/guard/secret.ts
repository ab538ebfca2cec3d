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

/** The guard (guard.ts): the text unchanged, or a notice in its place. `cut`: it was cut short. */
export type Redact = (text: string, cut?: boolean) => string;

/**
 * A key's public prefix: 1 to 3 lower-case words of 1 to 10 letters, each ending in `_` or `-`
 * (`mk_live_`, `sk_test_`, `glpat-`), that every key of its kind shares. Only a prefix followed by
 * at least 16 characters counts: a shorter rest would leave too little to tell keys apart.
 */
const PUBLIC_PREFIX = /^(?:[a-z]{1,10}[_-]){1,3}/;
const MIN_SECRET_AFTER_PREFIX = 16;

/** The key's secret: the key less its public prefix, which every key of its kind shares, or the whole key without one. */
export function secretOf(key: string): string {
  const prefix = PUBLIC_PREFIX.exec(key)?.[0] ?? '';
  // A prefix followed by fewer than 16 characters is not one: the whole key is secret.
  return key.length - prefix.length >= MIN_SECRET_AFTER_PREFIX ? key.slice(prefix.length) : key;
}
