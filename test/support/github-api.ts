// A local fake of the GitHub REST endpoints the action reads (latest release, release by tag),
// with fault injection. Used by the tests and `npm run github-api`. Erasable TypeScript, so that
// Node runs it directly.
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface FakeRelease {
  tag_name: string;
  body: string | null;
  draft?: boolean;
  prerelease?: boolean;
  /** Any other field of GitHub's answer, answered as given: e.g. GitHub's own example, whole. */
  [field: string]: unknown;
}

/** One canned answer, used for the next request(s) instead of the API. */
export type GitHubFault =
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'rate-limit' }
  | { kind: 'hang' };

export interface GitHubRequest {
  method: string;
  path: string;
  /** The Authorization header as received (tests check the token was sent). */
  authorization: string;
  userAgent: string;
  fault: GitHubFault['kind'] | undefined;
}

/** A recognisable fake token: tests look for any part of it in everything printed. */
export const FAKE_TOKEN = 'ghs_Fk7Qz2pLw9Xr4Tn8Vb3Mc6Hd1Js5Ga0Ye2KuR';

export const REPOSITORY = 'octo-creator/shiny-asset';

/**
 * The 200 answer of the release routes: every field GitHub's schema requires, with the types it
 * gives them (`test/action/github-api-schema.test.ts` checks it against GitHub's OpenAPI document), and
 * the release's own fields over them.
 */
export function releaseAnswer(owner: string, repo: string, release: FakeRelease): object {
  const api = `https://api.github.com/repos/${owner}/${repo}`;
  const user = 'https://api.github.com/users/octo-creator';
  const tag = encodeURIComponent(release.tag_name);
  return {
    url: `${api}/releases/1`,
    html_url: `https://github.com/${owner}/${repo}/releases/tag/${release.tag_name}`,
    assets_url: `${api}/releases/1/assets`,
    upload_url: `https://uploads.github.com/repos/${owner}/${repo}/releases/1/assets{?name,label}`,
    tarball_url: `${api}/tarball/${tag}`,
    zipball_url: `${api}/zipball/${tag}`,
    id: 1,
    node_id: 'RE_kwDOAAAAAc4AAAAB',
    target_commitish: 'main',
    name: release.tag_name,
    draft: false,
    prerelease: false,
    immutable: false,
    created_at: '2025-11-20T10:00:00Z',
    published_at: release.draft === true ? null : '2025-11-20T10:00:00Z',
    updated_at: '2025-11-20T10:00:00Z',
    author: {
      login: 'octo-creator',
      id: 1,
      node_id: 'U_kgDOAAAAAQ',
      avatar_url: 'https://avatars.githubusercontent.com/u/1?v=4',
      gravatar_id: '',
      url: user,
      html_url: 'https://github.com/octo-creator',
      followers_url: `${user}/followers`,
      following_url: `${user}/following{/other_user}`,
      gists_url: `${user}/gists{/gist_id}`,
      starred_url: `${user}/starred{/owner}{/repo}`,
      subscriptions_url: `${user}/subscriptions`,
      organizations_url: `${user}/orgs`,
      repos_url: `${user}/repos`,
      events_url: `${user}/events{/privacy}`,
      received_events_url: `${user}/received_events`,
      type: 'User',
      site_admin: false,
    },
    assets: [],
    ...release,
  };
}

/** GitHub's 404 answer (`basic-error`). */
export const NOT_FOUND = {
  message: 'Not Found',
  documentation_url: 'https://docs.github.com/rest/releases/releases#get-the-latest-release',
  status: '404',
};

export class GitHubApi {
  readonly releases: FakeRelease[] = [];
  readonly requests: GitHubRequest[] = [];
  readonly faults: (GitHubFault & { times?: number })[] = [];
  readonly server: http.Server;
  /** The token it accepts; any other gets 401 Bad credentials. */
  token = FAKE_TOKEN;
  readonly #scheme: 'http' | 'https';

  /** With `tls`, it serves https, as the real API does (e.g. behind a proxy's CONNECT tunnel). */
  constructor(releases: FakeRelease[] = [], tls?: { key: string; cert: string }) {
    this.releases.push(...releases);
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => this.#handle(req, res);
    this.server = tls ? https.createServer(tls, handler) : http.createServer(handler);
    this.#scheme = tls ? 'https' : 'http';
  }

  async start(port = 0): Promise<string> {
    this.server.listen(port, '127.0.0.1');
    await once(this.server, 'listening');
    return this.url;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `${this.#scheme}://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  inject(...faults: (GitHubFault & { times?: number })[]): void {
    this.faults.push(...faults);
  }

  #nextFault(): GitHubFault | undefined {
    const fault = this.faults[0];
    if (fault === undefined) return undefined;
    if ((fault.times ?? 1) <= 1) this.faults.shift();
    else fault.times = (fault.times ?? 1) - 1;
    return fault;
  }

  #handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? '/';
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (path === '/__requests') {
      send(200, this.requests);
      return;
    }
    const fault = this.#nextFault();
    this.requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization ?? '',
      userAgent: req.headers['user-agent'] ?? '',
      fault: fault?.kind,
    });
    if (fault?.kind === 'hang') return; // Never answers: the client's deadline must end it.
    if (fault?.kind === 'rate-limit') {
      send(
        403,
        { message: 'API rate limit exceeded for installation.', documentation_url: 'x' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1800000000' },
      );
      return;
    }
    if (fault?.kind === 'status') {
      send(fault.status, fault.body ?? '', fault.headers);
      return;
    }
    const auth = req.headers.authorization ?? '';
    if (auth !== `token ${this.token}` && auth !== `Bearer ${this.token}`) {
      send(401, { message: 'Bad credentials', status: '401' });
      return;
    }
    const notFound = () => send(404, NOT_FOUND);
    const match = /^\/repos\/([^/]+)\/([^/]+)\/releases\/(latest|tags\/(.+))$/.exec(path);
    if (req.method !== 'GET' || match === null) {
      notFound();
      return;
    }
    const published = this.releases.filter((r) => !r.draft);
    const release =
      match[3] === 'latest'
        ? published.find((r) => !r.prerelease)
        : published.find((r) => r.tag_name === decodeURIComponent(match[4] ?? ''));
    if (release === undefined) {
      notFound();
      return;
    }
    send(200, releaseAnswer(match[1] ?? '', match[2] ?? '', release));
  }
}
