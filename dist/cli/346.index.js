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
// A changelog rendered as GitHub Flavored Markdown renders it: micromark's own HTML compiler with
// its GFM extensions. HTML written in the notes never reaches the output as HTML: micromark escapes
// it (`allowDangerousHtml` stays off), and the handlers below drop comments, which are notes to
// the writer (GitHub's generated release notes start with one).



function withoutComments(html) {
    const rest = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
    return rest.trim() === '' ? '' : rest;
}
function writtenHtml() {
    // Each piece of written HTML is collected whole (a block spans lines), then written once.
    const collect = function () {
        this.buffer();
    };
    const close = (block) => function (token) {
        this.resume();
        const rest = withoutComments(this.sliceSerialize(token));
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
    const open = new Map();
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
            };
            kept.push(['enter', hardBreak, context], ['exit', hardBreak, context]);
        }
        if (kind === 'enter')
            open.set(depth++, token.type);
        else
            depth -= 1;
        kept.push(event);
    }
    return kept;
}
const asLf = (text) => text.replace(/\r\n?/g, '\n');
/**
 * `markdown` as HTML, written HTML shown as text without its comments. A CR that a character
 * reference names (`&#13;`) is written as the LF that HTML reads it as.
 */
function renderHtml(markdown, lineBreaks) {
    const html = (0,compile/* compile */.w)({ htmlExtensions: [(0,micromark_extension_gfm/* gfmHtml */.I)(), writtenHtml()] })(gfmEvents(markdown, lineBreaks));
    return asLf(html).trim();
}
/** `markdown` read as GitHub Flavored Markdown, line breaks kept as hard breaks if asked. */
function gfmEvents(markdown, lineBreaks) {
    const events = (0,changelog_markdown/* markdownEvents */.nB)(asLf(markdown), undefined, [(0,micromark_extension_gfm/* gfm */.T)()]);
    return lineBreaks === 'kept' ? withLineBreaksKept(events) : events;
}

// EXTERNAL MODULE: ./node_modules/decode-named-character-reference/index.js + 1 modules
var decode_named_character_reference = __webpack_require__(7126);
;// CONCATENATED MODULE: ./src/core/changelog/format/plain.ts
// A changelog as plain text, as pandoc's plain writer shows it, except that a link keeps its
// address: `text (url)`. The text is what micromark's HTML compiler writes, the line endings it
// drops included, so that the text format reads what the html format shows.



