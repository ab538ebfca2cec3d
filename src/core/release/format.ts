import type { LineBreaks } from '../changelog/format/convert.js';
import { ResolveError } from '../errors.js';
import { escapeHtml } from '../guard/safe-text.js';
import type { Settings } from '../inputs.js';

export function cutNote(fullNotesUrl: string, html = false): string {
  const note =
    fullNotesUrl === ''
      ? '(Truncated to fit the length limit.)'
      : `(Truncated to fit the length limit. Full notes: ${fullNotesUrl})`;
  return html ? `<p>${escapeHtml(note, /[&<>"]/g)}</p>` : note;
}

const length = (text: string) => Array.from(text).length;

// Lengths in code points; undefined when `text` fits in `cap` (0 is no cap). `htmlHeads` cuts
// HTML: it gives the longest start that fits in a room.
export function truncate(
  text: string,
  cap: number,
  fullNotesUrl: string,
  htmlHeads?: (html: string) => (room: number) => string,
) {
  const points = Array.from(text);
  if (cap === 0 || points.length <= cap) return undefined;
  const cut = (sent: string) => ({ text: sent, from: points.length, to: length(sent) });
  const noteOf = (url: string) => cutNote(url, htmlHeads !== undefined);
  const head =
    htmlHeads?.(text) ??
    ((room: number) => {
      // A negative index would count from the end.
      const end = points.lastIndexOf('\n', Math.max(room, 0));
      // Trailing blank lines and spaces go before the note; an empty head is no place to cut.
      return points.slice(0, Math.max(end, 0)).join('').trimEnd();
    });
  for (const note of new Set([noteOf(fullNotesUrl), noteOf('')])) {
    const start = head(cap - length(note) - 1);
    if (start !== '') return cut(`${start}\n${note}`);
  }
  // No room for the notes' first words: HTML sends the note alone, text its first code points.
  return cut(htmlHeads === undefined ? points.slice(0, cap).join('') : noteOf(''));
}

export async function changelogToSend(
  markdown: string,
  settings: Pick<Settings, 'changelogFormat' | 'changelogMaxLength' | 'words'>,
  fullNotesUrl: string,
  lineBreaks?: LineBreaks,
) {
  const { changelogFormat: format, changelogMaxLength: cap, words } = settings;
  if (format === 'markdown') {
    const cut = truncate(markdown, cap, fullNotesUrl);
    return { text: cut?.text ?? markdown, whole: markdown, cut };
  }
  // The converter and its parser are a chunk of their own, loaded only here.
  const { convertChangelog, htmlHeads } = await import('../changelog/format/convert.js');
  const whole = convertChangelog(markdown, format, lineBreaks);
  if (whole.trim() === '') {
    const dropped =
      format === 'text' ? 'comments, link definitions or HTML' : 'comments or link definitions';
    throw new ResolveError(
      'Empty changelog',
      `The changelog is empty once converted to ${format} (${words.name('changelog-format')}): it holds only ${dropped}, which ${format} leaves out, so nothing was sent. Write the notes as text.`,
    );
  }
  const cut = truncate(whole, cap, fullNotesUrl, format === 'html' ? htmlHeads : undefined);
  return { text: cut?.text ?? whole, whole, cut };
}
