export const id = 417;
export const ids = [417];
export const modules = {

/***/ 2417:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  convertChangelog: () => (/* binding */ convertChangelog),
  htmlHeads: () => (/* reexport */ htmlHeads)
});

// EXTERNAL MODULE: ./node_modules/micromark/lib/compile.js + 1 modules
var compile = __webpack_require__(6459);
// EXTERNAL MODULE: ./node_modules/micromark-extension-gfm/index.js + 13 modules
var micromark_extension_gfm = __webpack_require__(9363);
// EXTERNAL MODULE: ./src/core/changelog/markdown.ts
var changelog_markdown = __webpack_require__(2165);
;// CONCATENATED MODULE: ./src/core/changelog/format/html.ts
// A changelog rendered as GitHub Flavored Markdown renders it: micromark's own HTML compiler with
// its GFM extensions. HTML written in the notes never reaches the output as HTML: micromark escapes
// it (`allowDangerousHtml` stays off), and the handlers below drop comments, which are notes to
// the writer (GitHub's generated release notes start with one).



const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** The written HTML without its comments; '' when nothing else was written. */
function withoutComments(html) {
    const rest = html.replace(COMMENT, '');
    return rest.trim() === '' ? '' : rest;
}
/** What is kept of a piece of written HTML: its text without comments, or nothing. */
const WRITTEN = {
    shown: withoutComments,
    dropped: () => '',
};
function writtenHtml(mode) {
    // Each piece of written HTML is collected whole (a block spans lines), then written once.
    const collect = function () {
        this.buffer();
    };
    const close = (block) => function (token) {
        this.resume();
        const rest = WRITTEN[mode](this.sliceSerialize(token));
        if (rest === '')
            return;
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
/** The tokens whose line endings are line breaks of a paragraph's (or a heading's) text. */
const TEXT = new Set([
    'paragraph',
    'setextHeadingText',
    'emphasisText',
    'strongText',
    'strikethroughText',
    'labelText',
]);
/** A hard break (`<br />`) before each line break of text that is not one already. */
function withLineBreaksKept(events) {
    // A hard break ends where its line ending starts.
    const hardBreaks = new Set(events
        .filter(([, token]) => token.type.startsWith('hardBreak'))
        .map(([, token]) => token.end.offset));
    const kept = [];
    // Stryker disable next-line ArrayDeclaration: an entry below the outermost token is never text
    const open = [];
    for (const event of events) {
        const [kind, token, context] = event;
        // At its exit, the line ending itself is the innermost token open: never text.
        const inText = TEXT.has(open.at(-1));
        if (token.type === 'lineEnding' && inText && !hardBreaks.has(token.start.offset)) {
            const hardBreak = {
                type: 'hardBreakTrailing',
                start: token.start,
                end: token.start,
            };
            kept.push(['enter', hardBreak, context], ['exit', hardBreak, context]);
        }
        if (kind === 'enter')
            open.push(token.type);
        else
            open.pop();
        kept.push(event);
    }
    return kept;
}
/** Line ends as editors write them (CRLF, a lone CR), each read as a LF. */
const asLf = (text) => text.replace(/\r\n?/g, '\n');
/**
 * `markdown` as HTML; written HTML shown as text or dropped, comments dropped either way. A CR that
 * a character reference names (`&#13;`) is written as the LF that HTML reads it as.
 */
function renderHtml(markdown, written, lineBreaks) {
    const events = (0,changelog_markdown/* markdownEvents */.nB)(asLf(markdown), undefined, [(0,micromark_extension_gfm/* gfm */.T)()]);
    const html = (0,compile/* compile */.w)({ htmlExtensions: [(0,micromark_extension_gfm/* gfmHtml */.I)(), writtenHtml(written)] })(lineBreaks === 'kept' ? withLineBreaksKept(events) : events);
    return asLf(html).trim();
}

;// CONCATENATED MODULE: ./src/core/changelog/format/tree.ts
// micromark's own HTML output read back as a tree, for the plain text and for cutting between
// blocks. Only that output is read here, never HTML of the writer's: in it every `<` opens a tag of
// micromark's, since text and written HTML reach it escaped (`&lt;`), and attributes are quoted.
const VOID = new Set(['br', 'hr', 'img', 'input']);
const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /([a-z-]+)(?:="([^"]*)")?/g;
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"' };
/** The four characters micromark encodes, decoded. */
function decodeText(html) {
    return html.replace(/&(amp|lt|gt|quot);/g, (entity, name) => ENTITIES[name] ?? entity);
}
/** The elements among `nodes`; given tags, those of these tags only. */
function elementsOf(nodes, ...tags) {
    return nodes.filter((node) => typeof node !== 'string' && (tags.length === 0 || tags.includes(node.tag)));
}
function attributesOf(text) {
    const attributes = {};
    for (const [, name = '', value = ''] of text.matchAll(ATTRIBUTE))
        attributes[name] = decodeText(value);
    return attributes;
}
/** The top-level nodes of micromark's HTML. */
function readHtml(html) {
    const nodes = [];
    const open = [];
    const inside = () => open.at(-1)?.children ?? nodes;
    let at = 0;
    const text = (end) => {
        if (end > at)
            inside().push(decodeText(html.slice(at, end)));
    };
    for (const match of html.matchAll(TAG)) {
        const [whole, closing, tag = '', attributes = ''] = match;
        text(match.index);
        at = match.index + whole.length;
        const parent = open.at(-1);
        if (closing === '/') {
            if (parent?.tag === tag) {
                parent.end = at;
                open.pop();
            }
            continue;
        }
        const element = {
            tag,
            attributes: attributesOf(attributes),
            children: [],
            start: match.index,
            openEnd: at,
            end: at,
        };
        inside().push(element);
        if (!VOID.has(tag))
            open.push(element);
    }
    text(html.length);
    return nodes;
}

;// CONCATENATED MODULE: ./src/core/changelog/format/plain.ts
// A changelog as plain text, from micromark's HTML tree: what a reader sees, as pandoc's plain
// writer shows it (`pandoc -f gfm -t plain --wrap=none`), except where the product differs: a
// link keeps its address, `text (url)`; an image is its alt text; task items are `[x]` and `[ ]`.

/** pandoc's line for a thematic break. */
const RULE = '-'.repeat(72);
const BLOCK = /^(?:p|h[1-6]|ul|ol|li|blockquote|pre|hr|table|section)$/;
const isBlock = (node) => typeof node !== 'string' && BLOCK.test(node.tag);
/** Every line but empty ones indented by `by`; the first line by `first`. */
function indent(text, by, first = by) {
    return text
        .split('\n')
        .map((line, index) => (line === '' ? '' : `${index === 0 ? first : by}${line}`))
        .join('\n');
}
/** `http://` and `mailto:` are what an autolink adds to the address as written. */
function sameAddress(text, href) {
    let decoded = href;
    try {
        decoded = decodeURI(href);
    }
    catch {
        // An address that is not valid percent-encoding is compared as it is.
    }
    return [href, decoded].some((address) => text === address || text === address.replace(/^(?:http:\/\/|mailto:)/i, ''));
}
function plain_link(element) {
    const text = inline(element.children);
    const { href = '' } = element.attributes;
    if ('data-footnote-ref' in element.attributes)
        return `[${text}]`;
    if ('data-footnote-backref' in element.attributes)
        return '';
    if (href === '' || sameAddress(text.trim(), href))
        return text;
    return text.trim() === '' ? href : `${text} (${href})`;
}
/** The table's own reader for `tag`: no tag name (`constructor`) finds one of Object.prototype. */
const readerOf = (readers, tag) => Object.hasOwn(readers, tag) ? readers[tag] : undefined;
/** How each inline element that is not markup around text reads. */
const INLINE = {
    br: () => '\n',
    a: plain_link,
    // An alt text is an attribute: its line breaks are spaces, as HTML shows them.
    img: (element) => (element.attributes.alt ?? '').replace(/\n/g, ' '),
    input: (element) => ('checked' in element.attributes ? '[x]' : '[ ]'),
};
function inlineNode(node) {
    if (typeof node === 'string')
        return node.replace(/\n/g, ' ');
    return readerOf(INLINE, node.tag)?.(node) ?? inline(node.children);
}
function inline(nodes) {
    // A hard break's line ending in the HTML follows its `<br />`: spaces at a break go.
    return nodes
        .map(inlineNode)
        .join('')
        .replace(/ *\n */g, '\n');
}
/** Whole text of a code block, its last line break dropped. */
function textOf(nodes) {
    return nodes.map((node) => (typeof node === 'string' ? node : textOf(node.children))).join('');
}
function list(element) {
    const items = elementsOf(element.children, 'li');
    // micromark writes the items of a loose list as paragraphs, those of a tight one as bare text.
    const loose = items.some((item) => elementsOf(item.children, 'p').length > 0);
    const start = Number(element.attributes.start ?? '1');
    const gap = loose ? '\n\n' : '\n';
    return items
        .map((item, index) => {
        const marker = element.tag === 'ol' ? `${start + index}. ` : '- ';
        const body = blocks(item.children).join(gap);
        return indent(body, ' '.repeat(marker.length), marker).trimEnd() || marker.trimEnd();
    })
        .join(gap);
}
function rowsOf(element) {
    return elementsOf(element.children).flatMap((node) => node.tag === 'tr' ? [node] : rowsOf(node));
}
function pad(text, width, align) {
    const room = width - Array.from(text).length;
    const left = align === 'right' ? room : align === 'center' ? Math.floor(room / 2) : 0;
    return ' '.repeat(left) + text + ' '.repeat(room - left);
}
/** A table as aligned rows, the header underlined, as pandoc's simple tables. */
function table(element) {
    const rows = rowsOf(element).map((row) => elementsOf(row.children, 'th', 'td'));
    const header = rows[0] ?? [];
    const texts = rows.map((cells) => cells.map((cell) => inline(cell.children).trim()));
    const widths = header.map((_, column) => Math.max(3, ...texts.map((cells) => Array.from(cells[column] ?? '').length)));
    const line = (cells) => widths
        .map((width, column) => pad(cells[column] ?? '', width, header[column]?.attributes.align))
        .join('  ')
        .trimEnd();
    const [head = [], ...body] = texts;
    return [line(head), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}
function footnotes(element) {
    const items = elementsOf(element.children, 'ol').flatMap((list) => list.children);
    return elementsOf(items, 'li')
        .map((item, index) => indent(blocks(item.children).join('\n\n'), '    ', `[${index + 1}] `))
        .join('\n\n');
}
/** How each block that is not a paragraph or heading reads. */
const BLOCKS = {
    hr: () => RULE,
    pre: (element) => indent(textOf(element.children).replace(/\n$/, ''), '    '),
    blockquote: (element) => indent(blocks(element.children).join('\n\n'), '  '),
    ul: list,
    ol: list,
    table,
    section: footnotes,
};
function block(element) {
    return readerOf(BLOCKS, element.tag)?.(element) ?? inline(element.children).trim();
}
/** The blocks of `nodes`, each rendered: inline content between blocks is a block of its own. */
function blocks(nodes) {
    const out = [];
    let run = [];
    const flush = () => {
        const text = inline(run).trim();
        if (text !== '')
            out.push(text);
        run = [];
    };
    for (const node of nodes) {
        if (!isBlock(node)) {
            run.push(node);
            continue;
        }
        flush();
        const text = block(node);
        if (text !== '')
            out.push(text);
    }
    flush();
    return out;
}
/** micromark's HTML of a changelog as plain text, its blocks apart by a blank line. */
function plainText(html) {
    return blocks(readHtml(html)).join('\n\n');
}

;// CONCATENATED MODULE: ./src/core/changelog/format/cut.ts
// An HTML changelog cut to a length, never inside a tag or a character reference: whole top-level
// blocks while they fit, then, in a list or block quote that does not fit whole, its first whole
// children, the container closed again. When that keeps less than a quarter of the room (nothing,
// or a heading alone), the first block that does not fit is kept in part, to a word boundary, every
// element it opened closed: a buyer reads the notes' first words, not only the note.

const CONTAINERS = new Set(['ul', 'ol', 'blockquote']);
const cut_VOID = new Set(['br', 'hr', 'img', 'input']);
const cut_length = (text) => Array.from(text).length;
/** A tag (its name captured), a character reference, or one code point of text. */
const PIECE = /<\/?([a-z0-9]+)[^>]*>|&[#a-z0-9]+;|[\s\S]/giu;
const cutAt = (block, { at, open }) => block.slice(0, at) + open.map((tag) => `</${tag}>`).join('');
/**
 * The longest start of `block` (one element of micromark's HTML) that fits in `room` with every
 * element it opened closed: to a word boundary (before a space or a line break), or without one to
 * a character; '' when no character fits.
 */
function wordsOf(block, room) {
    const open = [];
    let size = 0;
    let closing = 0;
    // After a word's last character (and the tags that close around it): a cut here ends a word.
    // Stryker disable next-line BooleanLiteral: a block starts with a tag; a cut before it keeps nothing
    let afterWord = false;
    let atWord;
    let atCharacter;
    for (const { 0: piece, 1: tag, index: at } of block.matchAll(PIECE)) {
        if (size + closing > room)
            break;
        // White space is one code point of text: a tag starts with `<`, a reference with `&`.
        const breaks = /^\s/.test(piece) || tag === 'br';
        if (afterWord) {
            atCharacter = { at, open: open.toReversed() };
            if (breaks)
                atWord = atCharacter;
        }
        size += cut_length(piece);
        if (piece.startsWith('</')) {
            closing -= cut_length(piece);
            open.pop();
        }
        else if (tag !== undefined) {
            afterWord = tag === 'img';
            if (cut_VOID.has(tag))
                continue;
            open.push(tag);
            closing += tag.length + 3;
        }
        else {
            afterWord = !breaks;
        }
    }
    const point = atWord ?? atCharacter;
    return point === undefined ? '' : cutAt(block, point);
}
/**
 * The longest run of whole blocks of `elements` that fits in `room` code points, '\n' apart, and a
 * part of the next while fewer than `wanted` code points are kept.
 */
function keep(html, elements, room, wanted) {
    const kept = [];
    let used = 0;
    for (const element of elements) {
        const gap = kept.length === 0 ? 0 : 1;
        const whole = html.slice(element.start, element.end);
        const size = cut_length(whole);
        if (used + gap + size <= room) {
            kept.push(whole);
            used += gap + size;
            continue;
        }
        const part = partOf(html, element, room - used - gap, wanted - used - gap);
        if (part !== '')
            kept.push(part);
        break;
    }
    return kept.join('\n');
}
/** A container's first whole children; another block's first words while more are wanted. */
function partOf(html, element, room, wanted) {
    if (CONTAINERS.has(element.tag)) {
        const open = html.slice(element.start, element.openEnd);
        const close = `</${element.tag}>`;
        const frame = cut_length(open) + cut_length(close) + 2;
        const inner = keep(html, elementsOf(element.children), room - frame, wanted);
        return inner === '' ? '' : `${open}\n${inner}\n${close}`;
    }
    return wanted > 0 ? wordsOf(html.slice(element.start, element.end), room) : '';
}
/** The longest start of `html` that fits in `room` code points, as above; '' when none does. */
function htmlHeads(html) {
    const elements = elementsOf(readHtml(html));
    return (room) => keep(html, elements, room, room / 4);
}

;// CONCATENATED MODULE: ./src/core/changelog/format/convert.ts
// The changelog as the store shows it, loaded through a dynamic import() so that its
// parser and GFM extensions are a chunk: a run that sends Markdown as written never loads it.



/** `markdown` read as GitHub Flavored Markdown, as plain text or HTML; '' when nothing is left. */
function convertChangelog(markdown, format, lineBreaks) {
    return format === 'html'
        ? renderHtml(markdown, 'shown', lineBreaks)
        : plainText(renderHtml(markdown, 'dropped', lineBreaks));
}


/***/ }),

/***/ 2165:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   YP: () => (/* binding */ bracketLabels),
/* harmony export */   i6: () => (/* binding */ decodeReference),
/* harmony export */   nB: () => (/* binding */ markdownEvents),
/* harmony export */   rR: () => (/* binding */ normaliseLabel),
/* harmony export */   sc: () => (/* binding */ decodeString)
/* harmony export */ });
/* harmony import */ var decode_named_character_reference__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7126);
/* harmony import */ var micromark__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9627);
/* harmony import */ var micromark__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5387);
/* harmony import */ var micromark__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2192);
// micromark, the changelog's one Markdown parser, through its documented entry points: a text in,
// its events out, each token with its place in the text. Also what CommonMark decodes in a string
// (backslash escapes, character references), done as its specification says.


