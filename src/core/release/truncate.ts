export interface Cut {
  readonly text: string;
  /** Lengths in code points. */
  readonly from: number;
  readonly to: number;
}

export function cutNote(fullNotesUrl: string): string {
  return fullNotesUrl === ''
    ? '(Truncated to fit the length limit.)'
    : `(Truncated to fit the length limit. Full notes: ${fullNotesUrl})`;
}

export interface Cutter {
  readonly note: (text: string) => string;
  /** The longest start of the notes that fits in `room` code points; '' when none does. */
  readonly head: (room: number) => string;
  /** What is sent when no start of the notes fits beside the note. */
  readonly alone: (note: string, cap: number) => string;
}

const length = (text: string) => Array.from(text).length;

function byLines(text: string): Cutter {
  const points = Array.from(text);
  return {
    note: (note) => note,
    head(room) {
      // A negative index would count from the end.
      const end = points.lastIndexOf('\n', Math.max(room, 0));
      // Trailing blank lines and spaces go before the note; an empty head is no place to cut.
      return points.slice(0, Math.max(end, 0)).join('').trimEnd();
    },
    alone: (_, cap) => points.slice(0, cap).join(''),
  };
}

/** Undefined when `text` fits in `cap` code points; a `cap` of 0 is no cap. */
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
  const bare = cutter.note(cutNote(''));
  for (const note of new Set([cutter.note(cutNote(fullNotesUrl)), bare])) {
    const head = cutter.head(cap - length(note) - 1);
    if (head !== '') return cut(`${head}\n${note}`);
  }
  return cut(cutter.alone(bare, cap));
}
