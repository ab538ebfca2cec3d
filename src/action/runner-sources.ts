// The runner's sources of what is sent, beside those every front end shares (core/release/resolve.ts).
import type { FileReader } from '../core/changelog/read.js';
import { ResolveError } from '../core/errors.js';
import { field, stringOf } from '../core/json.js';
import {
  type ChangelogAnswer,
  type ChangelogFinder,
  changelogFile,
  changelogInput,
  fromTag,
  type Plan,
  type ReleaseNotes,
  type Step,
  tagOfRef,
  type VersionFinder,
  versionInput,
} from '../core/release/resolve.js';
import type { RunContext } from './context.js';
import type { GitHubPort } from './github.js';

function noVersion(ref: string, why = '', title = 'No version to deploy'): ResolveError {
  return new ResolveError(
    title,
    `No version to deploy: the workflow ran on ${ref === '' ? 'no ref' : `ref ${ref}`}, which is ` +
      `not a tag${why}. Run it on a tag push (\`on: push: tags\`), a published release, or ` +
      '`workflow_dispatch` from a tag, or set the `version` input.',
  );
}

const releaseEvent: VersionFinder<RunContext> = (step) => {
  if (step.context.eventName !== 'release') return undefined;
  const tag = stringOf(field(step.context.payload.release, 'tag_name')).trim();
  return tag === '' ? undefined : fromTag(tag, 'release', step);
};

const tagRef: VersionFinder<RunContext> = (step) => {
  const tag = tagOfRef(step.context.ref);
  return tag === '' ? undefined : fromTag(tag, 'tag', step);
};

/** The manual redeploy: `workflow_dispatch` from a branch sends the latest release. */
const latestRelease =
  (github: GitHubPort): VersionFinder<RunContext> =>
  async (step) => {
    const { eventName, ref } = step.context;
    if (eventName !== 'workflow_dispatch' || !ref.startsWith('refs/heads/')) return undefined;
    const release = await github.latestRelease().catch((error: Error) => {
      throw noVersion(
        ref,
        `, and the latest release could not be read from GitHub: ${error.message}`,
        'Latest release unavailable',
      );
    });
    if (release === undefined) {
      throw noVersion(
        ref,
        ', and the repository has no published release on GitHub (drafts and pre-releases do not count)',
      );
    }
    return { ...fromTag(release.tag, 'latest-release', step), release };
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

/** Best effort: any failure leaves the generated text, with one line saying why. */
const githubNotes =
  (github: GitHubPort): ChangelogFinder<RunContext> =>
  async (step, version) => {
    // A release event's payload is the release.
    if (step.context.eventName === 'release') return undefined;
    if (version.release !== undefined) return notesOf(version.release, step);
    // With an explicit version, the prefixed tag first.
    const prefixed = `${step.settings.stripTagPrefix}${version.version}`;
    const tags =
      version.versionSource === 'input' ? [...new Set([prefixed, version.version])] : [version.tag];
    for (const tag of tags) {
      try {
        const release = await github.releaseByTag(tag);
        if (release !== undefined) return notesOf(release, step);
      } catch (error) {
        step.notes.push({
          level: 'warning',
          text:
            `Could not read the release notes of ${tag} from GitHub: ${(error as Error).message}. ` +
            'The generated changelog is sent instead.',
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

export function actionPlan(github: GitHubPort, files?: FileReader): Plan<RunContext> {
  return {
    versions: [versionInput, releaseEvent, tagRef, latestRelease(github)],
    changelogs: [changelogInput, changelogFile, releaseBody, githubNotes(github)],
    noVersion: ({ ref }) => noVersion(ref),
    files,
  };
}
