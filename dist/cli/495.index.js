export const id = 495;
export const ids = [495];
export const modules = {

/***/ 7495:
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
// EXTERNAL MODULE: ./src/core/changelog/format/plain.ts
var plain = __webpack_require__(3456);
;// CONCATENATED MODULE: ./src/core/changelog/format/cut.ts
// An HTML changelog cut to a length, never inside a tag or a character reference. When whole blocks
// (and a list's or block quote's whole children) keep less than a quarter of the room, the first
// block that does not fit is kept to a word boundary: a buyer reads the notes' first words.
// In micromark's own HTML every `<` opens one of its tags: text and written HTML reach it escaped.
const CONTAINERS = new Set(['ul', 'ol', 'blockquote']);
const VOID = new Set(['br', 'hr', 'img', 'input']);
const TAG = /<\/?([a-z0-9]+)[^>]*>/g;
const PIECE = /<\/?([a-z0-9]+)[^>]*>|&[#a-z0-9]+;|[\s\S]/giu;
const cut_length = (text) => Array.from(text).length;
/** The elements of `html` that no other one holds. */
function elementsIn(html) {
    const elements = [];
    let depth = 0;
    let start = 0;
    for (const { 0: tag, 1: name = '', index } of html.matchAll(TAG)) {
        const closing = tag.startsWith('</');
        if (closing)
            depth -= 1;
        else if (depth === 0)
            start = index;
        if (!closing && !VOID.has(name))
            depth += 1;
        if (depth === 0)
            elements.push(html.slice(start, index + tag.length));
    }
    return elements;
}
/** The longest start of `block` within `room` to a word boundary (else a character), closed. */
function wordsOf(block, room) {
    let closers = '';
    let size = 0;
    let afterWord = false;
    let atWord;
    let atCharacter;
    for (const { 0: piece, 1: tag, index: at } of block.matchAll(PIECE)) {
        if (size + closers.length > room)
            break;
        const breaks = /^\s/.test(piece) || tag === 'br';
        if (afterWord) {
            atCharacter = [at, closers];
            if (breaks)
                atWord = atCharacter;
        }
        size += cut_length(piece);
        if (piece.startsWith('</'))
            closers = closers.slice(closers.indexOf('>') + 1);
        else if (tag === undefined)
            afterWord = !breaks;
        else {
            afterWord = tag === 'img';
            if (!VOID.has(tag))
                closers = `</${tag}>${closers}`;
        }
    }
    const [at, closing] = atWord ?? atCharacter ?? [0, ''];
    return block.slice(0, at) + closing;
}
/** Whole `elements` while they fit in `room`, '\n' apart, then a part of the next one. */
function keep(elements, room, wanted) {
    const kept = [];
    for (const element of elements) {
        const size = cut_length(element);
        if (size > room) {
            const [open = '', tag = ''] = /^<([a-z0-9]+)[^>]*>/.exec(element) ?? [];
            if (CONTAINERS.has(tag)) {
                const close = `</${tag}>`;
                const children = elementsIn(element.slice(open.length, -close.length));
                const inner = keep(children, room - cut_length(open) - cut_length(close) - 2, wanted);
                if (inner !== '')
                    kept.push(`${open}\n${inner}\n${close}`);
            }
            else if (wanted > 0)
                kept.push(wordsOf(element, room));
            break;
        }
        kept.push(element);
        room -= size + 1;
        wanted -= size + 1;
    }
    return kept.filter((part) => part !== '').join('\n');
}
/** The longest start of `html` that fits in a room of code points; '' when none does. */
function htmlHeads(html) {
    const elements = elementsIn(html);
    return (room) => keep(elements, room, room / 4);
}

;// CONCATENATED MODULE: ./src/core/changelog/format/convert.ts
// A changelog read as GitHub Flavored Markdown, as plain text or as the HTML micromark's own
// compiler writes. Loaded through a dynamic import(), so that the parser is a chunk a Markdown run
// never loads. Written HTML is shown as text (`allowDangerousHtml` stays off), without its
// comments: notes to the writer (GitHub's generated release notes start with one).





/** What the compiler writes for each line ending, by its own state, as its own handler decides. */
function writtenLineEndings(events) {
    const written = new Map();
    const lineEnding = function (token) {
        let text = this.getData('inCodeText') ? ' ' : this.sliceSerialize(token);
        if (this.getData('slurpAllLineEndings'))
            text = '';
        else if (this.getData('slurpOneLineEnding')) {
            this.setData('slurpOneLineEnding');
            text = '';
        }
        written.set(token, text);
    };
    // It also marks each list loose or tight (`_loose`) as it reads it.
    (0,compile/* compile */.w)({ htmlExtensions: [(0,micromark_extension_gfm/* gfmHtml */.I)(), { exit: { lineEnding } }] })(events);
    return written;
}
const collect = function () {
    this.buffer();
};
const writeHtml = function (token) {
    this.resume();
    const rest = this.sliceSerialize(token).replace(/<!--[\s\S]*?(?:-->|$)/g, '');
    if (rest.trim() === '')
        return;
    if (token.type === 'htmlText')
        this.raw(this.encode(rest));
    else {
        // A paragraph of its own, so that every block of the output is an element.
        this.lineEndingIfNeeded();
        this.tag(`<p>${this.encode(rest.trim())}</p>`);
    }
};
const WRITTEN_HTML = {
    enter: { htmlFlow: collect, htmlText: collect },
    exit: { htmlFlow: writeHtml, htmlText: writeHtml },
};
/** The tokens whose line endings are line breaks of a paragraph's (or a heading's) text. */
const TEXT = /^(?:paragraph|setextHeadingText|(?:emphasis|strong|strikethrough|label)Text)$/;
function withLineBreaksKept(events) {
    const open = [];
    return events.flatMap((event, index) => {
        const [kind, token, context] = event;
        // At its exit, the line ending itself is the innermost token open; a hard break of its own
        // ends where its line ending starts.
        const breaks = token.type === 'lineEnding' &&
            TEXT.test(open.at(-1) ?? '') &&
            !events[index - 1]?.[1].type.startsWith('hardBreak');
        if (kind === 'enter')
            open.push(token.type);
        else
            open.pop();
        const br = { type: 'hardBreakTrailing', start: token.start, end: token.start };
        return breaks ? [['enter', br, context], ['exit', br, context], event] : [event];
    });
}
const asLf = (text) => text.replace(/\r\n?/g, '\n');
/** '' when nothing is left; in HTML, a CR that a character reference names is the LF HTML reads. */
function convertChangelog(markdown, format, lineBreaks) {
    const parsed = (0,changelog_markdown/* markdownEvents */.nB)(asLf(markdown), undefined, [(0,micromark_extension_gfm/* gfm */.T)()]);
    const events = lineBreaks === 'kept' ? withLineBreaksKept(parsed) : parsed;
    if (format === 'text')
        return (0,plain/* plainText */.w)(events, writtenLineEndings(events));
    const toHtml = (0,compile/* compile */.w)({ htmlExtensions: [(0,micromark_extension_gfm/* gfmHtml */.I)(), WRITTEN_HTML] });
    return asLf(toHtml(events)).trim();
}


/***/ }),

