import { parseArgs } from 'node:util';
import { UsageError } from '../core/errors.js';
import type { Env, Inputs } from '../core/inputs.js';
import { ACTION_NAME } from '../core/meta.js';
import type { SettingName, Words } from '../core/words.js';
import { flagOf, KEY_VARIABLE, OPTIONS, SETTINGS, variableOf } from './options.js';

export type KeySource = CommandLine['key'];
export type CommandLine = Extract<ReturnType<typeof parseCommandLine>, { inputs: Inputs }>;

/** The option an argument names (`--`, `--dry-run=x`, `-hV`), else undefined: it may be a value. */
function optionNamedBy(arg: string): string | undefined {
  const name = arg.replace(/=.*/s, '');
  if (arg === '--' || (name.startsWith('--') && Object.hasOwn(OPTIONS, name.slice(2)))) return name;
  const short = (flag: string) => Object.values(OPTIONS).some((option) => option.short === flag);
  return /^-./s.test(arg) && [...arg.slice(1)].every(short) ? arg : undefined;
}

/** Named only when short: a key pasted after `--` is an unknown option too. */
function unknownOption(rawName: string): string {
  // Up to a quote, as it was once read back from parseArgs's own message.
  const given = rawName.replace(/'.*/s, '');
  const name = given.replace(/-+/, '');
  const meant = name.toLowerCase().replaceAll('_', '-');
  if (Object.hasOwn(OPTIONS, meant)) return `Unknown option: did you mean --${meant}?`;
  return name.length < 8
    ? `Unknown option '${given.startsWith('--') ? '--' : '-'}${name}'.`
    : 'Unknown option (not repeated here: it may be a key pasted in the wrong place).';
}

// Every refusal of the command line ends at --help; one naming --version, at --release-version too.
function refusal(message: string, namesVersion = /--version'/.test(message)): UsageError {
  const hint = namesVersion ? ' The version to send is --release-version <version>.' : '';
  return new UsageError(`${message}${hint} See --help.`);
}

/** parseArgs's checks, but a value such as `- Fixed the importer` taken whole. */
function parse(args: readonly string[]) {
  const end = args.indexOf('--');
  const options = args.slice(0, end < 0 ? undefined : end);
  if (options.some((arg) => /^--api-key(=|$)/.test(arg))) {
    throw new UsageError(
      `--api-key is refused: the key never travels in an argument, which process lists, shell history and CI logs show. Set ${KEY_VARIABLE}, or use --api-key-file <path> or --api-key-stdin. Nothing was sent.`,
    );
  }
  options.forEach((arg, index) => {
    const next = optionNamedBy(args[index + 1] ?? '');
    if (next !== undefined && arg.startsWith('--') && OPTIONS[arg.slice(2)]?.value) {
      throw refusal(
        `${arg} needs a value, and the argument after it is the option ${next}. A value that could be read as an option is written after an equals sign: ${arg}=-x.`,
      );
    }
  });
  const config = Object.entries(OPTIONS).map(([name, { value, multiple, short }]) => {
    const type = value === undefined ? 'boolean' : 'string';
    return [name, { type, ...(multiple && { multiple }), ...(short && { short }) }] as const;
  });
  const parsed = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: false,
    tokens: true,
    options: Object.fromEntries(config),
  });
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    const { name, rawName, value } = token;
    const option = Object.hasOwn(OPTIONS, name) ? OPTIONS[name] : undefined;
    if (option === undefined)
      throw refusal(unknownOption(rawName), /--version'/.test(`'${rawName}'`));
    if (option.value !== undefined && value === undefined)
      throw refusal(`Option '--${name} <value>' argument missing.`);
    if (option.value === undefined && value !== undefined)
      throw refusal(`Option '${flagOf(name, option)}' does not take an argument.`);
  }
  return parsed;
}

function keySourceOf(file: unknown, stdin: boolean) {
  if (typeof file !== 'string') return { kind: stdin ? 'stdin' : 'variable' } as const;
  if (stdin)
    throw new UsageError('--api-key-file and --api-key-stdin are both given: use one of them.');
  if (file.trim() === '') throw new UsageError('--api-key-file needs the path of a file.');
  return { kind: 'file', path: file } as const;
}

