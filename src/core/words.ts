// The words that differ between the front ends: `if-older` in the action, --if-older in the command.

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
  name(setting: SettingName): string;
  subject(setting: SettingName): string;
  invalid(setting: SettingName): string;
  source(setting: SettingName): string;
  assign(setting: SettingName, value: string): string;
  readonly keyMissing: string;
  readonly keyHome: string;
  readonly sentShown: string;
  readonly envScope: string;
  readonly rollback: string;
}
