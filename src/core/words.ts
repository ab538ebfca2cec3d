// The words that differ between the front ends. A message of the engine names a setting, or says
// how to run again, as data: a marker that each front end renders in its own words (the action:
// input `if-older`, `if-older: deploy`; the command: --if-older, --if-older deploy). Every printed
// text passes `renderWords` on its way out, before the key's guard.

import { randomBytes } from 'node:crypto';

/** The settings, by the name of the action's input. */
export const SETTING_NAMES = [
  'listing-id',
  'api-key',
  'base-url',
  'version',
  'strip-tag-prefix',
  'changelog',
  'changelog-file',
  'changelog-max-length',
  'changelog-format',
  'dry-run',
  'skip-unchanged',
  'if-older',
  'timeout-seconds',
  'retries',
  'github-token',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/** Sentences that are the front end's own, whole. */
export const PHRASES = [
  /** What to do about a missing key. */
  'key-missing',
  /** Where the user keeps the key, to update it. */
  'key-home',
  /** Where the version and changelog that were sent can be read. */
  'sent-shown',
  /** Where an environment variable such as NODE_EXTRA_CA_CERTS is set. */
  'env-scope',
  /** How to roll a listing back on purpose. */
  'rollback',
] as const;
export type Phrase = (typeof PHRASES)[number];

/** How a setting is named in a sentence. */
export const FORMS = ['name', 'subject', 'invalid', 'source'] as const;
export type Form = (typeof FORMS)[number];

/** A front end's words for every marker. */
export interface Namer {
  /** Within a sentence: `if-older` (action), --if-older (command). */
  name(setting: SettingName): string;
  /** At the start of a sentence about its value: Input `if-older`, --if-older. */
  subject(setting: SettingName): string;
  /** A title: Invalid input: if-older, Invalid option: --if-older. */
  invalid(setting: SettingName): string;
  /** Where a value came from: the `version` input, --release-version. */
  source(setting: SettingName): string;
  /** The setting given a value: `if-older: deploy`, --if-older deploy. */
  assign(setting: SettingName, value: string): string;
  phrase(phrase: Phrase): string;
}

/**
 * A marker opens with a private-use character and a token drawn once per process: server text and
 * changelogs cannot guess it, so they can never make a front end word a setting or a phrase.
 */
export const OPEN = `\uE000${randomBytes(6).toString('hex')}:`;
export const CLOSE = '\uE001';

/** A setting named in a message, for each front end to word. */
export function setting(name: SettingName, form: Form = 'name'): string {
  return `${OPEN}${form} ${name}${CLOSE}`;
}

/** A setting with a value, as the user would give it. `value` is a word of the engine's own. */
export function assignment(name: SettingName, value: string): string {
  return `${OPEN}assign ${name} ${value}${CLOSE}`;
}

export function phrase(name: Phrase): string {
  return `${OPEN}phrase ${name}${CLOSE}`;
}

const isSetting = (name: string): name is SettingName =>
  (SETTING_NAMES as readonly string[]).includes(name);
const isPhrase = (name: string): name is Phrase => (PHRASES as readonly string[]).includes(name);
const isForm = (name: string): name is Form => (FORMS as readonly string[]).includes(name);

const MARKER = new RegExp(`${OPEN}([a-z]+) ([a-z-]+)(?: ([a-z-]+))?${CLOSE}`, 'g');

function word(namer: Namer, kind: string, name: string, value: string | undefined): string {
  if (kind === 'phrase' && isPhrase(name)) return namer.phrase(name);
  if (!isSetting(name)) return '';
  if (kind === 'assign' && value !== undefined) return namer.assign(name, value);
  return isForm(kind) ? namer[kind](name) : '';
}

/**
 * `text` in the front end's words. Markers come only from the engine (they hold its token); the
 * delimiters of anything else that looks like one, such as a server's text, are dropped and its
 * words stay as they were written.
 */
export function renderWords(
  text: string,
  namer: Namer,
  /** Applied to each word: e.g. HTML escaping, for text already in HTML. */
  encode: (word: string) => string = (word) => word,
): string {
  // Stryker disable next-line ConditionalExpression: a fast path; the replacements below leave such a text as it is.
  if (!text.includes('\uE000') && !text.includes(CLOSE)) return text;
  return text
    .replace(MARKER, (_, kind: string, name: string, value: string | undefined) =>
      encode(word(namer, kind, name, value)),
    )
    .replace(/[\uE000\uE001]/g, '');
}
