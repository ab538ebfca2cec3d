// The command (SPEC 9): its world (argv, CI variables, the terminal, --json, the exit status)
// turned into the core's settings, and the core's report into its output.
import { performance } from 'node:perf_hooks';
import { deployAll, readAllListings } from '../core/deploy.js';
import type { Problem } from '../core/errors.js';
import { makeGuard } from '../core/guard.js';
import {
  type Env,
  type Inputs,
  parseConnection,
  parseSettings,
  readInput,
  splitListingIds,
} from '../core/inputs.js';
import { ACTION_VERSION } from '../core/meta.js';
import { expectedProblem, refuseKeyInChangelog } from '../core/refusals.js';
import {
  changelogFileWith,
  changelogInput,
  fromTag,
  generated,
  resolveRelease,
  type VersionFinder,
  versionInput,
} from '../core/release.js';
import {
  changelogLine,
  emptyReport,
  type RunReport,
  results,
  versionLine,
} from '../core/report.js';
import { ResolveError } from '../core/resolve-error.js';
import type { Redact } from '../core/secret.js';
import { type CommandLine, parseCommandLine, UsageError } from './args.js';
import { ciLinks, ciOrigin, ciTag, noCiLinks, tagVariables } from './ci.js';
import { helpText } from './help.js';
import { type KeyReaders, readKey } from './key.js';
import { KEY_VARIABLE } from './options.js';
import { colourFor, type Output, printable, printableJson, Terminal } from './terminal.js';

export interface Io {
  readonly stdout: Output;
  readonly stderr: Output;
  readonly keys: KeyReaders;
}

export const EXIT = { ok: 0, failed: 1, stopped: 2 } as const;

/** The tag of the CI run (SPEC 9.1's table), after `--version`. */
const ciTagVersion =
  (env: Env): VersionFinder =>
  (step) => {
    const found = ciTag(env);
    return found === undefined ? undefined : fromTag(found.tag, 'tag', step);
  };

function noVersion(): ResolveError {
  return new ResolveError(
    'No version to deploy',
    'No version to deploy: --version is not given and no CI tag variable holds a tag (read: ' +
      `${tagVariables()}). Run it on a tag build, or pass --version.`,
  );
}

/** The listings to report when the step stopped: the ids as written, each once. */
function idsOf(inputs: Inputs): readonly string[] {
  return [...new Set(splitListingIds(readInput(inputs, 'listing-id')))];
}

/** `results` with every text guarded entry by entry, so one bad message hides only itself. */
function jsonResults(report: RunReport, redact: Redact): string {
  const guarded = results(report).map((entry) =>
    Object.fromEntries(
      Object.entries(entry).map(([name, value]) => [
        name,
        typeof value === 'string' ? redact(value) : value,
      ]),
    ),
  );
  return printableJson(guarded);
}

/** The guard and the terminal: first for the variable's key, then for the key read. */
class View {
  redact: Redact;
  out: Terminal;

  constructor(
    private readonly io: Io,
    private readonly env: Env,
  ) {
    // Until the key is read, the guard knows the variable's key: a usage error may quote it.
    [this.redact, this.out] = this.#make(env[KEY_VARIABLE] ?? '');
  }

  /** Every text printed, and every server text as it arrives, passes this one guard. */
  guard(key: string): void {
    [this.redact, this.out] = this.#make(key);
  }

  #make(key: string): [Redact, Terminal] {
    const redact = makeGuard([{ name: 'the API key', value: key.trim() }]);
    return [redact, new Terminal(this.io.stderr, redact, colourFor(this.io.stderr, this.env))];
  }
}

