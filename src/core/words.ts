// The words that differ between the front ends: the action says `if-older` and `if-older: deploy`,
// the command --if-older and --if-older deploy. A front end gives its words to the step as a value
// (they travel with the settings), and a message of the engine names a setting through them.

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

/** A front end's words for settings, and its own sentences. */
export interface Words {
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
  /** What to do about a missing key. */
  readonly keyMissing: string;
  /** Where the user keeps the key, to update it. */
  readonly keyHome: string;
  /** Where the version and changelog that were sent can be read. */
  readonly sentShown: string;
  /** Where an environment variable such as NODE_EXTRA_CA_CERTS is set. */
  readonly envScope: string;
  /** How to roll a listing back on purpose. */
  readonly rollback: string;
}
