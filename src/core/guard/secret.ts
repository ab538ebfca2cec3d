import { inspect } from 'node:util';

/** The API key as a value that cannot print itself: only `reveal()` gives it, for the header. */
export class ApiKey {
  readonly #value: string;
  readonly toString = () => '***';
  readonly toJSON = this.toString;
  readonly [inspect.custom] = this.toString;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }
}

/** The commonest spellings of the key, for the runner's masking: a second line of defence. */
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

/** The text unchanged, or a notice in its place. `cut`: the text was cut short. */
export type Redact = (text: string, cut?: boolean) => string;

/** `mk_live_`, `sk_test_`, `glpat-`: shared by every key of its kind. */
const PUBLIC_PREFIX = /^(?:[a-z]{1,10}[_-]){1,3}/;

export function secretOf(key: string): string {
  const prefix = PUBLIC_PREFIX.exec(key)?.[0] ?? '';
  return key.length - prefix.length >= 16 ? key.slice(prefix.length) : key;
}
