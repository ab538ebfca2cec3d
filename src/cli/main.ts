// The command: argv, CI variables and the terminal turned into the core's step, its report printed.
import { ResolveError } from '../core/errors.js';
import type { Env } from '../core/inputs.js';
import { ACTION_VERSION } from '../core/meta.js';
import { expectedProblem, unexpectedProblem } from '../core/refusals.js';
import {
  changelogFileWith,
  changelogInput,
  fromTag,
  generated,
  type Origin,
  type Plan,
  versionInput,
} from '../core/release/resolve.js';
import { results } from '../core/report.js';
import { runStep } from '../core/step.js';
import { type CommandLine, helpText, parseCommandLine } from './args.js';
import { ciLinks, ciOrigin, ciTag, noCiLinks, tagVariables } from './ci.js';
import { listings } from './listings.js';
import { printableJson } from './terminal.js';
import { EXIT, type Io, View } from './view.js';
import { commandWords } from './words.js';

/** No GitHub API call, so no token needed. */
function commandPlan(env: Env): Plan<Origin> {
  return {
    versions: [versionInput, (step) => (ciTag(env) ? fromTag(ciTag(env), 'tag', step) : undefined)],
    changelogs: [
      changelogInput,
      // Relative links resolve on the pages the CI names, else stay as written.
      changelogFileWith(() => ciLinks(env), noCiLinks()),
      generated,
    ],
    noVersion: () =>
      new ResolveError(
        'No version to deploy',
        'No version to deploy: --release-version is not given and no CI tag variable holds a tag ' +
          `(read: ${tagVariables()}). Run it on a tag build, or pass --release-version.`,
      ),
  };
}

async function deploy(line: CommandLine, env: Env, io: Io, view: View) {
  const { report, stopped } = await runStep({
    env,
    // Settings named as this command line gave them.
    words: commandWords(line),
    inputs: line.inputs,
    key: () => view.readKey(line.key),
    world: () => ({ context: ciOrigin(env, io.keys.cwd), plan: () => commandPlan(env) }),
    out: {
      line: (text) => view.out.line(text),
      note: (note) => view.out.line(note.text, note.level === 'warning' ? 'warning' : undefined),
    },
    redact: (text) => view.redact(text),
    debug: view.debugLog(line.verbose),
  });
  view.out.finish(report);
  // Stopped with no listing known prints nothing, never `[]`.
  if (line.json && report.listingIds.length > 0) {
    io.stdout.write(printableJson(results(report), view.redact));
  }
  if (stopped) return EXIT.stopped;
  const failed = report.problem !== undefined || report.rows.some((row) => row.problem);
  return failed ? EXIT.failed : EXIT.ok;
}

/** The whole command; returns the exit status. Never throws. */
export async function main(args: readonly string[], env: Env, io: Io): Promise<number> {
  const view = new View(io, env);
  try {
    const line = parseCommandLine(args, env);
    if (line.command === 'help' || line.command === 'version') {
      io.stdout.write(line.command === 'help' ? helpText() : `${ACTION_VERSION}\n`);
      return EXIT.ok;
    }
    return line.command === 'listings'
      ? await listings(line, env, io, view)
      : await deploy(line, env, io, view);
  } catch (error) {
    // A usage error, or a setting refused before any request: stopped. Anything else is a bug.
    const expected = expectedProblem(error);
    view.out.problem({ level: 'error', ...(expected ?? unexpectedProblem(error)) });
    return expected === undefined ? EXIT.failed : EXIT.stopped;
  }
}
