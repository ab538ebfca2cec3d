export const id = 346;
export const ids = [346];
export const modules = {

/***/ 5346:
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
// A changelog rendered by micromark's own HTML compiler with its GFM extensions. Written HTML is
// shown as text (`allowDangerousHtml` stays off), without its comments: notes to the writer
// (GitHub's generated release notes start with one).



const collect = function () {
    this.buffer();
};
const writeHtml = (block) => function (token) {
    this.resume();
    const rest = this.sliceSerialize(token).replace(/<!--[\s\S]*?(?:-->|$)/g, '');
    if (rest.trim() === '')
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
const WRITTEN_HTML = {
    enter: { htmlFlow: collect, htmlText: collect },
    exit: { htmlFlow: writeHtml(true), htmlText: writeHtml(false) },
};
/** The tokens whose line endings are line breaks of a paragraph's (or a heading's) text. */
const TEXT = new Set([
    'paragraph',
    'setextHeadingText',
    'emphasisText',
    'strongText',
    'strikethroughText',
    'labelText',
]);
function withLineBreaksKept(events) {
    // A hard break ends where its line ending starts.
    const hardBreaks = new Set(events
        .filter(([, token]) => token.type.startsWith('hardBreak'))
        .map(([, token]) => token.end.offset));
    const kept = [];
    const open = [];
    for (const event of events) {
        const [kind, token, context] = event;
        // At its exit, the line ending itself is the innermost token open.
        if (token.type === 'lineEnding' &&
            TEXT.has(open.at(-1) ?? '') &&
            !hardBreaks.has(token.start.offset)) {
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
const asLf = (text) => text.replace(/\r\n?/g, '\n');
/** `markdown` as HTML; a CR that a character reference names is written as the LF HTML reads. */
function renderHtml(markdown, lineBreaks) {
    const toHtml = (0,compile/* compile */.w)({ htmlExtensions: [(0,micromark_extension_gfm/* gfmHtml */.I)(), WRITTEN_HTML] });
    return asLf(toHtml(gfmEvents(markdown, lineBreaks))).trim();
}
function gfmEvents(markdown, lineBreaks) {
    const events = (0,changelog_markdown/* markdownEvents */.nB)(asLf(markdown), undefined, [(0,micromark_extension_gfm/* gfm */.T)()]);
    return lineBreaks === 'kept' ? withLineBreaksKept(events) : events;
}

;// CONCATENATED MODULE: ./src/core/changelog/format/plain.ts
// A changelog as plain text, as pandoc's plain writer shows it, except that a link keeps its
// address: `text (url)`. The text is what micromark's HTML compiler writes, the line endings it
// drops included, so that the text format reads what the html format shows.



const child = (node, type) => node?.children.find((each) => each.type === type);
// micromark writes U+FFFD for a control character or a noncharacter too.
const NOT_TEXT = /^(?![\t\n\f\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]$/u;
const decode = (text = '') => (0,changelog_markdown/* decodeString */.sc)(text, (name) => {
    const decoded = (0,changelog_markdown/* decodeReference */.i6)(name);
    return decoded !== undefined && NOT_TEXT.test(decoded) ? '\ufffd' : decoded;
});
/** A link's address as micromark writes it: percent-encoded; '' for a scheme it does not link. */
function address(url, safeSchemes) {
    const value = url.replace(/%[\dA-Za-z]{2}|[^%]+|%/g, (part) => /^%[\dA-Za-z]{2}$/.test(part) ? part : encodeURI(part.toWellFormed()));
    const scheme = /^([^:/?#]*):/.exec(value)?.[1];
    if (safeSchemes === undefined || scheme === undefined)
        return value;
    return safeSchemes.test(scheme) ? value : '';
}
const LINKED = /^(?:https?|ircs?|mailto|xmpp)$/i;
const LITERAL = new Set(['data', 'characterEscapeValue', 'codeTextData']);
const ELEMENTS = new Set(['emphasis', 'strong', 'strikethrough', 'codeText']);
/** What micromark adds to an autolink's text for its address, and the schemes it links. */
const AUTOLINKS = new Map([
    ['autolinkProtocol', ['', LINKED]],
    ['autolinkEmail', ['mailto:']],
    ['literalAutolinkWww', ['http://']],
    ['literalAutolinkEmail', ['mailto:']],
    ['literalAutolinkHttp', ['']],
]);
function plain_link(text, href) {
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
/**
 * Inline text as HTML shows it: line endings in a run of text are spaces, spaces at a break go. In
 * an image's alt text, an element (a break, a footnote's number) is no element, its text is text.
 */
function inlineText(alt = false) {
    const parts = [];
    let run = '';
    const flush = () => {
        parts.push(run.replace(/\r\n?|\n/g, ' '));
        run = '';
    };
    return {
        alt,
        text: (text) => {
            run += text;
        },
        element: (text) => {
            flush();
            parts.push(text);
        },
        done: () => {
            flush();
            return parts.join('').replace(/ *\n */g, '\n');
        },
    };
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
    const [head = [], ...body] = rows;
    const rule = widths.map((width) => '-'.repeat(width)).join('  ');
    return [line(head), rule, ...body.map(line)].join('\n');
}
/** `markdown` read as GitHub Flavored Markdown, as plain text, its blocks apart by a blank line. */
function plainText(markdown, lineBreaks) {
    const events = gfmEvents(markdown, lineBreaks);
    // The compiler marks each list loose or tight (`_loose`) as it reads it.
    (0,compile/* compile */.w)()(events);
    const destinations = new Map();
    const tight = [];
    const calls = [];
    const notes = new Map();
    // The compiler's state, which decides which line endings it writes.
    let dropLineEndings = false;
    let dropLineEnding = false;
    let inCode = false;
    let inTable = false;
    const lineEnding = (node) => {
        if (dropLineEndings)
            return '';
        if (dropLineEnding) {
            dropLineEnding = false;
            return '';
        }
        return inCode ? ' ' : node.slice();
    };
    /** What is left out still changes the compiler's state. */
    const skip = (nodes) => {
        for (const node of nodes) {
            if (node.type === 'lineEnding')
                lineEnding(node);
            skip(node.children);
        }
    };
    const media = (node, out) => {
        const image = node.type === 'image';
        const label = child(node, 'label');
        const inner = out.alt ? out : inlineText(image);
        inline(label?.children ?? [], inner);
        skip(node.children.filter((each) => each !== label));
        if (inner === out)
            return;
        const resource = child(node, 'resource');
        const id = (0,changelog_markdown/* find */.I6)(child(node, 'reference'), 'referenceString') ?? child(label, 'labelText');
        const destination = resource
            ? decode((0,changelog_markdown/* find */.I6)(resource, 'resourceDestinationString')?.slice())
            : (destinations.get((0,changelog_markdown/* normaliseLabel */.rR)(id?.slice() ?? '')) ?? '');
        out.element(image ? inner.done() : plain_link(inner.done(), address(destination, LINKED)));
    };
    const inline = (nodes, out) => {
        for (const node of nodes) {
            const { type } = node;
            const autolink = AUTOLINKS.get(type);
            if (type === 'codeTextData' && inTable) {
                out.text(node.slice().replace(/\\([\\|])/g, (all, escaped) => (escaped === '|' ? '|' : all)));
            }
            else if (LITERAL.has(type))
                out.text(node.slice());
            else if (type === 'characterReference')
                out.text(decode(node.slice()));
            else if (type === 'lineEnding')
                out.text(lineEnding(node));
            else if (type === 'htmlText')
                skip(node.children);
            else if (type === 'link' || type === 'image')
                media(node, out);
            else if (autolink && out.alt)
                out.text(node.slice());
            else if (autolink) {
                out.element(plain_link(node.slice(), address(autolink[0] + node.slice(), autolink[1])));
            }
            else if (type === 'gfmFootnoteCall') {
                const id = (0,changelog_markdown/* normaliseLabel */.rR)((0,changelog_markdown/* find */.I6)(node, 'gfmFootnoteCallString')?.slice() ?? '');
                if (!calls.includes(id))
                    calls.push(id);
                skip(node.children);
                if (!out.alt)
                    out.element(`[${calls.indexOf(id) + 1}]`);
            }
            else if (!out.alt && type.startsWith('hardBreak'))
                out.element('\n');
            else if (!out.alt && type === 'taskListCheck') {
                out.element((0,changelog_markdown/* find */.I6)(node, 'taskListCheckValueChecked') ? '[x]' : '[ ]');
            }
            else if (out.alt || ELEMENTS.has(type)) {
                inCode = type === 'codeText';
                const inner = out.alt ? out : inlineText();
                inline(node.children, inner);
                inCode = false;
                if (inner !== out)
                    out.element(inner.done());
            }
            else
                inline(node.children, out);
        }
    };
    const textOf = (node) => {
        const out = inlineText();
        inline(node?.children ?? [], out);
        return out.done().trim();
    };
    const code = (node) => {
        let text = '';
        let fences = 0;
        for (const each of node.children) {
            if (each.type === 'codeFencedFence') {
                if (fences === 0)
                    dropLineEnding = true;
                fences += 1;
            }
            else if (each.type === 'codeFlowValue')
                text += each.slice();
            else if (each.type === 'lineEnding')
                text += lineEnding(each);
        }
        dropLineEnding = false;
        // An unclosed fence in a container keeps its last line ending, as the compiler writes it.
        const unclosed = node.type === 'codeFenced' && fences < 2 && tight.length > 0 && text !== '';
        return indent(unclosed ? text : text.replace(/\n$/, ''), '    ');
    };
    const list = (node) => {
        tight.push(!node.token._loose);
        const items = [];
        for (const each of node.children) {
            if (each.type === 'listItemPrefix')
                items.push([]);
            else
                items.at(-1)?.push(each);
        }
        const bodies = items.map((nodes) => {
            const body = blocks(nodes);
            dropLineEndings = false;
            return body;
        });
        const paragraphs = items.some((nodes) => nodes.some((each) => child(each, 'paragraph')));
        const gap = !tight.pop() && paragraphs ? '\n\n' : '\n';
        const start = Number.parseInt((0,changelog_markdown/* find */.I6)(node, 'listItemValue')?.slice() ?? '1', 10);
        return bodies
            .map((body, index) => {
            const marker = node.type === 'listOrdered' ? `${start + index}. ` : '- ';
            return (indent(body.join(gap), ' '.repeat(marker.length), marker).trimEnd() || marker.trimEnd());
        })
            .join(gap);
    };
    const rows = (node, found) => {
        for (const each of node.children) {
            if (each.type === 'lineEnding')
                lineEnding(each);
            else if (each.type !== 'tableRow')
                rows(each, found);
            else {
                const cells = each.children.filter(({ type }) => type === 'tableHeader' || type === 'tableData');
                found.push(cells.map(textOf));
            }
        }
        return found;
    };
    const blocks = (nodes) => {
        const out = [];
        let run = inlineText();
        const block = (text) => {
            const inline = run.done().trim();
            if (inline !== '')
                out.push(inline);
            run = inlineText();
            if (text !== '')
                out.push(text);
        };
        const visit = (node) => {
            const { type } = node;
            if (type === 'content') {
                dropLineEndings = true;
                node.children.forEach(visit);
            }
            else if (type === 'paragraph') {
                dropLineEndings = false;
                if (!tight.at(-1))
                    block(textOf(node));
                else {
                    inline(node.children, run);
                    dropLineEndings = true;
                }
            }
            else if (type === 'lineEnding')
                run.text(lineEnding(node));
            else if (type === 'htmlFlow')
                skip(node.children);
            else if (type === 'atxHeading')
                block(textOf(child(node, 'atxHeadingText')));
            else if (type === 'setextHeading') {
                dropLineEndings = false;
                block(textOf(child(node, 'setextHeadingText')));
            }
            else if (type === 'thematicBreak')
                block('-'.repeat(72));
            else if (type === 'codeFenced' || type === 'codeIndented')
                block(code(node));
            else if (type === 'listOrdered' || type === 'listUnordered')
                block(list(node));
            else if (type === 'blockQuote' || type === 'gfmFootnoteDefinition') {
                tight.push(false);
                const content = blocks(node.children);
                tight.pop();
                if (type === 'blockQuote') {
                    dropLineEndings = false;
                    block(indent(content.join('\n\n'), '  '));
                }
                else {
                    const id = (0,changelog_markdown/* normaliseLabel */.rR)((0,changelog_markdown/* find */.I6)(node, 'gfmFootnoteDefinitionLabelString')?.slice() ?? '');
                    if (!notes.has(id))
                        notes.set(id, content);
                    dropLineEnding = true;
                }
            }
            else if (type === 'table') {
                inTable = true;
                const align = node.token._align ?? [];
                const found = rows(node, []).map((cells) => cells.slice(0, align.length));
                inTable = false;
                dropLineEndings = false;
                block(table(found, align));
            }
        };
        nodes.forEach(visit);
        block('');
        return out;
    };
    const tree = (0,changelog_markdown/* markdownTree */.a2)(events);
    const define = (nodes) => {
        for (const node of nodes) {
            if (node.type !== 'definition')
                define(node.children);
            else {
                const label = (0,changelog_markdown/* normaliseLabel */.rR)((0,changelog_markdown/* find */.I6)(node, 'definitionLabelString')?.slice() ?? '');
                const destination = (0,changelog_markdown/* find */.I6)(node, 'definitionDestinationString');
                if (!destinations.has(label))
                    destinations.set(label, decode(destination?.slice()));
            }
        }
    };
    define(tree);
    const document = blocks(tree);
    const footnotes = calls
        .map((id, index) => indent((notes.get(id) ?? []).join('\n\n'), '    ', `[${index + 1}] `))
        .join('\n\n');
    if (footnotes !== '')
        document.push(footnotes);
    return document.join('\n\n');
}

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
/** The elements of `html` from `from` to `to` that no other one there holds. */
function elementsIn(html, from, to) {
    const elements = [];
    let depth = 0;
    let open = { tag: '', start: 0, openEnd: 0 };
    for (const { 0: tag, 1: name = '', index } of html.slice(from, to).matchAll(TAG)) {
        const start = from + index;
        const closing = tag.startsWith('</');
        if (closing)
            depth -= 1;
        else if (depth === 0)
            open = { tag: name, start, openEnd: start + tag.length };
        if (!closing && !VOID.has(name))
            depth += 1;
        if (depth === 0)
            elements.push({ ...open, end: start + tag.length });
    }
    return elements;
}
/** The longest start of `block` within `room` to a word boundary (else a character), closed. */
function wordsOf(block, room) {
    const open = [];
    let size = 0;
    let closing = 0;
    let afterWord = false;
    let atWord;
    let atCharacter;
    for (const { 0: piece, 1: tag, index: at } of block.matchAll(PIECE)) {
        if (size + closing > room)
            break;
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
            if (VOID.has(tag))
                continue;
            open.push(tag);
            closing += tag.length + 3;
        }
        else {
            afterWord = !breaks;
        }
    }
    const point = atWord ?? atCharacter;
    if (point === undefined)
        return '';
    return block.slice(0, point.at) + point.open.map((tag) => `</${tag}>`).join('');
}
/** Whole `elements` while they fit in `room`, '\n' apart, then a part of the next one. */
function keep(html, elements, room, wanted) {
    const kept = [];
    let used = 0;
    for (const element of elements) {
        const gap = kept.length === 0 ? 0 : 1;
        const whole = html.slice(element.start, element.end);
        if (used + gap + cut_length(whole) > room) {
            const part = partOf(html, element, room - used - gap, wanted - used - gap);
            if (part !== '')
                kept.push(part);
            break;
        }
        kept.push(whole);
        used += gap + cut_length(whole);
    }
    return kept.join('\n');
}
function partOf(html, element, room, wanted) {
    if (!CONTAINERS.has(element.tag)) {
        return wanted > 0 ? wordsOf(html.slice(element.start, element.end), room) : '';
    }
    const open = html.slice(element.start, element.openEnd);
    const close = `</${element.tag}>`;
    const children = elementsIn(html, element.openEnd, element.end - close.length);
    const inner = keep(html, children, room - cut_length(open) - cut_length(close) - 2, wanted);
    return inner === '' ? '' : `${open}\n${inner}\n${close}`;
}
/** The longest start of `html` that fits in a room of code points; '' when none does. */
function htmlHeads(html) {
    const elements = elementsIn(html, 0, html.length);
    return (room) => keep(html, elements, room, room / 4);
}

;// CONCATENATED MODULE: ./src/core/changelog/format/convert.ts
// Loaded through a dynamic import(), so that the parser is a chunk a Markdown run never loads.



/** `markdown` read as GitHub Flavored Markdown, as plain text or HTML; '' when nothing is left. */
function convertChangelog(markdown, format, lineBreaks) {
    return format === 'html' ? renderHtml(markdown, lineBreaks) : plainText(markdown, lineBreaks);
}


/***/ }),

/***/ 2165:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I6: () => (/* binding */ find),
/* harmony export */   YP: () => (/* binding */ bracketLabels),
/* harmony export */   a2: () => (/* binding */ markdownTree),
/* harmony export */   i6: () => (/* binding */ decodeReference),
/* harmony export */   nB: () => (/* binding */ markdownEvents),
/* harmony export */   rR: () => (/* binding */ normaliseLabel),
/* harmony export */   sc: () => (/* binding */ decodeString)
/* harmony export */ });
/* harmony import */ var decode_named_character_reference__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7126);
/* harmony import */ var micromark__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9627);
/* harmony import */ var micromark__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5387);
/* harmony import */ var micromark__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2192);
// micromark, the changelog's one Markdown parser, through its documented entry points.


