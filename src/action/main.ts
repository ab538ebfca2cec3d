import { performance } from 'node:perf_hooks';
import * as core from '@actions/core';
import { deployAll } from '../core/deploy.js';
import { createTransport, ProxySettingError, type Transport } from '../core/dispatcher.js';
import type { Problem } from '../core/errors.js';
import { containsSecret, makeGuard, type NamedSecret } from '../core/guard.js';
import { type Env, InputError, parseSettings, readInput, splitListingIds } from '../core/inputs.js';
import { type Note, type Resolved, resolveRelease } from '../core/release.js';
import {
  changelogLine,
  outputs,
  type RunReport,
  summaryHtml,
  versionLine,
} from '../core/report.js';
import { ResolveError } from '../core/resolve-error.js';
import { commandFree, verbatimBlock } from '../core/safe-text.js';
import { keyForms, type Redact } from '../core/secret.js';
import { readRunContext } from './context.js';
import { createGitHub } from './github.js';

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

function expectedProblem(error: unknown): Problem | undefined {
  if (error instanceof InputError)
    return { title: `Invalid input: ${error.input}`, message: error.message };
  if (error instanceof ResolveError) return { title: error.title, message: error.message };
  if (error instanceof ProxySettingError)
    return { title: `Invalid proxy setting: ${error.variable}`, message: error.message };
  return undefined;
}

/**
 * SPEC 6.2: the action never publishes the key. Checked on the whole changelog, before any cut to
 * `changelog-max-length`; thrown before the changelog is reported, so it is neither sent nor shown.
 */
function refuseKeyInChangelog(resolved: Resolved, apiKey: string): void {
  if (!containsSecret(resolved.uncut ?? resolved.changelog, apiKey)) return;
  throw new ResolveError(
    'Key in changelog',
    'The changelog to send contains the API key, so nothing was sent: ' +
      'the marketplace would publish the key. Remove the key from the changelog, and create a ' +
      'new key and update the secret if the changelog has been published anywhere.',
  );
}

/**
 * The listings a step refused before any request still get their `results` entries, even when
 * the ids themselves were refused (a repeat is reported once).
 */
function idsOf(env: Env): readonly string[] {
  return [...new Set(splitListingIds(readInput(env, 'listing-id')))];
}

/** The whole step: inputs, what to send, send with retries, report. Never throws. */
export async function run(env: Env = process.env): Promise<void> {
  const started = performance.now();
  const rawKey = readInput(env, 'api-key');
  const forms = keyForms(rawKey.trim());
  maskKey(rawKey, forms);
  const token = readInput(env, 'github-token').trim();
  if (token !== '') core.setSecret(token);
  // Every text printed, and every server text as it arrives, passes this one guard.
  const secrets: NamedSecret[] = [{ name: 'the API key', value: rawKey.trim() }];
  if (token !== '') secrets.push({ name: 'the GitHub token', value: token });
  const redact = makeGuard(secrets);
  const out = new Reporter(redact);
  let report: RunReport = {
    listingIds: [],
    resolved: undefined,
    dryRun: false,
    list: undefined,
    rows: [],
    notes: [],
    problem: undefined,
    elapsedMs: 0,
  };
  let transport: Transport | undefined;
  try {
    const settings = parseSettings(env);
    report = { ...report, listingIds: settings.listingIds, dryRun: settings.dryRun };
    const context = readRunContext(env);
    // One transport for the step, its proxy rules checked for both hosts before any request.
    transport = createTransport(env, [settings.baseUrl, context.apiUrl], settings.timeoutMs);
    const github = createGitHub({
      token: settings.githubToken.reveal(),
      repository: context.repository,
      apiUrl: context.apiUrl,
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
  try {
    await out.finish({ ...report, elapsedMs: performance.now() - started });
  } catch (error) {
    // Reporting must not hide the result: the exit code stands.
    core.warning(
      commandFree(redact(`Could not write the job summary or outputs: ${String(error)}`)),
    );
  }
}
