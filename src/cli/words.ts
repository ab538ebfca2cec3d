// The command's words: each setting as the user gave it (--if-older, LISTING_AUTO_DEPLOY_IF_OLDER).
import type { SettingName, Words } from '../core/words.js';
import type { CommandLine } from './args.js';
import { KEY_VARIABLE, SETTINGS, variableOf } from './options.js';

const KEY_NAMES = {
  variable: KEY_VARIABLE,
  file: 'the key file (--api-key-file)',
  stdin: 'the key from standard input (--api-key-stdin)',
};

export function commandWords(given?: Pick<CommandLine, 'fromVariable' | 'key'>): Words {
  const key = given?.key.kind ?? 'variable';
  const optionOf = (setting: SettingName) =>
    Object.keys(SETTINGS).find((name) => (SETTINGS[name]?.input ?? name) === setting);
  const name = (setting: SettingName): string => {
    if (setting === 'api-key') return KEY_NAMES[key];
    const option = optionOf(setting);
    if (option === undefined) return setting;
    return given?.fromVariable.has(setting) ? variableOf(option) : `--${option}`;
  };
  return {
    name,
    subject: (setting) => (setting === 'api-key' ? `The key (${name(setting)})` : name(setting)),
    invalid: (setting) => {
      if (setting === 'api-key') return 'Invalid API key';
      const named = name(setting);
      return named.startsWith('--') ? `Invalid option: ${named}` : `Invalid variable: ${named}`;
    },
    source: name,
    assign: (setting, value) => `--${optionOf(setting) ?? setting} ${value}`,
    keyMissing: `Set ${KEY_VARIABLE}, or use --api-key-file <path> or --api-key-stdin.`,
    keyHome: key === 'stdin' ? 'what --api-key-stdin reads' : name('api-key'),
    sentShown: 'printed above',
    envScope: "in the command's environment",
    rollback: 'run the command with --if-older deploy and --release-version <version>',
  };
}
