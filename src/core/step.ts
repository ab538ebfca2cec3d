import { type Env, type Inputs, parseSettings, type Settings, splitListingIds } from './inputs.js';
import { deployAll } from './marketplace/deploy.js';
import type { Channel } from './marketplace/sender.js';
import { expectedProblem, refuseKeyInChangelog, unexpectedProblem } from './refusals.js';
import { type LogNote, type Origin, type Plan, resolveRelease } from './release/resolve.js';
import { emptyReport, ignoredEventReport } from './report.js';
import { changelogLine, versionLine } from './sentences.js';
import { createTransport, type Transport } from './transport/transport.js';
import type { Words } from './words.js';

export interface RunWorld<C extends Origin> {
  readonly context: C;
  // An event that deploys nothing: the step ends before any request, as a success.
  readonly ignored?: { readonly what: string; readonly event: string } | undefined;
  readonly hosts?: readonly string[];
  readonly plan: Plan<C>;
}

export interface StepPorts<C extends Origin> extends Pick<Channel, 'redact' | 'clock' | 'debug'> {
  readonly env: Env;
  readonly words: Words;
  readonly inputs: Inputs;
  // The command's key from a file or standard input, when not among `inputs`. May throw.
  readonly key?: () => Promise<string>;
  readonly world: (settings: Settings) => RunWorld<C> | Promise<RunWorld<C>>;
  readonly out: {
    readonly line: (text: string) => void;
    readonly note: (note: LogNote) => void;
    readonly verbatim?: (title: string, text: string) => void;
  };
  readonly transport?: typeof createTransport;
}

// Never throws: every error ends as the report's problem. `stopped`: by an expected StepError.
export async function runStep<C extends Origin>(ports: StepPorts<C>) {
  const started = performance.now();
  const { out, redact, clock, debug } = ports;
  let report = emptyReport();
  let transport: Transport | undefined;
  let stopped = false;
  try {
    const key = ports.key === undefined ? {} : { 'api-key': await ports.key() };
    const settings = parseSettings({ ...ports.inputs, ...key }, ports.words);
    report = { ...report, listingIds: settings.listingIds, dryRun: settings.dryRun };
    const { context, ignored, hosts = [], plan } = await ports.world(settings);
    if (ignored !== undefined) {
      out.line(`${ignored.what}: nothing was sent. Event: ${ignored.event}.`);
      report = { ...report, ...ignoredEventReport(settings.listingIds, ignored.what) };
    } else {
      const { baseUrl, timeoutMs, apiKey, githubToken, words } = settings;
      transport = (ports.transport ?? createTransport)(ports.env, [baseUrl, ...hosts], timeoutMs);
      const { resolved, notes } = await resolveRelease(settings, context, plan, transport);
      refuseKeyInChangelog(resolved, words, apiKey.reveal(), githubToken.reveal());
      report = { ...report, resolved };
      for (const note of notes) out.note(note);
      out.line(versionLine(resolved, words));
      out.line(changelogLine(resolved, words));
      out.verbatim?.('Changelog', resolved.changelog);
      if (resolved.uncut !== undefined) out.verbatim?.('Changelog before the cut', resolved.uncut);
      const step = { settings, resolved, log: out.line, redact, transport, clock, debug };
      report = { ...report, ...(await deployAll(step)) };
    }
  } catch (error) {
    const expected = expectedProblem(error);
    stopped = expected !== undefined;
    // Also when the settings were refused: the listings as written, each once.
    const listingIds = [...new Set(splitListingIds(ports.inputs['listing-id']))];
    report = { ...report, listingIds, problem: expected ?? unexpectedProblem(error) };
  }
  // Closing the connections must not hide the result, whatever it throws.
  await transport
    ?.destroy()
    .catch((error: unknown) => out.line(`Could not close the connections: ${String(error)}`));
  return { report: { ...report, elapsedMs: performance.now() - started }, stopped };
}
