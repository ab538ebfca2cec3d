// A changelog rendered as GitHub Flavored Markdown renders it: micromark's own HTML compiler with
// its GFM extensions. HTML written in the notes never reaches the output as HTML: micromark escapes
// it (`allowDangerousHtml` stays off), and the handlers below drop comments, which are notes to
// the writer (GitHub's generated release notes start with one).
import { micromark } from 'micromark';
import { gfm, gfmHtml, type HtmlExtension } from 'micromark-extension-gfm';

/** What becomes of HTML the writer put in the Markdown: shown as text, or left out. */
export type WrittenHtml = 'shown' | 'dropped';

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** The written HTML without its comments; '' when nothing else was written. */
export function withoutComments(html: string): string {
  const rest = html.replace(COMMENT, '');
  return rest.trim() === '' ? '' : rest;
}

type Handle = NonNullable<NonNullable<HtmlExtension['exit']>['htmlFlow']>;

function writtenHtml(mode: WrittenHtml): HtmlExtension {
  // Each piece of written HTML is collected whole (a block spans lines), then written once.
  const collect: Handle = function () {
    this.buffer();
  };
  const close = (block: boolean): Handle =>
    function (token) {
      this.resume();
      const rest = mode === 'dropped' ? '' : withoutComments(this.sliceSerialize(token));
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

/** `markdown` as HTML; written HTML shown as text or dropped, comments dropped either way. */
export function renderHtml(markdown: string, written: WrittenHtml): string {
  return micromark(markdown, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml(), writtenHtml(written)],
  }).trim();
}
