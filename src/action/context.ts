// The run as the action reads it from @actions/github's `context`, and whether its event deploys.
import { field, isObject, stringOf } from '../core/json.js';

/** What the runner tells about the run. */
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

/**
 * What the action reads of @actions/github's `context`. The package types its fields as set, but
 * leaves them undefined outside a run; `repo` throws when the run names no repository.
 */
export type GitHubContext = Pick<
  typeof import('@actions/github').context,
  'eventName' | 'ref' | 'sha' | 'payload' | 'runId' | 'runAttempt' | 'apiUrl' | 'serverUrl' | 'repo'
>;

/** A root URL without its trailing slashes; `fallback` when the runner set it empty. */
function root(url: string | undefined, fallback: string): string {
  return (url || fallback).replace(/\/+$/, '');
}

/** The run from the package's `context`; `workspace` from the runner. */
export function runContextOf(context: GitHubContext, workspace: string): RunContext {
  let repository = '';
  try {
    const { owner, repo } = context.repo;
    if (owner && repo) repository = `${owner}/${repo}`;
  } catch {
    // No GITHUB_REPOSITORY: the repository is not known.
  }
  const serverUrl = root(context.serverUrl, 'https://github.com');
  // The run's page, or '' when the runner names no run (a run outside GitHub Actions).
  let runUrl = '';
  if (repository !== '' && Number.isInteger(context.runId)) {
    runUrl = `${serverUrl}/${repository}/actions/runs/${context.runId}`;
    if (context.runAttempt > 1) runUrl += `/attempts/${context.runAttempt}`;
  }
  return {
    eventName: context.eventName ?? '',
    ref: context.ref ?? '',
    sha: context.sha ?? '',
    repository,
    runUrl,
    payload: isObject(context.payload) ? context.payload : {},
    workspace,
    apiUrl: root(context.apiUrl, 'https://api.github.com'),
    serverUrl,
  };
}

/** An event that deploys nothing: what happened (`Release v1.2.3 was deleted`), and the event. */
export interface IgnoredEvent {
  readonly what: string;
  /** The event and its activity, e.g. `release (deleted)`. */
  readonly event: string;
}

/** The one place that says which events deploy nothing (docs/what-is-sent.md). Pure. */
export function ignoredEvent({
  eventName,
  payload,
}: Pick<RunContext, 'eventName' | 'payload'>): IgnoredEvent | undefined {
  if (eventName === 'release') {
    const action = stringOf(payload.action);
    const tag = stringOf(field(payload.release, 'tag_name')).trim();
    const name = tag === '' ? 'The release' : `Release ${tag}`;
    const event = `release (${action === '' ? 'no activity' : action})`;
    // A deleted draft was deleted: that, not its being a draft, is why.
    if (action === 'deleted' || action === 'unpublished') {
      return { what: `${name} was ${action}`, event };
    }
    if (field(payload.release, 'draft') === true) return { what: `${name} is a draft`, event };
  }
  if (eventName === 'push' && payload.deleted === true) {
    const ref = stringOf(payload.ref);
    const what = ref.startsWith('refs/tags/')
      ? `Tag ${ref.slice('refs/tags/'.length)}`
      : ref.startsWith('refs/heads/')
        ? `Branch ${ref.slice('refs/heads/'.length)}`
        : ref === ''
          ? 'A ref'
          : `Ref ${ref}`;
    return { what: `${what} was deleted`, event: 'push' };
  }
  return undefined;
}
