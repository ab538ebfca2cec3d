// An HTML changelog cut to a length between blocks, never inside an element: whole top-level
// blocks while they fit, then, in a list or block quote that does not fit whole, its first whole
// children, the container closed again.
import { type Element, elementsOf, readHtml } from './tree.js';

const CONTAINERS = new Set(['ul', 'ol', 'blockquote']);
const length = (text: string) => Array.from(text).length;

/** The longest run of whole blocks of `elements` that fits in `room` code points, '\n' apart. */
function keep(html: string, elements: readonly Element[], room: number): string {
  const kept: string[] = [];
  let used = 0;
  for (const element of elements) {
    const gap = kept.length === 0 ? 0 : 1;
    const whole = html.slice(element.start, element.end);
    const size = length(whole);
    if (used + gap + size <= room) {
      kept.push(whole);
      used += gap + size;
      continue;
    }
    if (CONTAINERS.has(element.tag)) {
      const open = html.slice(element.start, element.openEnd);
      const close = `</${element.tag}>`;
      const inner = keep(
        html,
        elementsOf(element.children),
        room - used - gap - length(open) - length(close) - 2,
      );
      if (inner !== '') kept.push(`${open}\n${inner}\n${close}`);
    }
    break;
  }
  return kept.join('\n');
}

/**
 * `html` in at most `cap` code points, `note` (a block) last; undefined when it fits. Without room
 * for one whole block, the note alone.
 */
export function cutHtml(html: string, cap: number, note: string): string | undefined {
  if (cap === 0 || length(html) <= cap) return undefined;
  const kept = keep(html, elementsOf(readHtml(html)), cap - length(note) - 1);
  return kept === '' ? note : `${kept}\n${note}`;
}
