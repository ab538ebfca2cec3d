// The section for one version in a changelog: the top-level blocks under its release heading, up
// to the next release heading at any level or a heading of a higher level, with what stands at its
// end but belongs to the next entry or to the file left out (docs/changelog-file.md).
import { MAX_WINDOW, type Reference, type TopBlock, topBlocks, WINDOW } from './blocks.js';
import { headingText, headingTexts } from './heading-text.js';
import { isReleaseShaped, isUnreleased, releaseOf, withoutV } from './version-token.js';

type Heading = { readonly level: number; readonly text: string; readonly version?: string };

export type SectionResult =
  | {
      readonly kind: 'found';
      readonly name: string;
      readonly text: string;
      /** The definitions of the file read so far (all those before the section's end), by normalised label. */
      readonly references: ReadonlyMap<string, Reference>;
    }
  | { readonly kind: 'missing'; readonly versions: readonly string[] };

// Only a heading that holds a digit, an entity or the word can be a release heading: the rest
// (`### Bug Fixes`) need no inline parsing.
const MAYBE_RELEASE = /\d|&|unreleased/i;
/** Entities, escapes and inline markup can split the text a plain substring search looks for. */
const ENCODED = /[&\\*_`<]/;

/** HTML comments and `<a name>`/`<a id>` anchors with nothing else: they belong to the next entry. */
const ONLY_COMMENTS_AND_ANCHORS =
  /^(?:\s|<!--[\s\S]*?-->|<a\s+(?:name|id)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)\s*\/?>(?:\s*<\/a>)?)*$/i;

export function isTrailingMatter(type: string, source: string): boolean {
  if (type === 'thematicBreak') return true;
  if (type !== 'htmlFlow' && type !== 'content') return false;
  return ONLY_COMMENTS_AND_ANCHORS.test(source);
}

/**
 * The next release heading at any level ends a section (a `###` patch under a `##` minor), or a
 * heading of a higher level; a deeper heading only when it reads as a release's title.
 */
function ends(heading: Heading, level: number): boolean {
  if (heading.level < level) return true;
  if (heading.version === undefined) return false;
  return heading.level === level || isReleaseShaped(heading.text);
}

/**
 * Reads `lines` until the section for one of `wanted` (versions without their `v`) is complete;
 * the iterator keeps the rest, where `definitions` reads on for labels the section uses but
 * nothing before its end defines. `wanted` empty: every release heading is parsed as it comes;
 * else, until the section is found, only headings that hold one of `wanted`. `window`: the
 * characters the parser reads at least at once.
 */
export function findSection(
  lines: Iterator<string>,
  wanted: readonly string[],
  window?: number,
): SectionResult & {
  readonly definitions: (labels: ReadonlySet<string>) => Map<string, Reference>;
} {
  /** Lines kept from line `keptFrom` (1-based): from the open block while seeking, the section's on after. */
  const kept: string[] = [];
  let keptFrom = 1;
  let target: { readonly name: string; readonly level: number; readonly after: number } | undefined;
  /** The window: from the first line not yet in a final block, its characters, the least it reads. */
  let open = 1;
  let chars = 0;
  let size = window ?? WINDOW;
  let limit = size;
  /** The link reference definitions of the final blocks, by normalised label; the first wins. */
  const references = new Map<string, Reference>();
  /** The last line of the last block of the section that is not trailing matter. */
  let contentEnd = 0;
  let done = false;
  /** While seeking, the release headings' versions; a heading left unparsed as written. */
  const versions: (string | { readonly unread: string })[] = [];

  const heading = (level: number, raw: string): Heading => {
    // Seeking, a heading that cannot name the version is not a section's start: no need to parse it.
    const seeking = target === undefined && wanted.length > 0;
    // Stryker disable next-line ConditionalExpression: a shortcut only; parsing a heading without a digit finds no version
    if (MAYBE_RELEASE.test(raw)) {
      if (!seeking || ENCODED.test(raw) || wanted.some((name) => raw.includes(name))) {
        const text = headingText(raw);
        return { level, text, version: releaseOf(text)?.version };
      }
      // Parsed only if the section is missing, for the versions the error message lists.
      versions.push({ unread: raw });
    }
    return { level, text: raw };
  };

  /** Feeds one line (none: the document ends); returns the blocks that became final, in order. */
  const read = (line?: string): TopBlock[] => {
    // Stryker disable next-line ConditionalExpression,ArithmeticOperator: dropping lines saves memory only
    if (target === undefined || done) keptFrom += kept.splice(0, open - keptFrom).length;
    if (line !== undefined) {
      kept.push(line);
      chars += line.length + 1;
      if (chars < limit) return [];
    }
    const found = topBlocks(kept.slice(open - keptFrom), open);
    // The last block may go on in the lines to come: read again with them.
    const last = line === undefined ? undefined : found.pop();
    if (line !== undefined && found.length === 0) {
      limit *= 2;
      return [];
    }
    for (const { label, reference } of found.flatMap((block) => block.definitions)) {
      if (!references.has(label)) references.set(label, reference);
    }
    open = last?.start ?? keptFrom + kept.length;
    chars = kept.slice(open - keptFrom).reduce((sum, text) => sum + text.length + 1, 0);
    size = Math.min(2 * size, Math.max(MAX_WINDOW, size));
    limit = chars + size;
    return found.filter((block) => !block.definitionsOnly);
  };

  const visit = (closed: readonly TopBlock[]) => {
    for (const block of closed) {
      if (done) return;
      const found =
        block.level === undefined ? undefined : heading(block.level, block.source ?? '');
      if (target === undefined) {
        if (found?.version === undefined) continue;
        if (wanted.includes(withoutV(found.version))) {
          target = { name: found.version, level: found.level, after: block.last + 1 };
          contentEnd = block.last;
        } else versions.push(found.version);
        continue;
      }
      if (found !== undefined && ends(found, target.level)) {
        done = true;
        return;
      }
      const source = kept.slice(block.first - keptFrom, block.last - keptFrom + 1);
      if (!isTrailingMatter(block.type, source.join('\n'))) contentEnd = block.last;
    }
  };

  for (let line = lines.next(); !line.done; line = lines.next()) {
    visit(read(line.value));
    if (done) break;
  }
  if (!done) visit(read());
  const definitions = (labels: ReadonlySet<string>) => {
    const all = () => [...labels].every((label) => references.has(label));
    let line = lines.next();
    for (; !all() && !line.done; line = lines.next()) read(line.value);
    // At the end of the file the open block is final (ending twice reads nothing more).
    if (line.done) read();
    return new Map([...references].filter(([label]) => labels.has(label)));
  };
  if (target === undefined) {
    // The versions of the release headings read, the unparsed ones parsed now; Unreleased left out.
    const unread = versions.flatMap((entry) => (typeof entry === 'string' ? [] : [entry.unread]));
    const texts = headingTexts(unread).values();
    const named = versions.flatMap((entry) => {
      const version =
        typeof entry === 'string' ? entry : releaseOf(texts.next().value ?? '')?.version;
      return version === undefined || isUnreleased(version) ? [] : [version];
    });
    return { kind: 'missing', versions: named, definitions };
  }
  const section = kept.slice(target.after - keptFrom, contentEnd - keptFrom + 1).join('\n');
  return {
    kind: 'found',
    name: target.name,
    // Blank lines at the start dropped, the first line's indent kept.
    text: section.replace(/^\s*\n/, '').trimEnd(),
    references,
    definitions,
  };
}
