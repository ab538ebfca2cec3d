// The action: the runner's world into the core's step, its report into annotations, outputs and
// the job summary, every word through @actions/core after the guard.
import * as core from '@actions/core';
import { makeGuard } from '../core/guard/guard.js';
import { commandFree, verbatimBlock } from '../core/guard/safe-text.js';
import { keyForms } from '../core/guard/secret.js';
import { annotationsOf, outputs, summaryParts } from '../core/report.js';
import { runStep } from '../core/step.js';
import { SETTING_NAMES } from '../core/words.js';
import { actionPlan, ignoredEvent, runContextOf, unloadable } from './context.js';
import { ACTION_WORDS } from './words.js';

// Untrimmed, so that the key is masked in every spelling. An expression is a default of action.yml
// that @github/local-action (a run from source) passes unexpanded: not given.
export function readRunnerInput(name: string): string {
  const value = core.getInput(name, { trimWhitespace: false });
  return /^\$\{\{[\s\S]*\}\}$/.test(value.trim()) ? '' : value;
}

/** `addRaw` where the builders fall short (a table whose headers align left); parts come escaped. */
export function buildSummary(parts: ReturnType<typeof summaryParts>): typeof core.summary {
  const summary = core.summary
    .addHeading('Marketplace listing update', 3)
    .addRaw(parts.facts, true)
    .addTable(parts.listings);
  for (const message of parts.messages) summary.addRaw(`<p>${message}</p>`, true);
  if (parts.changelog) summary.addDetails(parts.changelog.label, parts.changelog.content);
  return summary;
}

const ANNOTATE = { error: core.error, warning: core.warning, notice: core.notice };

export async function run(): Promise<void> {
  const rawKey = readRunnerInput('api-key');
  const key = rawKey.trim();
  const keyLines = key.split(/\r\n|\r|\n/).map((line) => line.trim());
  const token = readRunnerInput('github-token').trim();
  for (const secret of new Set([rawKey, key, ...keyLines, ...keyForms(key), token])) {
    if (secret.trim() !== '') core.setSecret(secret);
  }
  // An empty secret is never found.
  const guard = makeGuard([
    { name: 'the API key', value: key },
    { name: 'the GitHub token', value: token },
  ]);
  const line = (text: string) => core.info(commandFree(guard(text)));
  const debug = core.isDebug() ? (text: string) => core.debug(commandFree(guard(text))) : undefined;
  const { report } = await runStep({
    env: process.env,
    words: ACTION_WORDS,
    inputs: Object.fromEntries(SETTING_NAMES.map((name) => [name, readRunnerInput(name)])),
    async world(settings) {
      const github = await import('./github.js').catch((error: unknown) => {
        throw unloadable(error, settings);
      });
      const context = runContextOf(github.context, process.env.GITHUB_WORKSPACE || process.cwd());
      return {
        context,
        ignored: ignoredEvent(context),
        hosts: [context.apiUrl],
        plan: actionPlan((step) =>
          github.createGitHub(step, debug && { log: debug, redact: guard }),
        ),
      };
    },
    out: {
      line,
      note: (note) => (note.level === 'warning' ? core.warning(guard(note.text)) : line(note.text)),
      verbatim(title, text) {
        // Between `::stop-commands::` and its resume token, the one pair the package has no call for.
        core.startGroup(title);
        for (const part of verbatimBlock(guard(text))) core.info(part);
        core.endGroup();
      },
    },
    redact: guard,
    debug,
  });
  try {
    for (const { level, title, message } of annotationsOf(report)) {
      // Not setFailed: it would add a second annotation. Set first: a failed write keeps it.
      if (level === 'error') process.exitCode = 1;
      // No empty title: an empty property would add a space.
      ANNOTATE[level](guard(message), title === '' ? {} : { title: guard(title) });
    }
    for (const [name, value] of Object.entries(outputs(report))) core.setOutput(name, guard(value));
    // Without the runner's summary file (an old runner, a local run) there is no summary.
    if ((process.env.GITHUB_STEP_SUMMARY ?? '') !== '') {
      await buildSummary(summaryParts(report, ACTION_WORDS, guard)).write();
    }
  } catch (error) {
    // Reporting must not hide the result: the exit code stands.
    const text = `Could not write the job summary or outputs: ${String(error)}`;
    core.warning(commandFree(guard(text)));
  }
}
