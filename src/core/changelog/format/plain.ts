// A changelog as plain text, from micromark's HTML tree: what a reader sees, as pandoc's plain
// writer shows it (`pandoc -f gfm -t plain --wrap=none`), except where the product differs: a
// link keeps its address, `text (url)`; an image is its alt text; task items are `[x]` and `[ ]`.
import { type Element, elementsOf, type Node, readHtml } from './tree.js';

/** pandoc's line for a thematic break. */
const RULE = '-'.repeat(72);

const BLOCK = /^(?:p|h[1-6]|ul|ol|li|blockquote|pre|hr|table|section)$/;
const isBlock = (node: Node): node is Element => typeof node !== 'string' && BLOCK.test(node.tag);

/** Every line but empty ones indented by `by`; the first line by `first`. */
function indent(text: string, by: string, first = by): string {
  return text
    .split('\n')
    .map((line, index) => (line === '' ? '' : `${index === 0 ? first : by}${line}`))
    .join('\n');
}

/** `http://` and `mailto:` are what an autolink adds to the address as written. */
function sameAddress(text: string, href: string): boolean {
  let decoded = href;
  try {
    decoded = decodeURI(href);
  } catch {
    // An address that is not valid percent-encoding is compared as it is.
  }
  return [href, decoded].some(
    (address) => text === address || text === address.replace(/^(?:http:\/\/|mailto:)/i, ''),
  );
}

function link(element: Element): string {
  const text = inline(element.children);
  const { href = '' } = element.attributes;
  if ('data-footnote-ref' in element.attributes) return `[${text}]`;
  if ('data-footnote-backref' in element.attributes) return '';
  if (href === '' || sameAddress(text.trim(), href)) return text;
  return text.trim() === '' ? href : `${text} (${href})`;
}

type Readers = Readonly<Record<string, (element: Element) => string>>;

/** The table's own reader for `tag`: no tag name (`constructor`) finds one of Object.prototype. */
const readerOf = (readers: Readers, tag: string) =>
  Object.hasOwn(readers, tag) ? readers[tag] : undefined;

/** How each inline element that is not markup around text reads. */
const INLINE: Readers = {
  br: () => '\n',
  a: link,
  // An alt text is an attribute: its line breaks are spaces, as HTML shows them.
  img: (element) => (element.attributes.alt ?? '').replace(/\n/g, ' '),
  input: (element) => ('checked' in element.attributes ? '[x]' : '[ ]'),
};

function inlineNode(node: Node): string {
  if (typeof node === 'string') return node.replace(/\n/g, ' ');
  return readerOf(INLINE, node.tag)?.(node) ?? inline(node.children);
}

function inline(nodes: readonly Node[]): string {
  // A hard break's line ending in the HTML follows its `<br />`: spaces at a break go.
  return nodes
    .map(inlineNode)
    .join('')
    .replace(/ *\n */g, '\n');
}

/** Whole text of a code block, its last line break dropped. */
function textOf(nodes: readonly Node[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : textOf(node.children))).join('');
}

function list(element: Element): string {
  const items = elementsOf(element.children, 'li');
  // micromark writes the items of a loose list as paragraphs, those of a tight one as bare text.
  const loose = items.some((item) => elementsOf(item.children, 'p').length > 0);
  const start = Number(element.attributes.start ?? '1');
  const gap = loose ? '\n\n' : '\n';
  return items
    .map((item, index) => {
      const marker = element.tag === 'ol' ? `${start + index}. ` : '- ';
      const body = blocks(item.children).join(gap);
      return indent(body, ' '.repeat(marker.length), marker).trimEnd() || marker.trimEnd();
    })
    .join(gap);
}

function rowsOf(element: Element): Element[] {
  return elementsOf(element.children).flatMap((node) =>
    node.tag === 'tr' ? [node] : rowsOf(node),
  );
}

function pad(text: string, width: number, align: string | undefined): string {
  const room = width - Array.from(text).length;
  const left = align === 'right' ? room : align === 'center' ? Math.floor(room / 2) : 0;
  return ' '.repeat(left) + text + ' '.repeat(room - left);
}

/** A table as aligned rows, the header underlined, as pandoc's simple tables. */
function table(element: Element): string {
  const rows = rowsOf(element).map((row) => elementsOf(row.children, 'th', 'td'));
  const header = rows[0] ?? [];
  const texts = rows.map((cells) => cells.map((cell) => inline(cell.children).trim()));
  const widths = header.map((_, column) =>
    Math.max(3, ...texts.map((cells) => Array.from(cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    widths
      .map((width, column) => pad(cells[column] ?? '', width, header[column]?.attributes.align))
      .join('  ')
      .trimEnd();
  const [head = [], ...body] = texts;
  return [line(head), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join(
    '\n',
  );
}

function footnotes(element: Element): string {
  const items = elementsOf(element.children, 'ol').flatMap((list) => list.children);
  return elementsOf(items, 'li')
    .map((item, index) => indent(blocks(item.children).join('\n\n'), '    ', `[${index + 1}] `))
    .join('\n\n');
}

/** How each block that is not a paragraph or heading reads. */
const BLOCKS: Readers = {
  hr: () => RULE,
  pre: (element) => indent(textOf(element.children).replace(/\n$/, ''), '    '),
  blockquote: (element) => indent(blocks(element.children).join('\n\n'), '  '),
  ul: list,
  ol: list,
  table,
  section: footnotes,
};

function block(element: Element): string {
  return readerOf(BLOCKS, element.tag)?.(element) ?? inline(element.children).trim();
}

/** The blocks of `nodes`, each rendered: inline content between blocks is a block of its own. */
function blocks(nodes: readonly Node[]): string[] {
  const out: string[] = [];
  let run: Node[] = [];
  const flush = () => {
    const text = inline(run).trim();
    if (text !== '') out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (!isBlock(node)) {
      run.push(node);
      continue;
    }
    flush();
    const text = block(node);
    if (text !== '') out.push(text);
  }
  flush();
  return out;
}

/** micromark's HTML of a changelog as plain text, its blocks apart by a blank line. */
export function plainText(html: string): string {
  return blocks(readHtml(html)).join('\n\n');
}
