// One step, for both front ends: read the settings, decide what is sent, refuse a key in the
// changelog, send to every listing, and turn whatever stopped it into the report's problem. Each
// front end only gives its world (settings by name, where the run happens, its sources of what is
// sent, where lines go) and renders the report this returns.
import { performance } from 'node:perf_hooks';
import type { Redact } from './guard/secret.js';
import {
  type Env,
  type Inputs,
  parseSettings,
  readInput,
  type Settings,
  splitListingIds,
} from './inputs.js';
import { deployAll } from './marketplace/deploy.js';
import { expectedProblem, refuseKeyInChangelog, unexpectedProblem } from './refusals.js';
import { type LogNote, type Origin, type Plan, resolveRelease } from './release/resolve.js';
import { emptyReport, ignoredEventReport, type RunReport } from './report.js';
import { changelogLine, versionLine } from './sentences.js';
import type { DebugLog } from './transport/debug-lines.js';
import type { RetryClock } from './transport/retry.js';
import { createTransport, type Transport } from './transport/transport.js';
import type { Words } from './words.js';

/** Where the step's lines go; the front end guards and words them. */
export interface StepOutput {
  line(text: string): void;
  /** A line about what was resolved; `warning` ones stand out. */
  note(note: LogNote): void;
  /** Text of the run as it is (the changelog), shown whole; absent when not shown. */
  verbatim?(title: string, text: string): void;
}

/** What the front end knows of the run, once the settings are read. */
export interface RunWorld<C extends Origin> {
  readonly context: C;
  /** An event that deploys nothing: the step ends before any request, as a success. */
  readonly ignored?: { readonly what: string; readonly event: string } | undefined;
  /** Hosts beyond the marketplace that requests go to (the GitHub API), for the proxy rules. */
  readonly hosts?: readonly string[];
  /** The front end's sources of what is sent, in its order; they may use the step's transport. */
  readonly plan: (transport: Transport) => Plan<C>;
}

export interface StepPorts<C extends Origin> {
  readonly env: Env;
  /** The front end's words for its settings and its own sentences. */
  readonly words: Words;
  /** The settings by name (`listing-id`, `base-url`…). */
  readonly inputs: Inputs;
  /** Reads the key when it is not among `inputs` (the command: a file, standard input). May throw. */
  readonly key?: () => Promise<string>;
  /** May load what it reads the run from; a StepError it throws stops the step as a refusal. */
  readonly world: (settings: Settings) => RunWorld<C> | Promise<RunWorld<C>>;
  readonly out: StepOutput;
  /**
   * The guard, between a server's text and what is printed of it: the messages and the debug log
   * pass it; decisions read the answers as they came.
   */
  readonly redact: Redact;
  /**
   * The debug log, given only when the user asked for it: each exchange and each decision. Its
   * lines are guarded and printed by the front end; without it nothing more is printed.
   */
  readonly debug?: DebugLog | undefined;
  readonly clock?: RetryClock;
  /** The step's one transport; `createTransport` unless a test gives another. */
  readonly transport?: (hosts: readonly string[], timeoutMs: number) => Transport;
}

export interface StepResult {
  readonly report: RunReport;
  /** Stopped before any request for a reason the step expects (an input, no version…). */
  readonly stopped: boolean;
}

/** Runs the step. Never throws: every error ends as the report's problem. */
export async function runStep<C extends Origin>(ports: StepPorts<C>): Promise<StepResult> {
  const started = performance.now();
  const { env, out } = ports;
  let report = emptyReport();
  let transport: Transport | undefined;
  let stopped = false;
  try {
    const key = ports.key === undefined ? {} : { 'api-key': await ports.key() };
    const settings = parseSettings({ ...ports.inputs, ...key }, ports.words);
    report = { ...report, listingIds: settings.listingIds, dryRun: settings.dryRun };
    const world = await ports.world(settings);
    if (world.ignored !== undefined) {
      // Decided from the event before any request: the step ends here, as a success.
      const { what, event } = world.ignored;
      out.line(`${what}: nothing was sent. Event: ${event}.`);
      report = { ...report, ...ignoredEventReport(settings.listingIds, what) };
    } else {
      // One transport for the step, its proxy rules checked for every host before any request.
      const hosts = [settings.baseUrl, ...(world.hosts ?? [])];
      transport =
        ports.transport?.(hosts, settings.timeoutMs) ??
        createTransport(env, hosts, settings.timeoutMs);
      const { resolved, notes } = await resolveRelease(
        settings,
        world.context,
        world.plan(transport),
      );
      const { apiKey, githubToken, words } = settings;
      refuseKeyInChangelog(resolved, words, apiKey.reveal(), githubToken.reveal());
      report = { ...report, resolved };
      for (const note of notes) out.note(note);
      out.line(versionLine(resolved, words));
      out.line(changelogLine(resolved, words));
      out.verbatim?.('Changelog', resolved.changelog);
      if (resolved.uncut !== undefined) out.verbatim?.('Changelog before the cut', resolved.uncut);
      const sent = await deployAll({
        settings,
        resolved,
        log: (line) => out.line(line),
        redact: ports.redact,
        transport,
        clock: ports.clock,
        debug: ports.debug,
      });
      report = { ...report, ...sent };
    }
  } catch (error) {
    const expected = expectedProblem(error);
    stopped = expected !== undefined;
    // Also when the settings were refused: the listings as written, each once.
    const listingIds = [...new Set(splitListingIds(readInput(ports.inputs, 'listing-id')))];
    report = { ...report, listingIds, problem: expected ?? unexpectedProblem(error) };
  }
  // Closing the connections must not hide the result, whatever it throws.
  try {
    await transport?.destroy();
  } catch (error) {
    out.line(`Could not close the connections: ${String(error)}`);
  }
  return { report: { ...report, elapsedMs: performance.now() - started }, stopped };
}
