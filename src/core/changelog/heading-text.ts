// A heading's text as plain text: link and image text kept; destinations, emphasis and code
// markers, HTML tags dropped; entities decoded; breaks read as spaces (docs/changelog-file.md).
import { bracketLabels, decodeReference, type Event, markdownEvents } from './markdown.js';

/** What a heading's text keeps of each token, as written. */
const KEPT = new Set([
  'data',
  'characterEscapeValue',
  'codeTextData',
  'autolinkProtocol',
  'autolinkEmail',
]);
/** Inside these nothing is text: tags, destinations and titles, references. */
const DROPPED = new Set(['htmlText', 'resource', 'reference', 'characterReference']);
const BREAKS = new Set(['lineEnding', 'hardBreakEscape', 'hardBreakTrailing']);
const HEADING_TEXT = new Set(['atxHeadingText', 'setextHeadingText']);

/** The plain text of the first heading's content among `events` of `source`. */
export function plainText(events: readonly Event[], source: string): string {
  let text = '';
  let inside = false;
  let dropped = 0;
  for (const [kind, token] of events) {
    if (HEADING_TEXT.has(token.type)) {
      if (kind === 'exit') break;
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (DROPPED.has(token.type)) {
      if (kind === 'enter' && dropped === 0 && token.type === 'characterReference') {
        const written = source.slice(token.start.offset + 1, token.end.offset - 1);
        text += decodeReference(written) ?? '';
      }
      dropped += kind === 'enter' ? 1 : -1;
      continue;
    }
    if (kind === 'exit' || dropped > 0) continue;
    if (KEPT.has(token.type)) text += source.slice(token.start.offset, token.end.offset);
    else if (BREAKS.has(token.type)) text += ' ';
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The text of the heading written in `source` (its lines in the file), every bracketed label read
 * as defined: `## [1.2.3]` reads `1.2.3` whatever the file defines.
 */
export function headingText(source: string): string {
  return plainText(markdownEvents(source, bracketLabels(source)), source);
}
