// The GitHub REST API, for release data (docs/what-is-sent.md). The only module that loads
// @actions/github (octokit.ts), and only through a dynamic import(): the bundler puts it in a
// separate chunk, loaded when the run's context is first read. Its requests go through the step's
// transport.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Env } from '../core/inputs.js';
import { field, stringOf } from '../core/json.js';
import type { ExchangeDebug } from '../core/transport/debug-lines.js';
import {
  classifyFailure,
  errorCode,
  hostPort,
  type ProxyInUse,
  proxyTroubleText,
  type Trouble,
} from '../core/transport/failure.js';
import { transportFailureOf } from '../core/transport/fetch-adapter.js';
import { isRetryable } from '../core/transport/retry.js';
import { createTransport, type Transport } from '../core/transport/transport.js';

export interface GitHubRelease {
  readonly tag: string;
  /** Untrusted text; '' when the release has none. */
  readonly body: string;
  /** The release's page; '' when not given. */
  readonly url: string;
}

export type GitHubFailure =
  | {
      readonly cause:
        | 'no-token'
        | 'malformed-token'
        | 'no-repository'
        | 'unloadable'
        | 'bad-answer';
    }
  | { readonly cause: 'bad-token' | 'forbidden' | 'server' | 'rejected'; readonly status: number }
  | { readonly cause: 'rate-limited'; readonly status: number; readonly resetAt: string }
  /** `host`: the API's address (a GitHub Enterprise Server's is not api.github.com). */
  | { readonly cause: 'unreachable'; readonly code: string; readonly host?: string }
  | { readonly cause: 'timeout'; readonly host?: string }
  | { readonly cause: 'tls'; readonly code: string; readonly host?: string }
  /** The request was abandoned by its caller before an answer came. */
  | { readonly cause: 'aborted'; readonly host?: string }
  /** The proxy refused the tunnel, could not reach GitHub, or could not be reached itself. */
  | {
      readonly cause: 'proxy';
      readonly trouble: Trouble;
      readonly proxy: ProxyInUse;
      /** host:port of the GitHub API. */
      readonly target: string;
    };

export type ReleaseLookup =
  | { readonly kind: 'found'; readonly release: GitHubRelease }
  /** HTTP 404: no such release (or no published release at all). */
  | { readonly kind: 'none' }
  | { readonly kind: 'failed'; readonly failure: GitHubFailure };

/** What resolution needs from GitHub; tests pass fakes. */
export interface GitHubPort {
  /** The latest published release: not a draft, not a pre-release. */
  latestRelease(): Promise<ReleaseLookup>;
  releaseByTag(tag: string): Promise<ReleaseLookup>;
}

/** `the GitHub API at ghe.example.com`, or `the GitHub API` when its address is not known. */
function api(host: string | undefined): string {
  return host === undefined ? 'the GitHub API' : `the GitHub API at ${host}`;
}

/** The cause in a few words, for a warning or an error. Never server text. */
export function describeGitHubFailure(failure: GitHubFailure): string {
  switch (failure.cause) {
    case 'no-token':
      return 'no token was given (input `github-token` is empty)';
    case 'malformed-token':
      return 'the token (input `github-token`) holds characters a token cannot have';
    case 'no-repository':
      return 'the repository is not known (GITHUB_REPOSITORY is not set)';
    case 'unloadable':
      return "the action's GitHub client could not be loaded";
    case 'bad-answer':
      return 'the GitHub API gave an answer that is not a release';
    case 'bad-token':
      return `the token was refused (HTTP ${failure.status}): it is invalid or expired`;
    case 'forbidden':
      return `the token may not read releases (HTTP ${failure.status}): grant the workflow \`contents: read\``;
    case 'rate-limited':
      return (
        `the GitHub API rate limit was reached (HTTP ${failure.status})` +
        (failure.resetAt === '' ? '' : `; it resets at ${failure.resetAt}`)
      );
    case 'server':
      return `the GitHub API failed (HTTP ${failure.status}), also when retried`;
    case 'rejected':
      return `the GitHub API refused the request (HTTP ${failure.status})`;
    case 'unreachable':
      return `${api(failure.host)} could not be reached (${failure.code}), also when retried`;
    case 'timeout':
      return `${api(failure.host)} did not answer within 10 s, also when retried`;
    case 'tls':
      return (
        `the TLS certificate of ${api(failure.host)} was rejected (${failure.code}): with a private ` +
        'certificate authority, set NODE_EXTRA_CA_CERTS on the step to a PEM file holding its certificate'
      );
    case 'aborted':
      return `the request to ${api(failure.host)} was abandoned before it was answered`;
    case 'proxy': {
      const text =
        proxyTroubleText(failure.trouble, failure.proxy, failure.target) ?? 'proxy failure';
      const retried = failure.trouble.kind === 'proxy-refused' ? '' : ', also when retried';
      return `the GitHub API was not reached: ${text}${retried}`;
    }
  }
}

