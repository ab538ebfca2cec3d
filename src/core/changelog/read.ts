// `changelog-file`: the section of a CHANGELOG.md for the version to send, as a maintainer would
// cut it, standing alone (docs/changelog-file.md). Read as CommonMark a chunk at a time, and only
// as far as the section needs; its links are read only for a section whose links need work.

import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ChangelogFileError, InputError } from '../errors.js';
import type { Words } from '../words.js';
import { fileChunks, linesOf } from './lines.js';
import type { LinkRoots } from './link-base.js';
import { normaliseLabel } from './markdown.js';
import { findSection } from './section.js';
import { standAlone } from './section-links.js';
import { wantedVersions, withoutV } from './version-token.js';

export const MAX_CHANGELOG_FILE_BYTES = 10 * 1024 * 1024;

export interface FileReader {
  /** The size of a regular file in bytes; undefined when there is none. */
  readonly size: (path: string) => number | undefined;
  readonly chunks: (path: string) => Iterable<Uint8Array>;
}

export const diskReader: FileReader = {
  size: (path) => {
    try {
      const stat = statSync(path);
      return stat.isFile() ? stat.size : undefined;
    } catch {
      return undefined;
    }
  },
  chunks: fileChunks,
};

/**
 * The repository's web pages: with the file's path, the base of its relative links. The path is
 * the file's place under `checkout` (where the CI cloned the repository) or else the workspace,
 * unless given.
 */
export type LinkRoot = LinkRoots & { readonly path?: string; readonly checkout?: string };

export interface SectionOptions {
  /** Undefined when the run does not know the repository's web address. */
  readonly links?: LinkRoot | undefined;
  /** Why `links` is undefined, for the log; the repository's web address is not known, unless given. */
  readonly noLinks?: string;
  readonly reader?: FileReader;
  readonly words: Words;
}

export interface FileSection {
  readonly name: string;
  readonly text: string;
  /** Lines for the log: what was added to the section, and relative links left as written. */
  readonly notes: readonly string[];
}

/** The file's path from the repository root (the workspace), or undefined when it is outside. */
export function pathInRepository(path: string, workspace: string): string | undefined {
  const inside = relative(workspace, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return inside.split(sep).join('/');
}

const MAX_LISTED_VERSIONS = 5;

function listVersions(versions: readonly string[]): string {
  const unique = [...new Set(versions)];
  if (unique.length === 0) return 'It has no release headings.';
  const shown = unique.slice(0, MAX_LISTED_VERSIONS).join(', ');
  const more = unique.length - MAX_LISTED_VERSIONS;
  return `The versions it has: ${shown}${more > 0 ? ` and ${more} more` : ''}.`;
}

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

export function sectionFromFile(
  file: string,
  workspace: string,
  version: string,
  prefix: string,
  { links, noLinks, reader = diskReader, words }: SectionOptions,
): FileSection {
  const path = isAbsolute(file) ? file : resolve(workspace, file);
  const size = reader.size(path);
  if (size === undefined) {
    throw new InputError(
      words,
      'changelog-file',
      `The changelog file ${path} (${words.name('changelog-file')}) does not exist or is not a file. Check ` +
        `the path (a relative one is read from ${workspace}) and that the repository is checked out.`,
    );
  }
  if (size > MAX_CHANGELOG_FILE_BYTES) {
    throw new InputError(
      words,
      'changelog-file',
      `The changelog file ${file} is ${size} bytes, more than the 10 MiB a changelog file may have.`,
    );
  }
  const wanted = wantedVersions(version, prefix);
  const lines = linesOf(reader.chunks(path))[Symbol.iterator]();
  // The file stays open after the section is found, for definitions read on, until it is complete.
  try {
    const found = findSection(lines, wanted);
    if (found.kind === 'missing') {
      throw new ChangelogFileError(
        `No section for ${version} in ${file}`,
        `${file} has no section for version ${version}: no release heading names ` +
          `${wanted.flatMap((name) => [name, `v${name}`]).join(' or ')}. ${listVersions(found.versions)} ` +
          `Add a heading such as \`## [${withoutV(version)}] - date\` with the notes under it, or set ${words.name('changelog')} instead.`,
      );
    }
    if (found.text === '') {
      throw new ChangelogFileError(
        `Empty section for ${version} in ${file}`,
        `The section for version ${version} in ${file} is empty. Write the notes under its heading.`,
      );
    }
    // Only a section with references or relative links is read for its links.
    if (!mayNeedLinks(found.text)) return { name: found.name, text: found.text, notes: [] };
    // The CI's checkout is the repository's root; a run from elsewhere (a symlink) falls back.
    const repositoryPath =
      links?.path ||
      (links?.checkout && pathInRepository(path, links.checkout)) ||
      pathInRepository(path, workspace);
    const base =
      links && repositoryPath !== undefined ? { ...links, path: repositoryPath } : undefined;
    const section = standAlone(
      found.text,
      { known: (label) => found.references.get(normaliseLabel(label)), later: found.definitions },
      base,
    );
    const notes: string[] = [];
    if (section.appended > 0) {
      notes.push(
        `${plural(section.appended, 'link reference definition')} from elsewhere in ${file} appended to the section.`,
      );
    }
    if (section.relative > 0) {
      const count = plural(section.relative, 'relative link');
      const noBase =
        repositoryPath === undefined
          ? `${path} is outside the workspace, so its place in the repository is not known`
          : (noLinks ?? "the repository's web address is not known");
      notes.push(
        base === undefined
          ? `${count} left as written: ${noBase}.`
          : `${count} made absolute at ${base.home} (${base.ref}).`,
      );
    }
    return { name: found.name, text: section.text, notes };
  } finally {
    lines.return(undefined);
  }
}

// A reference (`[x]`, `[x][y]`, `[x]: …`) or a relative inline destination (`](docs/…`): only
// then is there something to add or resolve. Conventional-changelog links are absolute.
export function mayNeedLinks(text: string): boolean {
  return /\](?!\()/.test(text) || /\]\(\s*<?(?![a-z][a-z\d+.-]*:|\/\/)/i.test(text);
}
