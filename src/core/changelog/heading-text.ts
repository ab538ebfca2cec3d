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

/** The plain text of each heading's content among `events` of `source`, with its first line. */
function plainTexts(events: readonly Event[], source: string): { line: number; text: string }[] {
  const texts: { line: number; text: string }[] = [];
  let text = '';
  let line = 0;
  let inside = false;
  let dropped = 0;
  for (const [kind, token] of events) {
    if (HEADING_TEXT.has(token.type)) {
      if (kind === 'exit') texts.push({ line, text: text.replace(/\s+/g, ' ').trim() });
      inside = kind === 'enter';
      line = token.start.line;
      text = '';
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
  return texts;
}

/**
 * The text of the heading written in `source` (its lines in the file), every bracketed label read
 * as defined: `## [1.2.3]` reads `1.2.3` whatever the file defines.
 */
export function headingText(source: string): string {
  return plainTexts(markdownEvents(source, bracketLabels(source)), source)[0]?.text ?? '';
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
    // A heading with no text (`##`) has none to find: it reads as empty, as alone.
    const found = batch.map(() => '');
    for (const heading of plainTexts(markdownEvents(text, batch.flatMap(bracketLabels)), text)) {
      found[starts.findIndex((next) => next > heading.line)] = heading.text;
    }
    texts.push(...found);
  }
  return texts;
}