/** As micromark's compiler reads a list as loose. */
function isLoose(events) {
    let containers = 0;
    let atMarker = false;
    for (const [kind, token] of events.slice(1)) {
        if (token._container) {
            atMarker = false;
            containers += kind === 'enter' ? 1 : -1;
        }
        else if (token.type === 'listItemPrefix') {
            if (kind === 'exit')
                atMarker = true;
        }
        else if (token.type === 'lineEndingBlank') {
            if (kind === 'enter' && containers === 0) {
                if (!atMarker)
                    return true;
                atMarker = false;
            }
        }
        else if (token.type !== 'linePrefix') {
            atMarker = false;
        }
    }
    return false;
}
const child = (node, type) => node?.children.find((each) => each.type === type);
/** As micromark decodes a numeric reference. */
const NOT_TEXT = /^(?![\t\n\f\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]$/u;
function characterReference(node) {
    const value = (0,changelog_markdown/* find */.I6)(node, 'characterReferenceValue')?.slice() ?? '';
    const hex = (0,changelog_markdown/* find */.I6)(node, 'characterReferenceMarkerHexadecimal');
    if (!hex && !(0,changelog_markdown/* find */.I6)(node, 'characterReferenceMarkerNumeric')) {
        return (0,decode_named_character_reference/* decodeNamedCharacterReference */.s)(value) || '';
    }
    const code = Number.parseInt(value, hex ? 16 : 10);
    if (code > 0x10ffff)
        return '\ufffd';
    const text = String.fromCodePoint(code);
    return NOT_TEXT.test(text) ? '\ufffd' : text;
}
/** A link's address as micromark writes it: percent-encoded; '' for a scheme it does not link. */
function address(url, safeSchemes) {
    const value = url.replace(/%[\dA-Za-z]{2}|[^%]+|%/g, (part) => /^%[\dA-Za-z]{2}$/.test(part) ? part : encodeURI(part.toWellFormed()));
    const scheme = /^([^:/?#]*):/.exec(value)?.[1];
    if (safeSchemes === undefined || scheme === undefined)
        return value;
    return safeSchemes.test(scheme) ? value : '';
}
const LINKED = /^(?:https?|ircs?|mailto|xmpp)$/i;
const ELEMENTS = new Set(['emphasis', 'strong', 'strikethrough', 'codeText']);
/** What micromark adds to an autolink's text for its address, and the schemes it links. */
const AUTOLINKS = new Map([
    ['autolinkProtocol', ['', LINKED]],
    ['autolinkEmail', ['mailto:']],
    ['literalAutolinkWww', ['http://']],
    ['literalAutolinkEmail', ['mailto:']],
    ['literalAutolinkHttp', ['']],
]);
function sameAddress(text, href) {
    let decoded = href;
    try {
        decoded = decodeURI(href);
    }
    catch {
        // An address that is not valid percent-encoding is compared as it is.
    }
    return [href, decoded].some((each) => text === each || text === each.replace(/^(?:http:\/\/|mailto:)/i, ''));
}
function plain_link(text, href) {
    if (href === '' || sameAddress(text.trim(), href))
        return text;
    return text.trim() === '' ? href : `${text} (${href})`;
}
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
function pad(text, width, align) {
    const room = width - Array.from(text).length;
    const left = align === 'right' ? room : align === 'center' ? Math.floor(room / 2) : 0;
    return ' '.repeat(left) + text + ' '.repeat(room - left);
}
function table(rows, align) {
    const widths = align.map((_, column) => Math.max(3, ...rows.map((cells) => Array.from(cells[column] ?? '').length)));
    const line = (cells) => widths
        .map((width, column) => pad(cells[column] ?? '', width, align[column]))
        .join('  ')
        .trimEnd();
    const [head = [], ...body] = rows;
    return [line(head), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}
/** `markdown` read as GitHub Flavored Markdown, as plain text, its blocks apart by a blank line. */
function plainText(markdown, lineBreaks) {
    const events = gfmEvents(markdown, lineBreaks);
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
    const stringOf = (node) => (node?.children ?? [])
        .map((each) => {
        if (each.type === 'characterReference')
            return characterReference(each);
        if (each.type === 'data' || each.type === 'characterEscapeValue') {
            return each.slice();
        }
        return stringOf(each);
    })
        .join('');
    const media = (node, out) => {
        const image = node.type === 'image';
        const label = child(node, 'label');
        const inner = out.alt ? out : inlineText(image);
        inline(label?.children ?? [], inner);
        const resource = child(node, 'resource');
        const id = (0,changelog_markdown/* find */.I6)(child(node, 'reference'), 'referenceString') ?? child(label, 'labelText');
        const destination = resource
            ? stringOf((0,changelog_markdown/* find */.I6)(resource, 'resourceDestinationString'))
            : (destinations.get((0,changelog_markdown/* normaliseLabel */.rR)(id?.slice() ?? '')) ?? '');
        skip(node.children.filter((each) => each !== label));
        if (inner === out)
            return;
        out.element(image ? inner.done() : plain_link(inner.done(), address(destination, LINKED)));
    };
    const inline = (nodes, out) => {
        for (const node of nodes) {
            const { type } = node;
            const autolink = AUTOLINKS.get(type);
            if (type === 'data' || type === 'characterEscapeValue')
                out.text(node.slice());
            else if (type === 'codeTextData' && inTable) {
                out.text(node.slice().replace(/\\([\\|])/g, (all, escaped) => (escaped === '|' ? '|' : all)));
            }
            else if (type === 'codeTextData')
                out.text(node.slice());
            else if (type === 'characterReference')
                out.text(characterReference(node));
            else if (type === 'lineEnding')
                out.text(lineEnding(node));
            else if (type === 'htmlText')
                skip(node.children);
            else if (type === 'link' || type === 'image')
                media(node, out);
            else if (autolink && out.alt)
                out.text(node.slice());
            else if (autolink)
                out.element(plain_link(node.slice(), address(autolink[0] + node.slice(), autolink[1])));
            else if (type === 'gfmFootnoteCall') {
                const id = (0,changelog_markdown/* normaliseLabel */.rR)((0,changelog_markdown/* find */.I6)(node, 'gfmFootnoteCallString')?.slice() ?? '');
                if (!calls.includes(id))
                    calls.push(id);
                skip(node.children);
                if (!out.alt)
                    out.element(`[${calls.indexOf(id) + 1}]`);
            }
            else if (out.alt) {
                inCode = type === 'codeText';
                inline(node.children, out);
                inCode = false;
            }
            else if (type === 'hardBreakEscape' || type === 'hardBreakTrailing')
                out.element('\n');
            else if (type === 'taskListCheck') {
                out.element((0,changelog_markdown/* find */.I6)(node, 'taskListCheckValueChecked') ? '[x]' : '[ ]');
            }
            else if (ELEMENTS.has(type)) {
                inCode = type === 'codeText';
                const inner = inlineText();
                inline(node.children, inner);
                inCode = false;
                out.element(inner.done());
            }
            else
                inline(node.children, out);
        }
    };
    const textOf = (nodes) => {
        const out = inlineText();
        inline(nodes, out);
        return out.done().trim();
    };
    const code = (node) => {
        let fences = 0;
        let text = '';
        let seen = false;
        let written = false;
        for (const each of node.children) {
            const { type } = each;
            if (type === 'codeFencedFence') {
                if (fences === 0)
                    dropLineEnding = true;
                fences += 1;
            }
            else if (type === 'codeFlowValue') {
                text += each.slice();
                seen = true;
                written = true;
            }
            else if (type === 'lineEnding') {
                const ending = lineEnding(each);
                text += ending;
                written ||= ending !== '';
            }
        }
        if (node.type === 'codeFenced' && fences < 2 && tight.length > 0 && written)
            text += '\n';
        if (seen && !text.endsWith('\n'))
            text += '\n';
        dropLineEnding = false;
        return indent(text.replace(/\n$/, ''), '    ');
    };
    const list = (node) => {
        tight.push(!loose.has(node));
        const items = [];
        let start = 1;
        for (const each of node.children) {
            if (each.type === 'listItemPrefix') {
                if (items.length === 0) {
                    start = Number.parseInt(child(each, 'listItemValue')?.slice() ?? '1', 10);
                }
                items.push([]);
            }
            else
                items.at(-1)?.push(each);
        }
        const bodies = items.map((nodes) => {
            const body = blocks(nodes);
            dropLineEndings = false;
            return body;
        });
        const paragraphs = items.some((nodes) => nodes.some((each) => child(each, 'paragraph') !== undefined));
        const gap = !tight.pop() && paragraphs ? '\n\n' : '\n';
        return bodies
            .map((body, index) => {
            const marker = node.type === 'listOrdered' ? `${start + index}. ` : '- ';
            return (indent(body.join(gap), ' '.repeat(marker.length), marker).trimEnd() || marker.trimEnd());
        })
            .join(gap);
    };
    const rows = (node, found) => {
        for (const each of node.children) {
            const { type } = each;
            if (type === 'lineEnding')
                lineEnding(each);
            else if (type === 'tableRow') {
                found.push(each.children
                    .filter((cell) => cell.type === 'tableHeader' || cell.type === 'tableData')
                    .map((cell) => textOf(cell.children)));
            }
            else
                rows(each, found);
        }
        return found;
    };
    const tableOf = (node) => {
        const align = node.token._align ?? [];
        inTable = true;
        const found = rows(node, []).map((cells) => cells.slice(0, align.length));
        inTable = false;
        dropLineEndings = false;
        return table(found, align);
    };
    const footnote = (node) => {
        tight.push(false);
        const id = (0,changelog_markdown/* normaliseLabel */.rR)(child(child(node, 'gfmFootnoteDefinitionLabel'), 'gfmFootnoteDefinitionLabelString')?.slice() ?? '');
        const content = blocks(node.children);
        if (!notes.has(id))
            notes.set(id, content);
        tight.pop();
        dropLineEnding = true;
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
            switch (node.type) {
                case 'content':
                    dropLineEndings = true;
                    node.children.forEach(visit);
                    return;
                case 'paragraph':
                    dropLineEndings = false;
                    if (tight.at(-1)) {
                        inline(node.children, run);
                        dropLineEndings = true;
                    }
                    else
                        block(textOf(node.children));
                    return;
                case 'lineEnding':
                    run.text(lineEnding(node));
                    return;
                case 'htmlFlow':
                    skip(node.children);
                    return;
                case 'gfmFootnoteDefinition':
                    footnote(node);
                    return;
                case 'atxHeading':
                    block(textOf(child(node, 'atxHeadingText')?.children ?? []));
                    return;
                case 'setextHeading': {
                    dropLineEndings = false;
                    const text = textOf(child(node, 'setextHeadingText')?.children ?? []);
                    dropLineEndings = true;
                    skip(node.children.filter((each) => each.type !== 'setextHeadingText'));
                    dropLineEndings = false;
                    block(text);
                    return;
                }
                case 'thematicBreak':
                    block('-'.repeat(72));
                    return;
                case 'codeFenced':
                case 'codeIndented':
                    block(code(node));
                    return;
                case 'blockQuote': {
                    tight.push(false);
                    const text = indent(blocks(node.children).join('\n\n'), '  ');
                    tight.pop();
                    dropLineEndings = false;
                    block(text);
                    return;
                }
                case 'listOrdered':
                case 'listUnordered':
                    block(list(node));
                    return;
                case 'table':
                    block(tableOf(node));
                    return;
            }
        };
        nodes.forEach(visit);
        block('');
        return out;
    };
    const loose = new Set();
    const tree = (0,changelog_markdown/* markdownTree */.a2)(events, (node, inside) => {
        if (node.token._container && node.type.startsWith('list') && isLoose(inside))
            loose.add(node);
    });
    const define = (nodes) => {
        for (const node of nodes) {
            if (node.type !== 'definition')
                define(node.children);
            else {
                const label = (0,changelog_markdown/* normaliseLabel */.rR)((0,changelog_markdown/* find */.I6)(node, 'definitionLabelString')?.slice() ?? '');
                const destination = (0,changelog_markdown/* find */.I6)(node, 'definitionDestinationString');
                if (!destinations.has(label))
                    destinations.set(label, stringOf(destination));
            }
        }
    };
    define(tree);
    const document = blocks(tree);
    if (calls.length > 0) {
        const text = calls
            .map((id, index) => indent((notes.get(id) ?? []).join('\n\n'), '    ', `[${index + 1}] `))
            .join('\n\n');
        if (text !== '')
            document.push(text);
    }
    return document.join('\n\n');
}

;// CONCATENATED MODULE: ./src/core/changelog/format/cut.ts
// An HTML changelog cut to a length, never inside a tag or a character reference: whole top-level
// blocks while they fit, then, in a list or block quote that does not fit whole, its first whole
// children, the container closed again. When that keeps less than a quarter of the room (nothing,
// or a heading alone), the first block that does not fit is kept in part, to a word boundary, every
// element it opened closed: a buyer reads the notes' first words, not only the note.
const CONTAINERS = new Set(['ul', 'ol', 'blockquote']);
const VOID = new Set(['br', 'hr', 'img', 'input']);
const cut_length = (text) => Array.from(text).length;
/** A tag (its name captured), a character reference, or one code point of text. */
const PIECE = /<\/?([a-z0-9]+)[^>]*>|&[#a-z0-9]+;|[\s\S]/giu;
/**
 * The elements of `html` from `from` to `to` that no other one there holds. In micromark's own HTML
 * every `<` opens one of its tags: text and the writer's HTML reach it escaped (`&lt;`).
 */
function elementsIn(html, from, to) {
    const elements = [];
    let depth = 0;
    let open;
    for (const { 0: tag, 1: name = '', index } of html
        .slice(from, to)
        .matchAll(/<\/?([a-z0-9]+)[^>]*>/g)) {
        const start = from + index;
        const end = start + tag.length;
        if (tag.startsWith('</')) {
            depth -= 1;
            if (depth === 0 && open)
                elements.push({ ...open, end });
        }
        else if (VOID.has(name)) {
            if (depth === 0)
                elements.push({ tag: name, start, openEnd: end, end });
        }
        else {
            if (depth === 0)
                open = { tag: name, start, openEnd: end };
            depth += 1;
        }
    }
    return elements;
}
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
    let afterWord;
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
        const children = elementsIn(html, element.openEnd, element.end - close.length);
        const inner = keep(html, children, room - frame, wanted);
        return inner === '' ? '' : `${open}\n${inner}\n${close}`;
    }
    return wanted > 0 ? wordsOf(html.slice(element.start, element.end), room) : '';
}
/** The longest start of `html` that fits in `room` code points, as above; '' when none does. */
function htmlHeads(html) {
    const elements = elementsIn(html, 0, html.length);
    return (room) => keep(html, elements, room, room / 4);
}

;// CONCATENATED MODULE: ./src/core/changelog/format/convert.ts
// The changelog as the store shows it, loaded through a dynamic import() so that its
// parser and GFM extensions are a chunk: a run that sends Markdown as written never loads it.



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


/** The events of `text` as CommonMark reads it; `defined` are the link labels it may use. */
function markdownEvents(text, defined = [], extensions = []) {
    const parser = (0,micromark__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .q)({ extensions });
    parser.defined.push(...defined);
    return (0,micromark__WEBPACK_IMPORTED_MODULE_1__/* .postprocess */ ._)(parser.document().write((0,micromark__WEBPACK_IMPORTED_MODULE_2__/* .preprocess */ .v)()(text, undefined, true)));
}
/** `events` as a tree; `exit` is told of each token's events, from its entry to its exit. */
function markdownTree(events, exit) {
    const root = [];
    const open = [];
    events.forEach(([kind, token, context], at) => {
        if (kind === 'enter') {
            const slice = () => context.sliceSerialize(token);
            const node = { type: token.type, token, slice, children: [] };
            (open.at(-1)?.node.children ?? root).push(node);
            open.push({ node, at });
            return;
        }
        const entered = open.pop();
        if (entered)
            exit?.(entered.node, events.slice(entered.at, at));
    });
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
