// `changelog-file`: the section of a CHANGELOG.md for the version to send, as a maintainer would
// cut it, standing alone (docs/changelog-file.md). Read only as far as the section needs.
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { InputError, ResolveError } from '../errors.js';
import type { Words } from '../words.js';
import { fileChunks, linesOf } from './lines.js';
import type { LinkRoots } from './link-base.js';
import { findSection } from './section.js';
import { standAlone } from './section-links.js';
import { wantedVersions, withoutV } from './version-token.js';

export interface FileReader {
  readonly size: (path: string) => number | undefined;
  readonly chunks: (path: string) => Iterable<Uint8Array>;
}

const diskReader: FileReader = {
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

export type LinkRoot = LinkRoots & { readonly checkout?: string };

function pathInRepository(path: string, workspace: string): string | undefined {
  const inside = relative(workspace, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return inside.split(sep).join('/');
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** `links`: undefined when the run does not know the repository's web address; `noLinks` says why. */
export function sectionFromFile(
  file: string,
  workspace: string,
  version: string,
  prefix: string,
  {
    links,
    noLinks = "the repository's web address is not known",
    reader = diskReader,
    words,
  }: { links?: LinkRoot | undefined; noLinks?: string; reader?: FileReader; words: Words },
): { readonly name: string; readonly text: string; readonly notes: readonly string[] } {
  const path = isAbsolute(file) ? file : resolve(workspace, file);
  const size = reader.size(path);
  if (size === undefined) {
    throw new InputError(
      words,
      'changelog-file',
      `The changelog file ${path} (${words.name('changelog-file')}) does not exist or is not a file. Check the path (a relative one is read from ${workspace}) and that the repository is checked out.`,
    );
  }
  if (size > 10 * 1024 * 1024) {
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
      const versions = [...new Set(found.versions)];
      const more = versions.length > 5 ? ` and ${versions.length - 5} more` : '';
      const has =
        versions.length === 0
          ? 'It has no release headings.'
          : `The versions it has: ${versions.slice(0, 5).join(', ')}${more}.`;
      throw new ResolveError(
        `No section for ${version} in ${file}`,
        `${file} has no section for version ${version}: no release heading names ${wanted.flatMap((name) => [name, `v${name}`]).join(' or ')}. ${has} Add a heading such as \`## [${withoutV(version)}] - date\` with the notes under it, or set ${words.name('changelog')} instead.`,
      );
    }
    if (found.text === '') {
      throw new ResolveError(
        `Empty section for ${version} in ${file}`,
        `The section for version ${version} in ${file} is empty. Write the notes under its heading.`,
      );
    }
    if (!mayNeedLinks(found.text)) return { name: found.name, text: found.text, notes: [] };
    // The CI's checkout is the repository's root; a run from elsewhere (a symlink) falls back.
    const repositoryPath =
      (links?.checkout && pathInRepository(path, links.checkout)) ||
      pathInRepository(path, workspace);
    const base =
      links && repositoryPath !== undefined ? { ...links, path: repositoryPath } : undefined;
    const section = standAlone(found.text, found.references, found.definitions, base);
    const notes: string[] = [];
    const appended = plural(section.appended, 'link reference definition');
    if (section.appended > 0) {
      notes.push(`${appended} from elsewhere in ${file} appended to the section.`);
    }
    const count = plural(section.relative, 'relative link');
    const outside = `${path} is outside the workspace, so its place in the repository is not known`;
    if (section.relative > 0 && base !== undefined) {
      notes.push(`${count} made absolute at ${base.home} (${base.ref}).`);
    } else if (section.relative > 0) {
      notes.push(`${count} left as written: ${repositoryPath === undefined ? outside : noLinks}.`);
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
