import { InputError } from './errors.js';
import { ApiKey } from './guard/secret.js';
import type { SettingName, Words } from './words.js';

export type Env = Readonly<Record<string, string | undefined>>;
export type Inputs = Env;
export type Settings = ReturnType<typeof parseSettings>;
export type Connection = ReturnType<typeof parseConnection>;

export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(hostname);
}

export function splitListingIds(text = ''): string[] {
  return text.split(/[\r\n,]/).flatMap((id) => id.trim() || []);
}

const read = (inputs: Inputs, name: SettingName) => (inputs[name] ?? '').trim();

function invalid(words: Words, name: SettingName, why: string): InputError {
  return new InputError(words, name, `${words.subject(name)} ${why}`);
}

function parseApiKey(inputs: Inputs, words: Words): ApiKey {
  const bad = (why: string) => invalid(words, 'api-key', why);
  const value = read(inputs, 'api-key');
  if (value === '') throw bad(`is required and was empty. ${words.keyMissing}`);
  // Visible ASCII and inner spaces only: anything else cannot travel in a header value.
  if (!/^[\x20-\x7e]+$/.test(value)) {
    throw bad(
      `contains characters that are not allowed in an HTTP header (control characters, line breaks or non-ASCII). Copy the key again into ${words.keyHome}.`,
    );
  }
  // The guard withholds any 8 characters of the key, so a shorter key cannot be told from words.
  if (value.length < 8) {
    throw bad(
      `is shorter than 8 characters. A key that short cannot be masked in the log without masking ordinary words (such as \`true\` or \`200\`), so it is refused; copy the whole key into ${words.keyHome}.`,
    );
  }
  return new ApiKey(value);
}

function parseBaseUrl(inputs: Inputs, words: Words): string {
  const bad = (why: string) => invalid(words, 'base-url', why);
  const raw = read(inputs, 'base-url');
  if (raw === '') {
    throw bad(
      'is required and was empty. Set it to the API root, e.g. https://api.example.com/v1.',
    );
  }
  if (!URL.canParse(raw))
    throw bad('is not an absolute URL; use the API root, e.g. https://api.example.com/v1.');
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad('must start with https://.');
  if (url.username !== '' || url.password !== '')
    throw bad(`must not contain credentials; the key goes in ${words.name('api-key')}.`);
  if (/[?#]/.test(raw)) throw bad('must not contain a query (?) or a fragment (#).');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw bad(
      'uses http://, which would send the key unencrypted; use https:// (http:// is accepted only for localhost, 127.0.0.0/8 and [::1]).',
    );
  }
  return url.href.replace(/\/+$/, '');
}

function parseListingIds(inputs: Inputs, words: Words): readonly string[] {
  const ids = splitListingIds(inputs['listing-id']);
  const bad = (why: string) => invalid(words, 'listing-id', why);
  if (ids.length === 0) {
    throw bad(
      'is required and was empty. Set it to the id of the listing to update (several: one per line or comma-separated).',
    );
  }
  const seen = new Set<string>();
  for (const id of ids) {
    if (id === '.' || id === '..') throw bad('must not be `.` or `..`.');
    // A listing id is not secret: naming it is what lets the user find the repeat.
    if (seen.has(id))
      throw bad(`lists ${JSON.stringify(id)} more than once; give each listing once.`);
    seen.add(id);
  }
  return Object.freeze(ids);
}

// A choice's first value is its default; the booleans are YAML 1.2's, as core.getBooleanInput's.
const BOOLEANS = ['false', 'False', 'FALSE', 'true', 'True', 'TRUE'] as const;
const CHOICES = {
  'dry-run': [BOOLEANS, 'must be `true` or `false`.'],
  'skip-unchanged': [BOOLEANS, 'must be `true` or `false`.'],
  'if-older': [['skip', 'fail', 'deploy'], 'must be `skip`, `fail` or `deploy`.'],
  'changelog-format': [['markdown', 'text', 'html'], 'must be `markdown`, `text` or `html`.'],
} as const;

function parseChoice<N extends keyof typeof CHOICES>(inputs: Inputs, words: Words, name: N) {
  const [choices, why]: readonly [readonly string[], string] = CHOICES[name];
  const value = read(inputs, name);
  const known = value === '' ? choices[0] : choices.find((choice) => choice === value);
  if (known === undefined) throw invalid(words, name, why);
  return known as (typeof CHOICES)[N][0][number];
}

// [default, min, max, most digits (leading zeros count), refusal]; the default is always accepted.
const CAP = 'must be 0 (no limit) or a whole number of characters from 200.';
const WHOLE = {
  'timeout-seconds': [30, 1, 600, 4, 'must be a whole number from 1 to 600.'],
  retries: [3, 0, 10, 4, 'must be a whole number from 0 to 10.'],
  'changelog-max-length': [0, 200, 999_999_999, 9, CAP],
} as const;

function parseWhole(inputs: Inputs, words: Words, name: keyof typeof WHOLE): number {
  const [fallback, min, max, digits, why] = WHOLE[name];
  const value = read(inputs, name);
  if (value === '') return fallback;
  const number = new RegExp(`^\\d{1,${digits}}$`).test(value) ? Number(value) : Number.NaN;
  if (number === fallback || (number >= min && number <= max)) return number;
  throw invalid(words, name, why);
}

function parseChangelogFile(inputs: Inputs, words: Words, changelog: string): string {
  const file = read(inputs, 'changelog-file');
  if (file === '' || changelog === '') return file;
  const both = `${words.subject('changelog')} and ${words.name('changelog-file')} are both set: set only one of them.`;
  throw new InputError(words, 'changelog-file', both);
}

export function parseConnection(inputs: Inputs, words: Words) {
  return Object.freeze({
    apiKey: parseApiKey(inputs, words),
    baseUrl: parseBaseUrl(inputs, words),
    timeoutMs: parseWhole(inputs, words, 'timeout-seconds') * 1000,
    retries: parseWhole(inputs, words, 'retries'),
    words,
  });
}

export function parseSettings(inputs: Inputs, words: Words) {
  const changelog = read(inputs, 'changelog') === '' ? '' : (inputs.changelog ?? '');
  return Object.freeze({
    apiKey: parseApiKey(inputs, words),
    baseUrl: parseBaseUrl(inputs, words),
    listingIds: parseListingIds(inputs, words),
    changelog,
    version: read(inputs, 'version'),
    stripTagPrefix: read(inputs, 'strip-tag-prefix'),
    dryRun: parseChoice(inputs, words, 'dry-run').toLowerCase() === 'true',
    skipUnchanged: parseChoice(inputs, words, 'skip-unchanged').toLowerCase() === 'true',
    ifOlder: parseChoice(inputs, words, 'if-older'),
    timeoutMs: parseWhole(inputs, words, 'timeout-seconds') * 1000,
    retries: parseWhole(inputs, words, 'retries'),
    // May be empty: then no GitHub call can be made.
    githubToken: new ApiKey(read(inputs, 'github-token')),
    changelogFile: parseChangelogFile(inputs, words, changelog),
    changelogMaxLength: parseWhole(inputs, words, 'changelog-max-length'),
    changelogFormat: parseChoice(inputs, words, 'changelog-format'),
    words,
  });
}
