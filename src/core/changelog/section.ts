import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
// The section for one version in a changelog (docs/changelog-file.md), read in windows of lines so
// that its cost grows with how far it reads: each window starts at the last, unfinished block.
import { plainText } from './format/plain.js';
import {
  bracketLabels,
  decodeString,
  type Extension,
  markdownEvents,
  type Token,
} from './markdown.js';
import { isReleaseShaped, isUnreleased, releaseOf, withoutV } from './version-token.js';

export type Reference = { readonly destination: string; readonly title: string };

// Block structure does not depend on inline content, and definitions decode their own escapes.
export const BLOCKS_ONLY: Extension = {
  disable: {
    null: [
      'attention',
      'autolink',
      'characterEscape',
      'characterReference',
      'codeText',
      'hardBreakEscape',
      'htmlText',
      'labelEnd',
      'labelStartImage',
      'labelStartLink',
    ],
  },
  contentInitial: {
    null: [
      // A paragraph's text is not read, most of a window's cost: one `data` token per line.
      {
        tokenize(effects, ok) {
          const line: typeof ok = (code) => {
            if (code === null) {
              effects.exit('data');
              effects.exit('paragraph');
              return ok(code);
            }
            effects.consume(code);
            // micromark's codes for CR, LF and CRLF.
            if (code < -2) {
              effects.exit('data');
              effects.enter('data');
            }
            return line;
          };
          return (code) => {
            effects.enter('paragraph');
            effects.enter('data');
            return line(code);
          };
        },
      },
    ],
  },
};

const BETWEEN_BLOCKS = new Set(['lineEnding', 'lineEndingBlank', 'linePrefix', 'listItemIndent']);

type Block = {
  readonly type: string;
  readonly start: number;
  // The first line of the section's text; none for a paragraph of definitions only.
  first: number | undefined;
  last: number;
  level: number | undefined;
  readonly definitions: [string, Reference][];
};

function topBlocks(lines: readonly string[], from: number) {
  const text = lines.join('\n');
  const slice = (token: Token) => text.slice(token.start.offset, token.end.offset);
  const found: Block[] = [];
  let depth = 0;
  let block: Block | undefined;
  let definition: Record<string, string> | undefined;
  for (const [kind, token] of markdownEvents(text, [], [BLOCKS_ONLY])) {
    if (kind === 'exit') {
      depth -= 1;
      const label = definition?.definitionLabelString;
      if (token.type === 'definition' && label !== undefined) {
        const destination = decodeString(definition?.definitionDestinationString ?? '');
        const title = decodeString(definition?.definitionTitleString ?? '');
        block?.definitions.push([normalizeIdentifier(label), { destination, title }]);
        definition = undefined;
      }
      if (depth === 0 && block !== undefined) {
        block.last = from + token.end.line - 1;
        found.push(block);
        block = undefined;
      }
      continue;
    }
    depth += 1;
    if (depth === 1 && !BETWEEN_BLOCKS.has(token.type)) {
      const start = from + token.start.line - 1;
      const first = token.type === 'content' ? undefined : start;
      block = { type: token.type, start, first, last: start, level: undefined, definitions: [] };
    }
    if (block === undefined) continue;
    if (depth === 2 && token.type === 'atxHeadingSequence') block.level ??= slice(token).length;
    else if (depth === 2 && token.type === 'setextHeadingLine') {
      block.level = slice(token).startsWith('=') ? 1 : 2;
    } else if (depth === 2 && token.type === 'paragraph') block.first = from + token.start.line - 1;
    else if (token.type === 'definition') definition = {};
    else if (definition !== undefined) definition[token.type] = slice(token);
  }
  return found;
}

// Every bracketed label read as defined: `## [1.2.3]` reads `1.2.3` whatever the file defines.
// 64 headings parsed as one text (the parser's set-up is most of a short heading's cost): the
// blank line between two closes every block, so each reads as alone.
export function headingTexts(sources: readonly string[]): string[] {
  const texts: string[] = [];
  for (let at = 0; at < sources.length; at += 64) {
    const batch = sources.slice(at, at + 64);
    // The line where the source after each starts: a heading belongs to the first that starts later.
    let line = 1;
    const starts = batch.map((source) => (line += source.split('\n').length + 1));
    const found = batch.map(() => '');
    plainText(
      markdownEvents(batch.join('\n\n'), batch.flatMap(bracketLabels)),
      undefined,
      (token, text) => {
        found[starts.findIndex((next) => next > token.start.line)] = text;
      },
    );
    texts.push(...found.map((text) => text.replace(/\s+/g, ' ').trim()));
  }
  return texts;
}

