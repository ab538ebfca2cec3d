import { InputError } from './errors.js';
import { ApiKey } from './guard/secret.js';
import type { SettingName, Words } from './words.js';

export type Env = Readonly<Record<string, string | undefined>>;

export type Inputs = Readonly<Record<string, string | undefined>>;

export type Settings = ReturnType<typeof parseSettings>;

export type ChangelogFormat = Settings['changelogFormat'];

const IF_OLDER = ['skip', 'fail', 'deploy'] as const;

export type Connection = Pick<Settings, 'apiKey' | 'baseUrl' | 'timeoutMs' | 'retries' | 'words'>;

export function readInput(inputs: Inputs, name: string): string {
  return inputs[name] ?? '';
}

function invalid(words: Words, name: SettingName, why: string): InputError {
  return new InputError(words, name, `${words.subject(name)} ${why}`);
}

function required(env: Env, words: Words, name: SettingName, hint: string): string {
  const value = readInput(env, name).trim();
  if (value === '') throw invalid(words, name, `is required and was empty. ${hint}`);
  return value;
}

function parseApiKey(env: Env, words: Words): ApiKey {
  const value = required(env, words, 'api-key', words.keyMissing);
  const bad = (why: string) => invalid(words, 'api-key', why);
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

export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(hostname);
}

function parseBaseUrl(env: Env, words: Words): string {
  const hint = 'Set it to the API root, e.g. https://api.example.com/v1.';
  const raw = required(env, words, 'base-url', hint);
  const bad = (why: string) => invalid(words, 'base-url', why);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad('is not an absolute URL; use the API root, e.g. https://api.example.com/v1.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad('must start with https://.');
  if (url.username !== '' || url.password !== '') {
    throw bad(`must not contain credentials; the key goes in ${words.name('api-key')}.`);
  }
  if (raw.includes('?') || raw.includes('#')) {
    throw bad('must not contain a query (?) or a fragment (#).');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw bad(
      'uses http://, which would send the key unencrypted; use https:// (http:// is accepted only for localhost, 127.0.0.0/8 and [::1]).',
    );
  }
  return url.href.replace(/\/+$/, '');
}

export function splitListingIds(text: string): string[] {
  return text
    .split(/[\r\n,]+/)
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

function parseListingIds(text: string, words: Words): readonly string[] {
  const ids = splitListingIds(text);
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

function parseChoice<T extends string>(
  env: Env,
  words: Words,
  name: SettingName,
  choices: readonly [T, ...T[]],
  refusal: string,
): T {
  const value = readInput(env, name).trim();
  if (value === '') return choices[0];
  const known = choices.find((choice) => choice === value);
  if (known === undefined) throw invalid(words, name, refusal);
  return known;
}

/** The YAML 1.2 core schema booleans, as core.getBooleanInput accepts them. */
function parseBoolean(env: Env, words: Words, name: SettingName): boolean {
  const choices = ['false', 'False', 'FALSE', 'true', 'True', 'TRUE'] as const;
  return (
    parseChoice(env, words, name, choices, 'must be `true` or `false`.').toLowerCase() === 'true'
  );
}

function parseWhole(env: Env, name: SettingName, fallback: number, digits: number): number {
  const value = readInput(env, name).trim();
  if (value === '') return fallback;
  return new RegExp(`^\\d{1,${digits}}$`).test(value) ? Number(value) : Number.NaN;
}

function parseInRange(env: Env, words: Words, name: SettingName, fallback: number, max: number) {
  const number = parseWhole(env, name, fallback, 4);
  // Retries may be none; a timeout may not.
  const min = name === 'retries' ? 0 : 1;
  if (number >= min && number <= max) return number;
  throw invalid(words, name, `must be a whole number from ${min} to ${max}.`);
}

const parseTimeoutMs = (env: Env, words: Words) =>
  parseInRange(env, words, 'timeout-seconds', 30, 600) * 1000;
const parseRetries = (env: Env, words: Words) => parseInRange(env, words, 'retries', 3, 10);

function parseChangelogCap(env: Env, words: Words): number {
  const cap = parseWhole(env, 'changelog-max-length', 0, 9);
  if (cap === 0 || cap >= 200) return cap;
  const why = 'must be 0 (no limit) or a whole number of characters from 200.';
  throw invalid(words, 'changelog-max-length', why);
}

function parseChangelogFile(env: Env, words: Words, changelog: string): string {
  const file = readInput(env, 'changelog-file').trim();
  if (file !== '' && changelog !== '') {
    const both = `${words.subject('changelog')} and ${words.name('changelog-file')} are both set: set only one of them.`;
    throw new InputError(words, 'changelog-file', both);
  }
  return file;
}

export function parseConnection(env: Inputs, words: Words): Connection {
  return Object.freeze({
    apiKey: parseApiKey(env, words),
    baseUrl: parseBaseUrl(env, words),
    timeoutMs: parseTimeoutMs(env, words),
    retries: parseRetries(env, words),
    words,
  });
}

export function parseSettings(env: Inputs, words: Words) {
  const raw = readInput(env, 'changelog');
  const changelog = raw.trim() === '' ? '' : raw;
  return Object.freeze({
    apiKey: parseApiKey(env, words),
    baseUrl: parseBaseUrl(env, words),
    listingIds: parseListingIds(readInput(env, 'listing-id'), words),
    changelog,
    version: readInput(env, 'version').trim(),
    stripTagPrefix: readInput(env, 'strip-tag-prefix').trim(),
    dryRun: parseBoolean(env, words, 'dry-run'),
    skipUnchanged: parseBoolean(env, words, 'skip-unchanged'),
    ifOlder: parseChoice(env, words, 'if-older', IF_OLDER, 'must be `skip`, `fail` or `deploy`.'),
    timeoutMs: parseTimeoutMs(env, words),
    retries: parseRetries(env, words),
    /** May be empty: then no GitHub call can be made. */
    githubToken: new ApiKey(readInput(env, 'github-token').trim()),
    changelogFile: parseChangelogFile(env, words, changelog),
    changelogMaxLength: parseChangelogCap(env, words),
    changelogFormat: parseChoice(
      env,
      words,
      'changelog-format',
      ['markdown', 'text', 'html'],
      'must be `markdown`, `text` or `html`.',
    ),
    words,
  });
}
