// argv and LISTING_AUTO_DEPLOY_* variables into what to do: `node:util`'s parseArgs, strict.

import { parseArgs } from 'node:util';
import { UsageError } from '../core/errors.js';
import type { Env, Inputs } from '../core/inputs.js';
import { KEY_VARIABLE, OPTIONS, VERBOSE_VARIABLE, variableOf } from './options.js';

export type KeySource =
  | { readonly kind: 'variable' }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'stdin' };

export type Command = 'deploy' | 'listings' | 'help' | 'version';

export interface CommandLine {
  readonly command: Command;
  /** The inputs by name, for the core's settings; the key is added once read. */
  readonly inputs: Inputs;
  /** The inputs whose value came from their LISTING_AUTO_DEPLOY_* variable, not a flag. */
  readonly fromVariable: ReadonlySet<string>;
  readonly key: KeySource;
  readonly json: boolean;
  /** The debug log on standard error: --verbose, or LISTING_AUTO_DEPLOY_VERBOSE=1. */
  readonly verbose: boolean;
}

const COMMANDS = ['deploy', 'listings'] as const;

const RELEASE_VERSION_HINT = 'The version to send is --release-version <version>.';

function refuseKeyArgument(args: readonly string[]): void {
  const end = args.indexOf('--');
  for (const arg of end < 0 ? args : args.slice(0, end)) {
    if (arg === '--api-key' || arg.startsWith('--api-key=')) {
      throw new UsageError(
        `--api-key is refused: the key never travels in an argument, which process lists, shell ` +
          `history and CI logs show. Set ${KEY_VARIABLE}, or use --api-key-file <path> or ` +
          '--api-key-stdin. Nothing was sent.',
      );
    }
  }
}

function parse(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: true,
      options: Object.fromEntries(
        OPTIONS.map((option) => [
          option.name,
          {
            type: option.type,
            ...(option.multiple ? { multiple: true } : {}),
            ...(option.short === undefined ? {} : { short: option.short }),
          },
        ]),
      ),
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

/**
 * parseArgs quotes an unknown option whole (`--sk_live_…`), and a key pasted after `--` is one:
 * it is named only when shorter than a part of a key (8 characters), and a near miss
 * (`--changelog_file`) gets the option meant.
 */
function unknownOption(message: string): string | undefined {
  const given = /^Unknown option '([^']*)'/.exec(message)?.[1];
  if (given === undefined) return undefined;
  const name = given.replace(/^-+/, '');
  const meant = OPTIONS.find((option) => option.name === name.toLowerCase().replaceAll('_', '-'));
  if (meant !== undefined) return `Unknown option: did you mean --${meant.name}?`;
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
  const known = COMMANDS.find((name) => name === command);
  if (known === undefined) {
    // Not quoted: a stray argument may be a key pasted in the wrong place.
    throw new UsageError('Unknown command: use deploy or listings. See --help.');
  }
  return known;
}

/** Each option of an action input, under the input's name: the flag, else its variable. */
function inputsOf(values: Record<string, unknown>, env: Env) {
  const inputs: Record<string, string> = {};
  const fromVariable = new Set<string>();
  for (const option of OPTIONS) {
    const variable = variableOf(option);
    if (variable === undefined || option.input === undefined) continue;
    const value = values[option.name];
    if (Array.isArray(value)) inputs[option.input] = value.join('\n');
    else if (typeof value === 'string') inputs[option.input] = value;
    else if (value === true) inputs[option.input] = 'true';
    else if (env[variable] !== undefined) {
      inputs[option.input] = env[variable];
      fromVariable.add(option.input);
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

/**
 * `--version` prints the command's own version, as every command does. Given with anything else,
 * it is most likely meant as the version to send: refused, so that a deploy never ends as a
 * printed version and exit 0.
 */
function refuseVersionWithOthers(args: readonly string[]): void {
  if (args.length === 1) return;
  throw new UsageError(
    `--version prints this command's own version and takes nothing else. ${RELEASE_VERSION_HINT} ` +
      'See --help.',
  );
}

const NOTHING = {
  inputs: {},
  fromVariable: new Set<string>(),
  key: { kind: 'variable' },
  verbose: false,
} as const;

/** --verbose, else its variable: `1` or `true`, in any case. */
function verboseOf(values: Record<string, unknown>, env: Env): boolean {
  if (values.verbose === true) return true;
  return ['1', 'true'].includes((env[VERBOSE_VARIABLE] ?? '').trim().toLowerCase());
}

/** What the command line asks for. Throws UsageError. */
export function parseCommandLine(args: readonly string[], env: Env): CommandLine {
  refuseKeyArgument(args);
  const { values, positionals } = parse(args);
  const json = values.json === true;
  if (values.help === true) return { command: 'help', ...NOTHING, json };
  if (values.version === true) {
    refuseVersionWithOthers(args);
    return { command: 'version', ...NOTHING, json };
  }
  return {
    command: commandOf(positionals),
    ...inputsOf(values, env),
    key: keySourceOf(values),
    json,
    verbose: verboseOf(values, env),
  };
}
