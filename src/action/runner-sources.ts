// The GitHub runner's sources of what is sent: the release event, the tag ref, and the GitHub
// API's releases, beside the sources every front end shares (core/release.ts).

import type { FileReader } from '../core/changelog/read.js';
import { ResolveError } from '../core/errors.js';
import type { Settings } from '../core/inputs.js';
import { field, stringOf } from '../core/json.js';
import {
  type ChangelogAnswer,
  type ChangelogFinder,
  changelogFile,
  changelogInput,
  fromTag,
  generated,
  type Plan,
  type ReleaseNotes,
  type Resolution,
  resolveRelease as resolveWith,
  type Step,
  tagOfRef,
  type VersionAnswer,
  type VersionFinder,
  versionInput,
} from '../core/release/resolve.js';
import type { RunContext } from './context.js';
import { describeGitHubFailure, type GitHubFailure, type GitHubPort } from './github.js';

/** What resolution reads beyond the settings and the run context. */
export interface Sources {
  readonly github: GitHubPort;
  readonly files?: FileReader;
}

/** The run gives no version: it is neither on a tag nor given one. */
export class NoVersionError extends ResolveError {
  constructor(ref: string, { why = '', title = 'No version to deploy' } = {}) {
    const where = ref === '' ? 'no ref' : `ref ${ref}`;
    super(
      title,
      `No version to deploy: the workflow ran on ${where}, which is not a tag${why}. ` +
        'Run it on a tag push (`on: push: tags`), a published release, or `workflow_dispatch` ' +
        'from a tag, or set the `version` input.',
    );
    this.name = 'NoVersionError';
  }
}

const BRANCH_REF = 'refs/heads/';

const releaseEvent: VersionFinder<RunContext> = (step) => {
  if (step.context.eventName !== 'release') return undefined;
  const tag = stringOf(field(step.context.payload.release, 'tag_name')).trim();
  return tag === '' ? undefined : fromTag(tag, 'release', step);
};

const tagRef: VersionFinder<RunContext> = (step) => {
  const { ref } = step.context;
  const tag = tagOfRef(ref);
  return tag === '' ? undefined : fromTag(tag, 'tag', step);
};

function latestReleaseProblem(ref: string, failure: GitHubFailure): NoVersionError {
  return new NoVersionError(ref, {
    why: `, and the latest release could not be read from GitHub: ${describeGitHubFailure(failure)}`,
    title: 'Latest release unavailable',
  });
}

/** The manual redeploy: `workflow_dispatch` from a branch sends the latest release. */
const latestRelease =
  (github: GitHubPort): VersionFinder<RunContext> =>
  async (step) => {
    const { context } = step;
    if (context.eventName !== 'workflow_dispatch' || !context.ref.startsWith(BRANCH_REF)) {
      return undefined;
    }
    const lookup = await github.latestRelease();
    if (lookup.kind === 'none') {
      throw new NoVersionError(context.ref, {
        why: ', and the repository has no published release on GitHub (drafts and pre-releases do not count)',
      });
    }
    if (lookup.kind === 'failed') throw latestReleaseProblem(context.ref, lookup.failure);
    return { ...fromTag(lookup.release.tag, 'latest-release', step), release: lookup.release };
  };

const releaseBody: ChangelogFinder<RunContext> = ({ context }) => {
  if (context.eventName !== 'release') return undefined;
  const release = context.payload.release;
  const body = stringOf(field(release, 'body'));
  return body.trim() === ''
    ? undefined
    : { text: body, source: 'release', url: stringOf(field(release, 'html_url')) };
};

function notesOf(release: ReleaseNotes, step: Step): ChangelogAnswer | undefined {
  if (release.body.trim() !== '') {
    return { text: release.body, source: 'github', of: release.tag, url: release.url };
  }
  step.notes.push({
    level: 'info',
    text: `The GitHub release ${release.tag} has no notes: the changelog is generated.`,
  });
  return undefined;
}

/** The tags whose release may hold the notes: with an explicit version, prefixed first. */
export function tagsToTry(version: VersionAnswer, prefix: string): string[] {
  if (version.versionSource !== 'input') return [version.tag];
  return [...new Set([`${prefix}${version.version}`, version.version])];
}

/** Best effort: any failure leaves the generated text, with one line saying why. */
const githubNotes =
  (github: GitHubPort): ChangelogFinder<RunContext> =>
  async (step, version) => {
    // A release event's payload is the release: GitHub has nothing more to tell.
    if (step.context.eventName === 'release') return undefined;
    if (version.release !== undefined) return notesOf(version.release, step);
    const tags = tagsToTry(version, step.settings.stripTagPrefix);
    for (const tag of tags) {
      const lookup = await github.releaseByTag(tag);
      if (lookup.kind === 'found') return notesOf(lookup.release, step);
      if (lookup.kind === 'failed') {
        step.notes.push({
          level: 'warning',
          text:
            `Could not read the release notes of ${tag} from GitHub: ` +
            `${describeGitHubFailure(lookup.failure)}. The generated changelog is sent instead.`,
        });
        return undefined;
      }
    }
    step.notes.push({
      level: 'info',
      text: `No GitHub release for tag ${tags.join(' or ')} yet: the changelog is generated.`,
    });
    return undefined;
  };

/**
 * The action's sources of what is sent, in order; the first that answers wins. The version: the
 * `version` input, the release event, the tag ref, the latest release (a manual run from a
 * branch). The changelog: the `changelog` input, `changelog-file`, the release event's notes, the
 * release's notes read from GitHub, else a generated text.
 */
export function actionPlan(github: GitHubPort, files?: FileReader): Plan<RunContext> {
  return {
    versions: [versionInput, releaseEvent, tagRef, latestRelease(github)],
    changelogs: [changelogInput, changelogFile, releaseBody, githubNotes(github), generated],
    noVersion: ({ ref }) => new NoVersionError(ref),
    ...(files === undefined ? {} : { files }),
  };
}

/** Decides what is sent, and says where each value came from. */
export function resolveRelease(
  settings: Settings,
  context: RunContext,
  sources: Sources,
): Promise<Resolution> {
  return resolveWith(settings, context, actionPlan(sources.github, sources.files));
}
