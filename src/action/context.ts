// The run as the action reads it from @actions/github's `context`, and whether its event deploys.
import { ProxySettingError, ResolveError, type StepError } from '../core/errors.js';
import type { Settings } from '../core/inputs.js';
import { field, isObject, stringOf } from '../core/json.js';
import { type Origin, runPageUrl } from '../core/release/resolve.js';
import type { RunWorld } from '../core/step.js';
import { createTransport } from '../core/transport/transport.js';

export interface RunContext extends Origin {
  readonly eventName: string;
  readonly ref: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly apiUrl: string;
}

/** The package types these fields as set, but leaves them undefined outside a run; `repo` throws. */
export type GitHubContext = Pick<
  typeof import('@actions/github').context,
  'eventName' | 'ref' | 'sha' | 'payload' | 'runId' | 'runAttempt' | 'apiUrl' | 'serverUrl' | 'repo'
>;

export function runContextOf(context: GitHubContext, workspace: string): RunContext {
  let repository = '';
  try {
    const { owner, repo } = context.repo;
    if (owner && repo) repository = `${owner}/${repo}`;
  } catch {
    // No GITHUB_REPOSITORY.
  }
  const root = (url: string | undefined, fallback: string) => (url || fallback).replace(/\/+$/, '');
  const serverUrl = root(context.serverUrl, 'https://github.com');
  // The package reads the run's id and attempt as numbers: NaN outside a run.
  const runId = Number.isInteger(context.runId) ? String(context.runId) : '';
  const attempt = context.runAttempt > 0 ? String(context.runAttempt) : '';
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

/** Which events deploy nothing (docs/what-is-sent.md): what happened, and the event. */
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

/** Why @actions/github could not load (it reads the event, the API's address and the proxies). */
export function unloadable(error: unknown, settings: Settings): StepError {
  const apiUrl = process.env.GITHUB_API_URL || 'https://api.github.com';
  try {
    // A proxy variable is named exactly as the step's transport would name it.
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
