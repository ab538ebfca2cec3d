// A heading's text as plain text (docs/changelog-file.md): link and image text kept; destinations,
// emphasis and code markers, HTML tags dropped; entities decoded; breaks read as spaces.
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

/** Every bracketed label read as defined: `## [1.2.3]` reads `1.2.3` whatever the file defines. */
export function headingText(source: string): string {
  return headingTexts([source])[0] ?? '';
}

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
    const visit = (nodes: readonly MarkdownNode[]) => {
      for (const node of nodes) {
        if (node.type !== 'atxHeadingText' && node.type !== 'setextHeadingText')
          visit(node.children);
        else {
          const text = textOf(node).replace(/\s+/g, ' ').trim();
          found[starts.findIndex((next) => next > node.token.start.line)] = text;
        }
      }
    };
    visit(markdownTree(markdownEvents(batch.join('\n\n'), batch.flatMap(bracketLabels))));
    texts.push(...found);
  }
  return texts;
}
