export const id = 522;
export const ids = [522];
export const modules = {

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


/***/ }),

/***/ 7522:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sectionFromFile: () => (/* binding */ sectionFromFile)
});

// UNUSED EXPORTS: mayNeedLinks

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(4379);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
;// CONCATENATED MODULE: ./src/core/changelog/lines.ts
// The changelog file as lines, a chunk at a time, so that a section near the top of a large file
// costs what it costs in a small one: UTF-8, a byte order mark dropped, CRLF and a lone CR read as LF.

function* fileChunks(path, chunkBytes = 64 * 1024) {
    const fd = (0,external_node_fs_.openSync)(path, 'r');
    try {
        const buffer = new Uint8Array(chunkBytes);
        for (;;) {
            const read = (0,external_node_fs_.readSync)(fd, buffer, 0, chunkBytes, null);
            if (read === 0)
                return;
            yield buffer.subarray(0, read);
        }
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
/** No empty last line after a final newline. */
function* linesOf(chunks) {
    const decoder = new TextDecoder();
    let pending = '';
    for (const chunk of chunks) {
        // A CR at the end may be the first half of a CRLF split across two chunks: held for later.
        const lines = (pending + decoder.decode(chunk, { stream: true })).split(/\r\n|\r(?!$)|\n/);
        pending = lines.pop() ?? '';
        yield* lines;
    }
    // The decoder's flush may follow a held CR: the rest is split like any text.
    const rest = (pending + decoder.decode()).split(/\r\n?|\n/);
    if (rest.at(-1) === '')
        rest.pop();
    yield* rest;
}

// EXTERNAL MODULE: ./node_modules/micromark-util-normalize-identifier/index.js
var micromark_util_normalize_identifier = __webpack_require__(31);
// EXTERNAL MODULE: ./src/core/changelog/format/plain.ts
var plain = __webpack_require__(3456);
// EXTERNAL MODULE: ./src/core/changelog/markdown.ts
var markdown = __webpack_require__(2165);
;// CONCATENATED MODULE: ./src/core/changelog/version-token.ts
// `v1.2.3`, `1.2.3-rc.1+build.5`, `0.13.0.dev2`, `1.0.0rc4`: the longest run, compared whole.
// ASCII classes: a Unicode class costs about a millisecond to compile at every start.
const TOKEN = /(?<![A-Za-z0-9._-])[vV]?\d+\.\d[A-Za-z0-9]*(?:[.+-][A-Za-z0-9]+)*/;
function withoutV(token) {
    return /^[vV]\d/.test(token) ? token.slice(1) : token;
}
function isUnreleased(text) {
    return text.trim().toLowerCase() === 'unreleased';
}
function releaseOf(text) {
    return TOKEN.exec(text)?.[0] ?? (isUnreleased(text) ? text.trim() : undefined);
}
/** The version to send, and without the tag prefix (`@scope/pkg@1.2.3` less `@scope/pkg@`), `v` dropped. */
function wantedVersions(version, prefix) {
    const short = version.startsWith(prefix) ? version.slice(prefix.length) : '';
    return [...new Set([withoutV(version), withoutV(short || version)])];
}
const LEADING_DATE = /^\d{4}-\d{2}-\d{2}\s*[-\u2013\u2014:/|]?\s*/;
const SHAPED = /^(?:\S*@)?(?:(?:version|release)\s+)?[vV]?\d+\.\d/i;
// A deeper heading that only mentions a version (`#### Support TypeScript 5.2`) is in the notes.
function isReleaseShaped(text) {
    return isUnreleased(text) || SHAPED.test(text.trim().replace(LEADING_DATE, ''));
}

;// CONCATENATED MODULE: ./src/core/changelog/section.ts

// The section for one version in a changelog (docs/changelog-file.md), read in windows of lines so
// that its cost grows with how far it reads: each window starts at the last, unfinished block.



// Block structure does not depend on inline content, and definitions decode their own escapes.
const BLOCKS_ONLY = {
    disable: {
        null: [
            'attention',
            'autolink',
            'characterEscape',
            'characterReference',
            'codeText',
            'hardBreakEscape',
            'htmlText',
            'labelEnd',
            'labelStartImage',
            'labelStartLink',
        ],
    },
    contentInitial: {
        null: [
            // A paragraph's text is not read, most of a window's cost: one `data` token per line.
            {
                tokenize(effects, ok) {
                    const line = (code) => {
                        if (code === null) {
                            effects.exit('data');
                            effects.exit('paragraph');
                            return ok(code);
                        }
                        effects.consume(code);
                        // micromark's codes for CR, LF and CRLF.
                        if (code < -2) {
                            effects.exit('data');
                            effects.enter('data');
                        }
                        return line;
                    };
                    return (code) => {
                        effects.enter('paragraph');
                        effects.enter('data');
                        return line(code);
                    };
                },
            },
        ],
    },
};
const BETWEEN_BLOCKS = new Set(['lineEnding', 'lineEndingBlank', 'linePrefix', 'listItemIndent']);
function topBlocks(lines, from) {
    const text = lines.join('\n');
    const slice = (token) => text.slice(token.start.offset, token.end.offset);
    const found = [];
    let depth = 0;
    let block;
    let definition;
    for (const [kind, token] of (0,markdown/* markdownEvents */.nB)(text, [], [BLOCKS_ONLY])) {
        if (kind === 'exit') {
            depth -= 1;
            const label = definition?.definitionLabelString;
            if (token.type === 'definition' && label !== undefined) {
                const destination = (0,markdown/* decodeString */.sc)(definition?.definitionDestinationString ?? '');
                const title = (0,markdown/* decodeString */.sc)(definition?.definitionTitleString ?? '');
                block?.definitions.push([(0,micromark_util_normalize_identifier/* normalizeIdentifier */.B)(label), { destination, title }]);
                definition = undefined;
            }
            if (depth === 0 && block !== undefined) {
                block.last = from + token.end.line - 1;
                found.push(block);
                block = undefined;
            }
            continue;
        }
        depth += 1;
        if (depth === 1 && !BETWEEN_BLOCKS.has(token.type)) {
            const start = from + token.start.line - 1;
            const first = token.type === 'content' ? undefined : start;
            block = { type: token.type, start, first, last: start, level: undefined, definitions: [] };
        }
        if (block === undefined)
            continue;
        if (depth === 2 && token.type === 'atxHeadingSequence')
            block.level ??= slice(token).length;
        else if (depth === 2 && token.type === 'setextHeadingLine') {
            block.level = slice(token).startsWith('=') ? 1 : 2;
        }
        else if (depth === 2 && token.type === 'paragraph')
            block.first = from + token.start.line - 1;
        else if (token.type === 'definition')
            definition = {};
        else if (definition !== undefined)
            definition[token.type] = slice(token);
    }
    return found;
}
// Every bracketed label read as defined: `## [1.2.3]` reads `1.2.3` whatever the file defines.
// 64 headings parsed as one text (the parser's set-up is most of a short heading's cost): the
// blank line between two closes every block, so each reads as alone.
function headingTexts(sources) {
    const texts = [];
    for (let at = 0; at < sources.length; at += 64) {
        const batch = sources.slice(at, at + 64);
        // The line where the source after each starts: a heading belongs to the first that starts later.
        let line = 1;
        const starts = batch.map((source) => (line += source.split('\n').length + 1));
        const found = batch.map(() => '');
        (0,plain/* plainText */.w)((0,markdown/* markdownEvents */.nB)(batch.join('\n\n'), batch.flatMap(markdown/* bracketLabels */.YP)), undefined, (token, text) => {
            found[starts.findIndex((next) => next > token.start.line)] = text;
        });
        texts.push(...found.map((text) => text.replace(/\s+/g, ' ').trim()));
    }
    return texts;
}
// Only a heading that holds a digit, an entity or the word can be a release heading.
const MAYBE_RELEASE = /\d|&|unreleased/i;
// Entities, escapes and inline markup can split the text a plain substring search looks for.
const ENCODED = /[&\\*_`<]/;
const ONLY_COMMENTS_AND_ANCHORS = /^(?:\s|<!--[\s\S]*?-->|<a\s+(?:name|id)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)\s*\/?>(?:\s*<\/a>)?)*$/i;
// Reads `lines` until the section for one of `wanted` (versions without their `v`) is complete;
// `definitions` reads on for labels nothing before the section's end defines.
function findSection(lines, wanted, window = 2048) {
    // While seeking, the lines from the open block on; after, the section's on.
    const kept = [];
    let keptFrom = 1;
    let target;
    let open = 1;
    let chars = 0;
    let size = window;
    let limit = size;
    let ended = false;
    const references = new Map();
    let contentEnd = 0;
    let done = false;
    // The headings passed while seeking, parsed again only if the section is missing.
    const passed = [];
    const release = (raw) => {
        // Stryker disable next-line ConditionalExpression: a shortcut only; parsing a heading without a digit finds no version
        if (!MAYBE_RELEASE.test(raw))
            return undefined;
        const seeking = target === undefined;
        if (seeking)
            passed.push(raw);
        if (seeking && !ENCODED.test(raw) && !wanted.some((name) => raw.includes(name)))
            return;
        const text = headingTexts([raw])[0] ?? '';
        const version = releaseOf(text);
        return version === undefined ? undefined : { version, text };
    };
    /** Reads a line or more; returns the blocks that became final (at the end of the file, all). */
    const read = () => {
        // Stryker disable next-line ConditionalExpression,ArithmeticOperator: dropping lines saves memory only
        if (target === undefined || done)
            keptFrom += kept.splice(0, open - keptFrom).length;
        do {
            const line = lines.next();
            if (line.done)
                ended = true;
            else {
                kept.push(line.value);
                chars += line.value.length + 1;
            }
        } while (!ended && chars < limit);
        const found = topBlocks(kept.slice(open - keptFrom), open);
        // The last block may go on in the lines to come: read again with them.
        const last = ended ? undefined : found.pop();
        if (!ended && found.length === 0) {
            limit *= 2;
            return [];
        }
        for (const [label, reference] of found.flatMap((block) => block.definitions)) {
            if (!references.has(label))
                references.set(label, reference);
        }
        open = last?.start ?? keptFrom + kept.length;
        chars = kept.slice(open - keptFrom).reduce((sum, text) => sum + text.length + 1, 0);
        // Small at first, so that a section near the top costs little while the parser is still cold.
        size = Math.min(2 * size, Math.max(4096, size));
        limit = chars + size;
        return found;
    };
    while (!done && !ended) {
        for (const { type, first, last, level } of read()) {
            if (done || first === undefined)
                continue;
            const source = () => kept.slice(first - keptFrom, last - keptFrom + 1).join('\n');
            const found = level === undefined ? undefined : release(source());
            if (target === undefined) {
                if (level !== undefined && found && wanted.includes(withoutV(found.version))) {
                    target = { name: found.version, level, after: last + 1 };
                    contentEnd = last;
                }
            }
            else if (level !== undefined &&
                // A deeper heading ends it only when it reads as a release's title.
                (level < target.level ||
                    (found !== undefined && (level === target.level || isReleaseShaped(found.text))))) {
                done = true;
            }
            else if (type !== 'thematicBreak' &&
                !((type === 'htmlFlow' || type === 'content') && ONLY_COMMENTS_AND_ANCHORS.test(source()))) {
                contentEnd = last;
            }
        }
    }
    const definitions = (labels) => {
        while (!ended && ![...labels].every((label) => references.has(label)))
            read();
        return new Map([...references].filter(([label]) => labels.has(label)));
    };
    if (target === undefined) {
        const versions = headingTexts(passed)
            .flatMap((text) => releaseOf(text) ?? [])
            .filter((version) => !isUnreleased(version));
        return { kind: 'missing', versions, definitions };
    }
    const section = kept.slice(target.after - keptFrom, contentEnd - keptFrom + 1).join('\n');
    return {
        kind: 'found',
        name: target.name,
        // Blank lines at the start dropped, the first line's indent kept.
        text: section.replace(/^\s*\n/, '').trimEnd(),
        references,
        definitions,
    };
}

// EXTERNAL MODULE: ./src/core/changelog/link-base.ts
var link_base = __webpack_require__(2680);
;// CONCATENATED MODULE: ./src/core/changelog/section-links.ts

// The section stands alone (docs/changelog-file.md): each destination is rewritten where micromark
// found it, the rest of the text as written.


/** micromark makes `[text]` a link only when its label is defined: `defined` says which are. */
function scan(text, defined) {
    const uses = [];
    const destinations = [];
    const held = [];
    const labels = new Set((0,markdown/* bracketLabels */.YP)(text).filter(defined));
    for (const node of (0,markdown/* markdownTree */.a2)((0,markdown/* markdownEvents */.nB)(text, labels)).closed) {
        const image = node.type === 'image';
        if (node.type === 'definition') {
            const label = (0,markdown/* find */.I6)(node, 'definitionLabelString');
            const destination = (0,markdown/* find */.I6)(node, 'definitionDestinationString');
            if (label && destination)
                held.push({ id: (0,micromark_util_normalize_identifier/* normalizeIdentifier */.B)(label.slice()), destination });
        }
        else if (node.type === 'link' || image) {
            const resource = node.children.find((each) => each.type === 'resource');
            const destination = (0,markdown/* find */.I6)(resource, 'resourceDestinationString');
            const reference = node.children.find((each) => each.type === 'reference');
            const written = ((0,markdown/* find */.I6)(reference, 'referenceString') ?? (0,markdown/* find */.I6)(node, 'labelText'))?.slice() ?? '';
            if (destination)
                destinations.push({ destination, image });
            else
                uses.push({ image, id: (0,micromark_util_normalize_identifier/* normalizeIdentifier */.B)(written), written });
        }
    }
    return { uses, destinations, held };
}
/** `known`: the file's definitions before the section's end; `later` reads on, only when needed. */
function standAlone(text, known, later, base) {
    let after = new Map();
    const outside = (id) => known.get(id) ?? after.get(id);
    // First read: a label defined nowhere before the section may be defined after it.
    let found = scan(text, () => true);
    const heldIds = new Set(found.held.map((definition) => definition.id));
    const wanted = new Set(found.uses.map((use) => use.id).filter((id) => !known.has(id) && !heldIds.has(id)));
    // Read again with what the rest of the file defines: the first reading took every label as defined.
    if (wanted.size > 0) {
        after = later(wanted);
        found = scan(text, (id) => outside(id) !== undefined);
    }
    const imageIds = new Set(found.uses.filter((use) => use.image).map((use) => use.id));
    let relative = 0;
    const rewrite = (written, image) => {
        // Entities make the destination unsure, so it is left as written.
        if (written.includes('&'))
            return undefined;
        const destination = (0,markdown/* decodeString */.sc)(written);
        if (destination === '' || /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(destination))
            return undefined;
        relative++;
        if (base === undefined)
            return undefined;
        // Parentheses escaped, so that an unbalanced one cannot end the destination.
        return (0,link_base/* resolveLink */.nm)(destination, base, image).replace(/[()]/g, '\\$&');
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
    const appended = [];
    const seen = new Set(heldIds);
    for (const { id, written } of found.uses) {
        const reference = seen.has(id) ? undefined : outside(id);
        if (reference === undefined)
            continue;
        seen.add(id);
        const destination = rewrite(reference.destination, imageIds.has(id)) ?? reference.destination;
        const target = destination === '' || /[\s<>]/.test(destination) ? `<${destination}>` : destination;
        const title = reference.title === '' ? '' : ` "${reference.title.replace(/["\\]/g, '\\$&')}"`;
        appended.push(`[${written}]: ${target}${title}`);
    }
    if (appended.length > 0)
        result = `${result}\n\n${appended.join('\n')}`;
    return { text: result, appended: appended.length, relative };
}

