// The changelog as it is sent (SPEC 7.11 and 7.6): converted to the store's format, then cut to
// `changelog-max-length`, which counts what is sent. Markdown is sent as written and loads nothing.
import { InputError } from '../errors.js';
import type { ChangelogFormat } from '../inputs.js';
import { setting } from '../words.js';
import { type Cut, cutNote, truncate } from './truncate.js';

export interface Sent {
  /** What is sent, cut when `cut` is set. */
  readonly text: string;
  /** The whole text in its format, before the cut. */
  readonly whole: string;
  readonly cut: Cut | undefined;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/** The cut note as a paragraph of HTML. */
export function htmlCutNote(fullNotesUrl: string): string {
  return `<p>${cutNote(fullNotesUrl).replace(/[&<>"]/g, (char) => HTML_ESCAPES[char] ?? char)}</p>`;
}

const length = (text: string) => Array.from(text).length;

export async function changelogToSend(
  markdown: string,
  format: ChangelogFormat,
  cap: number,
  fullNotesUrl: string,
): Promise<Sent> {
  if (format === 'markdown') {
    const cut = truncate(markdown, cap, fullNotesUrl);
    return { text: cut?.text ?? markdown, whole: markdown, cut };
  }
  // The converter and its parser are a chunk of their own, loaded only here.
  const { convertChangelog, cutHtml } = await import('../changelog/format/convert.js');
  const whole = convertChangelog(markdown, format);
  if (whole.trim() === '') {
    throw new InputError(
      'changelog-format',
      `The changelog is empty once converted to ${format} (${setting('changelog-format')}): ` +
        'it holds only comments, link definitions or HTML. Write the notes as text.',
    );
  }
  if (format === 'text') {
    const cut = truncate(whole, cap, fullNotesUrl);
    return { text: cut?.text ?? whole, whole, cut };
  }
  const text = cutHtml(whole, cap, htmlCutNote(fullNotesUrl));
  return {
    text: text ?? whole,
    whole,
    cut: text === undefined ? undefined : { text, from: length(whole), to: length(text) },
  };
}
