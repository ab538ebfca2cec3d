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
    const notFound = () => send(404, { message: 'Not Found', status: '404' });
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
    send(200, {
      tag_name: release.tag_name,
      name: release.tag_name,
      body: release.body,
      draft: release.draft ?? false,
      prerelease: release.prerelease ?? false,
      html_url: `https://github.com/${match[1]}/${match[2]}/releases/tag/${release.tag_name}`,
    });
  }
}
