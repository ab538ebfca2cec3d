import { parseArgs } from 'node:util';
import { UsageError } from '../core/errors.js';
import type { Env, Inputs } from '../core/inputs.js';
import { ACTION_NAME } from '../core/meta.js';
import {
  flagOf,
  KEY_VARIABLE,
  OPTIONS,
  optionNamedBy,
  SETTINGS,
  VERBOSE_VARIABLE,
  valueOptionOf,
  variableOf,
} from './options.js';

export type KeySource =
  | { readonly kind: 'variable' }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'stdin' };

export interface CommandLine {
  readonly command: 'deploy' | 'listings' | 'help' | 'version';
  readonly inputs: Inputs;
  readonly fromVariable: ReadonlySet<string>;
  readonly key: KeySource;
  readonly json: boolean;
  readonly verbose: boolean;
}

const RELEASE_VERSION_HINT = 'The version to send is --release-version <version>.';

function parse(args: readonly string[]) {
  const options = Object.entries(OPTIONS).map(([name, { value, multiple, short }]) => {
    const type = value === undefined ? 'boolean' : 'string';
    return [name, { type, ...(multiple && { multiple }), ...(short && { short }) }] as const;
  });
  const joined = joinValues(args);
  try {
    return parseArgs({
      args: joined,
      strict: true,
      allowPositionals: true,
      options: Object.fromEntries(options),
    });
  } catch (error) {
    // parseArgs names the option, never the value after `=`; but an unknown option may be a key.
    const message = error instanceof Error ? error.message : String(error);
    const hint = /--version'/.test(message) ? ` ${RELEASE_VERSION_HINT}` : '';
    throw new UsageError(
      `${unknownOption(message) ?? message.replace(/\.?$/, '.')}${hint} See --help.`,
    );
  }
}

/** `--option value` as `--option=value`: parseArgs refuses a value such as `- Fixed the importer`. */
function joinValues(args: readonly string[]): string[] {
  const rest = [...args];
  const joined: string[] = [];
  for (let arg = rest.shift(); arg !== undefined; arg = rest.shift()) {
    if (arg === '--') return [...joined, arg, ...rest];
    const value = rest[0];
    if (valueOptionOf(arg) === undefined || value === undefined) {
      joined.push(arg);
      continue;
    }
    const option = optionNamedBy(value);
    if (option !== undefined) {
      throw new UsageError(
        `${arg} needs a value, and the argument after it is the option ${option}. A value that ` +
          `could be read as an option is written after an equals sign: ${arg}=-x. See --help.`,
      );
    }
    joined.push(`${arg}=${value}`);
    rest.shift();
  }
  return joined;
}

/** parseArgs quotes an unknown option whole, and a key pasted after `--` is one: short ones only. */
function unknownOption(message: string): string | undefined {
  const given = /Unknown option '([^']*)'/.exec(message)?.[1];
  if (given === undefined) return undefined;
  const name = given.replace(/-+/, '');
  const meant = name.toLowerCase().replaceAll('_', '-');
  if (Object.hasOwn(OPTIONS, meant)) return `Unknown option: did you mean --${meant}?`;
  return name.length < 8
    ? `Unknown option '${given.startsWith('--') ? '--' : '-'}${name}'.`
    : 'Unknown option (not repeated here: it may be a key pasted in the wrong place).';
}

function commandOf(positionals: readonly string[]): 'deploy' | 'listings' {
  if (positionals.length > 1) {
    throw new UsageError(
      `One command at most (deploy or listings); ${positionals.length} were given. See --help.`,
    );
  }
  const [command = 'deploy'] = positionals;
  // Not quoted: a stray argument may be a key pasted in the wrong place.
  if (command === 'deploy' || command === 'listings') return command;
  throw new UsageError('Unknown command: use deploy or listings. See --help.');
}

function inputsOf(values: Record<string, unknown>, env: Env) {
  const inputs: Record<string, string> = {};
  const fromVariable = new Set<string>();
  for (const [name, option] of Object.entries(SETTINGS)) {
    const input = option.input ?? name;
    const value = values[name];
    const variable = env[variableOf(name)];
    if (value !== undefined) {
      inputs[input] = Array.isArray(value) ? value.join('\n') : String(value);
    } else if (variable !== undefined) {
      inputs[input] = variable;
      fromVariable.add(input);
    }
  }
  return { inputs, fromVariable };
}

function keySourceOf(values: Record<string, unknown>): KeySource {
  const file = values['api-key-file'];
  const stdin = values['api-key-stdin'] === true;
  if (typeof file === 'string' && stdin) {
    throw new UsageError('--api-key-file and --api-key-stdin are both given: use one of them.');
  }
  if (typeof file === 'string') {
    if (file.trim() === '') throw new UsageError('--api-key-file needs the path of a file.');
    return { kind: 'file', path: file };
  }
  return stdin ? { kind: 'stdin' } : { kind: 'variable' };
}

export const NOTHING = {
  inputs: {},
  fromVariable: new Set<string>(),
  key: { kind: 'variable' },
  verbose: false,
} as const;

/** Throws UsageError. */
export function parseCommandLine(args: readonly string[], env: Env): CommandLine {
  const end = args.indexOf('--');
  if (args.slice(0, end < 0 ? undefined : end).some((arg) => /^--api-key(=|$)/.test(arg))) {
    throw new UsageError(
      `--api-key is refused: the key never travels in an argument, which process lists, shell ` +
        `history and CI logs show. Set ${KEY_VARIABLE}, or use --api-key-file <path> or ` +
        '--api-key-stdin. Nothing was sent.',
    );
  }
  const { values, positionals } = parse(args);
  const json = values.json === true;
  if (values.help === true) return { command: 'help', ...NOTHING, json };
  if (values.version === true) {
    // With anything else, it is most likely meant as the version to send.
    if (args.length > 1) {
      throw new UsageError(
        `--version prints this command's own version and takes nothing else. ${RELEASE_VERSION_HINT} ` +
          'See --help.',
      );
    }
    return { command: 'version', ...NOTHING, json };
  }
  const verbose = env[VERBOSE_VARIABLE]?.trim().toLowerCase();
  return {
    command: commandOf(positionals),
    ...inputsOf(values, env),
    key: keySourceOf(values),
    json,
    verbose: values.verbose === true || verbose === '1' || verbose === 'true',
  };
}

export function helpText(): string {
  const rows = Object.entries(OPTIONS).map(
    ([name, option]) => [flagOf(name, option), option] as const,
  );
  const width = Math.max(...rows.map(([flag]) => flag.length));
  const lines = rows.map(([flag, option]) => {
    const fallback = option.fallback === undefined ? '' : ` Default: ${option.fallback}.`;
    return `  ${flag.padEnd(width)}  ${option.description}${fallback}`;
  });
  return [
    `Usage: ${ACTION_NAME} [deploy] [options]   update the listings to this release`,
    `       ${ACTION_NAME} listings [options]   list the listings the key's account owns`,
    '',
    `The key comes from ${KEY_VARIABLE}, --api-key-file or --api-key-stdin, never from an argument.`,
    'Each option of what to send and how may also come from a variable LISTING_AUTO_DEPLOY_<OPTION>',
    '(e.g. LISTING_AUTO_DEPLOY_BASE_URL for --base-url); a flag wins over its variable.',
    '',
    'Options:',
    ...lines,
    '',
    'Exit status: 0 every listing updated or skipped, 1 a listing failed, 2 stopped before any',
    'request (a usage, option, key, version or changelog error).',
    '',
  ].join('\n');
}
