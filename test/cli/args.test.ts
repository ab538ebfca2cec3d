// The command line: argv and LISTING_AUTO_DEPLOY_* into what to do, table by table.

import { describe, expect, it } from 'vitest';
import { type CommandLine, helpText, parseCommandLine } from '../../src/cli/args.js';
import { flagOf, OPTIONS, SETTINGS, variableOf } from '../../src/cli/options.js';
import { UsageError } from '../../src/core/errors.js';

const KEY = 'mk_test_EXAMPLEKEYcreatorNOTREAL';

/** The command line of a run (not --help or --version). */
function runOf(args: string[], env: Record<string, string>): CommandLine {
  const line = parseCommandLine(args, env);
  if (line.inputs === undefined) throw new Error(`${line.command}, not a run`);
  return line;
}

function usageError(args: string[], env: Record<string, string> = {}): UsageError {
  try {
    parseCommandLine(args, env);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommandLine', () => {
  it.each<[string, string[], Record<string, string>, Record<string, string>]>([
    ['a flag', ['--base-url', 'https://x.example/v1'], {}, { 'base-url': 'https://x.example/v1' }],
    ['the = form', ['--release-version=1.2.3'], {}, { version: '1.2.3' }],
    [
      'the version to send from its variable',
      [],
      { LISTING_AUTO_DEPLOY_RELEASE_VERSION: '2.0.0' },
      { version: '2.0.0' },
    ],
    [
      'its variable',
      [],
      { LISTING_AUTO_DEPLOY_BASE_URL: 'https://env.example' },
      { 'base-url': 'https://env.example' },
    ],
    [
      'a flag over its variable',
      ['--retries', '1'],
      { LISTING_AUTO_DEPLOY_RETRIES: '5' },
      { retries: '1' },
    ],
    [
      'a repeated --listing-id, one per line',
      ['--listing-id', 'a', '--listing-id', 'b,c'],
      {},
      {
        'listing-id': 'a\nb,c',
      },
    ],
    [
      'a boolean flag',
      ['--dry-run', '--skip-unchanged'],
      {},
      {
        'dry-run': 'true',
        'skip-unchanged': 'true',
      },
    ],
    [
      'a boolean variable, checked by the core',
      [],
      { LISTING_AUTO_DEPLOY_DRY_RUN: 'yes' },
      {
        'dry-run': 'yes',
      },
    ],
    [
      '--if-older, passed to the core as the input',
      ['--if-older', 'fail'],
      {},
      {
        'if-older': 'fail',
      },
    ],
    [
      'a changelog that names --api-key: a value, not the option',
      ['--changelog', 'Removed --api-key'],
      {},
      { changelog: 'Removed --api-key' },
    ],
    [
      'every other input',
      [
        '--strip-tag-prefix=v',
        '--changelog=notes',
        '--changelog-file=CHANGELOG.md',
        '--changelog-max-length=300',
        '--timeout-seconds=5',
      ],
      {},
      {
        'strip-tag-prefix': 'v',
        changelog: 'notes',
        'changelog-file': 'CHANGELOG.md',
        'changelog-max-length': '300',
        'timeout-seconds': '5',
      },
    ],
  ])('reads %s', (_, args, env, inputs) => {
    expect(runOf(args, env).inputs).toEqual(inputs);
  });

  it.each<[string, string[], Record<string, string>, string[], string[]]>([
    ['nothing', [], {}, [], []],
    [
      'a variable',
      [],
      { LISTING_AUTO_DEPLOY_BASE_URL: 'https://env.example' },
      ['base-url'],
      ['base-url'],
    ],
    [
      'a flag over its variable, and another variable',
      ['--retries', '1'],
      { LISTING_AUTO_DEPLOY_RETRIES: '5', LISTING_AUTO_DEPLOY_DRY_RUN: 'yes' },
      ['retries', 'dry-run'],
      ['dry-run'],
    ],
  ])('says which inputs came from a variable: %s', (_, args, env, given, fromVariable) => {
    const line = runOf(args, env);
    expect(Object.keys(line.inputs).sort()).toEqual(given.sort());
    expect([...line.fromVariable]).toEqual(fromVariable);
  });

  it.each<[string[], string]>([
    [[], 'deploy'],
    [['deploy'], 'deploy'],
    [['listings', '--base-url', 'x'], 'listings'],
    [['--json', 'listings'], 'listings'],
    [['--help'], 'help'],
    [['-h', 'listings'], 'help'],
    [['--version'], 'version'],
    [['-V'], 'version'],
  ])('%j is the command %s', (args, command) => {
    expect(parseCommandLine(args, {}).command).toBe(command);
  });

  it.each<[string[], Record<string, string>, unknown]>([
    [[], {}, { kind: 'variable' }],
    [['--api-key-file', 'key.txt'], {}, { kind: 'file', path: 'key.txt' }],
    [['--api-key-stdin'], { MARKETPLACE_API_KEY: KEY }, { kind: 'stdin' }],
  ])('%j reads the key from %j', (args, env, source) => {
    expect(runOf(args, env).key).toEqual(source);
  });

  it('reads --json', () => {
    expect(runOf(['--json'], {}).json).toBe(true);
    expect(runOf([], {}).json).toBe(false);
  });

  it.each([
    [['--api-key', KEY]],
    [[`--api-key=${KEY}`]],
    [['deploy', '--listing-id', 'a', '--api-key', KEY]],
  ])('refuses the key as an argument %#, naming the sources and never the value', (args) => {
    const error = usageError(args);
    expect(error.message).toContain('--api-key is refused');
    expect(error.message).toContain('MARKETPLACE_API_KEY');
    expect(error.message).toContain('Nothing was sent');
    expect(error.message).not.toContain(KEY.slice(0, 8));
  });

  it('takes --api-key after -- as a positional, not as the key option', () => {
    expect(usageError(['--', '--api-key']).message).toBe(
      'Unknown command: use deploy or listings. See --help.',
    );
  });

  it('never quotes a stray argument, which may be a key pasted in the wrong place', () => {
    expect(usageError([KEY]).message).not.toContain(KEY.slice(0, 8));
  });

  it.each<[string[], string]>([
    [['-z'], "Unknown option '-z'. See --help."],
    [['--bogusxy'], "Unknown option '--bogusxy'. See --help."],
    [
      ['--bogusxyz'],
      'Unknown option (not repeated here: it may be a key pasted in the wrong place). See --help.',
    ],
  ])('names an unknown option %j only when shorter than a part of a key', (args, message) => {
    expect(usageError(args).message).toBe(message);
  });

  it.each<[string[], RegExp]>([
    [['--bogus'], /Unknown option '--bogus'/],
    [[`--apikey=${KEY}`], /Unknown option '--apikey'/],
    [['--dry-run=yes'], /does not take an argument\. See --help\.$/],
    [['--listing_id', 'a'], /^Unknown option: did you mean --listing-id\? See --help\.$/],
    [
      ['---version'],
      /^Unknown option: did you mean --version\? The version to send is --release-version <version>\. See --help\.$/,
    ],
    [
      ['--version', '1.2.3'],
      /^--version prints this command's own version and takes nothing else\. The version to send is --release-version <version>\. See --help\.$/,
    ],
    [['deploy', '-V'], /takes nothing else/],
    [['--version=1.2.3'], /does not take an argument\. The version to send is --release-version/],
    [['--listing-id'], /argument missing/],
    [['publish'], /Unknown command: use deploy or listings/],
    [['deploy', 'listings'], /One command at most/],
    [['--api-key-file', 'k', '--api-key-stdin'], /both given/],
    [['--api-key-file', ' '], /needs the path/],
  ])('refuses %j as a usage error', (args, message) => {
    const error = usageError(args);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(KEY.slice(8, 16));
  });
});

