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

/** A final top-level block: micromark's name for it and its lines (1-based, inclusive). */
export interface TopBlock {
  /** `atxHeading`, `setextHeading`, `content` (a paragraph), `htmlFlow`, `thematicBreak`, … */
  readonly type: string;
  /** Where its content starts: a paragraph's after the definitions that open it. */
  readonly first: number;
  readonly last: number;
  /** A heading's level, 1 to 6. */
  readonly level?: number;
  /** A heading's lines, as written. */
  readonly source?: string;
}

/** Between top-level blocks: line endings, blank lines and their spaces, which belong to none. */
const BETWEEN = new Set(['lineEnding', 'lineEndingBlank', 'linePrefix', 'listItemIndent']);

/** micromark's codes for CR, LF and CRLF: the codes below -2 (its tab and virtual space). */
// Stryker disable next-line ConditionalExpression: null < -2 is false too; the test is for the types
const isLineEnding = (code: number | null) => code !== null && code < -2;

/**
 * A paragraph whose text is not read. micromark splits a paragraph's text into a chunk per line,
 * which `postprocess` then reads again as inline content: most of what a window costs on a
 * changelog of lists. The window needs only where a paragraph starts and ends, so this construct
 * takes the content wherever micromark would start a paragraph (micromark tries a construct for
 * any character after those for the character, so a definition at `[` comes first) and reads it
 * to the end of what it was handed: a `data` token per line, holding its line ending, as
 * micromark's chunks of text do (`postprocess` matches those line by line with the content's own
 * chunks). Where a paragraph ends is still micromark's decision: the flow hands a content block
 * over whole, once it has ended it.
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
    // Content is never empty, and micromark ends it itself after a definition: there is always a
    // character to take, so this construct never refuses (`nok` is not needed).
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
// Stryker disable StringLiteral,ArrayDeclaration,ObjectLiteral: each construct turned off saves time only; no block or definition reads otherwise.
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
  // Stryker restore StringLiteral,ArrayDeclaration,ObjectLiteral
  contentInitial: { null: [wholeParagraph] },
};

/**
 * Characters the first window reads at least: small, so that a section near the top costs little
 * (the parser's code is still cold then). Each next window reads twice as many, up to `MAX_WINDOW`.
 */
export const WINDOW = 2 * 1024;
export const MAX_WINDOW = 4 * 1024;

interface Found extends TopBlock {
  /** Its first line: where the next window starts when it is the last block. */
  readonly start: number;
  readonly definitions: readonly { readonly label: string; readonly reference: Reference }[];
  /** A paragraph with nothing but definitions: no content of its own. */
  readonly definitionsOnly: boolean;
}

export class BlockStream {
  /** The lines not yet final, from line `#from`. */
  #lines: string[] = [];
  #from = 1;
  #chars = 0;
  #limit: number;
  #window: number;
  /** The link reference definitions of the final blocks, by normalised label; the first wins. */
  readonly references = new Map<string, Reference>();

  constructor(window = WINDOW) {
    this.#window = window;
    this.#limit = window;
  }

  /** The first line that is not yet in a final block. */
  get openFrom(): number {
    return this.#from;
  }

  /** Feeds one line (without its ending); returns the blocks that became final, in order. */
  push(line: string): TopBlock[] {
    this.#lines.push(line);
    this.#chars += line.length + 1;
    return this.#chars < this.#limit ? [] : this.#read(false);
  }

  /** Ends the document; returns the blocks not yet final, now final. */
  end(): TopBlock[] {
    return this.#read(true);
  }

  #read(atEnd: boolean): TopBlock[] {
    const found = topBlocks(this.#lines, this.#from);
    // The last block may go on in the lines to come: read again with them.
    const open = atEnd ? undefined : found.pop();
    if (!atEnd && found.length === 0) {
      this.#limit *= 2;
      return [];
    }
    const blocks: TopBlock[] = [];
    for (const { start: _, definitions, definitionsOnly, ...block } of found) {
      for (const { label, reference } of definitions) {
        if (!this.references.has(label)) this.references.set(label, reference);
      }
      if (!definitionsOnly) blocks.push(block);
    }
    const keep = open === undefined ? this.#from + this.#lines.length : open.start;
    this.#lines = this.#lines.slice(keep - this.#from);
    this.#from = keep;
    this.#chars = this.#lines.reduce((sum, line) => sum + line.length + 1, 0);
    this.#window = Math.min(2 * this.#window, Math.max(MAX_WINDOW, this.#window));
    this.#limit = this.#chars + this.#window;
    return blocks;
  }
}

/** The top-level blocks of `lines`, the first of which is line `from`, with their definitions. */
function topBlocks(lines: readonly string[], from: number): Found[] {
  const text = lines.join('\n');
  const found: Found[] = [];
  const slice = (token: Token) => text.slice(token.start.offset, token.end.offset);
  let depth = 0;
  let top: Token | undefined;
  let level: number | undefined;
  let paragraph: number | undefined;
  let definitions: { label: string; reference: Reference }[] = [];
  /** The strings of the definition being read, by token type. */
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
