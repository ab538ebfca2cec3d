// The command's words for the engine's markers: each setting as the user gave it, an option
// (--if-older) or its variable (LISTING_AUTO_DEPLOY_IF_OLDER).
import type { Namer, Phrase, SettingName } from '../core/words.js';
import type { KeySource } from './args.js';
import { KEY_VARIABLE, optionOf, variableOf } from './options.js';

const PHRASES: Record<Exclude<Phrase, 'key-home'>, string> = {
  'key-missing': `Set ${KEY_VARIABLE}, or use --api-key-file <path> or --api-key-stdin.`,
  'sent-shown': 'printed above',
  'env-scope': "in the command's environment",
  rollback: 'run the command with --if-older deploy and --release-version <version>',
};

function keyName(key: KeySource): string {
  if (key.kind === 'variable') return KEY_VARIABLE;
  if (key.kind === 'file') return 'the key file (--api-key-file)';
  return 'the key from standard input (--api-key-stdin)';
}

function keyHome(key: KeySource): string {
  if (key.kind === 'variable') return KEY_VARIABLE;
  if (key.kind === 'file') return 'the key file (--api-key-file)';
  return 'what --api-key-stdin reads';
}

/** The command's words, naming each setting where it came from. */
export function commandWords(
  given: { readonly fromVariable: ReadonlySet<string>; readonly key: KeySource } = {
    fromVariable: new Set(),
    key: { kind: 'variable' },
  },
): Namer {
  const name = (setting: SettingName): string => {
    if (setting === 'api-key') return keyName(given.key);
    const option = optionOf(setting);
    if (option === undefined) return setting;
    const variable = variableOf(option);
    // Stryker disable next-line ConditionalExpression: an option that mirrors a setting has a variable.
    return given.fromVariable.has(setting) && variable !== undefined
      ? variable
      : `--${option.name}`;
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
    assign: (setting, value) => `--${optionOf(setting)?.name ?? setting} ${value}`,
    // Where the key is kept, to copy it again or replace it: where this run read it from.
    phrase: (phrase) => (phrase === 'key-home' ? keyHome(given.key) : PHRASES[phrase]),
  };
}