describe('a value that starts with a dash', () => {
  it.each<[string, string[], Record<string, string>]>([
    [
      'a Markdown list item',
      ['--changelog', '- Fixed the importer'],
      { changelog: '- Fixed the importer' },
    ],
    [
      'a list of several items',
      ['--changelog', '- Fixed the importer\n- Faster loads'],
      { changelog: '- Fixed the importer\n- Faster loads' },
    ],
    ['a version', ['--release-version', '-x'], { version: '-x' }],
    ['a negative number, for the core to refuse', ['--retries', '-1'], { retries: '-1' }],
    ['a lone dash', ['--changelog', '-'], { changelog: '-' }],
    ['three dashes', ['--changelog', '---'], { changelog: '---' }],
    [
      'a long name that is no option',
      ['--changelog', '--not-an-option'],
      { changelog: '--not-an-option' },
    ],
    ['a near miss of an option', ['--changelog', '--dry_run'], { changelog: '--dry_run' }],
    ['an option in capitals', ['--changelog', '--DRY-RUN'], { changelog: '--DRY-RUN' }],
    ['a short letter that is no flag', ['--changelog', '-x'], { changelog: '-x' }],
    ['short flags with one that is not', ['--changelog', '-hx'], { changelog: '-hx' }],
    ['a flag in the wrong case', ['--changelog', '-H'], { changelog: '-H' }],
    ['an equals sign after two dashes', ['--changelog', '--=x'], { changelog: '--=x' }],
    ['an option after =', ['--changelog=--dry-run'], { changelog: '--dry-run' }],
    ['short flags after =', ['--changelog=-h'], { changelog: '-h' }],
    [
      'each of a repeated option',
      ['--listing-id', '-a', '--listing-id', '--b'],
      { 'listing-id': '-a\n--b' },
    ],
    [
      'followed by other options',
      ['--changelog', '- Fixed', '--dry-run', '--if-older', 'fail'],
      { changelog: '- Fixed', 'dry-run': 'true', 'if-older': 'fail' },
    ],
  ])('is taken whole: %s', (_, args, inputs) => {
    expect(runOf(args, {}).inputs).toEqual(inputs);
  });

  it('is taken whole before a command', () => {
    const line = runOf(['--changelog', '- Fixed', 'listings'], {});
    expect(line.command).toBe('listings');
    expect(line.inputs).toEqual({ changelog: '- Fixed' });
  });

  it('is taken whole before --, which ends the options', () => {
    const line = runOf(['--changelog', '- Fixed', '--', 'listings'], {});
    expect(line.command).toBe('listings');
    expect(line.inputs).toEqual({ changelog: '- Fixed' });
  });

  it('leaves what follows -- to the positionals', () => {
    expect(usageError(['--', '--changelog', '- Fixed']).message).toBe(
      'One command at most (deploy or listings); 2 were given. See --help.',
    );
  });

  it.each<[string[], string, string]>([
    [['--changelog', '--dry-run'], '--changelog', '--dry-run'],
    [['--changelog', '--help'], '--changelog', '--help'],
    [['--listing-id', '--base-url=https://x.example/v1'], '--listing-id', '--base-url'],
    [['--release-version', '--release-version', '1.2.3'], '--release-version', '--release-version'],
    [['--changelog', '--'], '--changelog', '--'],
    [['--changelog', '-h'], '--changelog', '-h'],
    [['--changelog', '-V'], '--changelog', '-V'],
    [['--changelog', '-hV'], '--changelog', '-hV'],
    [['--retries', '--api-key-stdin'], '--retries', '--api-key-stdin'],
  ])(
    '%j: an argument naming an option is that option, and the value is missing',
    (args, option, next) => {
      expect(usageError(args).message).toBe(
        `${option} needs a value, and the argument after it is the option ${next}. A value that ` +
          `could be read as an option is written after an equals sign: ${option}=-x. See --help.`,
      );
    },
  );

  it('names only the option of a --name=value after it: the value may be a key', () => {
    const message = usageError(['--changelog', `--api-key-file=${KEY}`]).message;
    expect(message).toContain('the option --api-key-file.');
    expect(message).not.toContain(KEY.slice(8, 16));
  });

  it('refuses --api-key where a value is expected, as anywhere', () => {
    const message = usageError(['--changelog', '--api-key', KEY]).message;
    expect(message).toContain('--api-key is refused');
    expect(message).not.toContain(KEY.slice(8, 16));
  });

  it('still says the value is missing at the end', () => {
    expect(usageError(['--changelog']).message).toBe(
      "Option '--changelog <value>' argument missing. See --help.",
    );
  });
});

