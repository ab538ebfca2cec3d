// A changelog read as GitHub Flavored Markdown, as plain text or as the HTML micromark's own
// compiler writes. Loaded through a dynamic import(), so that the parser is a chunk a Markdown run
// never loads. Written HTML is shown as text (`allowDangerousHtml` stays off), without its
// comments: notes to the writer (GitHub's generated release notes start with one).
import { compile } from 'micromark';
import { gfm, gfmHtml, type HtmlExtension } from 'micromark-extension-gfm';
import { type Event, markdownEvents, type Token } from '../markdown.js';
import { plainText } from './plain.js';

export { htmlHeads } from './cut.js';

type Handle = NonNullable<NonNullable<HtmlExtension['exit']>['htmlFlow']>;

/** What the compiler writes for each line ending, by its own state, as its own handler decides. */
function writtenLineEndings(events: Event[]): Map<Token, string> {
  const written = new Map<Token, string>();
  const lineEnding: Handle = function (token) {
    let text = this.getData('inCodeText') ? ' ' : this.sliceSerialize(token);
    if (this.getData('slurpAllLineEndings')) text = '';
    else if (this.getData('slurpOneLineEnding')) {
      this.setData('slurpOneLineEnding');
      text = '';
    }
    written.set(token, text);
  };
  // It also marks each list loose or tight (`_loose`) as it reads it.
  compile({ htmlExtensions: [gfmHtml(), { exit: { lineEnding } }] })(events);
  return written;
}

const collect: Handle = function () {
  this.buffer();
};

const writeHtml: Handle = function (token) {
  this.resume();
  const rest = this.sliceSerialize(token).replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  if (rest.trim() === '') return;
  if (token.type === 'htmlText') this.raw(this.encode(rest));
  else {
    // A paragraph of its own, so that every block of the output is an element.
    this.lineEndingIfNeeded();
    this.tag(`<p>${this.encode(rest.trim())}</p>`);
  }
};

const WRITTEN_HTML: HtmlExtension = {
  enter: { htmlFlow: collect, htmlText: collect },
  exit: { htmlFlow: writeHtml, htmlText: writeHtml },
};

/** A paragraph's line break: `kept` as GitHub shows release notes, or `soft`, a space. */
export type LineBreaks = 'kept' | 'soft';

/** The tokens whose line endings are line breaks of a paragraph's (or a heading's) text. */
const TEXT = /^(?:paragraph|setextHeadingText|(?:emphasis|strong|strikethrough|label)Text)$/;

function withLineBreaksKept(events: readonly Event[]): Event[] {
  const open: string[] = [];
  return events.flatMap((event, index): Event[] => {
    const [kind, token, context] = event;
    // At its exit, the line ending itself is the innermost token open; a hard break of its own
    // ends where its line ending starts.
    const breaks =
      token.type === 'lineEnding' &&
      TEXT.test(open.at(-1) ?? '') &&
      !events[index - 1]?.[1].type.startsWith('hardBreak');
    if (kind === 'enter') open.push(token.type);
    else open.pop();
    const br = { type: 'hardBreakTrailing', start: token.start, end: token.start } as const;
    return breaks ? [['enter', br, context], ['exit', br, context], event] : [event];
  });
}

const asLf = (text: string) => text.replace(/\r\n?/g, '\n');

/** '' when nothing is left; in HTML, a CR that a character reference names is the LF HTML reads. */
export function convertChangelog(
  markdown: string,
  format: 'text' | 'html',
  lineBreaks?: LineBreaks,
): string {
  const parsed = markdownEvents(asLf(markdown), undefined, [gfm()]);
  const events = lineBreaks === 'kept' ? withLineBreaksKept(parsed) : parsed;
  if (format === 'text') return plainText(events, writtenLineEndings(events));
  const toHtml = compile({ htmlExtensions: [gfmHtml(), WRITTEN_HTML] });
  return asLf(toHtml(events)).trim();
}
