import type { RunContext } from '../action/context.js';
import {
  describeGitHubFailure,
  type GitHubFailure,
  type GitHubPort,
  type GitHubRelease,
} from '../action/github.js';
import type { FileReader } from './changelog-read.js';
import type { Settings } from './inputs.js';
import { field, stringOf } from './json.js';
import { ResolveError } from './resolve-error.js';
import { truncate } from './truncate.js';

export type VersionSource = 'input' | 'release' | 'tag' | 'latest-release';
export type ChangelogSource = 'input' | 'file' | 'release' | 'github' | 'generated';

export interface Resolved {
  readonly version: string;
  readonly versionSource: VersionSource;
  /** The tag the version was derived from; '' when it came from the input. */
  readonly tag: string;
  readonly changelog: string;
  readonly changelogSource: ChangelogSource;
  /** For `file`: the file as given. */
  readonly changelogFile?: string;
  /** For `file`: the version as its heading names it; for `github`: the release's tag. */
  readonly changelogOf?: string;
  /** Set when the changelog was cut to `changelog-max-length`: lengths in code points. */
  readonly cut?: { readonly from: number; readonly to: number };
  /** The whole changelog when it was cut: the run's log shows it, as the cut note promises. */
  readonly uncut?: string;
}

/** A line for the log: `warning` ones become a `::warning` annotation. */
export interface Note {
  readonly level: 'info' | 'warning';
  readonly text: string;
}

export interface Resolution {
  readonly resolved: Resolved;
  readonly notes: readonly Note[];
}

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

const TAG_REF = 'refs/tags/';
const BRANCH_REF = 'refs/heads/';

/** Anchored: only a prefix at the very start goes, and never the whole tag. */
export function stripPrefix(tag: string, prefix: string): string {
  return prefix !== '' && tag.startsWith(prefix) && tag.length > prefix.length
    ? tag.slice(prefix.length)
    : tag;
}

interface Step {
  readonly settings: Settings;
  readonly context: RunContext;
  readonly sources: Sources;
  readonly notes: Note[];
}

interface VersionAnswer {
  readonly version: string;
  readonly versionSource: VersionSource;
  readonly tag: string;
  /** The latest release, when the version came from it: its notes come with it. */
  readonly release?: GitHubRelease;
}

type VersionFinder = (step: Step) => Promise<VersionAnswer | undefined> | VersionAnswer | undefined;

function fromTag(tag: string, versionSource: VersionSource, step: Step): VersionAnswer {
  return { version: stripPrefix(tag, step.settings.stripTagPrefix), versionSource, tag };
}

const versionInput: VersionFinder = ({ settings }) =>
  settings.version === ''
    ? undefined
    : { version: settings.version, versionSource: 'input', tag: '' };

const releaseEvent: VersionFinder = (step) => {
  if (step.context.eventName !== 'release') return undefined;
  const tag = stringOf(field(step.context.payload.release, 'tag_name')).trim();
  return tag === '' ? undefined : fromTag(tag, 'release', step);
};

const tagRef: VersionFinder = (step) => {
  const { ref } = step.context;
  return ref.startsWith(TAG_REF) && ref.length > TAG_REF.length
    ? fromTag(ref.slice(TAG_REF.length), 'tag', step)
    : undefined;
};

function latestReleaseProblem(ref: string, failure: GitHubFailure): NoVersionError {
  return new NoVersionError(ref, {
    why: `, and the latest release could not be read from GitHub: ${describeGitHubFailure(failure)}`,
    title: 'Latest release unavailable',
  });
}

/** The manual redeploy: `workflow_dispatch` from a branch sends the latest release. */
const latestRelease: VersionFinder = async (step) => {
  const { context } = step;
  if (context.eventName !== 'workflow_dispatch' || !context.ref.startsWith(BRANCH_REF)) {
    return undefined;
  }
  const lookup = await step.sources.github.latestRelease();
  if (lookup.kind === 'none') {
    throw new NoVersionError(context.ref, {
      why: ', and the repository has no published release on GitHub (drafts and pre-releases do not count)',
    });
  }
  if (lookup.kind === 'failed') throw latestReleaseProblem(context.ref, lookup.failure);
  return { ...fromTag(lookup.release.tag, 'latest-release', step), release: lookup.release };
};

/** SPEC 3.1, in order: the first that answers wins. */
const VERSION_FINDERS: readonly VersionFinder[] = [
  versionInput,
  releaseEvent,
  tagRef,
  latestRelease,
];

async function resolveVersion(step: Step): Promise<VersionAnswer> {
  for (const find of VERSION_FINDERS) {
    const answer = await find(step);
    if (answer !== undefined) return answer;
  }
  throw new NoVersionError(step.context.ref);
}