export const GITHUB_CALL_TIMEOUT_MS = 10_000;
const RETRY_PAUSE_MS = 500;

type Client = import('./octokit.js').Client;

export interface GitHubOptions {
  readonly token: string;
  /** `owner/repo`. */
  readonly repository: string;
  /** The API root, e.g. https://api.github.com or a GitHub Enterprise Server's. */
  readonly apiUrl: string;
  /** The step's environment: its proxy variables route the calls when no transport is given. */
  readonly env: Env;
  /**
   * The step's transport, shared with the marketplace's requests; without one, a transport of
   * its own from the process environment (the same rules).
   */
  readonly transport?: Transport;
  readonly timeoutMs?: number;
  readonly retryPauseMs?: number;
  /** Loads the client; the default is the dynamic import of octokit.ts (its own chunk). */
  readonly load?: () => Promise<typeof import('./octokit.js')>;
  /** The debug log and the step's guard: each exchange and each retry is written there. */
  readonly debug?: Omit<ExchangeDebug, 'via'> | undefined;
}

/** @actions/github, with the client over the step's transport: its chunk, loaded once. */
export function loadGitHubPackage(): Promise<typeof import('./octokit.js')> {
  return import('./octokit.js');
}

interface HttpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | number | undefined>>;
}

function answerOf(error: unknown): HttpAnswer | undefined {
  // Octokit's RequestError has a `response` only when GitHub answered: a network error or an
  // abort is reported as status 500 without one.
  const response = (error as { response?: unknown } | null)?.response;
  if (typeof response !== 'object' || response === null) return undefined;
  const { status, headers } = response as { status?: unknown; headers?: unknown };
  if (typeof status !== 'number') return undefined;
  return {
    status,
    headers: (typeof headers === 'object' && headers !== null
      ? headers
      : {}) as HttpAnswer['headers'],
  };
}

function resetTime(headers: HttpAnswer['headers']): string {
  const seconds = Number(headers['x-ratelimit-reset']);
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  return `${new Date(seconds * 1000).toISOString().slice(11, 16)} UTC`;
}

/** Where a call went, for naming a failure: the proxy in use, GitHub's host:port and host. */
export interface Route {
  readonly proxy: ProxyInUse | undefined;
  readonly target: string;
  /** The API's host as its URL gives it, e.g. `ghe.example.com`: what messages name. */
  readonly host?: string;
}

/** A call that got no answer, classified by the transport's own rules (as the marketplace's). */
function unanswered(error: unknown, timedOut: boolean, route: Route | undefined) {
  const failure = transportFailureOf(error);
  const at = route?.host === undefined ? {} : { host: route.host };
  if (failure === undefined) {
    const lost: GitHubFailure = timedOut
      ? { cause: 'timeout', ...at }
      : { cause: 'unreachable', code: errorCode(error) ?? 'network error', ...at };
    return { lookup: { kind: 'failed', failure: lost } as const, retry: true };
  }
  const trouble = classifyFailure(failure, route?.proxy);
  const retry = isRetryable(failure);
  const failed = (lost: GitHubFailure) => ({
    lookup: { kind: 'failed', failure: lost } as const,
    retry,
  });
  if (
    route?.proxy !== undefined &&
    proxyTroubleText(trouble, route.proxy, route.target) !== undefined
  ) {
    return failed({ cause: 'proxy', trouble, proxy: route.proxy, target: route.target });
  }
  if (trouble.kind === 'tls') return failed({ cause: 'tls', code: trouble.code, ...at });
  if (trouble.kind === 'timeout') return failed({ cause: 'timeout', ...at });
  if (trouble.kind === 'aborted') return failed({ cause: 'aborted', ...at });
  return failed({ cause: 'unreachable', code: failure.code, ...at });
}

/**
 * A failed call as a lookup result, and whether one retry may help. GitHub answered when the error
 * has a `response`, never judged by its status (Octokit gives 500 to network errors too).
 */
export function classify(
  error: unknown,
  timedOut: boolean,
  route?: Route,
): { lookup: ReleaseLookup; retry: boolean } {
  const answer = answerOf(error);
  if (answer === undefined) return unanswered(error, timedOut, route);
  const { status, headers } = answer;
  const failed = (failure: GitHubFailure) => ({
    lookup: { kind: 'failed', failure } as const,
    retry: false,
  });
  if (status === 404) return { lookup: { kind: 'none' }, retry: false };
  if (status === 401) return failed({ cause: 'bad-token', status });
  if (
    status === 429 ||
    (status === 403 &&
      (String(headers['x-ratelimit-remaining']) === '0' || headers['retry-after'] !== undefined))
  ) {
    return failed({ cause: 'rate-limited', status, resetAt: resetTime(headers) });
  }
  if (status === 403) return failed({ cause: 'forbidden', status });
  if (status >= 500)
    return { lookup: { kind: 'failed', failure: { cause: 'server', status } }, retry: true };
  return failed({ cause: 'rejected', status });
}

