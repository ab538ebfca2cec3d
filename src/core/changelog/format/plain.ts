import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
// Markdown as plain text, as pandoc's plain writer shows it, except that a link keeps its address:
// `text (url)`. The text is what micromark's HTML compiler writes, the line endings it drops
// included, so that the text format reads what the html format shows.
import {
  decodeString,
  type Event,
  find,
  markdownTree,
  type MarkdownNode as Node,
  type Token,
} from '../markdown.js';

const child = (node: Node | undefined, type: string) =>
  node?.children.find((each) => each.type === type);

const decode = (text = '') => decodeString(text, true);

/** A link's address as micromark writes it: percent-encoded; '' for a scheme it does not link. */
function address(url: string): string {
  // A `%` is kept where two letters or digits follow it.
  const value = encodeURI(url.toWellFormed()).replace(/%25(?=[\dA-Za-z]{2})/g, '%');
  const scheme = /^([^:/?#]*):/.exec(value)?.[1];
  return scheme === undefined || /^(?:https?|ircs?|mailto|xmpp)$/i.test(scheme) ? value : '';
}

const LITERAL = new Set(['data', 'characterEscapeValue', 'codeTextData']);
const ELEMENTS = new Set(['emphasis', 'strong', 'strikethrough', 'codeText']);
const AUTOLINK = /^(?:autolink|literalAutolink)(?:Protocol|Email|Www|Http)$/;

function link(text: string, href: string): string {
  let decoded = href;
  try {
    decoded = decodeURI(href);
  } catch {
    // An address that is not valid percent-encoding is compared as it is.
  }
  const shown = text.trim();
  const same = [href, decoded].some(
    (each) => shown === each || shown === each.replace(/^(?:http:\/\/|mailto:)/i, ''),
  );
  if (href === '' || same) return text;
  return shown === '' ? href : `${text} (${href})`;
}

// Inline text as HTML shows it: line endings in a run of text are spaces, spaces at a break go. In
// an image's alt text, an element (a break, a footnote's number) is no element, its text is text.
class Inline {
  private parts: string[] = [];
  private run = '';
  constructor(readonly alt = false) {}
  text(text: string) {
    this.run += text;
  }
  element(text: string) {
    this.flush();
    this.parts.push(text);
  }
  done() {
    this.flush();
    return this.parts.join('').replace(/ *\n */g, '\n');
  }
  private flush() {
    this.parts.push(this.run.replace(/\r\n?|\n/g, ' '));
    this.run = '';
  }
}

function indent(text: string, by: string, first = by): string {
  return text
    .split('\n')
    .map((line, index) => (line === '' ? '' : `${index === 0 ? first : by}${line}`))
    .join('\n');
}

function table(rows: readonly string[][], align: readonly string[]): string {
  const length = (text = '') => Array.from(text).length;
  const widths = align.map((_, column) => Math.max(3, ...rows.map((row) => length(row[column]))));
  const line = (cells: readonly string[]) =>
    widths
      .map((width, column) => {
        const room = width - length(cells[column]);
        const how = align[column];
        const left = how === 'right' ? room : how === 'center' ? Math.floor(room / 2) : 0;
        return ' '.repeat(left) + (cells[column] ?? '') + ' '.repeat(room - left);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return rows.map(line).toSpliced(1, 0, rule).join('\n');
}

// The document as plain text, its blocks apart by a blank line; `written`: what the compiler wrote
// for each line ending. Without it (headings read alone) a line ending is as written, a link is its
// text alone, and `onHeading` is handed each heading's text.
export function plainText(
  events: Event[],
  written?: ReadonlyMap<Token, string>,
  onHeading?: (token: Token, text: string) => void,
) {
  const addresses = written !== undefined;
  const destinations = new Map<string, string>();
  const calls: string[] = [];
  const notes = new Map<string, string[]>();
  const writtenOf = (node: Node) => written?.get(node.token) ?? node.slice();
  let inTable = false;

  const inlineOf = (nodes: readonly Node[], alt = false): string => {
    const out = new Inline(alt);
    inline(nodes, out);
    return out.done();
  };

  const media = (node: Node, out: Inline): void => {
    const image = node.type === 'image';
    const label = child(node, 'label');
    const text = label?.children ?? [];
    if (out.alt) inline(text, out);
    else if (image || !addresses) out.element(inlineOf(text, image));
    else {
      const resource = child(node, 'resource');
      const id = find(child(node, 'reference'), 'referenceString') ?? child(label, 'labelText');
      const destination = resource
        ? decode(find(resource, 'resourceDestinationString')?.slice())
        : (destinations.get(normalizeIdentifier(id?.slice() ?? '')) ?? '');
      out.element(link(inlineOf(text), address(destination)));
    }
  };

  const inline = (nodes: readonly Node[], out: Inline): void => {
    for (const node of nodes) {
      const { type } = node;
      if (type === 'codeTextData' && inTable) {
        out.text(
          node.slice().replace(/\\([\\|])/g, (all, escaped) => (escaped === '|' ? '|' : all)),
        );
      } else if (type === 'lineEnding') out.text(writtenOf(node));
      else if (LITERAL.has(type)) out.text(node.slice());
      else if (type === 'characterReference') out.text(decode(node.slice()));
      else if (type === 'htmlText') continue;
      else if (type === 'link' || type === 'image') media(node, out);
      else if (AUTOLINK.test(type) && (out.alt || !addresses)) out.text(node.slice());
      else if (AUTOLINK.test(type)) {
        // What micromark adds to the text for the address.
        const prefix = type.endsWith('Email') ? 'mailto:' : type.endsWith('Www') ? 'http://' : '';
        out.element(link(node.slice(), address(prefix + node.slice())));
      } else if (type === 'gfmFootnoteCall') {
        const id = normalizeIdentifier(find(node, 'gfmFootnoteCallString')?.slice() ?? '');
        if (!calls.includes(id)) calls.push(id);
        if (!out.alt) out.element(`[${calls.indexOf(id) + 1}]`);
      } else if (!out.alt && type.startsWith('hardBreak')) out.element('\n');
      else if (!out.alt && type === 'taskListCheck') {
        out.element(find(node, 'taskListCheckValueChecked') ? '[x]' : '[ ]');
      } else if (!out.alt && ELEMENTS.has(type)) out.element(inlineOf(node.children));
      else inline(node.children, out);
    }
  };

  const textOf = (node: Node | undefined) => inlineOf(node?.children ?? []).trim();

  const code = (node: Node, tight?: boolean): string => {
    let text = '';
    let fences = 0;
    for (const each of node.children) {
      if (each.type === 'codeFencedFence') fences += 1;
      else if (each.type === 'codeFlowValue') text += each.slice();
      else if (each.type === 'lineEnding') text += writtenOf(each);
    }
    // An unclosed fence in a container keeps its last line ending, as the compiler writes it.
    const unclosed = node.type === 'codeFenced' && fences < 2 && tight !== undefined && text !== '';
    return indent(unclosed ? text : text.replace(/\n$/, ''), '    ');
  };

  const list = (node: Node): string => {
    const items: Node[][] = [];
    for (const each of node.children) {
      if (each.type === 'listItemPrefix') items.push([]);
      else items.at(-1)?.push(each);
    }
    const paragraphs = items.some((nodes) => nodes.some((each) => child(each, 'paragraph')));
    const gap = node.token._loose && paragraphs ? '\n\n' : '\n';
    const start = Number.parseInt(find(node, 'listItemValue')?.slice() ?? '1', 10);
    return items
      .map((nodes, index) => {
        const marker = node.type === 'listOrdered' ? `${start + index}. ` : '- ';
        const body = blocks(nodes, !node.token._loose).join(gap);
        return indent(body, ' '.repeat(marker.length), marker).trimEnd() || marker.trimEnd();
      })
      .join(gap);
  };

  // `tight`: in a tight list, false in another container, undefined outside any.
  const blocks = (nodes: readonly Node[], tight?: boolean): string[] => {
    const out: string[] = [];
    let run = new Inline();
    const block = (text: string) => {
      const inline = run.done().trim();
      if (inline !== '') out.push(inline);
      run = new Inline();
      if (text !== '') out.push(text);
    };
    const visit = (node: Node): void => {
      const { type } = node;
      if (type === 'content') node.children.forEach(visit);
      else if (type === 'paragraph' && !tight) block(textOf(node));
      else if (type === 'paragraph') inline(node.children, run);
      else if (type === 'lineEnding') run.text(writtenOf(node));
      else if (type === 'atxHeading' || type === 'setextHeading') {
        const inner = child(node, `${type}Text`);
        const text = textOf(inner);
        if (inner) onHeading?.(node.token, text);
        block(text);
      } else if (type === 'thematicBreak') block('-'.repeat(72));
      else if (type === 'codeFenced' || type === 'codeIndented') block(code(node, tight));
      else if (type === 'listOrdered' || type === 'listUnordered') block(list(node));
      else if (type === 'blockQuote' || type === 'gfmFootnoteDefinition') {
        const content = blocks(node.children, false);
        if (type === 'blockQuote') block(indent(content.join('\n\n'), '  '));
        else {
          const id = normalizeIdentifier(
            find(node, 'gfmFootnoteDefinitionLabelString')?.slice() ?? '',
          );
          if (!notes.has(id)) notes.set(id, content);
        }
      } else if (type === 'table') {
        inTable = true;
        const align = (node.token as { _align?: string[] })._align ?? [];
        const found = node.children
          .flatMap((part) => part.children.filter((row) => row.type === 'tableRow'))
          .map((row) => {
            const cells = row.children.filter(({ type }) => /^table(?:Header|Data)$/.test(type));
            return cells.map(textOf).slice(0, align.length);
          });
        inTable = false;
        block(table(found, align));
      }
    };
    nodes.forEach(visit);
    block('');
    return out;
  };

  const { root, closed } = markdownTree(events);
  for (const node of closed) {
    if (node.type !== 'definition') continue;
    const label = normalizeIdentifier(find(node, 'definitionLabelString')?.slice() ?? '');
    const destination = find(node, 'definitionDestinationString');
    if (!destinations.has(label)) destinations.set(label, decode(destination?.slice()));
  }
  const document = blocks(root);
  const footnotes = calls
    .map((id, index) => indent((notes.get(id) ?? []).join('\n\n'), '    ', `[${index + 1}] `))
    .join('\n\n');
  if (footnotes !== '') document.push(footnotes);
  return document.join('\n\n');
}
