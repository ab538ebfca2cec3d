// The section for one version in a changelog: the top-level blocks under its release heading, up
// to the next release heading at any level or a heading of a higher level, with what stands at its
// end but belongs to the next entry or to the file left out (docs/changelog-file.md).
import { BlockStream, type Reference, type TopBlock } from './blocks.js';
import { headingText, headingTexts } from './heading-text.js';
import { isReleaseShaped, isUnreleased, matchesVersion, releaseOf } from './version-token.js';

/** A top-level heading: its level, plain text and, for a release heading, its version. */
type Heading = { readonly level: number; readonly text: string; readonly version?: string };

export type SectionResult =
  | {
      readonly kind: 'found';
      /** The version as the heading writes it, e.g. `v1.2.3`. */
      readonly name: string;
      /** The section as written, trimmed and without its trailing matter. */
      readonly text: string;
      /** The definitions of the file read so far (all those before the section's end), by normalised label. */
      readonly references: ReadonlyMap<string, Reference>;
    }
  | { readonly kind: 'missing'; readonly versions: readonly string[] };

// Only a heading that holds a digit, an entity or the word can be a release heading: the rest
// (`### Bug Fixes`) need no inline parsing.
// Stryker disable next-line Regex: a shortcut only; a heading of digits alone names no version
const MAYBE_RELEASE = /\d|&|unreleased/i;
/** Entities, escapes and inline markup can split the text a plain substring search looks for. */
const ENCODED = /[&\\*_`<]/;

/** HTML comments and `<a name>`/`<a id>` anchors with nothing else: they belong to the next entry. */
const ONLY_COMMENTS_AND_ANCHORS =
  /^(?:\s|<!--[\s\S]*?-->|<a\s+(?:name|id)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)\s*\/?>(?:\s*<\/a>)?)*$/i;

/** A block that belongs to the next entry: a thematic break, comments and anchors alone. */
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

/** Reads lines until the section for one of `wanted` (versions without their `v`) ends. */
export class SectionFinder {
  readonly #blocks: BlockStream;
  readonly #wanted: readonly string[];
  /** Lines kept from line `#keptFrom` (1-based): from the open block while seeking, the section after. */
  #kept: string[] = [];
  #keptFrom = 1;
  #target: { readonly name: string; readonly level: number; readonly after: number } | undefined;
  /** The last line of the last block of the section that is not trailing matter. */
  #contentEnd = 0;
  #done = false;
  /** The whole file was read. */
  #ended = false;
  /**
   * While seeking, the release headings' versions in file order; a heading left unparsed (it
   * cannot name a wanted version) as written, parsed only if the section is missing.
   */
  #versions: (string | { readonly unread: string })[] = [];

  /**
   * `wanted` empty: every release heading is parsed as it comes; else,
   * until the section is found, only headings that hold one of `wanted` are parsed. `window`: the
   * characters the parser reads at least at once.
   */
  constructor(wanted: readonly string[], window?: number) {
    this.#wanted = wanted;
    this.#blocks = new BlockStream(window);
  }

  /** Feeds a line; true once the section is complete (later lines cannot change it). */
  push(line: string): boolean {
    if (this.#done) return true;
    this.#kept.push(line);
    this.#visit(this.#blocks.push(line));
    // Stryker disable next-line ConditionalExpression,BlockStatement: dropping lines while seeking saves memory only
    if (this.#target === undefined) {
      // Stryker disable next-line ArithmeticOperator: keeping a line more saves less memory; the slices count from #keptFrom
      const from = this.#blocks.openFrom;
      this.#kept.splice(0, from - this.#keptFrom);
      this.#keptFrom = from;
    }
    return this.#done;
  }

  /** The result once the lines are all fed or `push` said the section is complete. */
  finish(): SectionResult {
    if (!this.#done) {
      this.#ended = true;
      this.#visit(this.#blocks.end());
    }
    const target = this.#target;
    if (target === undefined) return { kind: 'missing', versions: this.#fileVersions() };
    const lines =
      this.#contentEnd < target.after
        ? []
        : this.#kept.slice(target.after - this.#keptFrom, this.#contentEnd - this.#keptFrom + 1);
    // Stryker disable next-line StringLiteral: lines[0] is defined while lines is not empty
    while (lines.length > 0 && (lines[0] ?? '').trim() === '') lines.shift();
    return {
      kind: 'found',
      name: target.name,
      text: lines.join('\n').trimEnd(),
      references: this.#blocks.references,
    };
  }

  /**
   * The definitions of `labels` (normalised) in the file, read on from where the section ended
   * with the rest of `lines`, only as far as it takes to find them all.
   */
  definitions(lines: Iterator<string>, labels: ReadonlySet<string>): Map<string, Reference> {
    const known = this.#blocks.references;
    const all = () => [...labels].every((label) => known.has(label));
    let line = lines.next();
    for (; !all() && !line.done; line = lines.next()) this.#blocks.push(line.value);
    if (line.done && !this.#ended) this.#blocks.end();
    this.#ended ||= line.done === true;
    return new Map([...known].filter(([label]) => labels.has(label)));
  }

  /** The versions of the release headings read, the unparsed ones parsed now; Unreleased left out. */
  #fileVersions(): string[] {
    const unread = this.#versions.flatMap((entry) =>
      typeof entry === 'string' ? [] : [entry.unread],
    );
    const texts = headingTexts(unread).values();
    return this.#versions.flatMap((entry) => {
      const version =
        typeof entry === 'string' ? entry : releaseOf(texts.next().value ?? '')?.version;
      return version === undefined || isUnreleased(version) ? [] : [version];
    });
  }

  #heading(level: number, raw: string): Heading {
    // Stryker disable next-line ConditionalExpression: a shortcut only; parsing a heading without a digit finds no version
    if (!MAYBE_RELEASE.test(raw)) return { level, text: raw };
    // Seeking, a heading that cannot name the version is not a section's start: no need to parse it.
    const seeking = this.#target === undefined && this.#wanted.length > 0;
    if (seeking && !ENCODED.test(raw) && !this.#wanted.some((name) => raw.includes(name))) {
      // Parsed only if the section is missing, for the versions the error message lists.
      this.#versions.push({ unread: raw });
      // Stryker disable next-line ObjectLiteral: seeking, a heading is read only for its version, which this has not
      return { level, text: raw };
    }
    const text = headingText(raw);
    const release = releaseOf(text);
    return release === undefined ? { level, text } : { level, text, version: release.version };
  }

  #visit(closed: readonly TopBlock[]): void {
    for (const block of closed) {
      if (this.#done) return;
      const heading =
        block.level === undefined ? undefined : this.#heading(block.level, block.source ?? '');
      const target = this.#target;
      if (target === undefined) {
        if (heading?.version === undefined) continue;
        if (matchesVersion(heading.version, this.#wanted)) {
          this.#target = { name: heading.version, level: heading.level, after: block.last + 1 };
          // Stryker disable next-line ArrayDeclaration: found, the versions are not needed; dropped to save memory only
          this.#versions = [];
        } else this.#versions.push(heading.version);
        continue;
      }
      if (heading !== undefined && ends(heading, target.level)) {
        this.#done = true;
        return;
      }
      const source = this.#kept.slice(
        block.first - this.#keptFrom,
        block.last - this.#keptFrom + 1,
      );
      if (!isTrailingMatter(block.type, source.join('\n'))) this.#contentEnd = block.last;
    }
  }
}
