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

/** How a format is cut: how it writes the note, and what it keeps of the notes. */
export interface Cutter {
  readonly note: (text: string) => string;
  /** The longest start of the notes that fits in `room` code points; '' when none does. */
  readonly head: (room: number) => string;
  /** What is sent when no start of the notes fits beside the note. */
  readonly alone: (note: string, cap: number) => string;
}

const length = (text: string) => Array.from(text).length;

/** Whole lines; with none to keep, the text's first `cap` code points and no note. */
function byLines(text: string): Cutter {
  const points = Array.from(text);
  return {
    note: (note) => note,
    head(room) {
      let end = room < 0 ? -1 : points.lastIndexOf('\n', room);
      // Drop trailing blank lines and spaces before the note; an empty head is no place to cut.
      while (end > 0 && /\s/.test(points[end - 1] ?? '')) end--;
      return end > 0 ? points.slice(0, end).join('') : '';
    },
    alone: (_, cap) => points.slice(0, cap).join(''),
  };
}

/**
 * `text` in at most `cap` code points: the start that `cutterOf` keeps (by default, to the last
 * line break that leaves room), a line break, then the note. The note names where the full notes
 * are when that still leaves room for some of them, else it only says they were cut. Undefined
 * when it fits (or `cap` is 0: no cap).
 */
export function truncate(
  text: string,
  cap: number,
  fullNotesUrl: string,
  cutterOf: (text: string) => Cutter = byLines,
): Cut | undefined {
  const from = length(text);
  if (cap === 0 || from <= cap) return undefined;
  const cutter = cutterOf(text);
  const cut = (sent: string): Cut => ({ text: sent, from, to: length(sent) });
  const notes = [...new Set([cutNote(fullNotesUrl), cutNote('')])].map(cutter.note);
  for (const note of notes) {
    const head = cutter.head(cap - length(note) - 1);
    if (head !== '') return cut(`${head}\n${note}`);
  }
  return cut(cutter.alone(notes.at(-1) ?? '', cap));
}
