// An HTML changelog cut to a length, never inside a tag or a character reference. When whole blocks
// (and a list's or block quote's whole children) keep less than a quarter of the room, the first
// block that does not fit is kept to a word boundary: a buyer reads the notes' first words.
// In micromark's own HTML every `<` opens one of its tags: text and written HTML reach it escaped.

const CONTAINERS = new Set(['ul', 'ol', 'blockquote']);
const VOID = new Set(['br', 'hr', 'img', 'input']);
const TAG = /<\/?([a-z0-9]+)[^>]*>/g;
const PIECE = /<\/?([a-z0-9]+)[^>]*>|&[#a-z0-9]+;|[\s\S]/giu;
const length = (text: string) => Array.from(text).length;

/** The elements of `html` that no other one holds. */
function elementsIn(html: string): string[] {
  const elements: string[] = [];
  let depth = 0;
  let start = 0;
  for (const { 0: tag, 1: name = '', index } of html.matchAll(TAG)) {
    const closing = tag.startsWith('</');
    if (closing) depth -= 1;
    else if (depth === 0) start = index;
    if (!closing && !VOID.has(name)) depth += 1;
    if (depth === 0) elements.push(html.slice(start, index + tag.length));
  }
  return elements;
}

/** The longest start of `block` within `room` to a word boundary (else a character), closed. */
function wordsOf(block: string, room: number): string {
  let closers = '';
  let size = 0;
  let afterWord = false;
  let atWord: [at: number, closers: string] | undefined;
  let atCharacter: typeof atWord;
  for (const { 0: piece, 1: tag, index: at } of block.matchAll(PIECE)) {
    if (size + closers.length > room) break;
    const breaks = /^\s/.test(piece) || tag === 'br';
    if (afterWord) {
      atCharacter = [at, closers];
      if (breaks) atWord = atCharacter;
    }
    size += length(piece);
    if (piece.startsWith('</')) closers = closers.slice(closers.indexOf('>') + 1);
    else if (tag === undefined) afterWord = !breaks;
    else {
      afterWord = tag === 'img';
      if (!VOID.has(tag)) closers = `</${tag}>${closers}`;
    }
  }
  const [at, closing] = atWord ?? atCharacter ?? [0, ''];
  return block.slice(0, at) + closing;
}

/** Whole `elements` while they fit in `room`, '\n' apart, then a part of the next one. */
function keep(elements: readonly string[], room: number, wanted: number): string {
  const kept: string[] = [];
  for (const element of elements) {
    const size = length(element);
    if (size > room) {
      const [open = '', tag = ''] = /^<([a-z0-9]+)[^>]*>/.exec(element) ?? [];
      if (CONTAINERS.has(tag)) {
        const close = `</${tag}>`;
        const children = elementsIn(element.slice(open.length, -close.length));
        const inner = keep(children, room - length(open) - length(close) - 2, wanted);
        if (inner !== '') kept.push(`${open}\n${inner}\n${close}`);
      } else if (wanted > 0) kept.push(wordsOf(element, room));
      break;
    }
    kept.push(element);
    room -= size + 1;
    wanted -= size + 1;
  }
  return kept.filter((part) => part !== '').join('\n');
}

/** The longest start of `html` that fits in a room of code points; '' when none does. */
export function htmlHeads(html: string): (room: number) => string {
  const elements = elementsIn(html);
  return (room) => keep(elements, room, room / 4);
}