/***/ 3456:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ plainText)
/* harmony export */ });
/* harmony import */ var micromark_util_normalize_identifier__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(31);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2165);

// Markdown as plain text, as pandoc's plain writer shows it, except that a link keeps its address:
// `text (url)`. The text is what micromark's HTML compiler writes, the line endings it drops
// included, so that the text format reads what the html format shows.

const child = (node, type) => node?.children.find((each) => each.type === type);
const decode = (text = '') => (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .decodeString */ .sc)(text, true);
/** A link's address as micromark writes it: percent-encoded; '' for a scheme it does not link. */
function address(url) {
    // A `%` is kept where two letters or digits follow it.
    const value = encodeURI(url.toWellFormed()).replace(/%25(?=[\dA-Za-z]{2})/g, '%');
    const scheme = /^([^:/?#]*):/.exec(value)?.[1];
    return scheme === undefined || /^(?:https?|ircs?|mailto|xmpp)$/i.test(scheme) ? value : '';
}
const LITERAL = new Set(['data', 'characterEscapeValue', 'codeTextData']);
const ELEMENTS = new Set(['emphasis', 'strong', 'strikethrough', 'codeText']);
const AUTOLINK = /^(?:autolink|literalAutolink)(?:Protocol|Email|Www|Http)$/;
function link(text, href) {
    let decoded = href;
    try {
        decoded = decodeURI(href);
    }
    catch {
        // An address that is not valid percent-encoding is compared as it is.
    }
    const shown = text.trim();
    const same = [href, decoded].some((each) => shown === each || shown === each.replace(/^(?:http:\/\/|mailto:)/i, ''));
    if (href === '' || same)
        return text;
    return shown === '' ? href : `${text} (${href})`;
}
// Inline text as HTML shows it: line endings in a run of text are spaces, spaces at a break go. In
// an image's alt text, an element (a break, a footnote's number) is no element, its text is text.
class Inline {
    alt;
    parts = [];
    run = '';
    constructor(alt = false) {
        this.alt = alt;
    }
    text(text) {
        this.run += text;
    }
    element(text) {
        this.flush();
        this.parts.push(text);
    }
    done() {
        this.flush();
        return this.parts.join('').replace(/ *\n */g, '\n');
    }
    flush() {
        this.parts.push(this.run.replace(/\r\n?|\n/g, ' '));
        this.run = '';
    }
}
function indent(text, by, first = by) {
    return text
        .split('\n')
        .map((line, index) => (line === '' ? '' : `${index === 0 ? first : by}${line}`))
        .join('\n');
}
function table(rows, align) {
    const length = (text = '') => Array.from(text).length;
    const widths = align.map((_, column) => Math.max(3, ...rows.map((row) => length(row[column]))));
    const line = (cells) => widths
        .map((width, column) => {
        const room = width - length(cells[column]);
        const how = align[column];
        const left = how === 'right' ? room : how === 'center' ? Math.floor(room / 2) : 0;
        return ' '.repeat(left) + (cells[column] ?? '') + ' '.repeat(room - left);
    })
        .join('  ')
        .trimEnd();
    const rule = widths.map((width) => '-'.repeat(width)).join('  ');
    return rows.map(line).toSpliced(1, 0, rule).join('\n');
}
// The document as plain text, its blocks apart by a blank line; `written`: what the compiler wrote
// for each line ending. Without it (headings read alone) a line ending is as written, a link is its
// text alone, and `onHeading` is handed each heading's text.
function plainText(events, written, onHeading) {
    const addresses = written !== undefined;
    const destinations = new Map();
    const calls = [];
    const notes = new Map();
    const writtenOf = (node) => written?.get(node.token) ?? node.slice();
    let inTable = false;
    const inlineOf = (nodes, alt = false) => {
        const out = new Inline(alt);
        inline(nodes, out);
        return out.done();
    };
    const media = (node, out) => {
        const image = node.type === 'image';
        const label = child(node, 'label');
        const text = label?.children ?? [];
        if (out.alt)
            inline(text, out);
        else if (image || !addresses)
            out.element(inlineOf(text, image));
        else {
            const resource = child(node, 'resource');
            const id = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .find */ .I6)(child(node, 'reference'), 'referenceString') ?? child(label, 'labelText');
            const destination = resource
                ? decode((0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .find */ .I6)(resource, 'resourceDestinationString')?.slice())
                : (destinations.get((0,micromark_util_normalize_identifier__WEBPACK_IMPORTED_MODULE_1__/* .normalizeIdentifier */ .B)(id?.slice() ?? '')) ?? '');
            out.element(link(inlineOf(text), address(destination)));
        }
    };
    const inline = (nodes, out) => {
        for (const node of nodes) {
            const { type } = node;
            if (type === 'codeTextData' && inTable) {
                out.text(node.slice().replace(/\\([\\|])/g, (all, escaped) => (escaped === '|' ? '|' : all)));
            }
            else if (type === 'lineEnding')
                out.text(writtenOf(node));
            else if (LITERAL.has(type))
                out.text(node.slice());
            else if (type === 'characterReference')
                out.text(decode(node.slice()));
            else if (type === 'htmlText')
                continue;
            else if (type === 'link' || type === 'image')
                media(node, out);
            else if (AUTOLINK.test(type) && (out.alt || !addresses))
                out.text(node.slice());
            else if (AUTOLINK.test(type)) {
                // What micromark adds to the text for the address.
                const prefix = type.endsWith('Email') ? 'mailto:' : type.endsWith('Www') ? 'http://' : '';
                out.element(link(node.slice(), address(prefix + node.slice())));
            }
            else if (type === 'gfmFootnoteCall') {
                const id = (0,micromark_util_normalize_identifier__WEBPACK_IMPORTED_MODULE_1__/* .normalizeIdentifier */ .B)((0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .find */ .I6)(node, 'gfmFootnoteCallString')?.slice() ?? '');
                if (!calls.includes(id))
                    calls.push(id);
                if (!out.alt)
                    out.element(`[${calls.indexOf(id) + 1}]`);
            }
            else if (!out.alt && type.startsWith('hardBreak'))
                out.element('\n');
            else if (!out.alt && type === 'taskListCheck') {
                out.element((0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .find */ .I6)(node, 'taskListCheckValueChecked') ? '[x]' : '[ ]');
            }
            else if (!out.alt && ELEMENTS.has(type))
                out.element(inlineOf(node.children));
            else
                inline(node.children, out);
        }
    };
    const textOf = (node) => inlineOf(node?.children ?? []).trim();
    const code = (node, tight) => {
        let text = '';
        let fences = 0;
        for (const each of node.children) {
            if (each.type === 'codeFencedFence')
                fences += 1;
            else if (each.type === 'codeFlowValue')
                text += each.slice();
            else if (each.type === 'lineEnding')
                text += writtenOf(each);
        }
        // An unclosed fence in a container keeps its last line ending, as the compiler writes it.
        const unclosed = node.type === 'codeFenced' && fences < 2 && tight !== undefined && text !== '';
        return indent(unclosed ? text : text.replace(/\n$/, ''), '    ');
    };
    const list = (node) => {
        const items = [];
        for (const each of node.children) {
            if (each.type === 'listItemPrefix')
                items.push([]);
            else
                items.at(-1)?.push(each);
        }
        const paragraphs = items.some((nodes) => nodes.some((each) => child(each, 'paragraph')));
        const gap = node.token._loose && paragraphs ? '\n\n' : '\n';
        const start = Number.parseInt((0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .find */ .I6)(node, 'listItemValue')?.slice() ?? '1', 10);
        return items
            .map((nodes, index) => {
            const marker = node.type === 'listOrdered' ? `${start + index}. ` : '- ';
            const body = blocks(nodes, !node.token._loose).join(gap);
            return indent(body, ' '.repeat(marker.length), marker).trimEnd() || marker.trimEnd();
        })
            .join(gap);
    };
    // `tight`: in a tight list, false in another container, undefined outside any.
    const blocks = (nodes, tight) => {
        const out = [];
        let run = new Inline();
        const block = (text) => {
            const inline = run.done().trim();
            if (inline !== '')
                out.push(inline);
            run = new Inline();
            if (text !== '')
                out.push(text);
        };
        const visit = (node) => {
            const { type } = node;
            if (type === 'content')
                node.children.forEach(visit);
            else if (type === 'paragraph' && !tight)
                block(textOf(node));
            else if (type === 'paragraph')
                inline(node.children, run);
            else if (type === 'lineEnding')
                run.text(writtenOf(node));
            else if (type === 'atxHeading' || type === 'setextHeading') {
                const inner = child(node, `${type}Text`);
                const text = textOf(inner);
                if (inner)
                    onHeading?.(node.token, text);
                block(text);
            }
            else if (type === 'thematicBreak')
                block('-'.repeat(72));
            else if (type === 'codeFenced' || type === 'codeIndented')
                block(code(node, tight));
            else if (type === 'listOrdered' || type === 'listUnordered')
                block(list(node));
            else if (type === 'blockQuote' || type === 'gfmFootnoteDefinition') {
                const content = blocks(node.children, false);
                if (type === 'blockQuote')
                    block(indent(content.join('\n\n'), '  '));
                else {
                    const id = (0,micromark_util_normalize_identifier__WEBPACK_IMPORTED_MODULE_1__/* .normalizeIdentifier */ .B)((0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .find */ .I6)(node, 'gfmFootnoteDefinitionLabelString')?.slice() ?? '');
                    if (!notes.has(id))
                        notes.set(id, content);
                }
            }
            else if (type === 'table') {
                inTable = true;
                const align = node.token._align ?? [];
                const found = node.children
                    .flatMap((part) => part.children.filter((row) => row.type === 'tableRow'))
                    .map((row) => {
                    const cells = row.children.filter(({ type }) => /^table(?:Header|Data)$/.test(type));
                    return cells.map(textOf).slice(0, align.length);
                });
                inTable = false;
                block(table(found, align));
            }
        };
        nodes.forEach(visit);
        block('');
        return out;
    };
    const { root, closed } = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .markdownTree */ .a2)(events);
    for (const node of closed) {
        if (node.type !== 'definition')
            continue;
        const label = (0,micromark_util_normalize_identifier__WEBPACK_IMPORTED_MODULE_1__/* .normalizeIdentifier */ .B)((0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .find */ .I6)(node, 'definitionLabelString')?.slice() ?? '');
        const destination = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .find */ .I6)(node, 'definitionDestinationString');
        if (!destinations.has(label))
            destinations.set(label, decode(destination?.slice()));
    }
    const document = blocks(root);
    const footnotes = calls
        .map((id, index) => indent((notes.get(id) ?? []).join('\n\n'), '    ', `[${index + 1}] `))
        .join('\n\n');
    if (footnotes !== '')
        document.push(footnotes);
    return document.join('\n\n');
}


