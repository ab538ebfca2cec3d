// The changelog as it is sent: converted to the store's format, then cut to
// `changelog-max-length`, which counts what is sent. Markdown is sent as written and loads nothing.
import type { LineBreaks } from '../changelog/format/convert.js';
import { ResolveError } from '../errors.js';
import type { ChangelogFormat } from '../inputs.js';
import type { Words } from '../words.js';
import { truncate } from './truncate.js';

export { htmlCutNote } from './truncate.js';

/** What is sent, the whole text in its format, and the cut when there is one. */
export async function changelogToSend(
  markdown: string,
  format: ChangelogFormat,
  cap: number,
  fullNotesUrl: string,
  words: Words,
  lineBreaks?: LineBreaks,
) {
  const sent = (whole: string, cut: ReturnType<typeof truncate>) => ({
    text: cut?.text ?? whole,
    whole,
    cut,
  });
  if (format === 'markdown') return sent(markdown, truncate(markdown, cap, fullNotesUrl));
  // The converter and its parser are a chunk of their own, loaded only here.
  const { convertChangelog, htmlHeads } = await import('../changelog/format/convert.js');
  const whole = convertChangelog(markdown, format, lineBreaks);
  if (whole.trim() === '') {
    const dropped =
      format === 'text' ? 'comments, link definitions or HTML' : 'comments or link definitions';
    throw new ResolveError(
      'Empty changelog',
      `The changelog is empty once converted to ${format} (${words.name('changelog-format')}): ` +
        `it holds only ${dropped}, which ${format} leaves out, so nothing was sent. Write the notes as text.`,
    );
  }
  return sent(whole, truncate(whole, cap, fullNotesUrl, format === 'html' ? htmlHeads : undefined));
}
