// @actions/github: the run's event (`context`) and the two REST calls the action makes (the latest
// release, the release of a tag). Loaded only by main.ts's dynamic import(), so the bundler puts it
// in a chunk of its own. Every request goes through the step's transport (`request.fetch`): the
// agent and fetch the package makes when it loads are never used.
import { setTimeout as sleep } from 'node:timers/promises';
import { context, getOctokit } from '@actions/github';
import { field, isObject, stringOf } from '../core/json.js';
import { USER_AGENT } from '../core/meta.js';
import type { ReleaseNotes } from '../core/release/resolve.js';
import type { ExchangeDebug } from '../core/transport/debug-lines.js';
import {
  classifyFailure,
  errorCode,
  hostPort,
  type ProxyInUse,
  proxyTroubleText,
} from '../core/transport/failure.js';
import { fetchOver, transportFailureOf } from '../core/transport/fetch-adapter.js';
import type { Transport } from '../core/transport/transport.js';

export { context };

export type ReleaseLookup =
  | { readonly kind: 'found'; readonly release: ReleaseNotes }
  /** HTTP 404: no such release (or no published release at all). */
  | { readonly kind: 'none' }
  /** `reason`: the cause in a few words, for a warning or an error; never server text. */
  | { readonly kind: 'failed'; readonly reason: string };

/** What resolution needs from GitHub; tests pass fakes. */
export interface GitHubPort {
  /** The latest published release: not a draft, not a pre-release. */
  latestRelease(): Promise<ReleaseLookup>;
  releaseByTag(tag: string): Promise<ReleaseLookup>;
}

export interface GitHubOptions {
  readonly token: string;
  /** `owner/repo`. */
  readonly repository: string;
  /** The API root, e.g. https://api.github.com or a GitHub Enterprise Server's. */
  readonly apiUrl: string;
  /** The step's transport, shared with the marketplace's requests. */
  readonly transport: Transport;
  readonly timeoutMs?: number;
  readonly retryPauseMs?: number;
  /** The debug log and the step's guard: each exchange and each retry is written there. */
  readonly debug?: Omit<ExchangeDebug, 'via'> | undefined;
}

/** Where the calls go, for naming a failure: the API's host, the proxy in use, its host:port. */
export interface Route {
  readonly host: string;
  readonly proxy: ProxyInUse | undefined;
  readonly target: string;
}

const NOT_RETRIED: ReadonlySet<string> = new Set(['tls', 'proxy-refused', 'aborted']);

/** A call that GitHub answered with `status`; undefined for 404 (no such release). */
function refused(status: number, headers: Record<string, unknown>) {
  const failed = (reason: string, retry = false) => ({ reason, short: `HTTP ${status}`, retry });
  if (status === 404) return undefined;
  if (status === 401) return failed('the token was refused (HTTP 401): it is invalid or expired');
  const limited =
    String(headers['x-ratelimit-remaining']) === '0' || headers['retry-after'] !== undefined;
  if (status === 429 || (status === 403 && limited)) {
    const reset = Number(headers['x-ratelimit-reset']);
    const at =
      Number.isFinite(reset) && reset > 0
        ? `; it resets at ${new Date(reset * 1000).toISOString().slice(11, 16)} UTC`
        : '';
    return failed(`the GitHub API rate limit was reached (HTTP ${status})${at}`);
  }
  if (status === 403) {
    return failed(
      `the token may not read releases (HTTP ${status}): grant the workflow \`contents: read\``,
    );
  }
  if (status >= 500) {
    return failed(`the GitHub API failed (HTTP ${status}), also when retried`, true);
  }
  return failed(`the GitHub API refused the request (HTTP ${status})`);
}

/** A call that got no answer, classified by the transport's rules, as the marketplace's. */
function unanswered(error: unknown, { host, proxy, target }: Route) {
  const failure = transportFailureOf(error);
  const trouble = failure && classifyFailure(failure, proxy);
  const code = failure?.code ?? errorCode(error) ?? 'network error';
  const retry = !NOT_RETRIED.has(trouble?.kind ?? '');
  const again = retry ? ', also when retried' : '';
  const viaProxy = trouble && proxy && proxyTroubleText(trouble, proxy, target);
  const said = (reason: string, short = code) => ({ reason, short, retry });
  if (viaProxy !== undefined)
    return said(`the GitHub API was not reached: ${viaProxy}${again}`, 'proxy');
  // A GitHub Enterprise Server is named by its own address, as the marketplace is.
  const api = `the GitHub API at ${host}`;
  switch (trouble?.kind) {
    case 'tls':
      return said(
        `the TLS certificate of ${api} was rejected (${code}): with a private certificate ` +
          'authority, set NODE_EXTRA_CA_CERTS on the step to a PEM file holding its certificate',
      );
    case 'timeout':
      return said(`${api} did not answer within 10 s${again}`, 'timeout');
    case 'aborted':
      return said(`the request to ${api} was abandoned before it was answered`, 'aborted');
    default:
      return said(`${api} could not be reached (${code})${again}`);
  }
}

