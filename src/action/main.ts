// The action: the runner's world (INPUT_* variables, the event, the GitHub API) turned into the
// core's step, and the step's report into annotations, outputs and the job summary.
import { appendFile } from 'node:fs/promises';
import { makeGuard, type NamedSecret } from '../core/guard/guard.js';
import { commandFree, escapeHtml, verbatimBlock } from '../core/guard/safe-text.js';
import { keyForms, type Redact } from '../core/guard/secret.js';
import type { Env } from '../core/inputs.js';
import type { LogNote } from '../core/release/resolve.js';
import { outputs, type RunReport, summaryHtml } from '../core/report.js';
import { type RunWorld, runStep, type StepOutput } from '../core/step.js';
import { renderWords } from '../core/words.js';
import { eventVerdict, type RunContext, readRunContext } from './context.js';
import { createGitHub } from './github.js';
import { inputsFromEnv, readRunnerInput } from './inputs.js';
import { actionPlan } from './runner-sources.js';
import { ACTION_WORDS } from './words.js';
import * as runner from './workflow-commands.js';

/** Every spelling of the key, registered with the runner before anything else is printed. */
function maskKey(raw: string, forms: readonly string[]): void {
  const trimmed = raw.trim();
  const lines = trimmed.split(/\r\n|\r|\n/).map((line) => line.trim());
  for (const secret of new Set([raw, trimmed, ...lines, ...forms])) {
    if (secret.trim() !== '') runner.mask(secret);
  }
}

/** Writes only text in the action's words, redacted and command-free. */
class Reporter implements StepOutput {
  readonly #guard: Redact;
  readonly #redact: Redact;

  constructor(redact: Redact) {
    this.#guard = redact;
    this.#redact = (text) => redact(renderWords(text, ACTION_WORDS));
  }

  line(text: string): void {
    runner.info(commandFree(this.#redact(text)));
  }

  note(note: LogNote): void {
    if (note.level === 'warning') runner.annotate('warning', this.#redact(note.text));
    else this.line(note.text);
  }

  verbatim(title: string, text: string): void {
    // The run's own text (the changelog) as sent: guarded, never reworded.
    runner.group(title, verbatimBlock(this.#guard(text)));
  }

  async finish(report: RunReport, env: Env): Promise<void> {
    const redact = this.#redact;
    const problems = [report.problem, ...report.rows.map((row) => row.problem)];
    for (const problem of problems) {
      if (problem === undefined) continue;
      runner.annotate('error', redact(problem.message), redact(problem.title));
      process.exitCode = 1;
    }
    for (const note of report.notes) {
      runner.annotate(note.level, redact(note.message), redact(note.title));
    }
    for (const [name, value] of Object.entries(outputs(report))) {
      // Only `results` holds the engine's messages; the others are values as sent or answered.
      const shown = name === 'results' ? redact(value) : this.#guard(value);
      runner.setOutput(env.GITHUB_OUTPUT ?? '', name, shown);
    }
    const summaryFile = env.GITHUB_STEP_SUMMARY ?? '';
    if (summaryFile !== '') {
      // The summary's own words (the version's source) are rendered in it, escaped as HTML.
      const html = renderWords(summaryHtml(report, redact), ACTION_WORDS, escapeHtml);
      await appendFile(summaryFile, html);
    }
  }
}

/** The run as the runner describes it, with the GitHub API beside it. */
function worldOf(context: RunContext, token: string, env: Env): RunWorld<RunContext> {
  const verdict = eventVerdict(context);
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
          env,
          transport,
        }),
      ),
  };
}

/** The whole step: inputs, what to send, send with retries, report. Never throws. */
export async function run(env: Env = process.env): Promise<void> {
  const rawKey = readRunnerInput(env, 'api-key');
  maskKey(rawKey, keyForms(rawKey.trim()));
  const token = readRunnerInput(env, 'github-token').trim();
  if (token !== '') runner.mask(token);
  // Every text printed, and every server text as it arrives, passes this one guard.
  const secrets: NamedSecret[] = [{ name: 'the API key', value: rawKey.trim() }];
  if (token !== '') secrets.push({ name: 'the GitHub token', value: token });
  const redact = makeGuard(secrets);
  const out = new Reporter(redact);
  const { report } = await runStep({
    env,
    inputs: inputsFromEnv(env),
    world: (settings) => worldOf(readRunContext(env), settings.githubToken.reveal(), env),
    out,
    redact,
  });
  try {
    await out.finish(report, env);
  } catch (error) {
    // Reporting must not hide the result: the exit code stands.
    runner.annotate(
      'warning',
      commandFree(redact(`Could not write the job summary or outputs: ${String(error)}`)),
    );
  }
}
