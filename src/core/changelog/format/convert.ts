// The changelog as the store shows it, loaded through a dynamic import() so that its
// parser and GFM extensions are a chunk: a run that sends Markdown as written never loads it.
import { type LineBreaks, renderHtml } from './html.js';
import { plainText } from './plain.js';

export { htmlHeads } from './cut.js';
export type { LineBreaks } from './html.js';

/** `markdown` read as GitHub Flavored Markdown, as plain text or HTML; '' when nothing is left. */
export function convertChangelog(
  markdown: string,
  format: 'text' | 'html',
  lineBreaks?: LineBreaks,
): string {
  return format === 'html' ? renderHtml(markdown, lineBreaks) : plainText(markdown, lineBreaks);
}
