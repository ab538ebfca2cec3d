// Facts about the committed bundle, shared by the tests and the benchmark.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A line of undici's own source, for each module that every copy of undici carries once. */
export const UNDICI_MARKERS: Readonly<Record<string, string>> = {
  'lib/core/errors.js': "this.code = 'UND_ERR_CONNECT_TIMEOUT'",
  'lib/core/connect.js': 'function buildConnector ({',
  'lib/dispatcher/client.js': 'class Client extends DispatcherBase {',
  'lib/dispatcher/pool.js': 'class Pool extends PoolBase {',
  'lib/dispatcher/agent.js': 'class Agent extends DispatcherBase {',
  'lib/dispatcher/proxy-agent.js': 'class ProxyAgent extends DispatcherBase {',
  'lib/api/api-request.js': 'class RequestHandler extends AsyncResource {',
  'lib/api/api-connect.js': 'class ConnectHandler extends AsyncResource {',
};

function occurrences(source: string, text: string): number {
  return source.split(text).length - 1;
}

/** Copies of undici in a bundle: a line of undici's own source that each copy carries once. */
export function undiciCopies(source: string): number {
  return occurrences(source, UNDICI_MARKERS['lib/core/errors.js'] ?? '');
}

/** The JavaScript files of a bundle folder: the entry and the chunks loaded on demand. */
export function bundleFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(dir, name));
}

/** For each marker of UNDICI_MARKERS, how often it occurs in all the files together. */
export function undiciModuleCounts(files: string[]): Record<string, number> {
  const sources = files.map((file) => readFileSync(file, 'utf8'));
  return Object.fromEntries(
    Object.entries(UNDICI_MARKERS).map(([module, marker]) => [
      module,
      sources.reduce((sum, source) => sum + occurrences(source, marker), 0),
    ]),
  );
}

/** The size of `file` and the copies of undici in it and the chunks beside it (all of dist/). */
export function bundleFacts(file: string): { bytes: number; undici: number } {
  const dir = join(file, '..');
  const counts = Object.values(undiciModuleCounts(bundleFiles(dir)));
  return { bytes: statSync(file).size, undici: Math.max(...counts) };
}
