// An HTML changelog cut to a length, never inside a tag or a character reference: whole top-level
// blocks while they fit, then, in a list or block quote that does not fit whole, its first whole
// children, the container closed again. When that keeps less than a quarter of the room (nothing,
// or a heading alone), the first block that does not fit is kept in part, to a word boundary, every
// element it opened closed: a buyer reads the notes' first words, not only the note.

const CONTAINERS = new Set(['ul', 'ol', 'blockquote']);
const VOID = new Set(['br', 'hr', 'img', 'input']);
const length = (text: string) => Array.from(text).length;

/** A tag (its name captured), a character reference, or one code point of text. */
const PIECE = /<\/?([a-z0-9]+)[^>]*>|&[#a-z0-9]+;|[\s\S]/giu;

/** An element of micromark's HTML: where it starts, its opening tag ends, and it ends. */
interface Element {
  readonly tag: string;
  readonly start: number;
  readonly openEnd: number;
  readonly end: number;
}

/**
 * The elements of `html` from `from` to `to` that no other one there holds. In micromark's own HTML
 * every `<` opens one of its tags: text and the writer's HTML reach it escaped (`&lt;`).
 */
function elementsIn(html: string, from: number, to: number): Element[] {
  const elements: Element[] = [];
  let depth = 0;
  let open: Omit<Element, 'end'> | undefined;
  for (const { 0: tag, 1: name = '', index } of html
    .slice(from, to)
    .matchAll(/<\/?([a-z0-9]+)[^>]*>/g)) {
    const start = from + index;
    const end = start + tag.length;
    if (tag.startsWith('</')) {
      depth -= 1;
      if (depth === 0 && open) elements.push({ ...open, end });
    } else if (VOID.has(name)) {
      if (depth === 0) elements.push({ tag: name, start, openEnd: end, end });
    } else {
      if (depth === 0) open = { tag: name, start, openEnd: end };
      depth += 1;
    }
  }
  return elements;
}

interface CutPoint {
  readonly at: number;
  readonly open: readonly string[];
}

const cutAt = (block: string, { at, open }: CutPoint) =>
  block.slice(0, at) + open.map((tag) => `</${tag}>`).join('');

/**
 * The longest start of `block` (one element of micromark's HTML) that fits in `room` with every
 * element it opened closed: to a word boundary (before a space or a line break), or without one to
 * a character; '' when no character fits.
 */
function wordsOf(block: string, room: number): string {
  const open: string[] = [];
  let size = 0;
  let closing = 0;
  // After a word's last character (and the tags that close around it): a cut here ends a word.
  let afterWord: boolean | undefined;
  let atWord: CutPoint | undefined;
  let atCharacter: CutPoint | undefined;
  for (const { 0: piece, 1: tag, index: at } of block.matchAll(PIECE)) {
    if (size + closing > room) break;
    // White space is one code point of text: a tag starts with `<`, a reference with `&`.
    const breaks = /^\s/.test(piece) || tag === 'br';
    if (afterWord) {
      atCharacter = { at, open: open.toReversed() };
      if (breaks) atWord = atCharacter;
    }
    size += length(piece);
    if (piece.startsWith('</')) {
      closing -= length(piece);
      open.pop();
    } else if (tag !== undefined) {
      afterWord = tag === 'img';
      if (VOID.has(tag)) continue;
      open.push(tag);
      closing += tag.length + 3;
    } else {
      afterWord = !breaks;
    }
  }
  const point = atWord ?? atCharacter;
  return point === undefined ? '' : cutAt(block, point);
}

/**
 * The longest run of whole blocks of `elements` that fits in `room` code points, '\n' apart, and a
 * part of the next while fewer than `wanted` code points are kept.
 */
function keep(html: string, elements: readonly Element[], room: number, wanted: number): string {
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
    const part = partOf(html, element, room - used - gap, wanted - used - gap);
    if (part !== '') kept.push(part);
    break;
  }
  return kept.join('\n');
}

/** A container's first whole children; another block's first words while more are wanted. */
function partOf(html: string, element: Element, room: number, wanted: number): string {
  if (CONTAINERS.has(element.tag)) {
    const open = html.slice(element.start, element.openEnd);
    const close = `</${element.tag}>`;
    const frame = length(open) + length(close) + 2;
    const children = elementsIn(html, element.openEnd, element.end - close.length);
    const inner = keep(html, children, room - frame, wanted);
    return inner === '' ? '' : `${open}\n${inner}\n${close}`;
  }
  return wanted > 0 ? wordsOf(html.slice(element.start, element.end), room) : '';
}

/** The longest start of `html` that fits in `room` code points, as above; '' when none does. */
export function htmlHeads(html: string): (room: number) => string {
  const elements = elementsIn(html, 0, html.length);
  return (room) => keep(html, elements, room, room / 4);
}
