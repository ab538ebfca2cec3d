// The command: its world (argv, CI variables, the terminal, --json, the exit status) turned into
// the core's step, and the step's report into its output.

import { ResolveError, UsageError } from '../core/errors.js';
import { makeGuard } from '../core/guard/guard.js';
import type { Redact } from '../core/guard/secret.js';
import { type Env, parseConnection } from '../core/inputs.js';
import { readAllListings } from '../core/marketplace/deploy.js';
import { ACTION_VERSION } from '../core/meta.js';
import { expectedProblem, unexpectedProblem } from '../core/refusals.js';
import {
  changelogFileWith,
  changelogInput,
  fromTag,
  generated,
  type Origin,
  type Plan,
  type VersionFinder,
  versionInput,
} from '../core/release/resolve.js';
import { type RunReport, results } from '../core/report.js';
import { runStep } from '../core/step.js';
import { type Namer, renderWords } from '../core/words.js';
import { type CommandLine, parseCommandLine } from './args.js';
import { ciLinks, ciOrigin, ciTag, noCiLinks, tagVariables } from './ci.js';
import { helpText } from './help.js';
import { type KeyReaders, readKey } from './key.js';
import { KEY_VARIABLE } from './options.js';
import { colourFor, type Output, printable, printableJson, Terminal } from './terminal.js';
import { commandWords } from './words.js';

export interface Io {
  readonly stdout: Output;
  readonly stderr: Output;
  readonly keys: KeyReaders;
}

export const EXIT = { ok: 0, failed: 1, stopped: 2 } as const;

/** The tag of the CI run, from the variables the common CI systems set, after --release-version. */
const ciTagVersion =
  (env: Env): VersionFinder =>
  (step) => {
    const found = ciTag(env);
    return found === undefined ? undefined : fromTag(found.tag, 'tag', step);
  };

function noVersion(): ResolveError {
  return new ResolveError(
    'No version to deploy',
    'No version to deploy: --release-version is not given and no CI tag variable holds a tag ' +
      `(read: ${tagVariables()}). Run it on a tag build, or pass --release-version.`,
  );
}

/** The command's sources of what is sent, in order; no GitHub API call, so no token needed. */
function commandPlan(env: Env): Plan<Origin> {
  return {
    versions: [versionInput, ciTagVersion(env)],
    changelogs: [
      changelogInput,
      // Relative links resolve on the pages the CI names, else stay as written.
      changelogFileWith(() => ciLinks(env), noCiLinks()),
      generated,
    ],
    noVersion,
  };
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

/** The guard, the command's words and the terminal: first for the variable's key, then the key read. */
class View {
  redact: Redact;
  out: Terminal;
  words: Namer = commandWords();

  constructor(
    private readonly io: Io,
    private readonly env: Env,
  ) {
    // Until the key is read, the guard knows the variable's key: a usage error may quote it.
    [this.redact, this.out] = this.#make(env[KEY_VARIABLE] ?? '');
  }

  /** Settings named as this command line gave them. */
  speak(line: CommandLine): void {
    this.words = commandWords(line);
  }

  /** Every text printed, and every server text as it arrives, passes this one guard. */
  guard(key: string): void {
    [this.redact, this.out] = this.#make(key);
  }

  #make(key: string): [Redact, Terminal] {
    const guard = makeGuard([{ name: 'the API key', value: key.trim() }]);
    const redact: Redact = (text) => guard(renderWords(text, this.words));
    return [redact, new Terminal(this.io.stderr, redact, colourFor(this.io.stderr, this.env))];
  }
}

async function deploy(line: CommandLine, env: Env, io: Io, view: View) {
  const { report, stopped } = await runStep({
    env,
    inputs: line.inputs,
    key: async () => {
      const key = await readKey(line.key, env, io.keys);
      view.guard(key);
      return key;
    },
    world: () => ({ context: ciOrigin(env, io.keys.cwd), plan: () => commandPlan(env) }),
    out: {
      line: (text) => view.out.line(text),
      note: (note) => view.out.line(note.text, note.level === 'warning' ? 'warning' : undefined),
    },
    redact: (text) => view.redact(text),
    refusal: (error) =>
      error instanceof UsageError ? { title: error.title, message: error.message } : undefined,
  });
  view.out.finish(report);
  // Stopped with no listing known prints nothing, never `[]`.
  if (line.json && report.listingIds.length > 0) {
    io.stdout.write(jsonResults(report, view.redact));
  }
  if (stopped) return EXIT.stopped;
  const failed = report.problem !== undefined || report.rows.some((row) => row.problem);
  return failed ? EXIT.failed : EXIT.ok;
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

/** The whole command; returns the exit status. Never throws. */
export async function main(args: readonly string[], env: Env, io: Io): Promise<number> {
  const view = new View(io, env);
  try {
    const line = parseCommandLine(args, env);
    view.speak(line);
    if (line.command === 'help') {
      io.stdout.write(helpText());
      return EXIT.ok;
    }
    if (line.command === 'version') {
      io.stdout.write(`${ACTION_VERSION}\n`);
      return EXIT.ok;
    }
    return line.command === 'listings'
      ? await listings(line, env, io, view)
      : await deploy(line, env, io, view);
  } catch (error) {
    if (error instanceof UsageError) {
      view.out.problem('error', error.title, error.message);
      return EXIT.stopped;
    }
    const problem = unexpectedProblem(error);
    view.out.problem('error', problem.title, problem.message);
    return EXIT.failed;
  }
}
