// The words that differ between the front ends: `if-older` in the action, --if-older in the command.

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
  readonly keyMissing: string;
  readonly keyHome: string;
  readonly sentShown: string;
  readonly envScope: string;
  readonly rollback: string;
}
