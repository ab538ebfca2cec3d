// A heading's text as plain text (SPEC 7.2): link text kept, destinations, emphasis and code
// markers, HTML tags dropped, entities decoded. commonmark.js parses the inline content.
import type { Node } from 'commonmark';

/** Every label reads as defined, so `[1.2.3]` and `[text][ref]` give their text whatever the file defines. */
export const EVERY_LABEL_DEFINED: Record<string, { destination: string; title: string }> =
  new Proxy(
    {},
    {
      get: (_target, key) => (typeof key === 'string' ? { destination: '', title: '' } : undefined),
    },
  );

/** The plain text of an inline tree: text and code kept, HTML dropped, line breaks as spaces. */
export function plainText(node: Node): string {
  let text = '';
  const walker = node.walker();
  // Text, code and breaks are leaves, which a walk enters once and never leaves.
  for (let event = walker.next(); event !== null; event = walker.next()) {
    const { type, literal } = event.node;
    if (type === 'text' || type === 'code') {
      // Stryker disable next-line StringLiteral: unreachable, text and code nodes have a literal.
      text += literal ?? '';
    } else if (type === 'softbreak' || type === 'linebreak') text += ' ';
  }
  return text.replace(/\s+/g, ' ').trim();
}
