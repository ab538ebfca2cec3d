// The action's words: settings named as inputs, as a workflow writes them.
import type { Words } from '../core/words.js';

export const ACTION_WORDS: Words = {
  name: (setting) => `\`${setting}\``,
  subject: (setting) => `Input \`${setting}\``,
  invalid: (setting) => `Invalid input: ${setting}`,
  source: (setting) => `the \`${setting}\` input`,
  assign: (setting, value) => `\`${setting}: ${value}\``,
  keyMissing:
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow expression to write.
    'A secret the job cannot read arrives empty: secrets are not passed to workflows triggered from forks, and an environment secret reaches only a job that names its environment (`environment: <name>` on the job). Otherwise add the key as a repository or environment secret and pass it as `api-key: ${{ secrets.MARKETPLACE_API_KEY }}`.',
  keyHome: 'the secret passed as `api-key`',
  sentShown: 'see the step summary',
  envScope: 'on the step',
  rollback:
    'run the step with `if-older: deploy` (for instance from `workflow_dispatch` with a `version` input)',
};