;// CONCATENATED MODULE: ./src/core/changelog/read.ts
// `changelog-file`: the section of a CHANGELOG.md for the version to send, as a maintainer would
// cut it, standing alone (docs/changelog-file.md). Read only as far as the section needs.







const diskReader = {
    size: (path) => {
        try {
            const stat = (0,external_node_fs_.statSync)(path);
            return stat.isFile() ? stat.size : undefined;
        }
        catch {
            return undefined;
        }
    },
    chunks: fileChunks,
};
function pathInRepository(path, workspace) {
    const inside = (0,external_node_path_.relative)(workspace, path);
    if (inside === '' || inside.startsWith('..') || (0,external_node_path_.isAbsolute)(inside))
        return undefined;
    return inside.split(external_node_path_.sep).join('/');
}
const plural = (count, one) => `${count} ${one}${count === 1 ? '' : 's'}`;
/** `links`: undefined when the run does not know the repository's web address; `noLinks` says why. */
function sectionFromFile(file, workspace, version, prefix, { links, noLinks = "the repository's web address is not known", reader = diskReader, words, }) {
    const path = (0,external_node_path_.isAbsolute)(file) ? file : (0,external_node_path_.resolve)(workspace, file);
    const size = reader.size(path);
    if (size === undefined) {
        throw new errors/* InputError */.dz(words, 'changelog-file', `The changelog file ${path} (${words.name('changelog-file')}) does not exist or is not a file. Check the path (a relative one is read from ${workspace}) and that the repository is checked out.`);
    }
    if (size > 10 * 1024 * 1024) {
        throw new errors/* InputError */.dz(words, 'changelog-file', `The changelog file ${file} is ${size} bytes, more than the 10 MiB a changelog file may have.`);
    }
    const wanted = wantedVersions(version, prefix);
    const lines = linesOf(reader.chunks(path))[Symbol.iterator]();
    // The file stays open after the section is found, for definitions read on, until it is complete.
    try {
        const found = findSection(lines, wanted);
        if (found.kind === 'missing') {
            const versions = [...new Set(found.versions)];
            const more = versions.length > 5 ? ` and ${versions.length - 5} more` : '';
            const has = versions.length === 0
                ? 'It has no release headings.'
                : `The versions it has: ${versions.slice(0, 5).join(', ')}${more}.`;
            throw new errors/* ResolveError */.JT(`No section for ${version} in ${file}`, `${file} has no section for version ${version}: no release heading names ${wanted.flatMap((name) => [name, `v${name}`]).join(' or ')}. ${has} Add a heading such as \`## [${withoutV(version)}] - date\` with the notes under it, or set ${words.name('changelog')} instead.`);
        }
        if (found.text === '') {
            throw new errors/* ResolveError */.JT(`Empty section for ${version} in ${file}`, `The section for version ${version} in ${file} is empty. Write the notes under its heading.`);
        }
        if (!mayNeedLinks(found.text))
            return { name: found.name, text: found.text, notes: [] };
        // The CI's checkout is the repository's root; a run from elsewhere (a symlink) falls back.
        const repositoryPath = (links?.checkout && pathInRepository(path, links.checkout)) ||
            pathInRepository(path, workspace);
        const base = links && repositoryPath !== undefined ? { ...links, path: repositoryPath } : undefined;
        const section = standAlone(found.text, found.references, found.definitions, base);
        const notes = [];
        const appended = plural(section.appended, 'link reference definition');
        if (section.appended > 0) {
            notes.push(`${appended} from elsewhere in ${file} appended to the section.`);
        }
        const count = plural(section.relative, 'relative link');
        const outside = `${path} is outside the workspace, so its place in the repository is not known`;
        if (section.relative > 0 && base !== undefined) {
            notes.push(`${count} made absolute at ${base.home} (${base.ref}).`);
        }
        else if (section.relative > 0) {
            notes.push(`${count} left as written: ${repositoryPath === undefined ? outside : noLinks}.`);
        }
        return { name: found.name, text: section.text, notes };
    }
    finally {
        lines.return(undefined);
    }
}
// A reference (`[x]`, `[x][y]`, `[x]: \u2026`) or a relative inline destination (`](docs/\u2026`): only
// then is there something to add or resolve. Conventional-changelog links are absolute.
function mayNeedLinks(text) {
    return /\](?!\()/.test(text) || /\]\(\s*<?(?![a-z][a-z\d+.-]*:|\/\/)/i.test(text);
}


/***/ })

};