export function toRelease(data: unknown): GitHubRelease | undefined {
  const tag = stringOf(field(data, 'tag_name')).trim();
  if (tag === '') return undefined;
  return { tag, body: stringOf(field(data, 'body')), url: stringOf(field(data, 'html_url')) };
}

/** A port to the real API: the client is loaded on the first call, never before. */
export function createGitHub(options: GitHubOptions): GitHubPort {
  // Stryker disable next-line StringLiteral: split gives at least one part: the owner is always there
  const [owner = '', repo = ''] = options.repository.split('/');
  const timeoutMs = options.timeoutMs ?? GITHUB_CALL_TIMEOUT_MS;
  const load = options.load ?? loadGitHubPackage;
  let client: Promise<Client> | undefined;
  let transport = options.transport;
  const octokit = () => {
    // Given the API's address, the transport checks its proxy now: a bad one fails the call before
    // the client is loaded or any request leaves.
    transport ??= createTransport(options.env, [options.apiUrl], timeoutMs);
    const shared = transport;
    client ??= load().then((github) =>
      github.createOctokit(options.token, options.apiUrl, shared, timeoutMs, options.debug),
    );
    return client;
  };

  async function get(
    call: (api: Client) => Promise<{ data: unknown }>,
    what: string,
  ): Promise<ReleaseLookup> {
    if (options.token === '') return { kind: 'failed', failure: { cause: 'no-token' } };
    // It travels in a header: a bad one would be refused with an error that reads like a network one.
    if (!/^[\x21-\x7e]+$/.test(options.token)) {
      return { kind: 'failed', failure: { cause: 'malformed-token' } };
    }
    if (owner === '' || repo === '') return { kind: 'failed', failure: { cause: 'no-repository' } };
    let api: Client;
    try {
      api = await octokit();
    } catch {
      return { kind: 'failed', failure: { cause: 'unloadable' } };
    }
    // An API address that is not a URL fails on the request itself, as unreachable.
    const parsable = URL.canParse(options.apiUrl);
    const where: Route = {
      // Stryker disable next-line OptionalChaining: octokit() above has set the transport
      proxy: parsable ? transport?.proxyInUse(options.apiUrl) : undefined,
      target: parsable ? hostPort(options.apiUrl) : options.apiUrl,
      host: parsable ? new URL(options.apiUrl).host : options.apiUrl,
    };
    // Stryker disable next-line ObjectLiteral,StringLiteral: the first attempt always returns or sets it
    let last: ReleaseLookup = { kind: 'failed', failure: { cause: 'timeout' } };
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const response = await call(api);
        const release = toRelease(response.data);
        return release === undefined
          ? { kind: 'failed', failure: { cause: 'bad-answer' } }
          : { kind: 'found', release };
      } catch (error) {
        const { lookup, retry } = classify(error, false, where);
        last = lookup;
        const again = retry && attempt === 1;
        options.debug?.log(
          retryLine(what, lookup, attempt, again, options.retryPauseMs ?? RETRY_PAUSE_MS),
        );
        if (!again) break;
        await sleep(options.retryPauseMs ?? RETRY_PAUSE_MS);
      }
    }
    return last;
  }

  return {
    latestRelease: () =>
      get((api) => api.rest.repos.getLatestRelease({ owner, repo }), 'latest release'),
    releaseByTag: (tag) =>
      get(
        (api) => api.rest.repos.getReleaseByTag({ owner, repo, tag }),
        `release for tag ${JSON.stringify(tag)}`,
      ),
  };
}

/** The debug log's line on a GitHub call that read no release: whether it is retried, and why. */
function retryLine(
  what: string,
  lookup: ReleaseLookup,
  attempt: number,
  again: boolean,
  pauseMs: number,
): string {
  if (lookup.kind !== 'failed') return `GitHub: no ${what} (HTTP 404)`;
  const { failure } = lookup;
  const cause =
    'status' in failure
      ? `HTTP ${failure.status}`
      : 'code' in failure
        ? failure.code
        : failure.cause;
  const failed = `GitHub: the ${what} could not be read (${cause})`;
  if (again) return `${failed}: retried once in ${pauseMs} ms`;
  return attempt === 1 ? `${failed}: not retried` : `${failed}, also when retried`;
}
