// The run as the action reads it from @actions/github's `context`, whether its event deploys, and
// the runner's sources of what is sent beside those every front end shares.
import { ProxySettingError, ResolveError, type StepError } from '../core/errors.js';
import type { Settings } from '../core/inputs.js';
import { field, isObject, stringOf } from '../core/json.js';
import {
  type ChangelogFinder,
  changelogFile,
  changelogInput,
  fromTag,
  type Origin,
  type Plan,
  runPageUrl,
  type Step,
  tagOfRef,
  type VersionFinder,
  versionInput,
} from '../core/release/resolve.js';
import { createTransport } from '../core/transport/transport.js';
import type { GitHubPort } from './github.js';

export interface RunContext extends Origin {
  readonly eventName: string;
  readonly ref: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly apiUrl: string;
}

/** The package types its fields as set, but leaves them undefined outside a run; `repo` throws. */
export type GitHubContext = typeof import('@actions/github').context;

export function runContextOf(context: GitHubContext, workspace: string): RunContext {
  let repository = '';
  try {
    const { owner, repo } = context.repo;
    if (owner && repo) repository = `${owner}/${repo}`;
  } catch {}
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

export function ignoredEvent({ eventName, payload }: Pick<RunContext, 'eventName' | 'payload'>) {
  if (eventName === 'release') {
    const action = stringOf(payload.action);
    const tag = stringOf(field(payload.release, 'tag_name')).trim();
    const name = tag === '' ? 'The release' : `Release ${tag}`;
    const event = `release (${action === '' ? 'no activity' : action})`;
    // A deleted draft was deleted: that, not its being a draft, is why.
    const gone = action === 'deleted' || action === 'unpublished';
    const what = gone ? `${name} was ${action}` : `${name} is a draft`;
    if (gone || field(payload.release, 'draft') === true) return { what, event };
  }
  if (eventName === 'push' && payload.deleted === true) {
    const ref = stringOf(payload.ref);
    const [, kind, name] = /^refs\/(tags|heads)\/(.*)$/s.exec(ref) ?? [];
    const what = kind ? `${kind === 'tags' ? 'Tag' : 'Branch'} ${name}` : `Ref ${ref}`;
    return { what: `${ref === '' ? 'A ref' : what} was deleted`, event: 'push' };
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
      'The event that started the run could not be read: the file GITHUB_EVENT_PATH names is not JSON. Re-run the workflow; nothing was sent.',
    );
  }
  if (!URL.canParse(apiUrl)) {
    return new ResolveError(
      'Invalid GITHUB_API_URL',
      'The environment variable GITHUB_API_URL is not a URL: set it to the REST API root of GitHub (https://api.github.com) or of GitHub Enterprise Server, or unset it. Nothing was sent.',
    );
  }
  const what = error instanceof Error ? error.name : 'an error';
  return new ResolveError(
    'GitHub package unavailable',
    `The action's GitHub package (@actions/github) could not be loaded (${what}), so the run's event could not be read. Nothing was sent.`,
  );
}

function noVersion(ref: string, why = '', title = 'No version to deploy'): ResolveError {
  return new ResolveError(
    title,
    `No version to deploy: the workflow ran on ${ref === '' ? 'no ref' : `ref ${ref}`}, which is not a tag${why}. Run it on a tag push (\`on: push: tags\`), a published release, or \`workflow_dispatch\` from a tag, or set the \`version\` input.`,
  );
}

export function actionPlan(github: (step: Step<RunContext>) => GitHubPort): Plan<RunContext> {
  const runVersion: VersionFinder<RunContext> = async (step) => {
    const { eventName, payload, ref } = step.context;
    const released = stringOf(field(payload.release, 'tag_name')).trim();
    if (eventName === 'release' && released !== '') return fromTag(released, 'release', step);
    if (tagOfRef(ref) !== '') return fromTag(tagOfRef(ref), 'tag', step);
    if (eventName !== 'workflow_dispatch' || !ref.startsWith('refs/heads/')) return undefined;
    const release = await github(step)
      .latestRelease()
      .catch((error: Error) => {
        const why = `, and the latest release could not be read from GitHub: ${error.message}`;
        throw noVersion(ref, why, 'Latest release unavailable');
      });
    const none =
      'the repository has no published release on GitHub (drafts and pre-releases do not count)';
    if (release === undefined) throw noVersion(ref, `, and ${none}`);
    return { ...fromTag(release.tag, 'latest-release', step), release };
  };

  const releaseNotes: ChangelogFinder<RunContext> = async (step, version) => {
    const { eventName, payload } = step.context;
    if (eventName === 'release') {
      const body = stringOf(field(payload.release, 'body'));
      const url = stringOf(field(payload.release, 'html_url'));
      return body.trim() === '' ? undefined : { text: body, source: 'release', url };
    }
    const prefixed = `${step.settings.stripTagPrefix}${version.version}`;
    const tags =
      version.versionSource === 'input' ? [...new Set([prefixed, version.version])] : [version.tag];
    let release = version.release;
    for (const tag of tags) {
      try {
        release ??= await github(step).releaseByTag(tag);
      } catch (error) {
        const text = `Could not read the release notes of ${tag} from GitHub: ${(error as Error).message}. The generated changelog is sent instead.`;
        step.notes.push({ level: 'warning', text });
        return undefined;
      }
    }
    if (release?.body.trim())
      return { text: release.body, source: 'github', of: release.tag, url: release.url };
    const text = release
      ? `The GitHub release ${release.tag} has no notes: the changelog is generated.`
      : `No GitHub release for tag ${tags.join(' or ')} yet: the changelog is generated.`;
    step.notes.push({ level: 'info', text });
    return undefined;
  };

  return {
    versions: [versionInput, runVersion],
    changelogs: [changelogInput, changelogFile, releaseNotes],
    noVersion: ({ ref }) => noVersion(ref),
  };
}