/** The events of `text` as CommonMark reads it; `defined` are the link labels it may use. */
function markdownEvents(text, defined = [], extensions = []) {
    const parser = (0,micromark__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .q)({ extensions });
    parser.defined.push(...defined);
    return (0,micromark__WEBPACK_IMPORTED_MODULE_1__/* .postprocess */ ._)(parser.document().write((0,micromark__WEBPACK_IMPORTED_MODULE_2__/* .preprocess */ .v)()(text, undefined, true)));
}
/** A link label as CommonMark compares them: whitespace collapsed, case folded. */
function normaliseLabel(label) {
    return label
        .replace(/[\t\n\r ]+/g, ' ')
        .trim()
        .toLowerCase()
        .toUpperCase();
}
/**
 * Every bracketed label in `text`, normalised: given as defined, `[1.2.3]`, `[text][]` and
 * `[text][ref]` read as links whatever the rest of the file defines. A label holds no unescaped
 * bracket, so these are all there can be.
 */
function bracketLabels(text) {
    return [...text.matchAll(/\[((?:\\[\s\S]|[^\\[\]])*)\]/g)]
        .map((match) => normaliseLabel(match[1] ?? ''))
        .filter((label) => label !== '');
}
/** A numeric reference's character; U+FFFD for none, as CommonMark reads `&#0;` and surrogates. */
function fromCodePoint(code) {
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return String.fromCodePoint(valid ? code : 0xfffd);
}
/** One character reference, as written between `&` and `;`; undefined when it is none. */
function decodeReference(name) {
    if (/^#[xX][\da-fA-F]{1,6}$/.test(name))
        return fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (/^#\d{1,7}$/.test(name))
        return fromCodePoint(Number.parseInt(name.slice(1), 10));
    const named = (0,decode_named_character_reference__WEBPACK_IMPORTED_MODULE_3__/* .decodeNamedCharacterReference */ .s)(name);
    return named === false ? undefined : named;
}
/** A destination or title as written, its backslash escapes and character references decoded. */
function decodeString(text) {
    return text.replace(/\\([!-/:-@[-`{-~])|&(#[xX][\da-fA-F]{1,6}|#\d{1,7}|[\da-zA-Z]{1,31});/g, (whole, escaped, name) => escaped ?? decodeReference(name ?? '') ?? whole);
}


/***/ })

};