/**
 * Why a call read no release (`reason`), the cause in the debug log's words (`short`), and whether
 * to retry once; undefined for 404. GitHub answered when the error has a `response`, never judged
 * by its status: Octokit gives network errors and aborts status 500, without a response.
 */
export function failureOf(error: unknown, route: Route) {
  const response = field(error, 'response');
  const status = field(response, 'status');
  const headers = field(response, 'headers');
  return typeof status === 'number'
    ? refused(status, isObject(headers) ? headers : {})
    : unanswered(error, route);
}

// Octokit would print server-sent deprecation text to the console: nothing prints raw. Its request
// layer logs through `request.log` (else the console), not the client's own `log`.
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

/** A client of the API over the step's transport, made on the first call, never before. */
export function createGitHub(options: GitHubOptions): GitHubPort {
  const { token, apiUrl, transport } = options;
  // Stryker disable next-line StringLiteral: split gives at least one part: the owner is always there
  const [owner = '', repo = ''] = options.repository.split('/');
  const pauseMs = options.retryPauseMs ?? 500;
  // An API address that is not a URL fails on the request itself, as unreachable.
  const parsable = URL.canParse(apiUrl);
  const route: Route = {
    host: parsable ? new URL(apiUrl).host : apiUrl,
    proxy: parsable ? transport.proxyInUse(apiUrl) : undefined,
    target: parsable ? hostPort(apiUrl) : apiUrl,
  };
  let client: ReturnType<typeof getOctokit> | undefined;

  async function get(
    call: (rest: ReturnType<typeof getOctokit>['rest']) => Promise<{ data: unknown }>,
    what: string,
  ): Promise<ReleaseLookup> {
    const failed = (reason: string) => ({ kind: 'failed', reason }) as const;
    if (token === '') return failed('no token was given (input `github-token` is empty)');
    // It travels in a header: a bad one would be refused with an error that reads like a network one.
    if (!/^[\x21-\x7e]+$/.test(token)) {
      return failed('the token (input `github-token`) holds characters a token cannot have');
    }
    if (owner === '' || repo === '') {
      return failed('the repository is not known (GITHUB_REPOSITORY is not set)');
    }
    client ??= getOctokit(token, {
      baseUrl: apiUrl.replace(/\/+$/, ''),
      userAgent: USER_AGENT,
      log: SILENT,
      request: {
        fetch: fetchOver(transport, options.timeoutMs ?? 10_000, options.debug),
        log: SILENT,
      },
    });
    for (let attempt = 1; ; attempt++) {
      try {
        const { data } = await call(client.rest);
        const tag = stringOf(field(data, 'tag_name')).trim();
        if (tag === '') return failed('the GitHub API gave an answer that is not a release');
        const body = stringOf(field(data, 'body'));
        return { kind: 'found', release: { tag, body, url: stringOf(field(data, 'html_url')) } };
      } catch (error) {
        const failure = failureOf(error, route);
        if (failure === undefined) {
          options.debug?.log(`GitHub: no ${what} (HTTP 404)`);
          return { kind: 'none' };
        }
        const again = failure.retry && attempt === 1;
        const line = `GitHub: the ${what} could not be read (${failure.short})`;
        options.debug?.log(
          again
            ? `${line}: retried once in ${pauseMs} ms`
            : `${line}${attempt === 1 ? ': not retried' : ', also when retried'}`,
        );
        if (!again) return failed(failure.reason);
        await sleep(pauseMs);
      }
    }
  }

  return {
    latestRelease: () =>
      get((rest) => rest.repos.getLatestRelease({ owner, repo }), 'latest release'),
    releaseByTag: (tag) =>
      get(
        (rest) => rest.repos.getReleaseByTag({ owner, repo, tag }),
        `release for tag ${JSON.stringify(tag)}`,
      ),
  };
}
