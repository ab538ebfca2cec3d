// The run as the action reads it from @actions/github's `context`, whether its event deploys, and
// why it could not be read.
import { ProxySettingError, ResolveError, type StepError } from '../core/errors.js';
import type { Settings } from '../core/inputs.js';
import { field, isObject, stringOf } from '../core/json.js';
import { runPageUrl } from '../core/release/github-run.js';
import type { Origin } from '../core/release/resolve.js';
import type { RunWorld } from '../core/step.js';
import { createTransport } from '../core/transport/transport.js';

/** What the runner tells about the run, beyond what every front end's origin holds. */
export interface RunContext extends Origin {
  readonly eventName: string;
  readonly ref: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /** The REST API root: GITHUB_API_URL (GitHub Enterprise Server sets it), else github.com's. */
  readonly apiUrl: string;
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
  // The package reads the run's id and attempt as numbers: NaN outside a run.
  const runId = Number.isInteger(context.runId) ? String(context.runId) : '';
  const attempt = context.runAttempt > 1 ? String(context.runAttempt) : '';
  return {
    eventName: context.eventName ?? '',
    ref: context.ref ?? '',
    sha: context.sha ?? '',
    repository,
    runUrl: runPageUrl(serverUrl, repository, runId, attempt),
    payload: isObject(context.payload) ? context.payload : {},
    workspace,
    apiUrl: root(context.apiUrl, 'https://api.github.com'),
    serverUrl,
  };
}

/**
 * The one place that says which events deploy nothing (docs/what-is-sent.md). Pure. What happened
 * (`Release v1.2.3 was deleted`), and the event with its activity (`release (deleted)`).
 */
export function ignoredEvent({
  eventName,
  payload,
}: Pick<RunContext, 'eventName' | 'payload'>): RunWorld<RunContext>['ignored'] {
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

/**
 * @actions/github reads the run's context and its proxy when it loads: the event file, the API's
 * address and the proxy variables. When it cannot load, the step stops before any request with the
 * reason in the action's words, never with the package's own error.
 */
export function unloadable(error: unknown, settings: Settings): StepError {
  const apiUrl = process.env.GITHUB_API_URL || 'https://api.github.com';
  try {
    // The step's own proxy rules over the hosts it talks to: a variable it cannot read is named
    // here exactly as the step's transport would name it.
    void createTransport(process.env, [settings.baseUrl, apiUrl], settings.timeoutMs).destroy();
  } catch (proxyError) {
    if (proxyError instanceof ProxySettingError) return proxyError;
  }
  if (error instanceof SyntaxError) {
    return new ResolveError(
      'Event unreadable',
      'The event that started the run could not be read: the file GITHUB_EVENT_PATH names is ' +
        'not JSON. Re-run the workflow; nothing was sent.',
    );
  }
  if (!URL.canParse(apiUrl)) {
    return new ResolveError(
      'Invalid GITHUB_API_URL',
      'The environment variable GITHUB_API_URL is not a URL: set it to the REST API root of ' +
        'GitHub (https://api.github.com) or of GitHub Enterprise Server, or unset it. Nothing was sent.',
    );
  }
  const what = error instanceof Error ? error.name : 'an error';
  return new ResolveError(
    'GitHub package unavailable',
    `The action's GitHub package (@actions/github) could not be loaded (${what}), so the run's ` +
      'event could not be read. Nothing was sent.',
  );
}
