// A heading's text as plain text (docs/changelog-file.md): link and image text kept; destinations,
// emphasis and code markers, HTML tags dropped; entities decoded; breaks read as spaces.
import { plainText } from './format/plain.js';
import { bracketLabels, markdownEvents } from './markdown.js';

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
    plainText(
      markdownEvents(batch.join('\n\n'), batch.flatMap(bracketLabels)),
      undefined,
      (token, text) => {
        found[starts.findIndex((next) => next > token.start.line)] = text
          .replace(/\s+/g, ' ')
          .trim();
      },
    );
    texts.push(...found);
  }
  return texts;
}
