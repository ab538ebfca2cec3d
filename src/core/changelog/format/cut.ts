// An HTML changelog cut to a length, never inside a tag or a character reference. When whole blocks
// (and a list's or block quote's whole children) keep less than a quarter of the room, the first
// block that does not fit is kept to a word boundary: a buyer reads the notes' first words.
// In micromark's own HTML every `<` opens one of its tags: text and written HTML reach it escaped.

const CONTAINERS = new Set(['ul', 'ol', 'blockquote']);
const VOID = new Set(['br', 'hr', 'img', 'input']);
const TAG = /<\/?([a-z0-9]+)[^>]*>/g;
const PIECE = /<\/?([a-z0-9]+)[^>]*>|&[#a-z0-9]+;|[\s\S]/giu;
const length = (text: string) => Array.from(text).length;

type Element = { tag: string; start: number; openEnd: number; end: number };

/** The elements of `html` from `from` to `to` that no other one there holds. */
function elementsIn(html: string, from: number, to: number): Element[] {
  const elements: Element[] = [];
  let depth = 0;
  let open = { tag: '', start: 0, openEnd: 0 };
  for (const { 0: tag, 1: name = '', index } of html.slice(from, to).matchAll(TAG)) {
    const start = from + index;
    const closing = tag.startsWith('</');
    if (closing) depth -= 1;
    else if (depth === 0) open = { tag: name, start, openEnd: start + tag.length };
    if (!closing && !VOID.has(name)) depth += 1;
    if (depth === 0) elements.push({ ...open, end: start + tag.length });
  }
  return elements;
}

/** The longest start of `block` within `room` to a word boundary (else a character), closed. */
function wordsOf(block: string, room: number): string {
  const open: string[] = [];
  let size = 0;
  let closing = 0;
  let afterWord = false;
  let atWord: { at: number; open: string[] } | undefined;
  let atCharacter: typeof atWord;
  for (const { 0: piece, 1: tag, index: at } of block.matchAll(PIECE)) {
    if (size + closing > room) break;
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
  if (point === undefined) return '';
  return block.slice(0, point.at) + point.open.map((tag) => `</${tag}>`).join('');
}

/** Whole `elements` while they fit in `room`, '\n' apart, then a part of the next one. */
function keep(html: string, elements: readonly Element[], room: number, wanted: number): string {
  const kept: string[] = [];
  for (const { tag, start, openEnd, end } of elements) {
    const whole = html.slice(start, end);
    if (length(whole) <= room) {
      kept.push(whole);
      room -= length(whole) + 1;
      wanted -= length(whole) + 1;
    } else if (!CONTAINERS.has(tag)) {
      if (wanted > 0) kept.push(wordsOf(whole, room));
      break;
    } else {
      const open = html.slice(start, openEnd);
      const close = `</${tag}>`;
      const children = elementsIn(html, openEnd, end - close.length);
      const inner = keep(html, children, room - length(open) - length(close) - 2, wanted);
      if (inner !== '') kept.push(`${open}\n${inner}\n${close}`);
      break;
    }
  }
  return kept.filter((part) => part !== '').join('\n');
}

/** The longest start of `html` that fits in a room of code points; '' when none does. */
export function htmlHeads(html: string): (room: number) => string {
  const elements = elementsIn(html, 0, html.length);
  return (room) => keep(html, elements, room, room / 4);
}
