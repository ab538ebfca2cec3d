// The GitHub client, loaded only through github.ts's dynamic import(): its own chunk. Octokit's
// core (the client `@actions/github` builds on) with the step's transport as its fetch, so none
// of `@actions/github`'s own proxy and fetch machinery (undici's fetch among it) is bundled.
import { Octokit } from '@octokit/core';
import { USER_AGENT } from '../core/meta.js';
import { fetchOver } from '../core/transport/fetch-adapter.js';
import type { Transport } from '../core/transport/transport.js';

const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

export type Client = Pick<Octokit, 'request'>;

export function createOctokit(
  token: string,
  apiUrl: string,
  transport: Transport,
  timeoutMs: number,
): Client {
  return new Octokit({
    auth: token,
    baseUrl: apiUrl.replace(/\/+$/, ''),
    userAgent: USER_AGENT,
    // Octokit would print server-sent deprecation text to the console: nothing prints raw.
    log: SILENT,
    request: { fetch: fetchOver(transport, timeoutMs) },
  });
}
