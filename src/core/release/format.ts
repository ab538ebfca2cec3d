// The changelog as it is sent: converted to the store's format, then cut to
// `changelog-max-length`, which counts what is sent. Markdown is sent as written and loads nothing.
import type { LineBreaks } from '../changelog/format/convert.js';
import { ResolveError } from '../errors.js';
import { escapeHtml } from '../guard/safe-text.js';
import type { ChangelogFormat } from '../inputs.js';
import type { Words } from '../words.js';
import { type Cut, cutNote, truncate } from './truncate.js';

export interface Sent {
  /** What is sent, cut when `cut` is set. */
  readonly text: string;
  /** The whole text in its format, before the cut. */
  readonly whole: string;
  readonly cut: Cut | undefined;
}

const htmlNote = (note: string) => `<p>${escapeHtml(note, /[&<>"]/g)}</p>`;

/** The cut note as a paragraph of HTML. */
export function htmlCutNote(fullNotesUrl: string): string {
  return htmlNote(cutNote(fullNotesUrl));
}

function emptyOnceConverted(format: 'text' | 'html', words: Words): ResolveError {
  const dropped =
    format === 'text' ? 'comments, link definitions or HTML' : 'comments or link definitions';
  return new ResolveError(
    'Empty changelog',
    `The changelog is empty once converted to ${format} (${words.name('changelog-format')}): ` +
      `it holds only ${dropped}, which ${format} leaves out, so nothing was sent. Write the notes as text.`,
  );
}

const sent = (whole: string, cut: Cut | undefined): Sent => ({
  text: cut?.text ?? whole,
  whole,
  cut,
});

export async function changelogToSend(
  markdown: string,
  format: ChangelogFormat,
  cap: number,
  fullNotesUrl: string,
  words: Words,
  lineBreaks?: LineBreaks,
): Promise<Sent> {
  if (format === 'markdown') return sent(markdown, truncate(markdown, cap, fullNotesUrl));
  // The converter and its parser are a chunk of their own, loaded only here.
  const { convertChangelog, htmlHeads } = await import('../changelog/format/convert.js');
  const whole = convertChangelog(markdown, format, lineBreaks);
  if (whole.trim() === '') throw emptyOnceConverted(format, words);
  if (format === 'text') return sent(whole, truncate(whole, cap, fullNotesUrl));
  // The note is a paragraph of its own; with no room for the notes' first words, the note alone.
  const byBlocks = (html: string) => ({
    note: htmlNote,
    head: htmlHeads(html),
    alone: (note: string) => note,
  });
  return sent(whole, truncate(whole, cap, fullNotesUrl, byBlocks));
}
