#!/usr/bin/env node
// The command: argv, CI variables and the terminal turned into the core's step, its report printed.
import { ResolveError } from '../core/errors.js';
import { type Env, parseConnection } from '../core/inputs.js';
import { readAllListings } from '../core/marketplace/deploy.js';
import { ACTION_VERSION } from '../core/meta.js';
import { expectedProblem, unexpectedProblem } from '../core/refusals.js';
import {
  changelogFileWith,
  changelogInput,
  fromTag,
  versionInput,
} from '../core/release/resolve.js';
import { results } from '../core/report.js';
import { runStep } from '../core/step.js';
import { createTransport } from '../core/transport/transport.js';
import { type CommandLine, commandWords, helpText, parseCommandLine } from './args.js';
import { ciLinks, ciOrigin, ciTag, NO_CI_LINKS, TAG_VARIABLES } from './ci.js';
import { readKey } from './key.js';
import { printable, printableJson, Terminal } from './terminal.js';

const EXIT = { ok: 0, failed: 1, stopped: 2 } as const;

async function deploy(line: CommandLine, env: Env, out: Terminal): Promise<number> {
  const tag = ciTag(env);
  const { report, stopped } = await runStep({
    env,
    words: commandWords(line),
    inputs: line.inputs,
    key: async () => out.guard(await readKey(line.key, env)),
    world: () => ({
      context: ciOrigin(env, process.cwd()),
      // No GitHub API call, so no token needed.
      plan: {
        versions: [versionInput, (step) => (tag ? fromTag(tag, 'tag', step) : undefined)],
        // Relative links resolve on the pages the CI names, else stay as written.
        changelogs: [changelogInput, changelogFileWith(() => ciLinks(env), NO_CI_LINKS)],
        noVersion: () =>
          new ResolveError(
            'No version to deploy',
            `No version to deploy: --release-version is not given and no CI tag variable holds a tag (read: ${TAG_VARIABLES}). Run it on a tag build, or pass --release-version.`,
          ),
      },
    }),
    out: {
      line: (text) => out.line(text),
      note: (note) => out.line(note.text, note.level === 'warning' ? 'warning' : undefined),
    },
    redact: out.redact,
    debug: out.debug(line.verbose),
  });
  out.finish(report);
  // Stopped with no listing known prints nothing, never `[]`.
  if (line.json && report.listingIds.length > 0)
    process.stdout.write(printableJson(results(report), out.redact));
  if (stopped) return EXIT.stopped;
  const failed = report.problem !== undefined || report.rows.some((row) => row.problem);
  return failed ? EXIT.failed : EXIT.ok;
}

async function listings(line: CommandLine, env: Env, out: Terminal): Promise<number> {
  const key = out.guard(await readKey(line.key, env));
  const settings = parseConnection({ ...line.inputs, 'api-key': key }, commandWords(line));
  const transport = createTransport(env, [settings.baseUrl], settings.timeoutMs);
  const read = await readAllListings({
    settings,
    log: (text) => out.line(text),
    redact: out.redact,
    debug: out.debug(line.verbose),
    transport,
  }).finally(() => transport.destroy());
  if (read.problem !== undefined) {
    out.problem({ level: 'error', ...read.problem });
    return EXIT.failed;
  }
  if (read.answer?.kind !== 'list') {
    out.line(
      'The answer is not a list of listings this tool can read (an array, or one under `listings`, `data`, `items` or `results`, whose entries have an `id`): nothing to print.',
      'warning',
    );
    return EXIT.ok;
  }
  const { listings, more } = read.answer;
  const entries = [...listings].map(([id, { version = null, name = null }]) => ({
    id,
    version,
    name,
  }));
  const tsv = entries.map(({ id, version, name }) => {
    const fields = [id, version ?? '', name ?? ''].map((field) => printable(out.redact(field)));
    return `${fields.join('\t')}\n`;
  });
  process.stdout.write(line.json ? printableJson(entries, out.redact) : tsv.join(''));
  const count = listings.size;
  out.line(`${count} listing${count === 1 ? '' : 's'} owned by this key's account.`);
  if (more) {
    out.line(
      'The marketplace says more listings exist than the pages read hold (the log says why they were not read).',
      'warning',
    );
  }
  return EXIT.ok;
}

async function main(args: readonly string[], env: Env): Promise<number> {
  const out = new Terminal(process.stderr, env);
  try {
    const line = parseCommandLine(args, env);
    if (line.command === 'listings') return await listings(line, env, out);
    if (line.command === 'deploy') return await deploy(line, env, out);
    process.stdout.write(line.command === 'help' ? helpText() : `${ACTION_VERSION}\n`);
    return EXIT.ok;
  } catch (error) {
    // A usage error, or a setting refused before any request: stopped. Anything else is a bug.
    const expected = expectedProblem(error);
    out.problem({ level: 'error', ...(expected ?? unexpectedProblem(error)) });
    return expected === undefined ? EXIT.failed : EXIT.stopped;
  }
}

process.exitCode = await main(process.argv.slice(2), process.env);
