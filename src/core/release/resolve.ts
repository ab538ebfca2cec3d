// What is sent: each value from the first source that answers, in the order a front end gives.
import { githubRoots } from '../changelog/link-base.js';
import type { LinkRoot } from '../changelog/read.js';
import type { Settings } from '../inputs.js';
import type { Transport } from '../transport/transport.js';
import { changelogToSend } from './format.js';

export interface Resolved extends Omit<VersionAnswer, 'release'> {
  readonly changelog: string;
  readonly changelogSource: ChangelogAnswer['source'];
  readonly changelogFile?: string;
  /** For `file`: the version as its heading names it; for `github`: the release's tag. */
  readonly changelogOf?: string;
  /** Lengths in code points. */
  readonly cut?: { readonly from: number; readonly to: number };
  readonly uncut?: string;
}

export interface LogNote {
  readonly level: 'info' | 'warning';
  readonly text: string;
}

/** Where the run happens, as its front end knows it; '' for what it does not know. */
export interface Origin {
  readonly repository: string;
  readonly sha: string;
  readonly runUrl: string;
  readonly runLabel?: string;
  readonly workspace: string;
  readonly serverUrl?: string;
}

export function runPageUrl(server: string, repository: string, runId: string, attempt: string) {
  if (!repository || !runId) return '';
  const url = `${server}/${repository}/actions/runs/${runId}`;
  return attempt && attempt !== '1' ? `${url}/attempts/${attempt}` : url;
}

export interface ReleaseNotes {
  readonly tag: string;
  readonly body: string;
  readonly url: string;
}

export const TAG_REF = 'refs/tags/';

export function tagOfRef(ref: string): string {
  return ref.startsWith(TAG_REF) ? ref.slice(TAG_REF.length) : '';
}

export function stripPrefix(tag: string, prefix: string): string {
  return tag.startsWith(prefix) && tag.length > prefix.length ? tag.slice(prefix.length) : tag;
}

export interface Step<C extends Origin = Origin> {
  readonly settings: Settings;
  readonly context: C;
  readonly transport: Transport;
  readonly notes: LogNote[];
}

interface VersionAnswer {
  readonly version: string;
  readonly versionSource: 'input' | 'release' | 'tag' | 'latest-release';
  readonly tag: string;
  readonly release?: ReleaseNotes;
}

export interface ChangelogAnswer {
  readonly text: string;
  readonly source: 'input' | 'file' | 'release' | 'github' | 'generated';
  readonly file?: string;
  readonly of?: string;
  readonly url?: string;
}

type Found<T> = Promise<T | undefined> | T | undefined;
export type VersionFinder<C extends Origin = Origin> = (step: Step<C>) => Found<VersionAnswer>;
export type ChangelogFinder<C extends Origin = Origin> = (
  step: Step<C>,
  version: VersionAnswer,
) => Found<ChangelogAnswer>;

export function fromTag(tag: string, versionSource: VersionAnswer['versionSource'], step: Step) {
  return { version: stripPrefix(tag, step.settings.stripTagPrefix), versionSource, tag };
}

export const versionInput: VersionFinder = ({ settings }) =>
  settings.version === ''
    ? undefined
    : { version: settings.version, versionSource: 'input', tag: '' };

export const changelogInput: ChangelogFinder = ({ settings }) =>
  settings.changelog === '' ? undefined : { text: settings.changelog, source: 'input' };

export function changelogFileWith(
  links: (step: Step, version: VersionAnswer) => LinkRoot | undefined,
  noLinks?: string,
): ChangelogFinder {
  return async (step, version) => {
    const { changelogFile: file, stripTagPrefix, words } = step.settings;
    if (file === '') return undefined;
    // The Markdown parser is a chunk of its own, loaded only here.
    const { sectionFromFile } = await import('../changelog/read.js');
    const section = sectionFromFile(file, step.context.workspace, version.version, stripTagPrefix, {
      links: links(step, version),
      noLinks,
      words,
    });
    for (const text of section.notes) step.notes.push({ level: 'info', text });
    return { text: section.text, source: 'file', file, of: section.name };
  };
}

export const changelogFile = changelogFileWith(({ context }, { tag }) =>
  context.serverUrl === undefined
    ? undefined
    : githubRoots(context.serverUrl, context.repository, tag || context.sha),
);

function generated({ repository, sha, runUrl, runLabel }: Origin, version: string): string {
  const of = repository && ` of ${repository}`;
  const commit = sha && ` at commit ${sha.slice(0, 7)}`;
  const run = runUrl && `\n${runLabel ?? 'Workflow run'}: ${runUrl}`;
  return `Automated deployment of version ${version}${of}${commit}.${run}`;
}

export interface Plan<C extends Origin> {
  readonly versions: readonly VersionFinder<C>[];
  readonly changelogs: readonly ChangelogFinder<C>[];
  readonly noVersion: (context: C) => Error;
}

export async function resolveRelease<C extends Origin>(
  settings: Settings,
  context: C,
  plan: Plan<C>,
  transport: Transport,
): Promise<{ readonly resolved: Resolved; readonly notes: readonly LogNote[] }> {
  const step: Step<C> = { settings, context, transport, notes: [] };
  let version: VersionAnswer | undefined;
  for (const source of plan.versions) version ??= await source(step);
  if (version === undefined) throw plan.noVersion(context);
  let changelog: ChangelogAnswer | undefined;
  for (const source of plan.changelogs) changelog ??= await source(step, version);
  changelog ??= { text: generated(context, version.version), source: 'generated' };
  const sent = await changelogToSend(
    changelog.text,
    settings,
    changelog.url || context.runUrl,
    // GitHub shows release notes (and so the generated text) with a paragraph's line breaks kept.
    changelog.source === 'input' || changelog.source === 'file' ? 'soft' : 'kept',
  );
  const { release, ...found } = version;
  const resolved: Resolved = {
    ...found,
    changelog: sent.text,
    changelogSource: changelog.source,
    changelogFile: changelog.file,
    changelogOf: changelog.of,
    ...(sent.cut && { cut: { from: sent.cut.from, to: sent.cut.to }, uncut: sent.whole }),
  };
  return { resolved, notes: step.notes };
}
