// A heading's text as plain text: link and image text kept; destinations, emphasis and code
// markers, HTML tags dropped; entities decoded; breaks read as spaces (docs/changelog-file.md).
import {
  bracketLabels,
  decodeReference,
  type MarkdownNode,
  markdownEvents,
  markdownTree,
} from './markdown.js';

const KEPT = new Set([
  'data',
  'characterEscapeValue',
  'codeTextData',
  'autolinkProtocol',
  'autolinkEmail',
]);
const DROPPED = new Set(['htmlText', 'resource', 'reference']);
const BREAKS = new Set(['lineEnding', 'hardBreakEscape', 'hardBreakTrailing']);

function textOf(node: MarkdownNode): string {
  if (KEPT.has(node.type)) return node.slice();
  if (BREAKS.has(node.type)) return ' ';
  if (DROPPED.has(node.type)) return '';
  if (node.type === 'characterReference') return decodeReference(node.slice().slice(1, -1)) ?? '';
  return node.children.map(textOf).join('');
}

/** The text of each heading in `source`, with its first line. */
function headings(source: string, labels: string[]): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const visit = (nodes: readonly MarkdownNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'atxHeadingText' && node.type !== 'setextHeadingText') visit(node.children);
      else
        found.push({ line: node.token.start.line, text: textOf(node).replace(/\s+/g, ' ').trim() });
    }
  };
  visit(markdownTree(markdownEvents(source, labels)));
  return found;
}

/**
 * The text of the heading written in `source` (its lines in the file), every bracketed label read
 * as defined: `## [1.2.3]` reads `1.2.3` whatever the file defines.
 */
export function headingText(source: string): string {
  return headings(source, bracketLabels(source))[0]?.text ?? '';
}

/** Headings parsed at once: the parser's set-up, most of a short heading's cost, paid once. */
const BATCH = 64;

/**
 * `headingText` of each of `sources`, several parsed as one text with blank lines between them: a
 * blank line closes every block, so each reads as it does alone; each bracketed label of the batch
 * is read as defined, as alone it would be (only a heading's own labels can make it a link).
 */
export function headingTexts(sources: readonly string[]): string[] {
  const texts: string[] = [];
  for (let at = 0; at < sources.length; at += BATCH) {
    const batch = sources.slice(at, at + BATCH);
    const text = batch.join('\n\n');
    // The line where the source after each starts: a heading belongs to the first that starts later.
    let line = 1;
    const starts = batch.map((source) => (line += source.split('\n').length + 1));
    const found = batch.map(() => '');
    for (const heading of headings(text, batch.flatMap(bracketLabels))) {
      found[starts.findIndex((next) => next > heading.line)] = heading.text;
    }
    texts.push(...found);
  }
  return texts;
}
