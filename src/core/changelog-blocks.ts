// The top-level blocks of a CommonMark document, line by line, as commonmark.js parses them.
// commonmark.js builds the block structure a line at a time (inline content comes after, and only
// where asked): feeding it lines and letting go of each block once it is closed keeps the cost of a
// read proportional to how far it goes, and its memory to the block at hand. This drives the
// parser's own line step (`incorporateLine`, `finalize`), which its `parse()` runs over all lines.
import { Node, Parser } from 'commonmark';

export interface Reference {
  readonly destination: string;
  readonly title: string;
}

/** The parts of commonmark.js's parser that its `parse()` uses; stable across 0.31. */
interface LineParser {
  doc: Node;
  tip: Node | null;
  oldtip: Node;
  refmap: Record<string, Reference>;
  lineNumber: number;
  lastLineLength: number;
  offset: number;
  column: number;
  lastMatchedContainer: Node;
  currentLine: string;
  inlineParser: {
    refmap: unknown;
    options: unknown;
    parse(node: Node): void;
    parseReference(text: string, refmap: Record<string, Reference>): number;
  };
  incorporateLine(line: string): void;
  finalize(block: Node, lineNumber: number): void;
}

const isOpen = (node: Node) => (node as unknown as { _open: boolean })._open;

/** A paragraph's raw text, which commonmark.js keeps until its inlines are parsed. */
const content = (node: Node) => node as unknown as { _string_content: string | null };

/** A closed top-level block: its node and its lines (1-based, inclusive). */
export interface TopBlock {
  readonly node: Node;
  readonly first: number;
  readonly last: number;
}

export class BlockStream {
  readonly #parser: LineParser;

  constructor() {
    const parser = new Parser() as unknown as LineParser;
    // Stryker disable ArrayDeclaration: the document's own position is never read; finalize sets its end.
    const doc = new Node('document', [
      [1, 1],
      [0, 0],
    ]);
    // Stryker restore ArrayDeclaration
    Object.assign(parser, {
      doc,
      tip: doc,
      oldtip: doc,
      refmap: {},
      lineNumber: 0,
      lastLineLength: 0,
      offset: 0,
      column: 0,
      lastMatchedContainer: doc,
      // Stryker disable next-line StringLiteral: each line fed replaces it before it is read.
      currentLine: '',
    });
    this.#parser = parser;
  }

  /** The link reference definitions of the blocks closed so far, by normalised label. */
  get references(): Readonly<Record<string, Reference>> {
    return this.#parser.refmap;
  }

  /** How many lines were fed. */
  get lines(): number {
    return this.#parser.lineNumber;
  }

  /** The first line of the block still open at the top level, if any. */
  get openFrom(): number | undefined {
    const last = this.#parser.doc.lastChild;
    return last !== null && isOpen(last) ? last.sourcepos[0][0] : undefined;
  }

  /** Feeds one line (without its ending); returns the top-level blocks it closed, in order. */
  push(line: string): TopBlock[] {
    this.#parser.incorporateLine(line);
    return this.#take(true);
  }

  /** Ends the document; returns the blocks still open, now closed. */
  end(): TopBlock[] {
    const parser = this.#parser;
    while (parser.tip !== null) parser.finalize(parser.tip, parser.lineNumber);
    // Stryker disable next-line BooleanLiteral: once every block is finalized none is open to keep.
    return this.#take(false);
  }

  /** Parses a heading's (or paragraph's) inline content, with the given reference map. */
  parseInlines(node: Node, refmap: unknown): void {
    const inline = this.#parser.inlineParser;
    inline.refmap = refmap;
    inline.options = {};
    inline.parse(node);
  }

  /**
   * Moves the link reference definitions that open the block's paragraphs into the reference map,
   * as commonmark.js does for the whole document when it ends; false when the block held nothing else.
   */
  #takeDefinitions(block: Node): boolean {
    const parser = this.#parser;
    const emptied: Node[] = [];
    const walker = block.walker();
    for (let event = walker.next(); event !== null; event = walker.next()) {
      const { node } = event;
      // Stryker disable next-line BooleanLiteral: on leaving a paragraph instead of entering it, the same text is taken.
      if (!event.entering || node.type !== 'paragraph') continue;
      const paragraph = content(node);
      let text = paragraph._string_content ?? '';
      // Stryker disable next-line BooleanLiteral: a paragraph is never blank, so it matters only once text was taken.
      let taken = false;
      for (;;) {
        // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; parseReference finds nothing there either.
        if (!text.startsWith('[')) break;
        const end = parser.inlineParser.parseReference(text, parser.refmap);
        if (end === 0) break;
        node.sourcepos[0][0] += text.slice(0, end).split('\n').length - 1;
        text = text.slice(end);
        taken = true;
      }
      paragraph._string_content = text;
      if (taken && text.trim() === '') emptied.push(node);
    }
    for (const node of emptied) {
      if (node === block) return false;
      node.unlink();
    }
    return true;
  }

  #take(keepOpen: boolean): TopBlock[] {
    const closed: TopBlock[] = [];
    for (let child = this.#parser.doc.firstChild; child !== null; ) {
      if (keepOpen && isOpen(child)) break;
      const next = child.next;
      child.unlink();
      if (this.#takeDefinitions(child)) {
        closed.push({ node: child, first: child.sourcepos[0][0], last: child.sourcepos[1][0] });
      }
      child = next;
    }
    return closed;
  }
}
