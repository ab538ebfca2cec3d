// The command's options, read by the parser, `--help` and docs/command-line.md's table. Free of
// imports, so that `npm run docs` (Node running TypeScript as is) can read it.

interface OptionDefinition {
  readonly value?: string;
  readonly multiple?: true;
  readonly short?: string;
  /** The action input a setting mirrors, when not the option's name. */
  readonly input?: string;
  /** As help shows it; the core applies it. */
  readonly fallback?: string;
  readonly description: string;
}

/** What to send and how: each may also come from its variable. */
export const SETTINGS: Readonly<Record<string, OptionDefinition>> = {
  'listing-id': {
    value: '<id>',
    multiple: true,
    description: 'The listing to update. Repeat it, or give ids one per line or comma-separated.',
  },
  'base-url': {
    value: '<url>',
    description: 'The API root, e.g. https://api.marketplace.example/v1.',
  },
  'release-version': {
    value: '<version>',
    input: 'version',
    description: "The version to send; else the CI run's tag (CI_COMMIT_TAG, GITHUB_REF…).",
  },
  'strip-tag-prefix': {
    value: '<prefix>',
    description: 'A prefix removed from the tag, e.g. `v`; never from --release-version.',
  },
  changelog: {
    value: '<text>',
    description: 'The release notes; else --changelog-file, else a generated text.',
  },
  'changelog-file': {
    value: '<path>',
    description:
      "A changelog such as CHANGELOG.md (relative to the current directory): the version's section is sent.",
  },
  'changelog-max-length': {
    value: '<n>',
    fallback: '0',
    description:
      'Cut a longer changelog at a line break, saying so; 0 for no cap, else 200 or more.',
  },
  'changelog-format': {
    value: '<format>',
    fallback: 'markdown',
    description: 'How the store shows the changelog: markdown (sent as written), text or html.',
  },
  'dry-run': { description: 'Check the key and the listings with one GET; send no update.' },
  'skip-unchanged': {
    description: 'Send nothing to a listing that already has this version and changelog.',
  },
  'if-older': {
    value: '<skip|fail|deploy>',
    fallback: 'skip',
    description: 'What to do when a listing already shows a newer version.',
  },
  'timeout-seconds': {
    value: '<n>',
    fallback: '30',
    description: 'Limit for one attempt (connect, headers and body), 1 to 600.',
  },
  retries: {
    value: '<n>',
    fallback: '3',
    description: 'Extra attempts for retryable failures, 0 to 10.',
  },
};

export const OPTIONS: Readonly<Record<string, OptionDefinition>> = {
  ...SETTINGS,
  'api-key-file': {
    value: '<path>',
    description: 'Read the key from this file instead of MARKETPLACE_API_KEY.',
  },
  'api-key-stdin': {
    description: 'Read the key from standard input instead of MARKETPLACE_API_KEY.',
  },
  json: { description: 'Print the results as one JSON document on standard output.' },
  verbose: {
    description:
      'Also print the debug log on standard error: each request and answer (the key never shown) and each decision. Or set LISTING_AUTO_DEPLOY_VERBOSE=1.',
  },
  help: { short: 'h', description: 'Print this help.' },
  version: { short: 'V', description: "Print this command's own version." },
};

export const KEY_VARIABLE = 'MARKETPLACE_API_KEY';

export function variableOf(option: string): string {
  return `LISTING_AUTO_DEPLOY_${option.toUpperCase().replaceAll('-', '_')}`;
}

export function flagOf(name: string, { short, value }: OptionDefinition): string {
  return `${short === undefined ? '' : `-${short}, `}--${name}${value === undefined ? '' : ` ${value}`}`;
}
