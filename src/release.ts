import type { RunContext } from './context.js';
import type { Settings } from './inputs.js';

export type VersionSource = 'input' | 'release' | 'tag';
export type ChangelogSource = 'input' | 'release' | 'generated';

export interface Resolved {
  readonly version: string;
  readonly versionSource: VersionSource;
  /** The tag the version was derived from; '' when it came from the input. */
  readonly tag: string;
  readonly changelog: string;
  readonly changelogSource: ChangelogSource;
}

/** The run gives no version: it is neither on a tag nor given one. */
export class NoVersionError extends Error {
  constructor(ref: string) {
    const where = ref === '' ? 'no ref' : `ref ${ref}`;
    super(
      `No version to deploy: the workflow ran on ${where}, which is not a tag. ` +
        'Run it on a tag push (`on: push: tags`), a published release, or `workflow_dispatch` ' +
        'from a tag, or set the `version` input.',
    );
    this.name = 'NoVersionError';
  }
}

const TAG_REF = 'refs/tags/';

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Anchored: only a prefix at the very start goes, and never the whole tag. */
export function stripPrefix(tag: string, prefix: string): string {
  return prefix !== '' && tag.startsWith(prefix) && tag.length > prefix.length
    ? tag.slice(prefix.length)
    : tag;
}

function releaseTag(context: RunContext): string {
  return context.eventName === 'release'
    ? text(field(context.payload.release, 'tag_name')).trim()
    : '';
}

type VersionPart = Pick<Resolved, 'version' | 'versionSource' | 'tag'>;

function resolveVersion(settings: Settings, context: RunContext): VersionPart {
  if (settings.version !== '')
    return { version: settings.version, versionSource: 'input', tag: '' };
  let tag = releaseTag(context);
  let versionSource: VersionSource = 'release';
  if (tag === '' && context.ref.startsWith(TAG_REF) && context.ref.length > TAG_REF.length) {
    tag = context.ref.slice(TAG_REF.length);
    versionSource = 'tag';
  }
  if (tag === '') throw new NoVersionError(context.ref);
  return { version: stripPrefix(tag, settings.stripTagPrefix), versionSource, tag };
}

export function generatedChangelog(version: string, context: RunContext): string {
  const repository = context.repository === '' ? '' : ` of ${context.repository}`;
  const commit = context.sha === '' ? '' : ` at commit ${context.sha.slice(0, 7)}`;
  const run = context.runUrl === '' ? '' : `\nWorkflow run: ${context.runUrl}`;
  return `Automated deployment of version ${version}${repository}${commit}.${run}`;
}

type ChangelogPart = Pick<Resolved, 'changelog' | 'changelogSource'>;

function resolveChangelog(settings: Settings, context: RunContext, version: string): ChangelogPart {
  if (settings.changelog !== '') return { changelog: settings.changelog, changelogSource: 'input' };
  const body = context.eventName === 'release' ? text(field(context.payload.release, 'body')) : '';
  if (body.trim() !== '') return { changelog: body, changelogSource: 'release' };
  return { changelog: generatedChangelog(version, context), changelogSource: 'generated' };
}

/** Decides what is sent (SPEC 3), and says where each value came from. */
export function resolveRelease(settings: Settings, context: RunContext): Resolved {
  const version = resolveVersion(settings, context);
  return { ...version, ...resolveChangelog(settings, context, version.version) };
}
