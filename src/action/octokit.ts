// @actions/github, loaded only through github.ts's dynamic import(): its own chunk. Its `context`
// is the run's event; its client sends every request through the step's transport (`request.fetch`),
// so the agent and fetch the package makes when it loads are never used.
import { context, getOctokit } from '@actions/github';
import { USER_AGENT } from '../core/meta.js';
import type { ExchangeDebug } from '../core/transport/debug-lines.js';
import { fetchOver } from '../core/transport/fetch-adapter.js';
import type { Transport } from '../core/transport/transport.js';

export { context };

const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

/** The REST methods the action calls. */
export type Client = {
  readonly rest: {
    readonly repos: Pick<
      ReturnType<typeof getOctokit>['rest']['repos'],
      'getLatestRelease' | 'getReleaseByTag'
    >;
  };
};

export function createOctokit(
  token: string,
  apiUrl: string,
  transport: Transport,
  timeoutMs: number,
  debug?: Omit<ExchangeDebug, 'via'>,
): Client {
  return getOctokit(token, {
    baseUrl: apiUrl.replace(/\/+$/, ''),
    userAgent: USER_AGENT,
    // Octokit would print server-sent deprecation text to the console: nothing prints raw. Its
    // request layer logs through `request.log` (else the console), not the client's own `log`.
    log: SILENT,
    request: { fetch: fetchOver(transport, timeoutMs, debug), log: SILENT },
  });
}