/** `defined`: the link labels `text` may use. */
function markdownEvents(text, defined = [], extensions = []) {
    const parser = (0,micromark__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .q)({ extensions });
    parser.defined.push(...defined);
    return (0,micromark__WEBPACK_IMPORTED_MODULE_1__/* .postprocess */ ._)(parser.document().write((0,micromark__WEBPACK_IMPORTED_MODULE_2__/* .preprocess */ .v)()(text, undefined, true)));
}
function markdownTree(events) {
    const root = [];
    const open = [];
    for (const [kind, token, context] of events) {
        if (kind === 'exit')
            open.pop();
        else {
            const slice = () => context.sliceSerialize(token);
            const node = { type: token.type, token, slice, children: [] };
            (open.at(-1)?.children ?? root).push(node);
            open.push(node);
        }
    }
    return root;
}
function find(node, type) {
    for (const each of node?.children ?? []) {
        const found = each.type === type ? each : find(each, type);
        if (found)
            return found;
    }
    return undefined;
}
/** A link label as CommonMark compares them: whitespace collapsed, case folded. */
function normaliseLabel(label) {
    return label
        .replace(/[\t\n\r ]+/g, ' ')
        .trim()
        .toLowerCase()
        .toUpperCase();
}
/** Every bracketed label in `text` (a label holds no unescaped bracket), normalised. */
function bracketLabels(text) {
    return [...text.matchAll(/\[((?:\\[\s\S]|[^\\[\]])*)\]/g)]
        .map((match) => normaliseLabel(match[1] ?? ''))
        .filter((label) => label !== '');
}
/** A character reference as written between `&` and `;`; undefined when it is none. */
function decodeReference(name) {
    const numeric = /^#(?:[xX]([\da-fA-F]{1,6})|(\d{1,7}))$/.exec(name);
    if (numeric === null) {
        const named = (0,decode_named_character_reference__WEBPACK_IMPORTED_MODULE_3__/* .decodeNamedCharacterReference */ .s)(name);
        return named === false ? undefined : named;
    }
    const code = numeric[1] === undefined ? Number(numeric[2]) : Number.parseInt(numeric[1], 16);
    // U+FFFD for none, as CommonMark reads `&#0;` and surrogates.
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return String.fromCodePoint(valid ? code : 0xfffd);
}
/** Text as written, its backslash escapes and character references decoded. */
function decodeString(text, reference = decodeReference) {
    return text.replace(/\\([!-/:-@[-`{-~])|&(#[xX][\da-fA-F]{1,6}|#\d{1,7}|[\da-zA-Z]{1,31});/g, (whole, escaped, name) => escaped ?? reference(name ?? '') ?? whole);
}


/***/ })

};