export function parseCommandLine(args: readonly string[], env: Env) {
  const { values, positionals } = parse(args);
  if (values.help === true) return { command: 'help' } as const;
  if (values.version === true) {
    // With anything else, it is most likely meant as the version to send.
    if (args.length > 1)
      throw refusal("--version prints this command's own version and takes nothing else.", true);
    return { command: 'version' } as const;
  }
  const [command = 'deploy', ...others] = positionals;
  if (others.length > 0)
    throw refusal(`One command at most (deploy or listings); ${positionals.length} were given.`);
  // Not quoted: a stray argument may be a key pasted in the wrong place.
  if (command !== 'deploy' && command !== 'listings')
    throw refusal('Unknown command: use deploy or listings.');
  const inputs: Record<string, string> = {};
  const fromVariable = new Set<string>();
  for (const [name, { input = name }] of Object.entries(SETTINGS)) {
    const value = values[name] ?? env[variableOf(name)];
    if (value === undefined) continue;
    inputs[input] = Array.isArray(value) ? value.join('\n') : String(value);
    if (values[name] === undefined) fromVariable.add(input);
  }
  const verbose = env[variableOf('verbose')]?.trim().toLowerCase();
  return {
    command,
    inputs,
    fromVariable,
    key: keySourceOf(values['api-key-file'], values['api-key-stdin'] === true),
    json: values.json === true,
    verbose: values.verbose === true || verbose === '1' || verbose === 'true',
  } as const;
}

export function helpText(): string {
  const width = Math.max(...Object.entries(OPTIONS).map(([name, o]) => flagOf(name, o).length));
  const lines = Object.entries(OPTIONS).map(([name, option]) => {
    const fallback = option.fallback === undefined ? '' : ` Default: ${option.fallback}.`;
    return `  ${flagOf(name, option).padEnd(width)}  ${option.description}${fallback}`;
  });
  return `Usage: ${ACTION_NAME} [deploy] [options]   update the listings to this release
       ${ACTION_NAME} listings [options]   list the listings the key's account owns

The key comes from ${KEY_VARIABLE}, --api-key-file or --api-key-stdin, never from an argument.
Each option of what to send and how may also come from a variable LISTING_AUTO_DEPLOY_<OPTION>
(e.g. LISTING_AUTO_DEPLOY_BASE_URL for --base-url); a flag wins over its variable.

Options:
${lines.join('\n')}

Exit status: 0 every listing updated or skipped, 1 a listing failed, 2 stopped before any
request (a usage, option, key, version or changelog error).
`;
}

// Each setting as the user gave it: --if-older, or LISTING_AUTO_DEPLOY_IF_OLDER.
export function commandWords(given?: Pick<CommandLine, 'fromVariable' | 'key'>): Words {
  const key = given?.key.kind ?? 'variable';
  const keyName = {
    variable: KEY_VARIABLE,
    file: 'the key file (--api-key-file)',
    stdin: 'the key from standard input (--api-key-stdin)',
  }[key];
  const optionOf = (setting: SettingName) =>
    Object.keys(SETTINGS).find((name) => (SETTINGS[name]?.input ?? name) === setting);
  const name = (setting: SettingName): string => {
    if (setting === 'api-key') return keyName;
    const option = optionOf(setting);
    if (option === undefined) return setting;
    return given?.fromVariable.has(setting) ? variableOf(option) : `--${option}`;
  };
  return {
    name,
    subject: (setting) => (setting === 'api-key' ? `The key (${name(setting)})` : name(setting)),
    invalid: (setting) =>
      setting === 'api-key'
        ? 'Invalid API key'
        : `Invalid ${name(setting).startsWith('--') ? 'option' : 'variable'}: ${name(setting)}`,
    source: name,
    assign: (setting, value) => `--${optionOf(setting) ?? setting} ${value}`,
    keyMissing: `Set ${KEY_VARIABLE}, or use --api-key-file <path> or --api-key-stdin.`,
    keyHome: key === 'stdin' ? 'what --api-key-stdin reads' : name('api-key'),
    sentShown: 'printed above',
    envScope: "in the command's environment",
    rollback: 'run the command with --if-older deploy and --release-version <version>',
  };
}
