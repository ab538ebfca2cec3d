// The action's words for the engine's markers: inputs as a workflow writes them.
import type { Namer, Phrase } from '../core/words.js';

const PHRASES: Record<Phrase, string> = {
  'key-missing':
    'A secret the job cannot read arrives empty: secrets are not passed to workflows triggered ' +
    'from forks, and an environment secret reaches only a job that names its environment ' +
    '(`environment: <name>` on the job). Otherwise add the key as a repository or environment ' +
    'secret and pass it as ' +
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow expression to write.
    '`api-key: ${{ secrets.MARKETPLACE_API_KEY }}`.',
  'key-home': 'the secret passed as `api-key`',
  'sent-shown': 'see the step summary',
  'env-scope': 'on the step',
  rollback:
    'run the step with `if-older: deploy` (for instance from `workflow_dispatch` with a ' +
    '`version` input)',
};

export const ACTION_WORDS: Namer = {
  name: (setting) => `\`${setting}\``,
  subject: (setting) => `Input \`${setting}\``,
  invalid: (setting) => `Invalid input: ${setting}`,
  source: (setting) => `the \`${setting}\` input`,
  assign: (setting, value) => `\`${setting}: ${value}\``,
  phrase: (phrase) => PHRASES[phrase],
};
