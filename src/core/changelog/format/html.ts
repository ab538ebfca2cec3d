// A changelog rendered as GitHub Flavored Markdown renders it: micromark's own HTML compiler with
// its GFM extensions. HTML written in the notes never reaches the output as HTML: micromark escapes
// it (`allowDangerousHtml` stays off), and the handlers below drop comments, which are notes to
// the writer (GitHub's generated release notes start with one).
import { compile } from 'micromark';
import { gfm, gfmHtml, type HtmlExtension } from 'micromark-extension-gfm';
import { type Event, markdownEvents } from '../markdown.js';

function withoutComments(html: string): string {
  const rest = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  return rest.trim() === '' ? '' : rest;
}

type Handle = NonNullable<NonNullable<HtmlExtension['exit']>['htmlFlow']>;

function writtenHtml(): HtmlExtension {
  // Each piece of written HTML is collected whole (a block spans lines), then written once.
  const collect: Handle = function () {
    this.buffer();
  };
  const close = (block: boolean): Handle =>
    function (token) {
      this.resume();
      const rest = withoutComments(this.sliceSerialize(token));
      if (rest === '') return;
      if (!block) {
        this.raw(this.encode(rest));
        return;
      }
      // A paragraph of its own, so that every block of the output is an element.
      this.lineEndingIfNeeded();
      this.tag('<p>');
      this.raw(this.encode(rest.trim()));
      this.tag('</p>');
    };
  return {
    enter: { htmlFlow: collect, htmlText: collect },
    exit: { htmlFlow: close(true), htmlText: close(false) },
  };
}

/**
 * A line break inside a paragraph: `kept`, as GitHub shows release notes (its comments' rule), or
 * `soft` (when not given), a space, as CommonMark reads a file.
 */
export type LineBreaks = 'kept' | 'soft';

/** The tokens whose line endings are line breaks of a paragraph's (or a heading's) text. */
const TEXT: ReadonlySet<string | undefined> = new Set([
  'paragraph',
  'setextHeadingText',
  'emphasisText',
  'strongText',
  'strikethroughText',
  'labelText',
]);

/** A hard break (`<br />`) before each line break of text that is not one already. */
function withLineBreaksKept(events: readonly Event[]): Event[] {
  // A hard break ends where its line ending starts.
  const hardBreaks = new Set(
    events
      .filter(([, token]) => token.type.startsWith('hardBreak'))
      .map(([, token]) => token.end.offset),
  );
  const kept: Event[] = [];
  const open = new Map<number, string>();
  let depth = 0;
  for (const event of events) {
    const [kind, token, context] = event;
    // At its exit, the line ending itself is the innermost token open: never text.
    const inText = TEXT.has(open.get(depth - 1));
    if (token.type === 'lineEnding' && inText && !hardBreaks.has(token.start.offset)) {
      const hardBreak = {
        type: 'hardBreakTrailing',
        start: token.start,
        end: token.start,
      } as const;
      kept.push(['enter', hardBreak, context], ['exit', hardBreak, context]);
    }
    if (kind === 'enter') open.set(depth++, token.type);
    else depth -= 1;
    kept.push(event);
  }
  return kept;
}

const asLf = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * `markdown` as HTML, written HTML shown as text without its comments. A CR that a character
 * reference names (`&#13;`) is written as the LF that HTML reads it as.
 */
export function renderHtml(markdown: string, lineBreaks?: LineBreaks): string {
  const html = compile({ htmlExtensions: [gfmHtml(), writtenHtml()] })(
    gfmEvents(markdown, lineBreaks),
  );
  return asLf(html).trim();
}

/** `markdown` read as GitHub Flavored Markdown, line breaks kept as hard breaks if asked. */
export function gfmEvents(markdown: string, lineBreaks?: LineBreaks): Event[] {
  const events = markdownEvents(asLf(markdown), undefined, [gfm()]);
  return lineBreaks === 'kept' ? withLineBreaksKept(events) : events;
}
