// The section stands alone (docs/changelog-file.md): the reference definitions it uses but does
// not hold are appended, once each, in order of first use; relative links and images are made
// absolute. micromark gives the source position of every link's destination, so each one is
// rewritten in place and the rest of the text stays as written.
import type { Reference } from './blocks.js';
import { isRelative, type LinkBase, resolveLink } from './link-base.js';
import { bracketLabels, markdownEvents, normaliseLabel, type Token } from './markdown.js';

/** Where the section's links find definitions that stand outside it. */
export interface Definitions {
  /** Definitions of the file before the section's end (the parser's, by normalised label). */
  readonly known: (label: string) => Reference | undefined;
  /** Definitions after the section, for these labels; asked at most once, only when needed. */
  readonly later: (labels: ReadonlySet<string>) => ReadonlyMap<string, Reference>;
}

type Range = { readonly start: number; readonly end: number };

/** A link or image: a reference has its normalised label and the label as written. */
type Use = { image: boolean; label?: { id: string; written: string }; destination?: Range };

const span = (token: Token): Range => ({ start: token.start.offset, end: token.end.offset });

/**
 * The links and images of `text`, and the definitions it holds. micromark makes `[text]` a link
 * only when its label is defined; `defined` says which of the labels the section writes count.
 */
function scan(text: string, defined: (id: string) => boolean) {
  // Stryker disable next-line ArrayDeclaration: the loops skip a use with neither label nor destination.
  const uses: Use[] = [];
  const held: { id: string; destination: Range }[] = [];
  // Stryker disable next-line ArrayDeclaration: a link's or image's own entry is always above it.
  const open: { image: boolean; labelText?: Range; reference?: Range; destination?: Range }[] = [];
  let definition: { label?: Range; destination?: Range } | undefined;
  const events = markdownEvents(text, new Set(bracketLabels(text).filter(defined)));
  for (const [kind, token] of events) {
    const top = open.at(-1);
    if (kind === 'enter') {
      if (token.type === 'link' || token.type === 'image')
        open.push({ image: token.type === 'image' });
      else if (token.type === 'definition') definition = {};
      else if (token.type === 'definitionLabelString' && definition) definition.label = span(token);
      else if (token.type === 'definitionDestinationString' && definition) {
        definition.destination = span(token);
      }
      // Stryker disable next-line ConditionalExpression: these tokens occur only inside a link or image.
      else if (top === undefined) continue;
      else if (token.type === 'labelText') top.labelText ??= span(token);
      else if (token.type === 'referenceString') top.reference = span(token);
      else if (token.type === 'resourceDestinationString') top.destination = span(token);
      continue;
    }
    if (token.type === 'link' || token.type === 'image') {
      // Stryker disable next-line ConditionalExpression: a link or image ends only after it began.
      if (top === undefined) continue;
      open.pop();
      if (top.destination !== undefined)
        uses.push({ image: top.image, destination: top.destination });
      else {
        const written = top.reference ?? top.labelText;
        // Stryker disable next-line ConditionalExpression,StringLiteral: a reference link always has a label or a reference.
        const label = written === undefined ? '' : text.slice(written.start, written.end);
        uses.push({ image: top.image, label: { id: normaliseLabel(label), written: label } });
      }
      continue;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator,OptionalChaining: the label and destination are complete only at the definition's end or just before it, with the same ranges.
    if (token.type === 'definition' && definition?.label && definition.destination) {
      const { label, destination } = definition;
      held.push({ id: normaliseLabel(text.slice(label.start, label.end)), destination });
      definition = undefined;
    }
  }
  return { uses, held };
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
    found.uses.flatMap((use) =>
      use.label !== undefined && unknown.has(use.label.id) && !heldIds.has(use.label.id)
        ? [use.label.id]
        : [],
    ),
  );
  // Only when such a label is used is the rest of the file read. When it defines them all, the
  // first reading stands (it took them as defined); else the section is read again, exactly.
  if (wanted.size > 0) {
    later = definitions.later(wanted);
    // Stryker disable next-line ConditionalExpression: reading again when every label was found gives the same result, only slower.
    if ([...wanted].some((id) => !later.has(id))) {
      found = scan(text, (id) => outside(id) !== undefined);
    }
  }

  const imageIds = new Set(
    // Stryker disable next-line ArrayDeclaration: Stryker's stand-in id is a label no section writes.
    found.uses.flatMap((use) => (use.image && use.label ? [use.label.id] : [])),
  );
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
    ...found.uses.flatMap(({ destination, image }) =>
      destination ? [{ destination, image }] : [],
    ),
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
    if (use.label === undefined || seen.has(use.label.id)) continue;
    const reference = outside(use.label.id);
    // Stryker disable next-line ConditionalExpression: the exact reading links only labels defined outside or held.
    if (reference === undefined) continue;
    seen.add(use.label.id);
    const destination =
      rewrite(reference.destination, imageIds.has(use.label.id)) ?? reference.destination;
    appended.push(definitionLine(use.label.written, reference, destination));
  }

  if (appended.length > 0) result = `${result}\n\n${appended.join('\n')}`;
  return { text: result, appended: appended.length, relative };
}
