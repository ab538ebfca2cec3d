// @actions/github, a chunk of its own: the run's event, and the two REST calls the action makes
// over the step's transport (never the agent the package makes when it loads).
import { context, getOctokit } from '@actions/github';
import type { Answer, AttemptResult, Failure } from '../core/attempt.js';
import { TransportError } from '../core/errors.js';
import { field, stringOf } from '../core/json.js';
import { USER_AGENT } from '../core/meta.js';
import type { Origin, ReleaseNotes, Step } from '../core/release/resolve.js';
import type { Exchange, ExchangeDebug } from '../core/transport/debug-lines.js';
import { exchange } from '../core/transport/exchange.js';
import { classifyFailure, hostPort, proxyTroubleText } from '../core/transport/failure.js';
import { isRetryable, type Outcome, REAL_CLOCK, withRetries } from '../core/transport/retry.js';

export { context };

/** Each call gives the release, undefined for none, or throws an Error saying why (no server text). */
export type GitHubPort = ReturnType<typeof createGitHub>;

function refused({ status, headers = {} }: Answer): string {
  if (status === 401) return 'the token was refused (HTTP 401): it is invalid or expired';
  const limited = headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined;
  if (status === 429 || (status === 403 && limited)) {
    const reset = new Date(Number(headers['x-ratelimit-reset']) * 1000);
    const at = reset.getTime() > 0 ? `; it resets at ${reset.toISOString().slice(11, 16)} UTC` : '';
    return `the GitHub API rate limit was reached (HTTP ${status})${at}`;
  }
  if (status >= 500) return `the GitHub API failed (HTTP ${status})`;
  if (status !== 403) return `the GitHub API refused the request (HTTP ${status})`;
  return 'the token may not read releases (HTTP 403): grant the workflow `contents: read`';
}

// One retry, half a second later, after a failure a retry may mend or a 5xx: two 10 s deadlines.
const POLICY = {
  retryable: (result: AttemptResult) =>
    result.kind === 'answer' ? result.status >= 500 : isRetryable(result),
  backoffMs: () => 500,
};

// Octokit's request layer would print server-sent deprecation text to the console: nothing prints raw.
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

export function createGitHub(
  { settings, context, transport }: Omit<Step<Origin & { readonly apiUrl: string }>, 'notes'>,
  debugTo?: Omit<ExchangeDebug, 'via'>,
  { clock = REAL_CLOCK, timeoutMs = 10_000 } = {},
) {
  const token = settings.githubToken.reveal();
  const [owner = '', repo = ''] = context.repository.split('/');
  // A GITHUB_API_URL that is not a URL stops @actions/github from loading: never here.
  const api = `the GitHub API at ${new URL(context.apiUrl).host}`;
  const proxy = transport.proxyInUse(context.apiUrl);
  const debug = debugTo && { ...debugTo, via: proxy?.host };

  function failureOf(result: AttemptResult): [short: string, reason: string] {
    if (result.kind === 'answer') return [`HTTP ${result.status}`, refused(result)];
    const trouble = classifyFailure(result, proxy);
    const viaProxy = proxy && proxyTroubleText(trouble, proxy, hostPort(context.apiUrl));
    if (viaProxy !== undefined) return ['proxy', `the GitHub API was not reached: ${viaProxy}`];
    if (trouble.kind === 'timeout')
      return ['timeout', `${api} did not answer within ${timeoutMs / 1000} s`];
    const reason =
      trouble.kind === 'tls'
        ? `the TLS certificate of ${api} was rejected (${result.code}): with a private certificate authority, set NODE_EXTRA_CA_CERTS on the step to a PEM file holding its certificate`
        : `${api} could not be reached (${result.code})`;
    return [result.code, reason];
  }

  async function get(asked?: string): Promise<ReleaseNotes | undefined> {
    if (token === '') throw new Error('no token was given (input `github-token` is empty)');
    // It travels in a header: a bad one would be refused with an error that reads like a network one.
    if (!/^[\x21-\x7e]+$/.test(token))
      throw new Error('the token (input `github-token`) holds characters a token cannot have');
    if (owner === '' || repo === '')
      throw new Error('the repository is not known (GITHUB_REPOSITORY is not set)');
    const what =
      asked === undefined ? 'latest release' : `release for tag ${JSON.stringify(asked)}`;
    const route = `GET /repos/{owner}/{repo}/releases/${asked === undefined ? 'latest' : 'tags/{tag}'}`;
    let outcome: Outcome | undefined;
    // Octokit's fetch: the exchange over the step's transport and its retry, answering with the part
    // of a Response that Octokit reads, so that Node's own fetch (a second undici) is not loaded.
    async function fetch(url: string, { method, headers }: Pick<Exchange, 'method' | 'headers'>) {
      const request = { method, url, headers, timeoutMs };
      outcome = await withRetries(
        async () => {
          const result = await exchange(request, transport.dispatcherFor(url), debug);
          // GitHub only adds to what is sent, so it may hold the deploy about 20 s at most: no
          // wait it asks for is waited.
          return result.kind === 'answer' ? { ...result, retryAfter: '' } : result;
        },
        1,
        clock,
        (result, attempt, next) => {
          // What Octokit reads as a release (or as not one).
          if (result.kind === 'answer' && result.status < 400 && result.status !== 304) return;
          const line = `GitHub: the ${what} could not be read (${failureOf(result)[0]})`;
          if (result.status === 404) debug?.log(`GitHub: no ${what} (HTTP 404)`);
          else if (next.kind === 'wait') debug?.log(`${line}: retried once in ${next.ms} ms`);
          else debug?.log(`${line}${attempt === 1 ? ': not retried' : ', also when retried'}`);
        },
        POLICY,
      );
      const { last } = outcome;
      if (last.kind === 'failure') throw new TransportError(last);
      return {
        status: last.status,
        // Lower-case names, as Octokit asks for them.
        headers: new Map(Object.entries(last.headers ?? {})),
        text: async () => last.body,
        arrayBuffer: async () => new TextEncoder().encode(last.body).buffer,
      };
    }
    const octokit = getOctokit(token, {
      baseUrl: context.apiUrl.replace(/\/+$/, ''),
      userAgent: USER_AGENT,
      request: { fetch, log: SILENT },
    });
    const read = await octokit.request(route, { owner, repo, tag: asked }).catch(() => undefined);
    if (read === undefined) {
      // No outcome: the fetch failed before any attempt (read as a network error, never thrown on).
      const failed: Failure = { kind: 'failure', code: 'network error', ms: 0 };
      const { last, attempts } = outcome ?? { last: failed, attempts: 1 };
      if (last.status === 404) return undefined;
      throw new Error(`${failureOf(last)[1]}${attempts > 1 ? ', also when retried' : ''}`);
    }
    const { data } = read;
    const tag = stringOf(field(data, 'tag_name')).trim();
    if (tag === '') throw new Error('the GitHub API gave an answer that is not a release');
    return { tag, body: stringOf(field(data, 'body')), url: stringOf(field(data, 'html_url')) };
  }

  return { latestRelease: () => get(), releaseByTag: (tag: string) => get(tag) };
}
