import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
// The section stands alone (docs/changelog-file.md): each destination is rewritten where micromark
// found it, the rest of the text as written.
import { type LinkBase, resolveLink } from './link-base.js';
import {
  bracketLabels,
  decodeString,
  find,
  type MarkdownNode,
  markdownEvents,
  markdownTree,
} from './markdown.js';
import type { Reference } from './section.js';

/** micromark makes `[text]` a link only when its label is defined: `defined` says which are. */
function scan(text: string, defined: (id: string) => boolean) {
  const uses: { image: boolean; id: string; written: string }[] = [];
  const destinations: { destination: MarkdownNode; image: boolean }[] = [];
  const held: { id: string; destination: MarkdownNode }[] = [];
  const labels = new Set(bracketLabels(text).filter(defined));
  for (const node of markdownTree(markdownEvents(text, labels)).closed) {
    const image = node.type === 'image';
    if (node.type === 'definition') {
      const label = find(node, 'definitionLabelString');
      const destination = find(node, 'definitionDestinationString');
      if (label && destination) held.push({ id: normalizeIdentifier(label.slice()), destination });
    } else if (node.type === 'link' || image) {
      const resource = node.children.find((each) => each.type === 'resource');
      const destination = find(resource, 'resourceDestinationString');
      const reference = node.children.find((each) => each.type === 'reference');
      const written =
        (find(reference, 'referenceString') ?? find(node, 'labelText'))?.slice() ?? '';
      if (destination) destinations.push({ destination, image });
      else uses.push({ image, id: normalizeIdentifier(written), written });
    }
  }
  return { uses, destinations, held };
}

/** `known`: the file's definitions before the section's end; `later` reads on, only when needed. */
export function standAlone(
  text: string,
  known: ReadonlyMap<string, Reference>,
  later: (labels: ReadonlySet<string>) => ReadonlyMap<string, Reference>,
  base?: LinkBase,
): { readonly text: string; readonly appended: number; readonly relative: number } {
  let after: ReadonlyMap<string, Reference> = new Map();
  const outside = (id: string) => known.get(id) ?? after.get(id);
  // First read: a label defined nowhere before the section may be defined after it.
  let found = scan(text, () => true);
  const heldIds = new Set(found.held.map((definition) => definition.id));
  const wanted = new Set(
    found.uses.map((use) => use.id).filter((id) => !known.has(id) && !heldIds.has(id)),
  );
  // Read again with what the rest of the file defines: the first reading took every label as defined.
  if (wanted.size > 0) {
    after = later(wanted);
    found = scan(text, (id) => outside(id) !== undefined);
  }
  const imageIds = new Set(found.uses.filter((use) => use.image).map((use) => use.id));
  let relative = 0;
  const rewrite = (written: string, image: boolean): string | undefined => {
    // Entities make the destination unsure, so it is left as written.
    if (written.includes('&')) return undefined;
    const destination = decodeString(written);
    if (destination === '' || /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(destination)) return undefined;
    relative++;
    if (base === undefined) return undefined;
    // Parentheses escaped, so that an unbalanced one cannot end the destination.
    return resolveLink(destination, base, image).replace(/[()]/g, '\\$&');
  };
  const places = [
    ...found.destinations,
    ...found.held.map(({ destination, id }) => ({ destination, image: imageIds.has(id) })),
  ];
  let result = text;
  // From the last, so that the places before it stay where they are.
  places.sort((a, b) => b.destination.token.start.offset - a.destination.token.start.offset);
  for (const { destination, image } of places) {
    const { start, end } = destination.token;
    const absolute = rewrite(text.slice(start.offset, end.offset), image);
    if (absolute !== undefined) {
      result = result.slice(0, start.offset) + absolute + result.slice(end.offset);
    }
  }

  const appended: string[] = [];
  const seen = new Set(heldIds);
  for (const { id, written } of found.uses) {
    const reference = seen.has(id) ? undefined : outside(id);
    if (reference === undefined) continue;
    seen.add(id);
    const destination = rewrite(reference.destination, imageIds.has(id)) ?? reference.destination;
    const target =
      destination === '' || /[\s<>]/.test(destination) ? `<${destination}>` : destination;
    const title = reference.title === '' ? '' : ` "${reference.title.replace(/["\\]/g, '\\$&')}"`;
    appended.push(`[${written}]: ${target}${title}`);
  }

  if (appended.length > 0) result = `${result}\n\n${appended.join('\n')}`;
  return { text: result, appended: appended.length, relative };
}
