import { readFileSync } from 'node:fs';
import type { Env } from '../core/inputs.js';
import { field, isObject, stringOf } from '../core/json.js';
import { githubRunUrl, githubServerUrl } from '../core/release/github-run.js';

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
  const repository = env.GITHUB_REPOSITORY ?? '';
  const runUrl = githubRunUrl(env);
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ref: env.GITHUB_REF ?? '',
    sha: env.GITHUB_SHA ?? '',
    repository,
    runUrl,
    payload: readPayload(env.GITHUB_EVENT_PATH ?? '', readFile),
    workspace: env.GITHUB_WORKSPACE || cwd,
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    serverUrl: githubServerUrl(env),
  };
}

/** Whether the event that started the run deploys (docs/what-is-sent.md), and if not, why. */
export type EventVerdict =
  | { readonly kind: 'deploy' }
  | {
      readonly kind: 'ignore';
      /** What happened, e.g. `Release v1.2.3 was deleted`. */
      readonly what: string;
      /** The event and its activity, e.g. `release (deleted)`. */
      readonly event: string;
    };

const DEPLOY: EventVerdict = { kind: 'deploy' };

/** The one place that says which events deploy nothing. Pure: decided before any request. */
export function eventVerdict(context: Pick<RunContext, 'eventName' | 'payload'>): EventVerdict {
  const { eventName, payload } = context;
  if (eventName === 'release') {
    const action = stringOf(payload.action);
    const release = payload.release;
    const tag = stringOf(field(release, 'tag_name')).trim();
    const name = tag === '' ? 'The release' : `Release ${tag}`;
    const event = `release (${action === '' ? 'no activity' : action})`;
    // A deleted draft was deleted: that, not its being a draft, is why.
    if (action === 'deleted' || action === 'unpublished') {
      return { kind: 'ignore', what: `${name} was ${action}`, event };
    }
    if (field(release, 'draft') === true) {
      return { kind: 'ignore', what: `${name} is a draft`, event };
    }
    return DEPLOY;
  }
  if (eventName === 'push' && payload.deleted === true) {
    return { kind: 'ignore', what: `${refName(stringOf(payload.ref))} was deleted`, event: 'push' };
  }
  return DEPLOY;
}

/** `Tag v1.2.3`, `Branch main`, or the ref as given. */
function refName(ref: string): string {
  if (ref.startsWith('refs/tags/')) return `Tag ${ref.slice('refs/tags/'.length)}`;
  if (ref.startsWith('refs/heads/')) return `Branch ${ref.slice('refs/heads/'.length)}`;
  return ref === '' ? 'A ref' : `Ref ${ref}`;
}
