import { readFileSync } from 'node:fs';
import type { Env } from '../core/inputs.js';
import { isObject } from '../core/json.js';

/** What the runner tells about the run, from GITHUB_* variables and the event payload. */
export interface RunContext {
  readonly eventName: string;
  readonly ref: string;
  readonly sha: string;
  readonly repository: string;
  /** '' when the run is not known (e.g. run outside GitHub Actions). */
  readonly runUrl: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /** Where relative paths start (GITHUB_WORKSPACE), else the working directory. */
  readonly workspace: string;
  /** The REST API root: GITHUB_API_URL (GitHub Enterprise Server sets it), else github.com's. */
  readonly apiUrl: string;
  /** The web root (GITHUB_SERVER_URL, else github.com's): relative links in a changelog resolve there. */
  readonly serverUrl?: string;
}

function readPayload(path: string, readFile: (path: string) => string): Record<string, unknown> {
  if (path === '') return {};
  try {
    const value: unknown = JSON.parse(readFile(path));
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

export function readRunContext(
  env: Env,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
  cwd: string = process.cwd(),
): RunContext {
  const server = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
  const repository = env.GITHUB_REPOSITORY ?? '';
  const runId = env.GITHUB_RUN_ID ?? '';
  const attempt = env.GITHUB_RUN_ATTEMPT ?? '';
  let runUrl = '';
  if (repository !== '' && runId !== '') {
    runUrl = `${server}/${repository}/actions/runs/${runId}`;
    if (attempt !== '' && attempt !== '1') runUrl += `/attempts/${attempt}`;
  }
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ref: env.GITHUB_REF ?? '',
    sha: env.GITHUB_SHA ?? '',
    repository,
    runUrl,
    payload: readPayload(env.GITHUB_EVENT_PATH ?? '', readFile),
    workspace: env.GITHUB_WORKSPACE || cwd,
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    serverUrl: server,
  };
}
