// micromark's own HTML output read back as a tree, for the plain text and for cutting between
// blocks. Only that output is read here, never HTML of the writer's: in it every `<` opens a tag of
// micromark's, since text and written HTML reach it escaped (`&lt;`), and attributes are quoted.

export interface Element {
  readonly tag: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: Node[];
  /** Where the element starts, its opening tag ends, and the element ends in the HTML. */
  readonly start: number;
  readonly openEnd: number;
  end: number;
}

/** An element, or text with its characters decoded. */
export type Node = Element | string;

const VOID = new Set(['br', 'hr', 'img', 'input']);
const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /([a-z-]+)(?:="([^"]*)")?/g;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** The four characters micromark encodes, decoded. */
export function decodeText(html: string): string {
  return html.replace(/&(amp|lt|gt|quot);/g, (entity, name: string) => ENTITIES[name] ?? entity);
}

/** The elements among `nodes`; given tags, those of these tags only. */
export function elementsOf(nodes: readonly Node[], ...tags: string[]): Element[] {
  return nodes.filter(
    (node): node is Element =>
      typeof node !== 'string' && (tags.length === 0 || tags.includes(node.tag)),
  );
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name = '', value = ''] of text.matchAll(ATTRIBUTE))
    attributes[name] = decodeText(value);
  return attributes;
}

/** The top-level nodes of micromark's HTML. */
export function readHtml(html: string): Node[] {
  const nodes: Node[] = [];
  const open: Element[] = [];
  const inside = () => open.at(-1)?.children ?? nodes;
  let at = 0;
  const text = (end: number) => {
    if (end > at) inside().push(decodeText(html.slice(at, end)));
  };
  for (const match of html.matchAll(TAG)) {
    const [whole, closing, tag = '', attributes = ''] = match;
    text(match.index);
    at = match.index + whole.length;
    const parent = open.at(-1);
    if (closing === '/') {
      if (parent?.tag === tag) {
        parent.end = at;
        open.pop();
      }
      continue;
    }
    const element: Element = {
      tag,
      attributes: attributesOf(attributes),
      children: [],
      start: match.index,
      openEnd: at,
      end: at,
    };
    inside().push(element);
    if (!VOID.has(tag)) open.push(element);
  }
  text(html.length);
  return nodes;
}