describe('the argument after an option that takes a value', () => {
  it.each<[string, string | undefined]>([
    ['--', '--'],
    ['--dry-run', '--dry-run'],
    ['--changelog=- x', '--changelog'],
    ['--api-key-stdin', '--api-key-stdin'],
    ['-h', '-h'],
    ['-V', '-V'],
    ['-Vh', '-Vh'],
    ['-hh', '-hh'],
    ['-', undefined],
    ['- Fixed', undefined],
    ['-hx', undefined],
    ['-v', undefined],
    ['---', undefined],
    ['--=x', undefined],
    ['--nope', undefined],
    ['--constructor', undefined],
    ['--__proto__', undefined],
    ['dry-run', undefined],
    ['hV', undefined],
    ['––dry-run', undefined],
    ['', undefined],
  ])('%j is the option %s, else the value', (arg, option) => {
    if (option === undefined) {
      expect(runOf(['--changelog', arg], {}).inputs).toEqual({ changelog: arg });
    } else {
      expect(usageError(['--changelog', arg]).message).toContain(` the option ${option}. `);
    }
  });

  it.each([['--api-key'], ['--api-key=x']])('%j is the refused --api-key', (arg) => {
    expect(usageError(['--changelog', arg]).message).toMatch(/^--api-key is refused/);
    expect(usageError(['--changelog', '--', arg]).message).toBe(
      '--changelog needs a value, and the argument after it is the option --. A value that ' +
        'could be read as an option is written after an equals sign: --changelog=-x. See --help.',
    );
  });

  it.each<[string[], string]>([
    [['--dry-run', 'extra'], 'Unknown command: use deploy or listings. See --help.'],
    [['--help', 'extra'], 'help'],
    [['--changelog=x', 'extra'], 'Unknown command: use deploy or listings. See --help.'],
    [['-changelog', 'extra'], "Unknown option '-c'. See --help."],
    [
      ['––changelog', 'extra'],
      'One command at most (deploy or listings); 2 were given. See --help.',
    ],
  ])('%j: only an option that takes a value takes the next argument', (args, outcome) => {
    if (outcome === 'help') expect(parseCommandLine(args, {}).command).toBe('help');
    else expect(usageError(args).message).toBe(outcome);
  });
});