export function generatedChangelog(version: string, context: RunContext): string {
  const repository = context.repository === '' ? '' : ` of ${context.repository}`;
  const commit = context.sha === '' ? '' : ` at commit ${context.sha.slice(0, 7)}`;
  const run = context.runUrl === '' ? '' : `\nWorkflow run: ${context.runUrl}`;
  return `Automated deployment of version ${version}${repository}${commit}.${run}`;
}

interface ChangelogAnswer {
  readonly text: string;
  readonly source: ChangelogSource;
  readonly file?: string;
  readonly of?: string;
  /** The release's page, where the full notes are. */
  readonly url?: string;
}

type ChangelogFinder = (
  step: Step,
  version: VersionAnswer,
) => Promise<ChangelogAnswer | undefined> | ChangelogAnswer | undefined;

const changelogInput: ChangelogFinder = ({ settings }) =>
  settings.changelog === '' ? undefined : { text: settings.changelog, source: 'input' };

const changelogFile: ChangelogFinder = async (step, { version, tag }) => {
  const { settings, context, sources } = step;
  const file = settings.changelogFile;
  if (file === '') return undefined;
  // The CommonMark parsers are a chunk of their own, loaded only here (SPEC 7.2).
  const { readSection } = await import('./changelog-read.js');
  const repository = /^[^/\s]+\/[^/\s]+$/.test(context.repository) ? context.repository : '';
  const ref = tag || context.sha;
  const section = await readSection(file, context.workspace, version, settings.stripTagPrefix, {
    // Relative links resolve at the release's tag, else the run's commit.
    links:
      context.serverUrl && repository && ref
        ? { serverUrl: context.serverUrl, repository, ref }
        : undefined,
    ...(sources.files === undefined ? {} : { reader: sources.files }),
  });
  for (const text of section.notes) step.notes.push({ level: 'info', text });
  return { text: section.text, source: 'file', file, of: section.name };
};

const releaseBody: ChangelogFinder = ({ context }) => {
  if (context.eventName !== 'release') return undefined;
  const release = context.payload.release;
  const body = stringOf(field(release, 'body'));
  return body.trim() === ''
    ? undefined
    : { text: body, source: 'release', url: stringOf(field(release, 'html_url')) };
};

function notesOf(release: GitHubRelease, step: Step): ChangelogAnswer | undefined {
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
const githubNotes: ChangelogFinder = async (step, version) => {
  // A release event's payload is the release: GitHub has nothing more to tell.
  if (step.context.eventName === 'release') return undefined;
  if (version.release !== undefined) return notesOf(version.release, step);
  const tags = tagsToTry(version, step.settings.stripTagPrefix);
  for (const tag of tags) {
    const lookup = await step.sources.github.releaseByTag(tag);
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

const generated: ChangelogFinder = ({ context }, { version }) => ({
  text: generatedChangelog(version, context),
  source: 'generated',
});

/** SPEC 3.2, in order: the first that answers wins; the generated text always does. */
const CHANGELOG_FINDERS: readonly ChangelogFinder[] = [
  changelogInput,
  changelogFile,
  releaseBody,
  githubNotes,
  generated,
];

async function resolveChangelog(step: Step, version: VersionAnswer): Promise<ChangelogAnswer> {
  for (const find of CHANGELOG_FINDERS) {
    const answer = await find(step, version);
    if (answer !== undefined) return answer;
  }
  /* v8 ignore next -- the generated text always answers. */
  throw new Error('no changelog source answered');
}

/** Decides what is sent (SPEC 3, 7.1, 7.2, 7.6), and says where each value came from. */
export async function resolveRelease(
  settings: Settings,
  context: RunContext,
  sources: Sources,
): Promise<Resolution> {
  const step: Step = { settings, context, sources, notes: [] };
  const version = await resolveVersion(step);
  const changelog = await resolveChangelog(step, version);
  const cut = truncate(
    changelog.text,
    settings.changelogMaxLength,
    changelog.url || context.runUrl,
  );
  const resolved: Resolved = {
    version: version.version,
    versionSource: version.versionSource,
    tag: version.tag,
    changelog: cut?.text ?? changelog.text,
    changelogSource: changelog.source,
    ...(changelog.file === undefined ? {} : { changelogFile: changelog.file }),
    ...(changelog.of === undefined ? {} : { changelogOf: changelog.of }),
    ...(cut === undefined ? {} : { cut: { from: cut.from, to: cut.to }, uncut: changelog.text }),
  };
  return { resolved, notes: step.notes };
}
