// The top-level blocks of a changelog, line by line, as micromark reads them. The lines are parsed
// in windows, so that the cost of a read grows with how far it goes, not with the file's size. A
// window starts at a line where only the document is open; once a later top-level block has begun,
// the blocks before it are final, and the next window starts at the last block's first line, which
// is read again with what follows. A window that holds one block only grows until it holds two.

import {
  type Construct,
  decodeString,
  type Extension,
  markdownEvents,
  normaliseLabel,
  type Token,
} from './markdown.js';

export interface Reference {
  readonly destination: string;
  readonly title: string;
}

/** A top-level block: micromark's name for it, its lines (1-based, inclusive) and definitions. */
export interface TopBlock {
  readonly type: string;
  /** Where its content starts: a paragraph's after the definitions that open it. */
  readonly first: number;
  readonly last: number;
  readonly level?: number;
  readonly source?: string;
  /** Its first line: where the next window starts when it is the last block. */
  readonly start: number;
  readonly definitions: readonly { readonly label: string; readonly reference: Reference }[];
  /** A paragraph with nothing but definitions: no content of its own. */
  readonly definitionsOnly: boolean;
}

/** Between top-level blocks: line endings, blank lines and their spaces, which belong to none. */
const BETWEEN = new Set(['lineEnding', 'lineEndingBlank', 'linePrefix', 'listItemIndent']);

/** micromark's codes for CR, LF and CRLF are those below -2 (its tab and virtual space). */
const isLineEnding = (code: number | null) => (code ?? 0) < -2;

/**
 * A paragraph whose text is not read (reading it is most of what a window costs on a changelog of
 * lists): the content micromark hands over whole once it has ended it, a `data` token per line
 * holding its line ending, as `postprocess` matches micromark's own chunks of text. A definition
 * at `[` is tried first: micromark tries the constructs for a character before these.
 */
const wholeParagraph: Construct = {
  tokenize(effects, ok) {
    const line: typeof ok = (code) => {
      if (code === null) {
        effects.exit('data');
        effects.exit('paragraph');
        return ok(code);
      }
      effects.consume(code);
      if (isLineEnding(code)) {
        effects.exit('data');
        effects.enter('data');
      }
      return line;
    };
    // Content is never empty: there is always a character to take, so `nok` is not needed.
    return (code) => {
      effects.enter('paragraph');
      effects.enter('data');
      return line(code);
    };
  },
};

// The window reads blocks only: inline content is read where it matters (a heading that may name
// the version, the section), so the constructs of text are off here and a paragraph is one token.
// Block structure does not depend on them, and definitions read their escapes themselves.
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
  contentInitial: { null: [wholeParagraph] },
};

/**
 * Characters the first window reads at least: small, so that a section near the top costs little
 * (the parser's code is still cold then). Each next window reads twice as many, up to `MAX_WINDOW`.
 */
export const WINDOW = 2 * 1024;
export const MAX_WINDOW = 4 * 1024;

/** The top-level blocks of `lines`, the first of which is line `from`, with their definitions. */
export function topBlocks(lines: readonly string[], from: number): TopBlock[] {
  const text = lines.join('\n');
  const found: TopBlock[] = [];
  const slice = (token: Token) => text.slice(token.start.offset, token.end.offset);
  let depth = 0;
  let top: Token | undefined;
  let level: number | undefined;
  let paragraph: number | undefined;
  let definitions: { label: string; reference: Reference }[] = [];
  let definition: Record<string, string> | undefined;
  for (const [kind, token] of markdownEvents(text, [], [BLOCKS_ONLY])) {
    if (kind === 'exit') {
      depth -= 1;
      const label = definition?.definitionLabelString;
      if (token.type === 'definition' && label !== undefined) {
        const reference = {
          destination: decodeString(definition?.definitionDestinationString ?? ''),
          title: decodeString(definition?.definitionTitleString ?? ''),
        };
        definitions.push({ label: normaliseLabel(label), reference });
        definition = undefined;
      }
      if (depth > 0 || top === undefined) continue;
      const { line } = top.start;
      found.push({
        type: top.type,
        start: from + line - 1,
        first: from + (paragraph ?? line) - 1,
        last: from + top.end.line - 1,
        ...(level === undefined
          ? {}
          : { level, source: lines.slice(line - 1, top.end.line).join('\n') }),
        definitions,
        definitionsOnly: top.type === 'content' && paragraph === undefined,
      });
      top = undefined;
      continue;
    }
    depth += 1;
    if (depth === 1) {
      if (BETWEEN.has(token.type)) continue;
      top = token;
      level = undefined;
      paragraph = undefined;
      definitions = [];
    }
    if (top === undefined) continue;
    if (depth === 2 && token.type === 'atxHeadingSequence') level ??= slice(token).length;
    else if (depth === 2 && token.type === 'setextHeadingLine') {
      level = slice(token).startsWith('=') ? 1 : 2;
    } else if (depth === 2 && token.type === 'paragraph') paragraph = token.start.line;
    else if (token.type === 'definition') definition = {};
    else if (definition !== undefined) definition[token.type] = slice(token);
  }
  return found;
}
