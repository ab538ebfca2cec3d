// The changelog as the store shows it (SPEC 7.11), loaded through a dynamic import() so that its
// parser and GFM extensions are a chunk: a run that sends Markdown as written never loads it.
import { renderHtml } from './html.js';
import { plainText } from './plain.js';

export { cutHtml } from './cut.js';

/** `markdown` read as GitHub Flavored Markdown, as plain text or HTML; '' when nothing is left. */
export function convertChangelog(markdown: string, format: 'text' | 'html'): string {
  return format === 'html'
    ? renderHtml(markdown, 'shown')
    : plainText(renderHtml(markdown, 'dropped'));
}
