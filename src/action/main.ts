import { performance } from 'node:perf_hooks';
import * as core from '@actions/core';
import { deployAll } from '../core/deploy.js';
import { createTransport, type Transport } from '../core/dispatcher.js';
import { makeGuard, type NamedSecret } from '../core/guard.js';
import { type Env, parseSettings, splitListingIds } from '../core/inputs.js';
import { expectedProblem, refuseKeyInChangelog } from '../core/refusals.js';
import type { Note } from '../core/release.js';
import {
  changelogLine,
  emptyReport,
  ignoredEventReport,
  outputs,
  type RunReport,
  summaryHtml,
  versionLine,
} from '../core/report.js';
import { commandFree, verbatimBlock } from '../core/safe-text.js';
import { keyForms, type Redact } from '../core/secret.js';
import { eventVerdict, readRunContext } from './context.js';
import { createGitHub } from './github.js';
import { inputsFromEnv, readRunnerInput } from './inputs.js';
import { resolveRelease } from './release.js';

/** Every spelling of the key, registered with the runner before anything else is printed. */
function maskKey(raw: string, forms: readonly string[]): void {
  const trimmed = raw.trim();
  const lines = trimmed.split(/\r\n|\r|\n/).map((line) => line.trim());
  for (const secret of new Set([raw, trimmed, ...lines, ...forms])) {
    if (secret.trim() !== '') core.setSecret(secret);
  }
}

/** Writes only redacted, command-free text. */
class Reporter {
  constructor(private readonly redact: Redact) {}

  line(text: string): void {
    core.info(commandFree(this.redact(text)));
  }

  note(note: Note): void {
    if (note.level === 'warning') core.warning(this.redact(note.text));
    else this.line(note.text);
  }

  verbatim(title: string, text: string): void {
    core.startGroup(title);
    for (const line of verbatimBlock(this.redact(text))) core.info(line);
    core.endGroup();
  }

  async finish(report: RunReport): Promise<void> {
    const problems = [report.problem, ...report.rows.map((row) => row.problem)];
    for (const problem of problems) {
      if (problem === undefined) continue;
      core.error(this.redact(problem.message), { title: this.redact(problem.title) });
      process.exitCode = 1;
    }
    for (const note of report.notes) {
      const annotate = note.level === 'warning' ? core.warning : core.notice;
      annotate(this.redact(note.message), { title: this.redact(note.title) });
    }
    for (const [name, value] of Object.entries(outputs(report))) {
      core.setOutput(name, this.redact(value));
    }
    if (process.env.GITHUB_STEP_SUMMARY) {
      await core.summary.addRaw(summaryHtml(report, this.redact)).write();
    }
  }
}

/**
 * The listings a step refused before any request still get their `results` entries, even when
 * the ids themselves were refused (a repeat is reported once).
 */
function idsOf(env: Env): readonly string[] {
  return [...new Set(splitListingIds(readRunnerInput(env, 'listing-id')))];
}

/** The whole step: inputs, what to send, send with retries, report. Never throws. */
export async function run(env: Env = process.env): Promise<void> {
  const started = performance.now();
  const rawKey = readRunnerInput(env, 'api-key');
  const forms = keyForms(rawKey.trim());
  maskKey(rawKey, forms);
  const token = readRunnerInput(env, 'github-token').trim();
  if (token !== '') core.setSecret(token);
  // Every text printed, and every server text as it arrives, passes this one guard.
  const secrets: NamedSecret[] = [{ name: 'the API key', value: rawKey.trim() }];
  if (token !== '') secrets.push({ name: 'the GitHub token', value: token });
  const redact = makeGuard(secrets);
  const out = new Reporter(redact);
  let report: RunReport = emptyReport();
  let transport: Transport | undefined;
  try {
    const settings = parseSettings(inputsFromEnv(env));
    report = { ...report, listingIds: settings.listingIds, dryRun: settings.dryRun };
    const context = readRunContext(env);
    const verdict = eventVerdict(context);
    if (verdict.kind === 'ignore') {
      // Events that deploy nothing (docs/what-is-sent.md): decided from the event before any
      // request; the step ends here, as a success.
      out.line(`${verdict.what}: nothing was sent. Event: ${verdict.event}.`);
      const skipped = ignoredEventReport(settings.listingIds, verdict.what);
      const elapsedMs = performance.now() - started;
      return await finish(out, { ...report, ...skipped, elapsedMs }, redact);
    }
    // One transport for the step, its proxy rules checked for both hosts before any request.
    transport = createTransport(env, [settings.baseUrl, context.apiUrl], settings.timeoutMs);
    const github = createGitHub({
      token: settings.githubToken.reveal(),
      repository: context.repository,
      apiUrl: context.apiUrl,
      env,
      transport,
    });
    const { resolved, notes } = await resolveRelease(settings, context, { github });
    refuseKeyInChangelog(resolved, settings.apiKey.reveal());
    report = { ...report, resolved };
    for (const note of notes) out.note(note);
    out.line(versionLine(resolved));
    out.line(changelogLine(resolved));
    out.verbatim('Changelog', resolved.changelog);
    if (resolved.uncut !== undefined) out.verbatim('Changelog before the cut', resolved.uncut);
    const log = (line: string) => out.line(line);
    report = {
      ...report,
      ...(await deployAll({ settings, resolved, env, log, redact, transport })),
    };
  } catch (error) {
    const problem = expectedProblem(error) ?? {
      title: 'Unexpected error',
      message: `The action failed unexpectedly: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    };
    report = {
      ...report,
      listingIds: report.listingIds.length > 0 ? report.listingIds : idsOf(env),
      problem,
    };
  }
  await transport?.destroy();
  await finish(out, { ...report, elapsedMs: performance.now() - started }, redact);
}

/** Annotations, outputs and summary, once per step. */
async function finish(out: Reporter, report: RunReport, redact: Redact): Promise<void> {
  try {
    await out.finish(report);
  } catch (error) {
    // Reporting must not hide the result: the exit code stands.
    core.warning(
      commandFree(redact(`Could not write the job summary or outputs: ${String(error)}`)),
    );
  }
}
