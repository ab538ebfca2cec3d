// The action: the runner's world (inputs, the event, the GitHub API) turned into the core's step,
// and the step's report into annotations, outputs and the job summary. Every word to the runner
// goes through @actions/core, after the guard.
import * as core from '@actions/core';
import { makeGuard, type NamedSecret } from '../core/guard/guard.js';
import { commandFree, verbatimBlock } from '../core/guard/safe-text.js';
import { keyForms, type Redact } from '../core/guard/secret.js';
import type { Settings } from '../core/inputs.js';
import type { LogNote } from '../core/release/resolve.js';
import { outputs, type RunReport, summaryParts } from '../core/report.js';
import { type RunWorld, runStep, type StepOutput } from '../core/step.js';
import type { DebugLog } from '../core/transport/debug-lines.js';
import { speak } from '../core/words.js';
import { eventVerdict, type RunContext, runContextOf } from './context.js';
import { createGitHub, loadGitHubPackage } from './github.js';
import { actionInputs, readRunnerInput } from './inputs.js';
import { unloadable } from './load-failure.js';
import { actionPlan } from './runner-sources.js';
import { writeSummary } from './summary.js';
import { ACTION_WORDS } from './words.js';

/** Every spelling of the key, registered with the runner before anything else is printed. */
function maskKey(raw: string, forms: readonly string[]): void {
  const trimmed = raw.trim();
  const lines = trimmed.split(/\r\n|\r|\n/).map((line) => line.trim());
  for (const secret of new Set([raw, trimmed, ...lines, ...forms])) {
    if (secret.trim() !== '') core.setSecret(secret);
  }
}

const ANNOTATE = { error: core.error, warning: core.warning, notice: core.notice };

/** An annotation with its title; none when empty (an empty property would add a space). */
function annotate(level: keyof typeof ANNOTATE, message: string, title: string): void {
  ANNOTATE[level](message, title === '' ? {} : { title });
}

/** Writes only text redacted and command-free. */
class Reporter implements StepOutput {
  readonly #redact: Redact;

  constructor(redact: Redact) {
    this.#redact = redact;
  }

  line(text: string): void {
    core.info(commandFree(this.#redact(text)));
  }

  note(note: LogNote): void {
    if (note.level === 'warning') annotate('warning', this.#redact(note.text), '');
    else this.line(note.text);
  }

  verbatim(title: string, text: string): void {
    // The run's own text (the changelog) as sent: guarded, never reworded, printed between
    // `::stop-commands::` and its resume token, the one pair the package has no call for.
    core.startGroup(title);
    for (const line of verbatimBlock(this.#redact(text))) core.info(line);
    core.endGroup();
  }

  /** The debug log, when the runner's debug logging is on: each line guarded as every other. */
  debug(): DebugLog | undefined {
    if (!core.isDebug()) return undefined;
    return (text) => core.debug(commandFree(this.#redact(text)));
  }

  async finish(report: RunReport): Promise<void> {
    const redact = this.#redact;
    const problems = [report.problem, ...report.rows.map((row) => row.problem)];
    for (const problem of problems) {
      if (problem === undefined) continue;
      // One `::error` per failure: the exit code is set here, not by a second annotation.
      annotate('error', redact(problem.message), redact(problem.title));
      process.exitCode = 1;
    }
    for (const note of report.notes) {
      annotate(note.level, redact(note.message), redact(note.title));
    }
    for (const [name, value] of Object.entries(outputs(report))) {
      core.setOutput(name, redact(value));
    }
    // Without the runner's summary file (an old runner, a local run) there is no summary.
    if ((process.env.GITHUB_STEP_SUMMARY ?? '') !== '') {
      await writeSummary(summaryParts(report, redact));
    }
  }
}

/** The run as @actions/github describes it, with the GitHub API beside it. */
async function worldOf(
  settings: Settings,
  redact: Redact,
  debug: DebugLog | undefined,
): Promise<RunWorld<RunContext>> {
  let github: Awaited<ReturnType<typeof loadGitHubPackage>>;
  try {
    github = await loadGitHubPackage();
  } catch (error) {
    throw unloadable(error, settings);
  }
  const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
  const context = runContextOf(github.context, workspace);
  const verdict = eventVerdict(context);
  const token = settings.githubToken.reveal();
  return {
    context,
    ignored: verdict.kind === 'ignore' ? verdict : undefined,
    hosts: [context.apiUrl],
    plan: (transport) =>
      actionPlan(
        createGitHub({
          token,
          repository: context.repository,
          apiUrl: context.apiUrl,
          env: process.env,
          transport,
          load: async () => github,
          debug: debug && { log: debug, redact },
        }),
      ),
  };
}

/** The whole step: inputs, what to send, send with retries, report. Never throws. */
export async function run(): Promise<void> {
  speak(ACTION_WORDS);
  const rawKey = readRunnerInput('api-key');
  maskKey(rawKey, keyForms(rawKey.trim()));
  const token = readRunnerInput('github-token').trim();
  if (token !== '') core.setSecret(token);
  // Every text printed, and every server text as it arrives, passes this one guard.
  const secrets: NamedSecret[] = [{ name: 'the API key', value: rawKey.trim() }];
  if (token !== '') secrets.push({ name: 'the GitHub token', value: token });
  const redact = makeGuard(secrets);
  const out = new Reporter(redact);
  const debug = out.debug();
  const { report } = await runStep({
    env: process.env,
    inputs: actionInputs(),
    world: (settings) => worldOf(settings, redact, debug),
    out,
    redact,
    debug,
  });
  try {
    await out.finish(report);
  } catch (error) {
    // Reporting must not hide the result: the exit code stands.
    annotate(
      'warning',
      commandFree(redact(`Could not write the job summary or outputs: ${String(error)}`)),
      '',
    );
  }
}