async function deploy(line: CommandLine, env: Env, io: Io, view: View) {
  const started = performance.now();
  let report = emptyReport();
  let code: number = EXIT.ok;
  try {
    const key = await readKey(line.key, env, io.keys);
    view.guard(key);
    const { out, redact } = view;
    const settings = parseSettings({ ...line.inputs, 'api-key': key });
    report = { ...report, listingIds: settings.listingIds, dryRun: settings.dryRun };
    const { resolved, notes } = await resolveRelease(settings, ciOrigin(env, io.keys.cwd), {
      versions: [versionInput, ciTagVersion(env)],
      changelogs: [
        changelogInput,
        // Relative links resolve on the pages the CI names (SPEC 7.2), else stay as written.
        changelogFileWith(() => ciLinks(env), noCiLinks()),
        generated,
      ],
      noVersion,
    });
    refuseKeyInChangelog(resolved, settings.apiKey.reveal());
    report = { ...report, resolved };
    for (const note of notes) out.line(note.text, note.level === 'warning' ? 'warning' : undefined);
    out.line(versionLine(resolved));
    out.line(changelogLine(resolved));
    const log = (text: string) => out.line(text);
    report = { ...report, ...(await deployAll({ settings, resolved, env, log, redact })) };
    const failed = report.problem !== undefined || report.rows.some((row) => row.problem);
    code = failed ? EXIT.failed : EXIT.ok;
  } catch (error) {
    const expected =
      error instanceof UsageError
        ? { title: 'Usage', message: error.message }
        : expectedProblem(error);
    const problem: Problem = expected ?? {
      title: 'Unexpected error',
      message: `The command failed unexpectedly: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    };
    code = expected === undefined ? EXIT.failed : EXIT.stopped;
    const listingIds = report.listingIds.length > 0 ? report.listingIds : idsOf(line.inputs);
    report = { ...report, listingIds, problem };
  }
  report = { ...report, elapsedMs: performance.now() - started };
  view.out.finish(report);
  // Exit 2 with no listing known prints nothing, never `[]` (SPEC 9.1).
  if (line.json && report.listingIds.length > 0) {
    io.stdout.write(jsonResults(report, view.redact));
  }
  return code;
}

async function listings(line: CommandLine, env: Env, io: Io, view: View) {
  const key = await readKey(line.key, env, io.keys);
  view.guard(key);
  const { out, redact } = view;
  let connection: ReturnType<typeof parseConnection>;
  try {
    connection = parseConnection({ ...line.inputs, 'api-key': key });
  } catch (error) {
    const problem = expectedProblem(error);
    if (problem === undefined) throw error;
    out.problem('error', problem.title, problem.message);
    return EXIT.stopped;
  }
  const log = (text: string) => out.line(text);
  let read: Awaited<ReturnType<typeof readAllListings>>;
  try {
    read = await readAllListings({ settings: connection, env, log, redact });
  } catch (error) {
    // A proxy variable that is not a URL, found before any request: stopped, as deploy stops.
    const problem = expectedProblem(error);
    if (problem === undefined) throw error;
    out.problem('error', problem.title, problem.message);
    return EXIT.stopped;
  }
  if (read.problem !== undefined) {
    out.problem('error', read.problem.title, read.problem.message);
    return EXIT.failed;
  }
  const answer = read.answer;
  if (answer === undefined || answer.kind === 'unknown') {
    out.line(
      'The answer is not a list of listings this tool can read (an array, or one under ' +
        '`listings`, `data`, `items` or `results`, whose entries have an `id`): nothing to print.',
      'warning',
    );
    return EXIT.ok;
  }
  const entries = [...answer.listings].map(([id, listing]) => ({
    id: redact(id),
    version: listing.version === undefined ? null : redact(listing.version),
    name: listing.name === undefined ? null : redact(listing.name),
  }));
  if (line.json) io.stdout.write(printableJson(entries));
  else {
    for (const entry of entries) {
      const fields = [entry.id, entry.version ?? '', entry.name ?? ''];
      // A tab or line break inside a field would break the columns: printable() replaces them.
      io.stdout.write(`${fields.map(printable).join('\t')}\n`);
    }
  }
  out.line(
    `${entries.length} listing${entries.length === 1 ? '' : 's'} owned by this key's account.`,
  );
  if (answer.more) {
    out.line('The marketplace says more listings exist than this first page holds.', 'warning');
  }
  return EXIT.ok;
}

/** The whole command; returns the exit status (SPEC 9.1). Never throws. */
export async function main(args: readonly string[], env: Env, io: Io): Promise<number> {
  const view = new View(io, env);
  try {
    const line = parseCommandLine(args, env);
    if (line.command === 'help') {
      io.stdout.write(helpText());
      return EXIT.ok;
    }
    if (line.command === 'version-info') {
      io.stdout.write(`${ACTION_VERSION}\n`);
      return EXIT.ok;
    }
    return line.command === 'listings'
      ? await listings(line, env, io, view)
      : await deploy(line, env, io, view);
  } catch (error) {
    if (error instanceof UsageError) {
      view.out.problem('error', 'Usage', error.message);
      return EXIT.stopped;
    }
    view.out.problem(
      'error',
      'Unexpected error',
      `The command failed unexpectedly: ${String(error)}`,
    );
    return EXIT.failed;
  }
}