// Only a heading that holds a digit, an entity or the word can be a release heading.
const MAYBE_RELEASE = /\d|&|unreleased/i;
// Entities, escapes and inline markup can split the text a plain substring search looks for.
const ENCODED = /[&\\*_`<]/;
const ONLY_COMMENTS_AND_ANCHORS =
  /^(?:\s|<!--[\s\S]*?-->|<a\s+(?:name|id)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)\s*\/?>(?:\s*<\/a>)?)*$/i;

// Reads `lines` until the section for one of `wanted` (versions without their `v`) is complete;
// `definitions` reads on for labels nothing before the section's end defines.
export function findSection(lines: Iterator<string>, wanted: readonly string[], window = 2048) {
  // While seeking, the lines from the open block on; after, the section's on.
  const kept: string[] = [];
  let keptFrom = 1;
  let target: { readonly name: string; readonly level: number; readonly after: number } | undefined;
  let open = 1;
  let chars = 0;
  let size = window;
  let limit = size;
  let ended = false;
  const references = new Map<string, Reference>();
  let contentEnd = 0;
  let done = false;
  // The headings passed while seeking, parsed again only if the section is missing.
  const passed: string[] = [];

  const release = (raw: string) => {
    // Stryker disable next-line ConditionalExpression: a shortcut only; parsing a heading without a digit finds no version
    if (!MAYBE_RELEASE.test(raw)) return undefined;
    const seeking = target === undefined;
    if (seeking) passed.push(raw);
    if (seeking && !ENCODED.test(raw) && !wanted.some((name) => raw.includes(name))) return;
    const text = headingTexts([raw])[0] ?? '';
    const version = releaseOf(text);
    return version === undefined ? undefined : { version, text };
  };

  /** Reads a line or more; returns the blocks that became final (at the end of the file, all). */
  const read = () => {
    // Stryker disable next-line ConditionalExpression,ArithmeticOperator: dropping lines saves memory only
    if (target === undefined || done) keptFrom += kept.splice(0, open - keptFrom).length;
    do {
      const line = lines.next();
      if (line.done) ended = true;
      else {
        kept.push(line.value);
        chars += line.value.length + 1;
      }
    } while (!ended && chars < limit);
    const found = topBlocks(kept.slice(open - keptFrom), open);
    // The last block may go on in the lines to come: read again with them.
    const last = ended ? undefined : found.pop();
    if (!ended && found.length === 0) {
      limit *= 2;
      return [];
    }
    for (const [label, reference] of found.flatMap((block) => block.definitions)) {
      if (!references.has(label)) references.set(label, reference);
    }
    open = last?.start ?? keptFrom + kept.length;
    chars = kept.slice(open - keptFrom).reduce((sum, text) => sum + text.length + 1, 0);
    // Small at first, so that a section near the top costs little while the parser is still cold.
    size = Math.min(2 * size, Math.max(4096, size));
    limit = chars + size;
    return found;
  };

  while (!done && !ended) {
    for (const { type, first, last, level } of read()) {
      if (done || first === undefined) continue;
      const source = () => kept.slice(first - keptFrom, last - keptFrom + 1).join('\n');
      const found = level === undefined ? undefined : release(source());
      if (target === undefined) {
        if (level !== undefined && found && wanted.includes(withoutV(found.version))) {
          target = { name: found.version, level, after: last + 1 };
          contentEnd = last;
        }
      } else if (
        level !== undefined &&
        // A deeper heading ends it only when it reads as a release's title.
        (level < target.level ||
          (found !== undefined && (level === target.level || isReleaseShaped(found.text))))
      ) {
        done = true;
      } else if (
        type !== 'thematicBreak' &&
        !((type === 'htmlFlow' || type === 'content') && ONLY_COMMENTS_AND_ANCHORS.test(source()))
      ) {
        contentEnd = last;
      }
    }
  }
  const definitions = (labels: ReadonlySet<string>) => {
    while (!ended && ![...labels].every((label) => references.has(label))) read();
    return new Map([...references].filter(([label]) => labels.has(label)));
  };
  if (target === undefined) {
    const versions = headingTexts(passed)
      .flatMap((text) => releaseOf(text) ?? [])
      .filter((version) => !isUnreleased(version));
    return { kind: 'missing' as const, versions, definitions };
  }
  const section = kept.slice(target.after - keptFrom, contentEnd - keptFrom + 1).join('\n');
  return {
    kind: 'found' as const,
    name: target.name,
    // Blank lines at the start dropped, the first line's indent kept.
    text: section.replace(/^\s*\n/, '').trimEnd(),
    references,
    definitions,
  };
}
