// Loaded through a dynamic import(), so that the parser is a chunk a Markdown run never loads.
import { type LineBreaks, renderHtml } from './html.js';
import { plainText } from './plain.js';

export { htmlHeads } from './cut.js';
export type { LineBreaks } from './html.js';

/** `markdown` read as GitHub Flavored Markdown, as plain text or HTML; '' when nothing is left. */
export function convertChangelog(
  markdown: string,
  format: 'text' | 'html',
  lineBreaks?: LineBreaks,
) {
  return format === 'html' ? renderHtml(markdown, lineBreaks) : plainText(markdown, lineBreaks);
}
