// `listing-auto-deploy listings`: the listings the key's account owns, every page of them.
import { type Env, parseConnection } from '../core/inputs.js';
import { readAllListings } from '../core/marketplace/deploy.js';
import { createTransport } from '../core/transport/transport.js';
import type { CommandLine } from './args.js';
import { printable, printableJson } from './terminal.js';
import { EXIT, type Io, type View } from './view.js';
import { commandWords } from './words.js';

export async function listings(line: CommandLine, env: Env, io: Io, view: View) {
  const key = await view.readKey(line.key);
  const { out, redact } = view;
  const connection = parseConnection({ ...line.inputs, 'api-key': key }, commandWords(line));
  const log = (text: string) => out.line(text);
  const debug = view.debugLog(line.verbose);
  const transport = createTransport(env, [connection.baseUrl], connection.timeoutMs);
  const channel = { settings: connection, env, log, redact, debug, transport };
  const read = await readAllListings(channel).finally(() => transport.destroy());
  if (read.problem !== undefined) {
    out.problem({ level: 'error', ...read.problem });
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
    id,
    version: listing.version ?? null,
    name: listing.name ?? null,
  }));
  if (line.json) io.stdout.write(printableJson(entries, redact));
  else {
    for (const entry of entries) {
      const fields = [entry.id, entry.version ?? '', entry.name ?? ''];
      io.stdout.write(`${fields.map((field) => printable(redact(field))).join('\t')}\n`);
    }
  }
  out.line(
    `${entries.length} listing${entries.length === 1 ? '' : 's'} owned by this key's account.`,
  );
  if (answer.more) {
    out.line(
      'The marketplace says more listings exist than the pages read hold (the log says why they were not read).',
      'warning',
    );
  }
  return EXIT.ok;
}