/***/ }),

/***/ 2165:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I6: () => (/* binding */ find),
/* harmony export */   YP: () => (/* binding */ bracketLabels),
/* harmony export */   a2: () => (/* binding */ markdownTree),
/* harmony export */   nB: () => (/* binding */ markdownEvents),
/* harmony export */   sc: () => (/* binding */ decodeString)
/* harmony export */ });
/* harmony import */ var decode_named_character_reference__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7126);
/* harmony import */ var micromark__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9627);
/* harmony import */ var micromark__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5387);
/* harmony import */ var micromark__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2192);
/* harmony import */ var micromark_util_normalize_identifier__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(31);
// micromark, the changelog's one Markdown parser, through its documented entry points.



function markdownEvents(text, defined = [], extensions = []) {
    const parser = (0,micromark__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .q)({ extensions });
    parser.defined.push(...defined);
    return (0,micromark__WEBPACK_IMPORTED_MODULE_1__/* .postprocess */ ._)(parser.document().write((0,micromark__WEBPACK_IMPORTED_MODULE_2__/* .preprocess */ .v)()(text, undefined, true)));
}
/** `closed`: every node, each after the nodes it holds. */
function markdownTree(events) {
    const root = [];
    const open = [];
    const closed = [];
    for (const [kind, token, context] of events) {
        if (kind === 'exit')
            closed.push(...open.splice(-1));
        else {
            const slice = () => context.sliceSerialize(token);
            const node = { type: token.type, token, slice, children: [] };
            (open.at(-1)?.children ?? root).push(node);
            open.push(node);
        }
    }
    return { root, closed };
}
function find(node, type) {
    for (const each of node?.children ?? []) {
        const found = each.type === type ? each : find(each, type);
        if (found)
            return found;
    }
    return undefined;
}
/** Every bracketed label in `text` (a label holds no unescaped bracket), normalised. */
function bracketLabels(text) {
    return [...text.matchAll(/\[((?:\\[\s\S]|[^\\[\]])*)\]/g)]
        .map((match) => (0,micromark_util_normalize_identifier__WEBPACK_IMPORTED_MODULE_3__/* .normalizeIdentifier */ .B)(match[1] ?? ''))
        .filter((label) => label !== '');
}
// A control character or a noncharacter, which micromark shows as U+FFFD.
const NOT_TEXT = /^(?![\t\n\f\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]$/u;
/** Text as written, its backslash escapes and character references decoded; `shown`: as shown. */
function decodeString(text, shown = false) {
    return text.replace(/\\([!-/:-@[-`{-~])|&(#[xX][\da-fA-F]{1,6}|#\d{1,7}|[\da-zA-Z]{1,31});/g, (whole, escaped, name) => {
        if (escaped !== undefined)
            return escaped;
        if (!name.startsWith('#'))
            return (0,decode_named_character_reference__WEBPACK_IMPORTED_MODULE_4__/* .decodeNamedCharacterReference */ .s)(name) || whole;
        const code = /^#[xX]/.test(name) ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        // U+FFFD for none, as CommonMark reads `&#0;` and surrogates.
        const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
        const decoded = String.fromCodePoint(valid ? code : 0xfffd);
        return shown && NOT_TEXT.test(decoded) ? '\ufffd' : decoded;
    });
}


/***/ })

};
