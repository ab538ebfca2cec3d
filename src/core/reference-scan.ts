// Link reference definitions after a changelog's section, found by a cheap line scan for just the
// labels the section uses, so that the rest of the file is never parsed. It follows the block
// structure that decides whether a line is a definition: not inside a fenced code block or an HTML
// comment, not continuing a paragraph; the first definition of a label wins, as in CommonMark.
import type { Reference } from './changelog-blocks.js';
import { normaliseLabel } from './labels.js';

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const DEFINITION =
  /^ {0,3}\[((?:[^\\[\]]|\\.){1,999})\]:[ \t]*(<(?:[^<>\n\\]|\\.)*>|[^\s<]\S*)(?:[ \t]+("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*$/;
/** Lines after which the next line cannot continue a paragraph. */
const NOT_PARAGRAPH = /^(?: {0,3}(?:#{1,6}(?:[ \t]|$)|(?:[-*_][ \t]*){3,}$|={1,}[ \t]*$)| {4})/;

const undoEscapes = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

export function parseDefinitionLine(
  line: string,
): { readonly id: string; readonly reference: Reference } | undefined {
  const match = DEFINITION.exec(line);
  if (match === null) return undefined;
  // Stryker disable next-line StringLiteral: groups 1 and 2 take part in every match; the defaults only narrow the type
  const [, label = '', written = '', quoted] = match;
  if (label.trim() === '') return undefined;
  const destination = undoEscapes(written.startsWith('<') ? written.slice(1, -1) : written);
  const title = quoted === undefined ? '' : undoEscapes(quoted.slice(1, -1));
  return { id: normaliseLabel(label), reference: { destination, title } };
}

/** The definitions of `labels` (normalised) in `lines`, read from a top-level start of line. */
export function laterDefinitions(
  lines: Iterable<string>,
  labels: ReadonlySet<string>,
): Map<string, Reference> {
  const found = new Map<string, Reference>();
  let fence: string | undefined;
  let comment = false;
  let paragraph = false;
  for (const line of lines) {
    if (fence !== undefined) {
      const close = FENCE_CLOSE.exec(line)?.[1];
      if (close !== undefined && close[0] === fence[0] && close.length >= fence.length) {
        fence = undefined;
      }
      continue;
    }
    if (comment) {
      comment = !line.includes('-->');
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    // Stryker disable next-line MethodExpression,OptionalChaining: the marker is a run of one character, and a match has both groups
    if (open !== null && !(open[1]?.startsWith('`') && open[2]?.includes('`'))) {
      fence = open[1];
      paragraph = false;
      continue;
    }
    if (/^ {0,3}<!--/.test(line)) {
      // From after `<!`: `<!-->` and `<!--->` are whole comments in CommonMark 0.31.
      comment = !line.slice(line.indexOf('<!--') + 2).includes('-->');
      paragraph = false;
      continue;
    }
    if (line.trim() === '') {
      paragraph = false;
      continue;
    }
    const definition = paragraph ? undefined : parseDefinitionLine(line);
    if (definition !== undefined) {
      if (labels.has(definition.id) && !found.has(definition.id)) {
        found.set(definition.id, definition.reference);
        if (found.size === labels.size) break;
      }
      continue;
    }
    paragraph = !NOT_PARAGRAPH.test(line);
  }
  return found;
}
