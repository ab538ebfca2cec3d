// The section stands alone (docs/changelog-file.md): the reference definitions it uses but does
// not hold are appended, once each, in order of first use; relative links and images are made
// absolute. micromark gives the source position of every link's destination, so each one is
// rewritten in place and the rest of the text stays as written.
import type { Reference } from './blocks.js';
import { isRelative, type LinkBase, resolveLink } from './link-base.js';
import {
  bracketLabels,
  find,
  type MarkdownNode,
  markdownEvents,
  markdownTree,
  normaliseLabel,
} from './markdown.js';

/** Where the section's links find definitions that stand outside it. */
export interface Definitions {
  /** Definitions of the file before the section's end (the parser's, by normalised label). */
  readonly known: (label: string) => Reference | undefined;
  /** Definitions after the section, for these labels; asked at most once, only when needed. */
  readonly later: (labels: ReadonlySet<string>) => ReadonlyMap<string, Reference>;
}

type Range = { readonly start: number; readonly end: number };

/** A reference link or image: its normalised label and the label as written. */
type Use = { readonly image: boolean; readonly id: string; readonly written: string };

const span = (node: MarkdownNode): Range => ({
  start: node.token.start.offset,
  end: node.token.end.offset,
});

/**
 * The links and images of `text`, and the definitions it holds. micromark makes `[text]` a link
 * only when its label is defined; `defined` says which of the labels the section writes count.
 */
function scan(text: string, defined: (id: string) => boolean) {
  const uses: Use[] = [];
  const destinations: { image: boolean; destination: Range }[] = [];
  const held: { id: string; destination: Range }[] = [];
  const visit = (nodes: readonly MarkdownNode[]) => {
    for (const node of nodes) {
      visit(node.children);
      const image = node.type === 'image';
      if (node.type === 'definition') {
        const label = find(node, 'definitionLabelString');
        const destination = find(node, 'definitionDestinationString');
        if (label && destination) {
          held.push({ id: normaliseLabel(label.slice()), destination: span(destination) });
        }
      } else if (node.type === 'link' || image) {
        const resource = node.children.find((each) => each.type === 'resource');
        const destination = find(resource, 'resourceDestinationString');
        const reference = node.children.find((each) => each.type === 'reference');
        const written = (find(reference, 'referenceString') ?? find(node, 'labelText'))?.slice();
        if (destination) destinations.push({ image, destination: span(destination) });
        else uses.push({ image, id: normaliseLabel(written ?? ''), written: written ?? '' });
      }
    }
  };
  visit(markdownTree(markdownEvents(text, new Set(bracketLabels(text).filter(defined)))));
  return { uses, destinations, held };
}

function definitionLine(label: string, reference: Reference, destination: string): string {
  const target =
    destination === '' || /[\s<>]/.test(destination) ? `<${destination}>` : destination;
  const title = reference.title === '' ? '' : ` "${reference.title.replace(/["\\]/g, '\\$&')}"`;
  return `[${label}]: ${target}${title}`;
}

/**
 * `text` with the definitions it uses appended and, given a base, its relative links made
 * absolute; how many definitions were appended and how many relative links it has.
 */
export function standAlone(
  text: string,
  definitions: Definitions,
  base?: LinkBase,
): { readonly text: string; readonly appended: number; readonly relative: number } {
  let later: ReadonlyMap<string, Reference> = new Map();
  const outside = (id: string) => definitions.known(id) ?? later.get(id);
  // First read: a label defined nowhere before the section may be defined after it.
  const unknown = new Set<string>();
  let found = scan(text, (id) => {
    if (outside(id) === undefined) unknown.add(id);
    return true;
  });
  // Every label the section writes was asked about, its own definitions' too: those need no reading on.
  const heldIds = new Set(found.held.map((definition) => definition.id));
  const wanted = new Set(
    found.uses.map((use) => use.id).filter((id) => unknown.has(id) && !heldIds.has(id)),
  );
  // Only when such a label is used is the rest of the file read, and the section read again with
  // what it defines: the first reading took every label as defined.
  if (wanted.size > 0) {
    later = definitions.later(wanted);
    found = scan(text, (id) => outside(id) !== undefined);
  }
  const imageIds = new Set(found.uses.filter((use) => use.image).map((use) => use.id));
  let relative = 0;
  const rewrite = (written: string, image: boolean): string | undefined => {
    // Backslash escapes undone; entities make the destination unsure, so it is left as written.
    if (written.includes('&')) return undefined;
    const destination = written.replace(/\\([!-/:-@[-`{-~])/g, '$1');
    if (!isRelative(destination)) return undefined;
    relative++;
    // Parentheses escaped, so that an unbalanced one cannot end the destination.
    return base === undefined
      ? undefined
      : resolveLink(destination, base, image).replace(/[()]/g, '\\$&');
  };
  const destinations = [
    ...found.destinations,
    ...found.held.map(({ destination, id }) => ({ destination, image: imageIds.has(id) })),
  ];
  let result = text;
  // From the last, so that the ranges before it stay where they are.
  for (const { destination, image } of destinations.sort(
    (a, b) => b.destination.start - a.destination.start,
  )) {
    const { start, end } = destination;
    const absolute = rewrite(text.slice(start, end), image);
    if (absolute !== undefined) result = result.slice(0, start) + absolute + result.slice(end);
  }

  const appended: string[] = [];
  const seen = new Set(found.held.map((definition) => definition.id));
  for (const use of found.uses) {
    const reference = seen.has(use.id) ? undefined : outside(use.id);
    if (reference === undefined) continue;
    seen.add(use.id);
    const destination =
      rewrite(reference.destination, imageIds.has(use.id)) ?? reference.destination;
    appended.push(definitionLine(use.written, reference, destination));
  }

  if (appended.length > 0) result = `${result}\n\n${appended.join('\n')}`;
  return { text: result, appended: appended.length, relative };
}
