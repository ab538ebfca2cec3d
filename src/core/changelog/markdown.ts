// micromark, the changelog's one Markdown parser, through its documented entry points.
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { parse, postprocess, preprocess } from 'micromark';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';

export type Event = ReturnType<typeof postprocess>[number];
export type Token = Event[1];
export type Extension = NonNullable<NonNullable<Parameters<typeof parse>[0]>['extensions']>[number];

export function markdownEvents(
  text: string,
  defined: Iterable<string> = [],
  extensions: Extension[] = [],
): Event[] {
  const parser = parse({ extensions });
  parser.defined.push(...defined);
  return postprocess(parser.document().write(preprocess()(text, undefined, true)));
}

export interface MarkdownNode {
  readonly type: string;
  readonly token: Token;
  readonly slice: () => string;
  readonly children: MarkdownNode[];
}

/** `closed`: every node, each after the nodes it holds. */
export function markdownTree(events: readonly Event[]) {
  const root: MarkdownNode[] = [];
  const open: MarkdownNode[] = [];
  const closed: MarkdownNode[] = [];
  for (const [kind, token, context] of events) {
    if (kind === 'exit') closed.push(...open.splice(-1));
    else {
      const slice = () => context.sliceSerialize(token);
      const node = { type: token.type, token, slice, children: [] };
      (open.at(-1)?.children ?? root).push(node);
      open.push(node);
    }
  }
  return { root, closed };
}

export function find(node: MarkdownNode | undefined, type: string): MarkdownNode | undefined {
  for (const each of node?.children ?? []) {
    const found = each.type === type ? each : find(each, type);
    if (found) return found;
  }
  return undefined;
}

/** Every bracketed label in `text` (a label holds no unescaped bracket), normalised. */
export function bracketLabels(text: string): string[] {
  return [...text.matchAll(/\[((?:\\[\s\S]|[^\\[\]])*)\]/g)]
    .map((match) => normalizeIdentifier(match[1] ?? ''))
    .filter((label) => label !== '');
}

// A control character or a noncharacter, which micromark shows as U+FFFD.
const NOT_TEXT = /^(?![\t\n\f\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]$/u;

/** Text as written, its backslash escapes and character references decoded; `shown`: as shown. */
export function decodeString(text: string, shown = false): string {
  return text.replace(
    /\\([!-/:-@[-`{-~])|&(#[xX][\da-fA-F]{1,6}|#\d{1,7}|[\da-zA-Z]{1,31});/g,
    (whole, escaped: string | undefined, name: string) => {
      if (escaped !== undefined) return escaped;
      if (!name.startsWith('#')) return decodeNamedCharacterReference(name) || whole;
      const code = /^#[xX]/.test(name) ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      // U+FFFD for none, as CommonMark reads `&#0;` and surrogates.
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      const decoded = String.fromCodePoint(valid ? code : 0xfffd);
      return shown && NOT_TEXT.test(decoded) ? '\ufffd' : decoded;
    },
  );
}
