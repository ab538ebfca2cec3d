import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { InputError } from './inputs.js';
import { ResolveError } from './resolve-error.js';

export const MAX_CHANGELOG_FILE_BYTES = 10 * 1024 * 1024;

interface Heading {
  readonly line: number;
  readonly level: number;
  /** The heading's text with `[`, `]` and link targets dropped. */
  readonly text: string;
}

// ATX headings: up to three spaces, 1 to 6 `#`, then a space or the end of the line.
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:[ \t]*\S+.*$/;

/** `[1.2.3](https://…) (2026-11-01)` reads `1.2.3 (2026-11-01)`. */
export function headingText(raw: string): string {
  return raw
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\]\[[^\]]*\]/g, ']')
    .replace(/[[\]]/g, '')
    .trim();
}

/** The headings outside fenced code blocks, in order. */
export function headings(lines: readonly string[]): Heading[] {
  const found: Heading[] = [];
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const opening = FENCE.exec(line);
    if (fence !== undefined) {
      // A fence closes with at least as many of its own characters and nothing after them.
      if (opening?.[1]?.startsWith(fence) && opening[2]?.trim() === '') fence = undefined;
      return;
    }
    if (opening !== null && !(opening[1]?.startsWith('`') && opening[2]?.includes('`'))) {
      fence = opening[1];
      return;
    }
    const atx = ATX.exec(line);
    if (atx !== null) {
      found.push({ line: index, level: atx[1]?.length ?? 1, text: headingText(atx[2] ?? '') });
    }
  });
  return found;
}

/**
 * The names a heading may give the version: with or without the tag prefix, with or without a
 * leading `v`.
 */
export function versionNames(version: string, prefix: string): string[] {
  const names = new Set<string>();
  for (const name of [version, prefix === '' ? version : `${prefix}${version}`]) {
    names.add(name);
    if (name.startsWith('v') && name.length > 1) names.add(name.slice(1));
    else names.add(`v${name}`);
  }
  if (prefix !== '' && version.startsWith(prefix) && version.length > prefix.length) {
    names.add(version.slice(prefix.length));
  }
  return [...names];
}

/** The heading text starts with `name`, then the end, a space, ` - `, `(` or `—`. */
export function names(text: string, name: string): boolean {
  if (!text.startsWith(name)) return false;
  const next = text.slice(name.length, name.length + 1);
  return next === '' || /^[\s(—]$/.test(next);
}

/** The first word of each heading that looks like a version, for an error message. */
export function versionsIn(found: readonly Heading[]): string[] {
  const versions = found
    .map((heading) => /^[^\s(—]+/.exec(heading.text)?.[0] ?? '')
    .filter((word) => /^v?\d/.test(word));
  return [...new Set(versions)];
}

function dropTrailingDefinitions(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0) {
    const line = lines[end - 1] ?? '';
    if (line.trim() === '' || LINK_DEFINITION.test(line)) end--;
    else break;
  }
  return lines.slice(0, end);
}

export type SectionResult =
  | { readonly kind: 'found'; readonly name: string; readonly text: string }
  | { readonly kind: 'missing'; readonly versions: readonly string[] };

/** The section for one of `wanted` (names of the version): trimmed, trailing link definitions left out. */
export function findSection(text: string, wanted: readonly string[]): SectionResult {
  const lines = text.split('\n');
  const found = headings(lines);
  for (const [index, heading] of found.entries()) {
    const name = wanted.find((candidate) => names(heading.text, candidate));
    if (name === undefined) continue;
    const next = found.slice(index + 1).find((other) => other.level <= heading.level);
    const body = lines.slice(heading.line + 1, next?.line ?? lines.length);
    return { kind: 'found', name, text: dropTrailingDefinitions(body).join('\n').trim() };
  }
  return { kind: 'missing', versions: versionsIn(found) };
}

/** UTF-8 text with a byte order mark dropped and CRLF (or a lone CR) read as LF. */
export function normalise(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes).replace(/\r\n?/g, '\n');
}

/** A changelog problem found before any request: no section, or an empty one. */
export class ChangelogFileError extends ResolveError {
  override name = 'ChangelogFileError';
}

export interface FileReader {
  readonly size: (path: string) => number | undefined;
  readonly read: (path: string) => Uint8Array;
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
  read: (path) => readFileSync(path),
};

const MAX_LISTED_VERSIONS = 5;

function listVersions(versions: readonly string[]): string {
  if (versions.length === 0) return 'It has no version headings.';
  const shown = versions.slice(0, MAX_LISTED_VERSIONS).join(', ');
  const more = versions.length - MAX_LISTED_VERSIONS;
  return `The versions it has: ${shown}${more > 0 ? ` and ${more} more` : ''}.`;
}

export interface FileSection {
  /** The name the heading gave the version, e.g. `v1.2.3`. */
  readonly name: string;
  readonly text: string;
}

/** Reads `file` (relative to `workspace`) and returns the section for `version` (SPEC 7.2). */
export function sectionFromFile(
  file: string,
  workspace: string,
  version: string,
  prefix: string,
  reader: FileReader = diskReader,
): FileSection {
  const path = isAbsolute(file) ? file : resolve(workspace, file);
  const size = reader.size(path);
  if (size === undefined) {
    throw new InputError(
      'changelog-file',
      `The changelog file ${path} (input \`changelog-file\`) does not exist or is not a file. ` +
        'Check the path (relative to the repository root) and check out the repository before this step.',
    );
  }
  if (size > MAX_CHANGELOG_FILE_BYTES) {
    throw new InputError(
      'changelog-file',
      `The changelog file ${file} is ${size} bytes, more than the 10 MiB this action reads.`,
    );
  }
  const wanted = versionNames(version, prefix);
  const result = findSection(normalise(reader.read(path)), wanted);
  if (result.kind === 'missing') {
    throw new ChangelogFileError(
      `No section for ${version} in ${file}`,
      `${file} has no section for version ${version}: no heading starts with ` +
        `${wanted.join(' or ')}. ${listVersions(result.versions)} ` +
        `Add a heading such as \`## [${version}] - date\` with the notes under it, or set \`changelog\` instead.`,
    );
  }
  if (result.text === '') {
    throw new ChangelogFileError(
      `Empty section for ${version} in ${file}`,
      `The section for version ${version} in ${file} is empty. Write the notes under its heading.`,
    );
  }
  return { name: result.name, text: result.text };
}
