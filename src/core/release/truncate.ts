export interface Cut {
  readonly text: string;
  /** Lengths in code points, when the text was cut. */
  readonly from: number;
  readonly to: number;
}

/** The last line of a cut changelog: it says so, and where the whole notes are. */
export function cutNote(fullNotesUrl: string): string {
  return fullNotesUrl === ''
    ? '(Truncated to fit the length limit.)'
    : `(Truncated to fit the length limit. Full notes: ${fullNotesUrl})`;
}

/**
 * `text` in at most `cap` code points: cut at the last line break that leaves room for
 * the note line; without one, at the cap. Undefined when it fits (or `cap` is 0: no cap).
 */
export function truncate(text: string, cap: number, fullNotesUrl: string): Cut | undefined {
  const points = Array.from(text);
  if (cap === 0 || points.length <= cap) return undefined;
  const note = Array.from(cutNote(fullNotesUrl));
  // The kept text, a line break, then the note.
  const room = cap - note.length - 1;
  let end = room < 0 ? -1 : points.lastIndexOf('\n', room);
  // Drop trailing blank lines and spaces before the note; an empty head is no place to cut.
  while (end > 0 && /\s/.test(points[end - 1] ?? '')) end--;
  const cut =
    end > 0 ? `${points.slice(0, end).join('')}\n${note.join('')}` : points.slice(0, cap).join('');
  return { text: cut, from: points.length, to: Array.from(cut).length };
}
