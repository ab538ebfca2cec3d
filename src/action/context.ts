import { field, isObject, stringOf } from '../core/json.js';

/** What the runner tells about the run: @actions/github's `context` of the event and the run. */
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

/** What the action reads of @actions/github's `context`: its fields as the package sets them. */
export interface GitHubContext {
  readonly eventName: string | undefined;
  readonly ref: string | undefined;
  readonly sha: string | undefined;
  readonly payload: unknown;
  readonly runId: number;
  readonly runAttempt: number;
  readonly apiUrl: string | undefined;
  readonly serverUrl: string | undefined;
  /** Throws when the run names no repository. */
  readonly repo: { readonly owner: string; readonly repo: string };
}

function repositoryOf(context: GitHubContext): string {
  try {
    const { owner, repo } = context.repo;
    return owner && repo ? `${owner}/${repo}` : '';
  } catch {
    return '';
  }
}

/** A root URL without its trailing slashes; `fallback` when the runner set it empty. */
function root(url: string | undefined, fallback: string): string {
  return (url || fallback).replace(/\/+$/, '');
}

/** The run's page, or '' when the runner names no run (a run outside GitHub Actions). */
function runUrlOf(context: GitHubContext, serverUrl: string, repository: string): string {
  if (repository === '' || !Number.isInteger(context.runId)) return '';
  const runUrl = `${serverUrl}/${repository}/actions/runs/${context.runId}`;
  return context.runAttempt > 1 ? `${runUrl}/attempts/${context.runAttempt}` : runUrl;
}

/** The run as the action reads it from @actions/github's `context`; `workspace` from the runner. */
export function runContextOf(context: GitHubContext, workspace: string): RunContext {
  const repository = repositoryOf(context);
  const serverUrl = root(context.serverUrl, 'https://github.com');
  return {
    eventName: context.eventName ?? '',
    ref: context.ref ?? '',
    sha: context.sha ?? '',
    repository,
    runUrl: runUrlOf(context, serverUrl, repository),
    payload: isObject(context.payload) ? context.payload : {},
    workspace,
    apiUrl: root(context.apiUrl, 'https://api.github.com'),
    serverUrl,
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
