// The project's documentation as GitHub renders it: the pages, their code blocks, headings (with
// the anchors GitHub gives them) and links, read through commonmark.js. Erasable TypeScript.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Node, Parser } from 'commonmark';
import { ROOT } from './runner.ts';

/** The pages whose examples and links are checked, relative to the repository root. */
export const PAGES: readonly string[] = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
  'CONTRIBUTING.md',
  'SECURITY.md',
  'CHANGELOG.md',
];

export function readPage(page: string): string {
  return readFileSync(join(ROOT, page), 'utf8');
}

function* nodes(markdown: string): Generator<Node> {
  const walker = new Parser().parse(markdown).walker();
  for (let event = walker.next(); event !== null; event = walker.next()) {
    if (event.entering) yield event.node;
  }
}

export interface CodeBlock {
  /** The info string's first word: `yaml`, `sh`… */
  language: string;
  text: string;
  /** The line of the opening fence, from 1. */
  line: number;
}

/** The fenced code blocks of a page, indented ones (in a list) included, dedented. */
export function codeBlocks(markdown: string, language?: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  for (const node of nodes(markdown)) {
    // An indented code block has no info string at all; a fenced one has one, perhaps empty.
    if (node.type !== 'code_block' || node.info === null) continue;
    const found = (node.info ?? '').trim().split(/\s+/)[0] ?? '';
    if (language !== undefined && found !== language) continue;
    blocks.push({ language: found, text: node.literal ?? '', line: node.sourcepos[0][0] });
  }
  return blocks;
}

/** A heading's text as GitHub reads it for its anchor: text and code, markup dropped. */
function plainText(heading: Node): string {
  let text = '';
  const walker = heading.walker();
  for (let event = walker.next(); event !== null; event = walker.next()) {
    const { node } = event;
    if (!event.entering) continue;
    if (node.type === 'text' || node.type === 'code') text += node.literal ?? '';
    else if (node.type === 'softbreak' || node.type === 'linebreak') text += ' ';
  }
  return text.trim();
}

/**
 * GitHub's anchor for a heading's text: lower case, every character other than letters, digits,
 * spaces, `-` and `_` removed, each space turned into `-`.
 */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings, in order; a repeated one gains `-1`, `-2`… */
export function anchorsOf(markdown: string): string[] {
  const seen = new Map<string, number>();
  const anchors: string[] = [];
  for (const node of nodes(markdown)) {
    if (node.type !== 'heading') continue;
    const base = slug(plainText(node));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.push(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The level-2 headings of a page, as written. */
export function sectionsOf(markdown: string): string[] {
  return [...nodes(markdown)]
    .filter((node) => node.type === 'heading' && node.level === 2)
    .map(plainText);
}

/** Every link and image destination of a page, outside code. */
export function destinationsOf(markdown: string): string[] {
  return [...nodes(markdown)]
    .filter((node) => node.type === 'link' || node.type === 'image')
    .map((node) => node.destination ?? '');
}

/** The text of a page from one heading to the next heading of the same level or higher. */
export function sectionOf(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const level = /^#+/.exec(heading)?.[0].length ?? 2;
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no heading ${heading}`);
  let end = start + 1;
  let fenced = false;
  for (; end < lines.length; end += 1) {
    const line = lines[end] ?? '';
    if (/^ *(```|~~~)/.test(line)) fenced = !fenced;
    const match = /^(#+) /.exec(line);
    if (!fenced && match !== null && (match[1]?.length ?? 7) <= level) break;
  }
  return lines.slice(start, end).join('\n');
}
