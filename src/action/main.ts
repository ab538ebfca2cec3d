// The action: the runner's world (INPUT_* variables, the event, the GitHub API) turned into the
// core's step, and the step's report into annotations, outputs and the job summary.
import { appendFile } from 'node:fs/promises';
import * as core from '@actions/core';
import { makeGuard, type NamedSecret } from '../core/guard/guard.js';
import { commandFree, escapeHtml, verbatimBlock } from '../core/guard/safe-text.js';
import { keyForms, type Redact } from '../core/guard/secret.js';
import type { Env } from '../core/inputs.js';
import type { Note } from '../core/release/resolve.js';
import { outputs, type RunReport, summaryHtml } from '../core/report.js';
import { type RunWorld, runStep, type StepOutput } from '../core/step.js';
import { renderWords } from '../core/words.js';
import { eventVerdict, type RunContext, readRunContext } from './context.js';
import { createGitHub } from './github.js';
import { inputsFromEnv, readRunnerInput } from './inputs.js';
import { actionPlan } from './runner-sources.js';
import { ACTION_WORDS } from './words.js';

/** Every spelling of the key, registered with the runner before anything else is printed. */
function maskKey(raw: string, forms: readonly string[]): void {
  const trimmed = raw.trim();
  const lines = trimmed.split(/\r\n|\r|\n/).map((line) => line.trim());
  for (const secret of new Set([raw, trimmed, ...lines, ...forms])) {
    if (secret.trim() !== '') core.setSecret(secret);
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
    core.info(commandFree(this.#redact(text)));
  }

  note(note: Note): void {
    if (note.level === 'warning') core.warning(this.#redact(note.text));
    else this.line(note.text);
  }

  verbatim(title: string, text: string): void {
    core.startGroup(title);
    // The run's own text (the changelog) as sent: guarded, never reworded.
    for (const line of verbatimBlock(this.#guard(text))) core.info(line);
    core.endGroup();
  }

  async finish(report: RunReport, summaryFile: string): Promise<void> {
    const redact = this.#redact;
    const problems = [report.problem, ...report.rows.map((row) => row.problem)];
    for (const problem of problems) {
      if (problem === undefined) continue;
      core.error(redact(problem.message), { title: redact(problem.title) });
      process.exitCode = 1;
    }
    for (const note of report.notes) {
      const annotate = note.level === 'warning' ? core.warning : core.notice;
      annotate(redact(note.message), { title: redact(note.title) });
    }
    for (const [name, value] of Object.entries(outputs(report))) {
      // Only `results` holds the engine's messages; the others are values as sent or answered.
      core.setOutput(name, name === 'results' ? redact(value) : this.#guard(value));
    }
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
  if (token !== '') core.setSecret(token);
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
    await out.finish(report, env.GITHUB_STEP_SUMMARY ?? '');
  } catch (error) {
    // Reporting must not hide the result: the exit code stands.
    core.warning(
      commandFree(redact(`Could not write the job summary or outputs: ${String(error)}`)),
    );
  }
}
