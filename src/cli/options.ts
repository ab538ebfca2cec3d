// The command's options: one list that the parser, `--help` and the README's table all read.
// Free of imports, so that `npm run docs` (Node running TypeScript as is) can read it.

export interface OptionDefinition {
  /** The long option, without `--`. */
  readonly name: string;
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  readonly short?: string;
  /** What the value is, for help: e.g. `<url>`. */
  readonly value?: string;
  /**
   * The action input it mirrors: its value goes to the core's settings under that name, and it
   * may also come from `LISTING_AUTO_DEPLOY_<OPTION NAME>`.
   */
  readonly input?: string;
  /** The default, as shown in help; the core applies it. */
  readonly fallback?: string;
  readonly description: string;
}

// Stryker disable StringLiteral: the descriptions are text; docs.test.ts checks them against the README.
export const OPTIONS: readonly OptionDefinition[] = [
  {
    name: 'listing-id',
    type: 'string',
    multiple: true,
    value: '<id>',
    input: 'listing-id',
    description: 'The listing to update. Repeat it, or give ids one per line or comma-separated.',
  },
  {
    name: 'base-url',
    type: 'string',
    value: '<url>',
    input: 'base-url',
    description: 'The API root, e.g. https://api.marketplace.example/v1.',
  },
  {
    name: 'release-version',
    type: 'string',
    value: '<version>',
    input: 'version',
    description: "The version to send; else the CI run's tag (CI_COMMIT_TAG, GITHUB_REF…).",
  },
  {
    name: 'strip-tag-prefix',
    type: 'string',
    value: '<prefix>',
    input: 'strip-tag-prefix',
    description: 'A prefix removed from the tag, e.g. `v`; never from --release-version.',
  },
  {
    name: 'changelog',
    type: 'string',
    value: '<text>',
    input: 'changelog',
    description: 'The release notes; else --changelog-file, else a generated text.',
  },
  {
    name: 'changelog-file',
    type: 'string',
    value: '<path>',
    input: 'changelog-file',
    description:
      "A changelog such as CHANGELOG.md (relative to the current directory): the version's section is sent.",
  },
  {
    name: 'changelog-max-length',
    type: 'string',
    value: '<n>',
    input: 'changelog-max-length',
    fallback: '0',
    description:
      'Cut a longer changelog at a line break, saying so; 0 for no cap, else 200 or more.',
  },
  {
    name: 'changelog-format',
    type: 'string',
    value: '<format>',
    input: 'changelog-format',
    fallback: 'markdown',
    description: 'How the store shows the changelog: markdown (sent as written), text or html.',
  },
  {
    name: 'dry-run',
    type: 'boolean',
    input: 'dry-run',
    description: 'Check the key and the listings with one GET; send no update.',
  },
  {
    name: 'skip-unchanged',
    type: 'boolean',
    input: 'skip-unchanged',
    description: 'Send nothing to a listing that already has this version and changelog.',
  },
  {
    name: 'if-older',
    type: 'string',
    value: '<skip|fail|deploy>',
    input: 'if-older',
    fallback: 'skip',
    description: 'What to do when a listing already shows a newer version.',
  },
  {
    name: 'timeout-seconds',
    type: 'string',
    value: '<n>',
    input: 'timeout-seconds',
    fallback: '30',
    description: 'Limit for one attempt (connect, headers and body), 1 to 600.',
  },
  {
    name: 'retries',
    type: 'string',
    value: '<n>',
    input: 'retries',
    fallback: '3',
    description: 'Extra attempts for retryable failures, 0 to 10.',
  },
  {
    name: 'api-key-file',
    type: 'string',
    value: '<path>',
    description: 'Read the key from this file instead of MARKETPLACE_API_KEY.',
  },
  {
    name: 'api-key-stdin',
    type: 'boolean',
    description: 'Read the key from standard input instead of MARKETPLACE_API_KEY.',
  },
  {
    name: 'json',
    type: 'boolean',
    description: 'Print the results as one JSON document on standard output.',
  },
  {
    name: 'verbose',
    type: 'boolean',
    description:
      'Also print the debug log on standard error: each request and answer (the key never shown) and each decision. Or set LISTING_AUTO_DEPLOY_VERBOSE=1.',
  },
  { name: 'help', type: 'boolean', short: 'h', description: 'Print this help.' },
  {
    name: 'version',
    type: 'boolean',
    short: 'V',
    description: "Print this command's own version.",
  },
];
// Stryker restore StringLiteral

export const ENV_PREFIX = 'LISTING_AUTO_DEPLOY_';

/** The variable an option may come from, e.g. LISTING_AUTO_DEPLOY_BASE_URL. */
export function variableOf(option: OptionDefinition): string | undefined {
  return option.input === undefined
    ? undefined
    : `${ENV_PREFIX}${option.name.toUpperCase().replaceAll('-', '_')}`;
}

/** The option that mirrors an action input, e.g. `release-version` for `version`. */
export function optionOf(input: string): OptionDefinition | undefined {
  return OPTIONS.find((option) => option.input === input);
}

export const KEY_VARIABLE = 'MARKETPLACE_API_KEY';

/** Set to `1` (or `true`), it does what --verbose does. */
export const VERBOSE_VARIABLE = `${ENV_PREFIX}VERBOSE`;

/** As help and the README write it: `-h, --help`, `--base-url <url>`. */
export function flagOf(option: OptionDefinition): string {
  const short = option.short === undefined ? '' : `-${option.short}, `;
  return `${short}--${option.name}${option.value === undefined ? '' : ` ${option.value}`}`;
}
