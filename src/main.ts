import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import * as core from '@actions/core';
import { listingUrl, patchListing } from './client.js';
import { readRunContext } from './context.js';
import { createDispatcher, proxyFor } from './dispatcher.js';
import { describeOutcome, type Problem } from './errors.js';
import { containsSecret, guardResult, makeGuard } from './guard.js';
import { type Env, InputError, parseSettings, readInput, type Settings } from './inputs.js';
import { NoVersionError, type Resolved, resolveRelease } from './release.js';
import {
  attemptLine,
  changelogLine,
  outputs,
  type RunReport,
  summaryHtml,
  versionLine,
} from './report.js';
import { type Outcome, withRetries } from './retry.js';
import { commandFree, verbatimBlock } from './safe-text.js';
import { keyForms, type Redact } from './secret.js';

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

  verbatim(title: string, text: string): void {
    core.startGroup(title);
    for (const line of verbatimBlock(this.redact(text))) core.info(line);
    core.endGroup();
  }

  async finish(report: RunReport): Promise<void> {
    if (report.problem !== undefined) {
      core.error(this.redact(report.problem.message), { title: this.redact(report.problem.title) });
      process.exitCode = 1;
    }
    for (const [name, value] of Object.entries(outputs(report))) {
      core.setOutput(name, this.redact(value));
    }
    if (process.env.GITHUB_STEP_SUMMARY) {
      await core.summary.addRaw(summaryHtml(report, this.redact)).write();
    }
  }
}

async function deploy(
  settings: Settings,
  resolved: Resolved,
  env: Env,
  out: Reporter,
  redact: Redact,
) {
  const url = listingUrl(settings.baseUrl, settings.listingId);
  const target = new URL(url);
  const proxy = proxyFor(target, env);
  const dispatcher = createDispatcher(proxy, env, settings.timeoutMs);
  const body = JSON.stringify({ version: resolved.version, changelog: resolved.changelog });
  const request = { url, apiKey: settings.apiKey, body, timeoutMs: settings.timeoutMs };
  let outcome: Outcome;
  try {
    outcome = await withRetries(
      async () => guardResult(await patchListing(request, dispatcher), redact),
      settings.retries,
      { now: Date.now, sleep: (ms) => sleep(ms), random: Math.random },
      (result, attempt, decision) =>
        out.line(attemptLine(url, result, attempt, settings.retries + 1, decision)),
    );
  } finally {
    await dispatcher.destroy();
  }
  const problem = describeOutcome(outcome, {
    listingId: settings.listingId,
    baseUrl: settings.baseUrl,
    url,
    timeoutMs: settings.timeoutMs,
    proxyVariable: proxy?.variable,
  });
  return { outcome, problem };
}

function expectedProblem(error: unknown): Problem | undefined {
  if (error instanceof InputError)
    return { title: `Invalid input: ${error.input}`, message: error.message };
  if (error instanceof NoVersionError)
    return { title: 'No version to deploy', message: error.message };
  if (error instanceof KeyInChangelogError)
    return { title: 'Key in changelog', message: error.message };
  return undefined;
}

class KeyInChangelogError extends Error {}

/** SPEC 6.2: the final changelog must not publish the key; it is then neither sent nor shown. */
function refuseKeyInChangelog(resolved: Resolved, settings: Settings): void {
  if (!containsSecret(resolved.changelog, settings.apiKey.reveal())) return;
  throw new KeyInChangelogError(
    'The changelog to send contains the API key, so nothing was sent: ' +
      'the marketplace would publish the key. Remove the key from the changelog, and create a ' +
      'new key and update the secret if the changelog has been published anywhere.',
  );
}

/** The whole step: inputs, what to send, send with retries, report. Never throws. */
export async function run(env: Env = process.env): Promise<void> {
  const started = performance.now();
  const rawKey = readInput(env, 'api-key');
  const forms = keyForms(rawKey.trim());
  maskKey(rawKey, forms);
  // Every text printed, and every server text as it arrives, passes this one guard.
  const redact = makeGuard([{ name: 'the API key', value: rawKey.trim() }]);
  const out = new Reporter(redact);
  let report: RunReport = {
    listingId: '',
    resolved: undefined,
    dryRun: false,
    outcome: undefined,
    problem: undefined,
    elapsedMs: 0,
  };
  try {
    const settings = parseSettings(env);
    report = { ...report, listingId: settings.listingId, dryRun: settings.dryRun };
    const resolved = resolveRelease(settings, readRunContext(env));
    refuseKeyInChangelog(resolved, settings);
    report = { ...report, resolved };
    out.line(versionLine(resolved));
    out.line(changelogLine(resolved));
    out.verbatim('Changelog', resolved.changelog);
    if (settings.dryRun) {
      const url = listingUrl(settings.baseUrl, settings.listingId);
      out.line(`Dry run: PATCH ${url} was not sent.`);
    } else {
      report = { ...report, ...(await deploy(settings, resolved, env, out, redact)) };
    }
  } catch (error) {
    const problem = expectedProblem(error) ?? {
      title: 'Unexpected error',
      message: `The action failed unexpectedly: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    };
    report = { ...report, problem };
  }
  try {
    await out.finish({ ...report, elapsedMs: performance.now() - started });
  } catch (error) {
    // Reporting must not hide the result: the exit code stands.
    core.warning(
      commandFree(redact(`Could not write the job summary or outputs: ${String(error)}`)),
    );
  }
}
