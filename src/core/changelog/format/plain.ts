// A changelog as plain text, as pandoc's plain writer shows it, except that a link keeps its
// address: `text (url)`. The text is what micromark's HTML compiler writes, the line endings it
// drops included, so that the text format reads what the html format shows.
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import {
  type Event,
  find,
  markdownTree,
  type MarkdownNode as Node,
  normaliseLabel,
  type Token,
} from '../markdown.js';
import { gfmEvents, type LineBreaks } from './html.js';

/** As micromark's compiler reads a list as loose. */
function isLoose(events: readonly Event[]): boolean {
  let containers = 0;
  let atMarker = false;
  for (const [kind, token] of events.slice(1)) {
    if (token._container) {
      atMarker = false;
      containers += kind === 'enter' ? 1 : -1;
    } else if (token.type === 'listItemPrefix') {
      if (kind === 'exit') atMarker = true;
    } else if (token.type === 'lineEndingBlank') {
      if (kind === 'enter' && containers === 0) {
        if (!atMarker) return true;
        atMarker = false;
      }
    } else if (token.type !== 'linePrefix') {
      atMarker = false;
    }
  }
  return false;
}

const child = (node: Node | undefined, type: string) =>
  node?.children.find((each) => each.type === type);

/** As micromark decodes a numeric reference. */
const NOT_TEXT = /^(?![\t\n\f\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]$/u;

function characterReference(node: Node): string {
  const value = find(node, 'characterReferenceValue')?.slice() ?? '';
  const hex = find(node, 'characterReferenceMarkerHexadecimal');
  if (!hex && !find(node, 'characterReferenceMarkerNumeric')) {
    return decodeNamedCharacterReference(value) || '';
  }
  const code = Number.parseInt(value, hex ? 16 : 10);
  if (code > 0x10ffff) return '\ufffd';
  const text = String.fromCodePoint(code);
  return NOT_TEXT.test(text) ? '\ufffd' : text;
}

/** A link's address as micromark writes it: percent-encoded; '' for a scheme it does not link. */
function address(url: string, safeSchemes?: RegExp): string {
  const value = url.replace(/%[\dA-Za-z]{2}|[^%]+|%/g, (part) =>
    /^%[\dA-Za-z]{2}$/.test(part) ? part : encodeURI(part.toWellFormed()),
  );
  const scheme = /^([^:/?#]*):/.exec(value)?.[1];
  if (safeSchemes === undefined || scheme === undefined) return value;
  return safeSchemes.test(scheme) ? value : '';
}

const LINKED = /^(?:https?|ircs?|mailto|xmpp)$/i;
const ELEMENTS = new Set(['emphasis', 'strong', 'strikethrough', 'codeText']);

/** What micromark adds to an autolink's text for its address, and the schemes it links. */
const AUTOLINKS = new Map<string, [prefix: string, schemes?: RegExp]>([
  ['autolinkProtocol', ['', LINKED]],
  ['autolinkEmail', ['mailto:']],
  ['literalAutolinkWww', ['http://']],
  ['literalAutolinkEmail', ['mailto:']],
  ['literalAutolinkHttp', ['']],
]);

function sameAddress(text: string, href: string): boolean {
  let decoded = href;
  try {
    decoded = decodeURI(href);
  } catch {
    // An address that is not valid percent-encoding is compared as it is.
  }
  return [href, decoded].some(
    (each) => text === each || text === each.replace(/^(?:http:\/\/|mailto:)/i, ''),
  );
}

function link(text: string, href: string): string {
  if (href === '' || sameAddress(text.trim(), href)) return text;
  return text.trim() === '' ? href : `${text} (${href})`;
}

/**
 * Inline text as HTML shows it: line endings in a run of text are spaces, spaces at a break go. In
 * an image's alt text, an element (a break, a footnote's number) is no element, its text is text.
 */
interface Inline {
  readonly alt: boolean;
  text(text: string): void;
  element(text: string): void;
  done(): string;
}

function inlineText(alt = false): Inline {
  const parts: string[] = [];
  let run = '';
  const flush = () => {
    parts.push(run.replace(/\r\n?|\n/g, ' '));
    run = '';
  };
  return {
    alt,
    text: (text) => {
      run += text;
    },
    element: (text) => {
      flush();
      parts.push(text);
    },
    done: () => {
      flush();
      return parts.join('').replace(/ *\n */g, '\n');
    },
  };
}

function indent(text: string, by: string, first = by): string {
  return text
    .split('\n')
    .map((line, index) => (line === '' ? '' : `${index === 0 ? first : by}${line}`))
    .join('\n');
}

function pad(text: string, width: number, align: string | undefined): string {
  const room = width - Array.from(text).length;
  const left = align === 'right' ? room : align === 'center' ? Math.floor(room / 2) : 0;
  return ' '.repeat(left) + text + ' '.repeat(room - left);
}

function table(rows: readonly string[][], align: readonly string[]): string {
  const widths = align.map((_, column) =>
    Math.max(3, ...rows.map((cells) => Array.from(cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    widths
      .map((width, column) => pad(cells[column] ?? '', width, align[column]))
      .join('  ')
      .trimEnd();
  const [head = [], ...body] = rows;
  return [line(head), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join(
    '\n',
  );
}

/** `markdown` read as GitHub Flavored Markdown, as plain text, its blocks apart by a blank line. */
export function plainText(markdown: string, lineBreaks?: LineBreaks): string {
  const events = gfmEvents(markdown, lineBreaks);
  const destinations = new Map<string, string>();
  const tight: boolean[] = [];
  const calls: string[] = [];
  const notes = new Map<string, string[]>();
  // The compiler's state, which decides which line endings it writes.
  let dropLineEndings = false;
  let dropLineEnding = false;
  let inCode = false;
  let inTable = false;

  const lineEnding = (node: Node): string => {
    if (dropLineEndings) return '';
    if (dropLineEnding) {
      dropLineEnding = false;
      return '';
    }
    return inCode ? ' ' : node.slice();
  };

  /** What is left out still changes the compiler's state. */
  const skip = (nodes: readonly Node[]): void => {
    for (const node of nodes) {
      if (node.type === 'lineEnding') lineEnding(node);
      skip(node.children);
    }
  };

  const stringOf = (node: Node | undefined): string =>
    (node?.children ?? [])
      .map((each) => {
        if (each.type === 'characterReference') return characterReference(each);
        if (each.type === 'data' || each.type === 'characterEscapeValue') {
          return each.slice();
        }
        return stringOf(each);
      })
      .join('');

  const media = (node: Node, out: Inline): void => {
    const image = node.type === 'image';
    const label = child(node, 'label');
    const inner = out.alt ? out : inlineText(image);
    inline(label?.children ?? [], inner);
    const resource = child(node, 'resource');
    const id = find(child(node, 'reference'), 'referenceString') ?? child(label, 'labelText');
    const destination = resource
      ? stringOf(find(resource, 'resourceDestinationString'))
      : (destinations.get(normaliseLabel(id?.slice() ?? '')) ?? '');
    skip(node.children.filter((each) => each !== label));
    if (inner === out) return;
    out.element(image ? inner.done() : link(inner.done(), address(destination, LINKED)));
  };

  const inline = (nodes: readonly Node[], out: Inline): void => {
    for (const node of nodes) {
      const { type } = node;
      const autolink = AUTOLINKS.get(type);
      if (type === 'data' || type === 'characterEscapeValue') out.text(node.slice());
      else if (type === 'codeTextData' && inTable) {
        out.text(
          node.slice().replace(/\\([\\|])/g, (all, escaped) => (escaped === '|' ? '|' : all)),
        );
      } else if (type === 'codeTextData') out.text(node.slice());
      else if (type === 'characterReference') out.text(characterReference(node));
      else if (type === 'lineEnding') out.text(lineEnding(node));
      else if (type === 'htmlText') skip(node.children);
      else if (type === 'link' || type === 'image') media(node, out);
      else if (autolink && out.alt) out.text(node.slice());
      else if (autolink)
        out.element(link(node.slice(), address(autolink[0] + node.slice(), autolink[1])));
      else if (type === 'gfmFootnoteCall') {
        const id = normaliseLabel(find(node, 'gfmFootnoteCallString')?.slice() ?? '');
        if (!calls.includes(id)) calls.push(id);
        skip(node.children);
        if (!out.alt) out.element(`[${calls.indexOf(id) + 1}]`);
      } else if (out.alt) {
        inCode = type === 'codeText';
        inline(node.children, out);
        inCode = false;
      } else if (type === 'hardBreakEscape' || type === 'hardBreakTrailing') out.element('\n');
      else if (type === 'taskListCheck') {
        out.element(find(node, 'taskListCheckValueChecked') ? '[x]' : '[ ]');
      } else if (ELEMENTS.has(type)) {
        inCode = type === 'codeText';
        const inner = inlineText();
        inline(node.children, inner);
        inCode = false;
        out.element(inner.done());
      } else inline(node.children, out);
    }
  };

  const textOf = (nodes: readonly Node[]): string => {
    const out = inlineText();
    inline(nodes, out);
    return out.done().trim();
  };

  const code = (node: Node): string => {
    let fences = 0;
    let text = '';
    let seen = false;
    let written = false;
    for (const each of node.children) {
      const { type } = each;
      if (type === 'codeFencedFence') {
        if (fences === 0) dropLineEnding = true;
        fences += 1;
      } else if (type === 'codeFlowValue') {
        text += each.slice();
        seen = true;
        written = true;
      } else if (type === 'lineEnding') {
        const ending = lineEnding(each);
        text += ending;
        written ||= ending !== '';
      }
    }
    if (node.type === 'codeFenced' && fences < 2 && tight.length > 0 && written) text += '\n';
    if (seen && !text.endsWith('\n')) text += '\n';
    dropLineEnding = false;
    return indent(text.replace(/\n$/, ''), '    ');
  };

  const list = (node: Node): string => {
    tight.push(!loose.has(node));
    const items: Node[][] = [];
    let start = 1;
    for (const each of node.children) {
      if (each.type === 'listItemPrefix') {
        if (items.length === 0) {
          start = Number.parseInt(child(each, 'listItemValue')?.slice() ?? '1', 10);
        }
        items.push([]);
      } else items.at(-1)?.push(each);
    }
    const bodies = items.map((nodes) => {
      const body = blocks(nodes);
      dropLineEndings = false;
      return body;
    });
    const paragraphs = items.some((nodes) =>
      nodes.some((each) => child(each, 'paragraph') !== undefined),
    );
    const gap = !tight.pop() && paragraphs ? '\n\n' : '\n';
    return bodies
      .map((body, index) => {
        const marker = node.type === 'listOrdered' ? `${start + index}. ` : '- ';
        return (
          indent(body.join(gap), ' '.repeat(marker.length), marker).trimEnd() || marker.trimEnd()
        );
      })
      .join(gap);
  };

  const rows = (node: Node, found: string[][]): string[][] => {
    for (const each of node.children) {
      const { type } = each;
      if (type === 'lineEnding') lineEnding(each);
      else if (type === 'tableRow') {
        found.push(
          each.children
            .filter((cell) => cell.type === 'tableHeader' || cell.type === 'tableData')
            .map((cell) => textOf(cell.children)),
        );
      } else rows(each, found);
    }
    return found;
  };

  const tableOf = (node: Node): string => {
    const align = (node.token as Token & { _align?: string[] })._align ?? [];
    inTable = true;
    const found = rows(node, []).map((cells) => cells.slice(0, align.length));
    inTable = false;
    dropLineEndings = false;
    return table(found, align);
  };

  const footnote = (node: Node): void => {
    tight.push(false);
    const id = normaliseLabel(
      child(
        child(node, 'gfmFootnoteDefinitionLabel'),
        'gfmFootnoteDefinitionLabelString',
      )?.slice() ?? '',
    );
    const content = blocks(node.children);
    if (!notes.has(id)) notes.set(id, content);
    tight.pop();
    dropLineEnding = true;
  };

  const blocks = (nodes: readonly Node[]): string[] => {
    const out: string[] = [];
    let run = inlineText();
    const block = (text: string) => {
      const inline = run.done().trim();
      if (inline !== '') out.push(inline);
      run = inlineText();
      if (text !== '') out.push(text);
    };
    const visit = (node: Node): void => {
      switch (node.type) {
        case 'content':
          dropLineEndings = true;
          node.children.forEach(visit);
          return;
        case 'paragraph':
          dropLineEndings = false;
          if (tight.at(-1)) {
            inline(node.children, run);
            dropLineEndings = true;
          } else block(textOf(node.children));
          return;
        case 'lineEnding':
          run.text(lineEnding(node));
          return;
        case 'htmlFlow':
          skip(node.children);
          return;
        case 'gfmFootnoteDefinition':
          footnote(node);
          return;
        case 'atxHeading':
          block(textOf(child(node, 'atxHeadingText')?.children ?? []));
          return;
        case 'setextHeading': {
          dropLineEndings = false;
          const text = textOf(child(node, 'setextHeadingText')?.children ?? []);
          dropLineEndings = true;
          skip(node.children.filter((each) => each.type !== 'setextHeadingText'));
          dropLineEndings = false;
          block(text);
          return;
        }
        case 'thematicBreak':
          block('-'.repeat(72));
          return;
        case 'codeFenced':
        case 'codeIndented':
          block(code(node));
          return;
        case 'blockQuote': {
          tight.push(false);
          const text = indent(blocks(node.children).join('\n\n'), '  ');
          tight.pop();
          dropLineEndings = false;
          block(text);
          return;
        }
        case 'listOrdered':
        case 'listUnordered':
          block(list(node));
          return;
        case 'table':
          block(tableOf(node));
          return;
      }
    };
    nodes.forEach(visit);
    block('');
    return out;
  };

  const loose = new Set<Node>();
  const tree = markdownTree(events, (node, inside) => {
    if (node.token._container && node.type.startsWith('list') && isLoose(inside)) loose.add(node);
  });
  const define = (nodes: readonly Node[]): void => {
    for (const node of nodes) {
      if (node.type !== 'definition') define(node.children);
      else {
        const label = normaliseLabel(find(node, 'definitionLabelString')?.slice() ?? '');
        const destination = find(node, 'definitionDestinationString');
        if (!destinations.has(label)) destinations.set(label, stringOf(destination));
      }
    }
  };
  define(tree);
  const document = blocks(tree);
  if (calls.length > 0) {
    const text = calls
      .map((id, index) => indent((notes.get(id) ?? []).join('\n\n'), '    ', `[${index + 1}] `))
      .join('\n\n');
    if (text !== '') document.push(text);
  }
  return document.join('\n\n');
}