describe('--verbose and LISTING_AUTO_DEPLOY_VERBOSE', () => {
  it.each<[string[], Record<string, string>, boolean]>([
    [[], {}, false],
    [['--verbose'], {}, true],
    [['listings', '--verbose'], {}, true],
    [[], { LISTING_AUTO_DEPLOY_VERBOSE: '1' }, true],
    [[], { LISTING_AUTO_DEPLOY_VERBOSE: 'TRUE' }, true],
    [[], { LISTING_AUTO_DEPLOY_VERBOSE: ' true ' }, true],
    [[], { LISTING_AUTO_DEPLOY_VERBOSE: '0' }, false],
    [[], { LISTING_AUTO_DEPLOY_VERBOSE: '' }, false],
    [[], { LISTING_AUTO_DEPLOY_VERBOSE: 'yes please' }, false],
    [['--verbose'], { LISTING_AUTO_DEPLOY_VERBOSE: '0' }, true],
  ])('%j with %j: %s', (args, env, verbose) => {
    expect(runOf(args, env).verbose).toBe(verbose);
  });

  it('is no setting of what is sent: it never reaches the inputs', () => {
    expect(runOf(['--verbose'], {}).inputs).toEqual({});
  });
});

describe('the option definitions', () => {
  it('give each option of what to send and how a LISTING_AUTO_DEPLOY_ variable', () => {
    expect(Object.keys(SETTINGS).map(variableOf)).toEqual([
      'LISTING_AUTO_DEPLOY_LISTING_ID',
      'LISTING_AUTO_DEPLOY_BASE_URL',
      'LISTING_AUTO_DEPLOY_RELEASE_VERSION',
      'LISTING_AUTO_DEPLOY_STRIP_TAG_PREFIX',
      'LISTING_AUTO_DEPLOY_CHANGELOG',
      'LISTING_AUTO_DEPLOY_CHANGELOG_FILE',
      'LISTING_AUTO_DEPLOY_CHANGELOG_MAX_LENGTH',
      'LISTING_AUTO_DEPLOY_CHANGELOG_FORMAT',
      'LISTING_AUTO_DEPLOY_DRY_RUN',
      'LISTING_AUTO_DEPLOY_SKIP_UNCHANGED',
      'LISTING_AUTO_DEPLOY_IF_OLDER',
      'LISTING_AUTO_DEPLOY_TIMEOUT_SECONDS',
      'LISTING_AUTO_DEPLOY_RETRIES',
    ]);
  });

  it('give --help its usage, the key sources and the exit statuses', () => {
    expect(helpText()).toBe(
      [
        'Usage: listing-auto-deploy [deploy] [options]   update the listings to this release',
        "       listing-auto-deploy listings [options]   list the listings the key's account owns",
        '',
        'The key comes from MARKETPLACE_API_KEY, --api-key-file or --api-key-stdin, never from an argument.',
        'Each option of what to send and how may also come from a variable LISTING_AUTO_DEPLOY_<OPTION>',
        '(e.g. LISTING_AUTO_DEPLOY_BASE_URL for --base-url); a flag wins over its variable.',
        '',
        'Options:',
        ...helpText()
          .split('\n')
          .filter((line) => line.startsWith('  -')),
        '',
        'Exit status: 0 every listing updated or skipped, 1 a listing failed, 2 stopped before any',
        'request (a usage, option, key, version or changelog error).',
        '',
      ].join('\n'),
    );
    expect(helpText()).toContain(
      '  --retries <n>                  Extra attempts for retryable failures, 0 to 10. Default: 3.\n',
    );
    expect(helpText()).toContain('  -h, --help                     Print this help.\n');
  });

  it('have no --api-key, and --help lists every option on a line of its own', () => {
    expect(Object.keys(OPTIONS)).not.toContain('api-key');
    const help = helpText().split('\n');
    for (const [name, option] of Object.entries(OPTIONS)) {
      expect(help.filter((line) => line.startsWith(`  ${flagOf(name, option)} `))).toHaveLength(1);
    }
  });
});
