export const id = 225;
export const ids = [225];
export const modules = {

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


/***/ }),

/***/ 4225:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sectionFromFile: () => (/* binding */ sectionFromFile)
});

// UNUSED EXPORTS: MAX_CHANGELOG_FILE_BYTES, diskReader, mayNeedLinks, pathInRepository

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
;// CONCATENATED MODULE: ./src/core/changelog/lines.ts
// The changelog file as lines, read a chunk at a time so that a section near the top of a large file
// costs no more than a small file: UTF-8, a byte order mark dropped, CRLF and a lone CR read as LF.

/** The bytes of a file, a chunk at a time; the file stays open only while it is read. */
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
/** The lines of UTF-8 chunks, without their line endings; no empty last line after a final newline. */
function* linesOf(chunks) {
    const decoder = new TextDecoder();
    let pending = '';
    const take = function* (text) {
        // A CR at the end may be the first half of a CRLF split across two chunks: held for later.
        const held = text.endsWith('\r') ? 1 : 0;
        const lf = (pending + text.slice(0, text.length - held)).replace(/\r\n?/g, '\n');
        let start = 0;
        for (let end = lf.indexOf('\n'); end !== -1; end = lf.indexOf('\n', start)) {
            yield lf.slice(start, end);
            start = end + 1;
        }
        pending = lf.slice(start) + (held ? '\r' : '');
    };
    for (const chunk of chunks)
        yield* take(decoder.decode(chunk, { stream: true }));
    const rest = decoder.decode();
    if (pending !== '' || rest !== '')
        yield* take(`${rest}\n`);
}

// EXTERNAL MODULE: ./src/core/changelog/markdown.ts
var markdown = __webpack_require__(2165);
;// CONCATENATED MODULE: ./src/core/changelog/blocks.ts
// The top-level blocks of a changelog, line by line, as micromark reads them. The lines are parsed
// in windows, so that the cost of a read grows with how far it goes, not with the file's size. A
// window starts at a line where only the document is open; once a later top-level block has begun,
// the blocks before it are final, and the next window starts at the last block's first line, which
// is read again with what follows. A window that holds one block only grows until it holds two.

/** Between top-level blocks: line endings, blank lines and their spaces, which belong to none. */
const BETWEEN = new Set(['lineEnding', 'lineEndingBlank', 'linePrefix', 'listItemIndent']);
/** micromark's codes for CR, LF and CRLF are those below -2 (its tab and virtual space). */
const isLineEnding = (code) => (code ?? 0) < -2;
/**
 * A paragraph whose text is not read (reading it is most of what a window costs on a changelog of
 * lists): the content micromark hands over whole once it has ended it, a `data` token per line
 * holding its line ending, as `postprocess` matches micromark's own chunks of text. A definition
 * at `[` is tried first: micromark tries the constructs for a character before these.
 */
const wholeParagraph = {
    tokenize(effects, ok) {
        const line = (code) => {
            if (code === null) {
                effects.exit('data');
                effects.exit('paragraph');
                return ok(code);
            }
            effects.consume(code);
            if (isLineEnding(code)) {
                effects.exit('data');
                effects.enter('data');
            }
            return line;
        };
        // Content is never empty: there is always a character to take, so `nok` is not needed.
        return (code) => {
            effects.enter('paragraph');
            effects.enter('data');
            return line(code);
        };
    },
};
// The window reads blocks only: inline content is read where it matters (a heading that may name
// the version, the section), so the constructs of text are off here and a paragraph is one token.
// Block structure does not depend on them, and definitions read their escapes themselves.
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
    contentInitial: { null: [wholeParagraph] },
};
/**
 * Characters the first window reads at least: small, so that a section near the top costs little
 * (the parser's code is still cold then). Each next window reads twice as many, up to `MAX_WINDOW`.
 */
const WINDOW = 2 * 1024;
const MAX_WINDOW = 4 * 1024;
/** The top-level blocks of `lines`, the first of which is line `from`, with their definitions. */
function topBlocks(lines, from) {
    const text = lines.join('\n');
    const found = [];
    const slice = (token) => text.slice(token.start.offset, token.end.offset);
    let depth = 0;
    let top;
    let level;
    let paragraph;
    let definitions = [];
    let definition;
    for (const [kind, token] of (0,markdown/* markdownEvents */.nB)(text, [], [BLOCKS_ONLY])) {
        if (kind === 'exit') {
            depth -= 1;
            const label = definition?.definitionLabelString;
            if (token.type === 'definition' && label !== undefined) {
                const reference = {
                    destination: (0,markdown/* decodeString */.sc)(definition?.definitionDestinationString ?? ''),
                    title: (0,markdown/* decodeString */.sc)(definition?.definitionTitleString ?? ''),
                };
                definitions.push({ label: (0,markdown/* normaliseLabel */.rR)(label), reference });
                definition = undefined;
            }
            if (depth > 0 || top === undefined)
                continue;
            const { line } = top.start;
            found.push({
                type: top.type,
                start: from + line - 1,
                first: from + (paragraph ?? line) - 1,
                last: from + top.end.line - 1,
                ...(level === undefined
                    ? {}
                    : { level, source: lines.slice(line - 1, top.end.line).join('\n') }),
                definitions,
                definitionsOnly: top.type === 'content' && paragraph === undefined,
            });
            top = undefined;
            continue;
        }
        depth += 1;
        if (depth === 1) {
            if (BETWEEN.has(token.type))
                continue;
            top = token;
            level = undefined;
            paragraph = undefined;
            definitions = [];
        }
        if (top === undefined)
            continue;
        if (depth === 2 && token.type === 'atxHeadingSequence')
            level ??= slice(token).length;
        else if (depth === 2 && token.type === 'setextHeadingLine') {
            level = slice(token).startsWith('=') ? 1 : 2;
        }
        else if (depth === 2 && token.type === 'paragraph')
            paragraph = token.start.line;
        else if (token.type === 'definition')
            definition = {};
        else if (definition !== undefined)
            definition[token.type] = slice(token);
    }
    return found;
}

;// CONCATENATED MODULE: ./src/core/changelog/heading-text.ts
// A heading's text as plain text: link and image text kept; destinations, emphasis and code
// markers, HTML tags dropped; entities decoded; breaks read as spaces (docs/changelog-file.md).

const KEPT = new Set([
    'data',
    'characterEscapeValue',
    'codeTextData',
    'autolinkProtocol',
    'autolinkEmail',
]);
const DROPPED = new Set(['htmlText', 'resource', 'reference']);
const BREAKS = new Set(['lineEnding', 'hardBreakEscape', 'hardBreakTrailing']);
function textOf(node) {
    if (KEPT.has(node.type))
        return node.slice();
    if (BREAKS.has(node.type))
        return ' ';
    if (DROPPED.has(node.type))
        return '';
    if (node.type === 'characterReference')
        return (0,markdown/* decodeReference */.i6)(node.slice().slice(1, -1)) ?? '';
    return node.children.map(textOf).join('');
}
/** The text of each heading in `source`, with its first line. */
function headings(source, labels) {
    const found = [];
    const visit = (nodes) => {
        for (const node of nodes) {
            if (node.type !== 'atxHeadingText' && node.type !== 'setextHeadingText')
                visit(node.children);
            else
                found.push({ line: node.token.start.line, text: textOf(node).replace(/\s+/g, ' ').trim() });
        }
    };
    visit((0,markdown/* markdownTree */.a2)((0,markdown/* markdownEvents */.nB)(source, labels)));
    return found;
}
/**
 * The text of the heading written in `source` (its lines in the file), every bracketed label read
 * as defined: `## [1.2.3]` reads `1.2.3` whatever the file defines.
 */
function headingText(source) {
    return headings(source, (0,markdown/* bracketLabels */.YP)(source))[0]?.text ?? '';
}
/** Headings parsed at once: the parser's set-up, most of a short heading's cost, paid once. */
const BATCH = 64;
/**
 * `headingText` of each of `sources`, several parsed as one text with blank lines between them: a
 * blank line closes every block, so each reads as it does alone; each bracketed label of the batch
 * is read as defined, as alone it would be (only a heading's own labels can make it a link).
 */
function headingTexts(sources) {
    const texts = [];
    for (let at = 0; at < sources.length; at += BATCH) {
        const batch = sources.slice(at, at + BATCH);
        const text = batch.join('\n\n');
        // The line where the source after each starts: a heading belongs to the first that starts later.
        let line = 1;
        const starts = batch.map((source) => (line += source.split('\n').length + 1));
        const found = batch.map(() => '');
        for (const heading of headings(text, batch.flatMap(markdown/* bracketLabels */.YP))) {
            found[starts.findIndex((next) => next > heading.line)] = heading.text;
        }
        texts.push(...found);
    }
    return texts;
}

;// CONCATENATED MODULE: ./src/core/changelog/version-token.ts
// Version tokens in a heading's text: `v1.2.3`, `1.2.3-rc.1+build.5`, `0.13.0.dev2`.
// A token is the longest such run and is compared whole, so `1.2.3` is not in `1.2.30` or `1.2.3.1`.
/**
 * Not after a letter, digit, `.`, `-` or `_`; `v`, digits, `.` and a digit, then letters and
 * digits, then parts after `.`, `+` or `-` (further `.digits` among them).
 * Letters right after the digits belong to it (PEP 440's `1.0.0rc4`, `1.0b2`): it is not `1.0.0`.
 * ASCII letters and digits, as versions write them (a Unicode class costs about a millisecond to compile at every start).
 */
const TOKEN = /(?<![A-Za-z0-9._-])[vV]?\d+\.\d[A-Za-z0-9]*(?:[.+-][A-Za-z0-9]+)*/g;
function versionTokens(text) {
    return [...text.matchAll(TOKEN)].map((match) => match[0]);
}
function withoutV(token) {
    return /^[vV]\d/.test(token) ? token.slice(1) : token;
}
/** A heading's text `Unreleased`, in any case, marks the release not yet made. */
function isUnreleased(text) {
    return text.trim().toLowerCase() === 'unreleased';
}
/**
 * The version a heading names: its first version token; `Unreleased` for that heading; undefined
 * when it is not a release heading.
 */
function releaseOf(text) {
    const [first] = versionTokens(text);
    if (first !== undefined)
        return { version: first };
    return isUnreleased(text) ? { version: text.trim() } : undefined;
}
/**
 * What the version to send may be written as in a heading, `v` dropped: the version, and the
 * version without the tag prefix (`@scope/pkg@1.2.3` with prefix `@scope/pkg@` is `1.2.3`).
 */
function wantedVersions(version, prefix) {
    const names = new Set([withoutV(version)]);
    // An empty prefix gives the version again, which the set keeps once.
    if (version.startsWith(prefix) && version.length > prefix.length) {
        names.add(withoutV(version.slice(prefix.length)));
    }
    return [...names];
}
/** A date, then a separator, that may open a release heading: `2024-08-09 - Version 2.0.0`. */
const LEADING_DATE = /^\d{4}-\d{2}-\d{2}\s*[-\u2013\u2014:/|]?\s*/;
const SHAPED = /^(?:\S*@)?(?:(?:version|release)\s+)?[vV]?\d+\.\d/i;
/**
 * The text reads as a release's title: it opens with the version (after a date, `Version`,
 * `Release` or a package's `name@`). A heading deeper than the section's that only mentions a
 * version (`#### Support TypeScript 5.2`) is part of the notes, not the next release.
 */
function isReleaseShaped(text) {
    return isUnreleased(text) || SHAPED.test(text.trim().replace(LEADING_DATE, ''));
}

;// CONCATENATED MODULE: ./src/core/changelog/section.ts
// The section for one version in a changelog: the top-level blocks under its release heading, up
// to the next release heading at any level or a heading of a higher level, with what stands at its
// end but belongs to the next entry or to the file left out (docs/changelog-file.md).



// Only a heading that holds a digit, an entity or the word can be a release heading: the rest
// (`### Bug Fixes`) need no inline parsing.
const MAYBE_RELEASE = /\d|&|unreleased/i;
/** Entities, escapes and inline markup can split the text a plain substring search looks for. */
const ENCODED = /[&\\*_`<]/;
/** HTML comments and `<a name>`/`<a id>` anchors with nothing else: they belong to the next entry. */
const ONLY_COMMENTS_AND_ANCHORS = /^(?:\s|<!--[\s\S]*?-->|<a\s+(?:name|id)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)\s*\/?>(?:\s*<\/a>)?)*$/i;
function isTrailingMatter(type, source) {
    if (type === 'thematicBreak')
        return true;
    if (type !== 'htmlFlow' && type !== 'content')
        return false;
    return ONLY_COMMENTS_AND_ANCHORS.test(source);
}
/**
 * The next release heading at any level ends a section (a `###` patch under a `##` minor), or a
 * heading of a higher level; a deeper heading only when it reads as a release's title.
 */
function ends(heading, level) {
    if (heading.level < level)
        return true;
    if (heading.version === undefined)
        return false;
    return heading.level === level || isReleaseShaped(heading.text);
}
/**
 * Reads `lines` until the section for one of `wanted` (versions without their `v`) is complete;
 * the iterator keeps the rest, where `definitions` reads on for labels the section uses but
 * nothing before its end defines. `wanted` empty: every release heading is parsed as it comes;
 * else, until the section is found, only headings that hold one of `wanted`. `window`: the
 * characters the parser reads at least at once.
 */
function findSection(lines, wanted, window) {
    /** Lines kept from line `keptFrom` (1-based): from the open block while seeking, the section's on after. */
    const kept = [];
    let keptFrom = 1;
    let target;
    /** The window: from the first line not yet in a final block, its characters, the least it reads. */
    let open = 1;
    let chars = 0;
    let size = window ?? WINDOW;
    let limit = size;
    /** The link reference definitions of the final blocks, by normalised label; the first wins. */
    const references = new Map();
    /** The last line of the last block of the section that is not trailing matter. */
    let contentEnd = 0;
    let done = false;
    /** While seeking, the release headings' versions; a heading left unparsed as written. */
    const versions = [];
    const heading = (level, raw) => {
        // Seeking, a heading that cannot name the version is not a section's start: no need to parse it.
        const seeking = target === undefined && wanted.length > 0;
        // Stryker disable next-line ConditionalExpression: a shortcut only; parsing a heading without a digit finds no version
        if (MAYBE_RELEASE.test(raw)) {
            if (!seeking || ENCODED.test(raw) || wanted.some((name) => raw.includes(name))) {
                const text = headingText(raw);
                return { level, text, version: releaseOf(text)?.version };
            }
            // Parsed only if the section is missing, for the versions the error message lists.
            versions.push({ unread: raw });
        }
        return { level, text: raw };
    };
    /** Feeds one line (none: the document ends); returns the blocks that became final, in order. */
    const read = (line) => {
        // Stryker disable next-line ConditionalExpression,ArithmeticOperator: dropping lines saves memory only
        if (target === undefined || done)
            keptFrom += kept.splice(0, open - keptFrom).length;
        if (line !== undefined) {
            kept.push(line);
            chars += line.length + 1;
            if (chars < limit)
                return [];
        }
        const found = topBlocks(kept.slice(open - keptFrom), open);
        // The last block may go on in the lines to come: read again with them.
        const last = line === undefined ? undefined : found.pop();
        if (line !== undefined && found.length === 0) {
            limit *= 2;
            return [];
        }
        for (const { label, reference } of found.flatMap((block) => block.definitions)) {
            if (!references.has(label))
                references.set(label, reference);
        }
        open = last?.start ?? keptFrom + kept.length;
        chars = kept.slice(open - keptFrom).reduce((sum, text) => sum + text.length + 1, 0);
        size = Math.min(2 * size, Math.max(MAX_WINDOW, size));
        limit = chars + size;
        return found.filter((block) => !block.definitionsOnly);
    };
    const visit = (closed) => {
        for (const block of closed) {
            if (done)
                return;
            const found = block.level === undefined ? undefined : heading(block.level, block.source ?? '');
            if (target === undefined) {
                if (found?.version === undefined)
                    continue;
                if (wanted.includes(withoutV(found.version))) {
                    target = { name: found.version, level: found.level, after: block.last + 1 };
                    contentEnd = block.last;
                }
                else
                    versions.push(found.version);
                continue;
            }
            if (found !== undefined && ends(found, target.level)) {
                done = true;
                return;
            }
            const source = kept.slice(block.first - keptFrom, block.last - keptFrom + 1);
            if (!isTrailingMatter(block.type, source.join('\n')))
                contentEnd = block.last;
        }
    };
    for (let line = lines.next(); !line.done; line = lines.next()) {
        visit(read(line.value));
        if (done)
            break;
    }
    if (!done)
        visit(read());
    const definitions = (labels) => {
        const all = () => [...labels].every((label) => references.has(label));
        let line = lines.next();
        for (; !all() && !line.done; line = lines.next())
            read(line.value);
        // At the end of the file the open block is final (ending twice reads nothing more).
        if (line.done)
            read();
        return new Map([...references].filter(([label]) => labels.has(label)));
    };
    if (target === undefined) {
        // The versions of the release headings read, the unparsed ones parsed now; Unreleased left out.
        const unread = versions.flatMap((entry) => (typeof entry === 'string' ? [] : [entry.unread]));
        const texts = headingTexts(unread).values();
        const named = versions.flatMap((entry) => {
            const version = typeof entry === 'string' ? entry : releaseOf(texts.next().value ?? '')?.version;
            return version === undefined || isUnreleased(version) ? [] : [version];
        });
        return { kind: 'missing', versions: named, definitions };
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


const span = (node) => ({
    start: node.token.start.offset,
    end: node.token.end.offset,
});
/**
 * The links and images of `text`, and the definitions it holds. micromark makes `[text]` a link
 * only when its label is defined; `defined` says which of the labels the section writes count.
 */
function scan(text, defined) {
    const uses = [];
    const destinations = [];
    const held = [];
    const visit = (nodes) => {
        for (const node of nodes) {
            visit(node.children);
            const image = node.type === 'image';
            if (node.type === 'definition') {
                const label = (0,markdown/* find */.I6)(node, 'definitionLabelString');
                const destination = (0,markdown/* find */.I6)(node, 'definitionDestinationString');
                if (label && destination) {
                    held.push({ id: (0,markdown/* normaliseLabel */.rR)(label.slice()), destination: span(destination) });
                }
            }
            else if (node.type === 'link' || image) {
                const resource = node.children.find((each) => each.type === 'resource');
                const destination = (0,markdown/* find */.I6)(resource, 'resourceDestinationString');
                const reference = node.children.find((each) => each.type === 'reference');
                const written = ((0,markdown/* find */.I6)(reference, 'referenceString') ?? (0,markdown/* find */.I6)(node, 'labelText'))?.slice();
                if (destination)
                    destinations.push({ image, destination: span(destination) });
                else
                    uses.push({ image, id: (0,markdown/* normaliseLabel */.rR)(written ?? ''), written: written ?? '' });
            }
        }
    };
    visit((0,markdown/* markdownTree */.a2)((0,markdown/* markdownEvents */.nB)(text, new Set((0,markdown/* bracketLabels */.YP)(text).filter(defined)))));
    return { uses, destinations, held };
}
function definitionLine(label, reference, destination) {
    const target = destination === '' || /[\s<>]/.test(destination) ? `<${destination}>` : destination;
    const title = reference.title === '' ? '' : ` "${reference.title.replace(/["\\]/g, '\\$&')}"`;
    return `[${label}]: ${target}${title}`;
}
/**
 * `text` with the definitions it uses appended and, given a base, its relative links made
 * absolute; how many definitions were appended and how many relative links it has.
 */
function standAlone(text, definitions, base) {
    let later = new Map();
    const outside = (id) => definitions.known(id) ?? later.get(id);
    // First read: a label defined nowhere before the section may be defined after it.
    const unknown = new Set();
    let found = scan(text, (id) => {
        if (outside(id) === undefined)
            unknown.add(id);
        return true;
    });
    // Every label the section writes was asked about, its own definitions' too: those need no reading on.
    const heldIds = new Set(found.held.map((definition) => definition.id));
    const wanted = new Set(found.uses.map((use) => use.id).filter((id) => unknown.has(id) && !heldIds.has(id)));
    // Only when such a label is used is the rest of the file read, and the section read again with
    // what it defines: the first reading took every label as defined.
    if (wanted.size > 0) {
        later = definitions.later(wanted);
        found = scan(text, (id) => outside(id) !== undefined);
    }
    const imageIds = new Set(found.uses.filter((use) => use.image).map((use) => use.id));
    let relative = 0;
    const rewrite = (written, image) => {
        // Backslash escapes undone; entities make the destination unsure, so it is left as written.
        if (written.includes('&'))
            return undefined;
        const destination = written.replace(/\\([!-/:-@[-`{-~])/g, '$1');
        if (!(0,link_base/* isRelative */.n3)(destination))
            return undefined;
        relative++;
        // Parentheses escaped, so that an unbalanced one cannot end the destination.
        return base === undefined
            ? undefined
            : (0,link_base/* resolveLink */.nm)(destination, base, image).replace(/[()]/g, '\\$&');
    };
    const destinations = [
        ...found.destinations,
        ...found.held.map(({ destination, id }) => ({ destination, image: imageIds.has(id) })),
    ];
    let result = text;
    // From the last, so that the ranges before it stay where they are.
    for (const { destination, image } of destinations.sort((a, b) => b.destination.start - a.destination.start)) {
        const { start, end } = destination;
        const absolute = rewrite(text.slice(start, end), image);
        if (absolute !== undefined)
            result = result.slice(0, start) + absolute + result.slice(end);
    }
    const appended = [];
    const seen = new Set(found.held.map((definition) => definition.id));
    for (const use of found.uses) {
        const reference = seen.has(use.id) ? undefined : outside(use.id);
        if (reference === undefined)
            continue;
        seen.add(use.id);
        const destination = rewrite(reference.destination, imageIds.has(use.id)) ?? reference.destination;
        appended.push(definitionLine(use.written, reference, destination));
    }
    if (appended.length > 0)
        result = `${result}\n\n${appended.join('\n')}`;
    return { text: result, appended: appended.length, relative };
}

;// CONCATENATED MODULE: ./src/core/changelog/read.ts
// `changelog-file`: the section of a CHANGELOG.md for the version to send, as a maintainer would
// cut it, standing alone (docs/changelog-file.md). Read as CommonMark a chunk at a time, and only
// as far as the section needs; its links are read only for a section whose links need work.








const MAX_CHANGELOG_FILE_BYTES = 10 * 1024 * 1024;
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
/** The file's path from the repository root (the workspace), or undefined when it is outside. */
function pathInRepository(path, workspace) {
    const inside = (0,external_node_path_.relative)(workspace, path);
    if (inside === '' || inside.startsWith('..') || (0,external_node_path_.isAbsolute)(inside))
        return undefined;
    return inside.split(external_node_path_.sep).join('/');
}
const MAX_LISTED_VERSIONS = 5;
function listVersions(versions) {
    const unique = [...new Set(versions)];
    if (unique.length === 0)
        return 'It has no release headings.';
    const shown = unique.slice(0, MAX_LISTED_VERSIONS).join(', ');
    const more = unique.length - MAX_LISTED_VERSIONS;
    return `The versions it has: ${shown}${more > 0 ? ` and ${more} more` : ''}.`;
}
function plural(count, one) {
    return `${count} ${one}${count === 1 ? '' : 's'}`;
}
function sectionFromFile(file, workspace, version, prefix, { links, noLinks, reader = diskReader, words }) {
    const path = (0,external_node_path_.isAbsolute)(file) ? file : (0,external_node_path_.resolve)(workspace, file);
    const size = reader.size(path);
    if (size === undefined) {
        throw new errors/* InputError */.dz(words, 'changelog-file', `The changelog file ${path} (${words.name('changelog-file')}) does not exist or is not a file. Check ` +
            `the path (a relative one is read from ${workspace}) and that the repository is checked out.`);
    }
    if (size > MAX_CHANGELOG_FILE_BYTES) {
        throw new errors/* InputError */.dz(words, 'changelog-file', `The changelog file ${file} is ${size} bytes, more than the 10 MiB a changelog file may have.`);
    }
    const wanted = wantedVersions(version, prefix);
    const lines = linesOf(reader.chunks(path))[Symbol.iterator]();
    // The file stays open after the section is found, for definitions read on, until it is complete.
    try {
        const found = findSection(lines, wanted);
        if (found.kind === 'missing') {
            throw new errors/* ChangelogFileError */.hz(`No section for ${version} in ${file}`, `${file} has no section for version ${version}: no release heading names ` +
                `${wanted.flatMap((name) => [name, `v${name}`]).join(' or ')}. ${listVersions(found.versions)} ` +
                `Add a heading such as \`## [${withoutV(version)}] - date\` with the notes under it, or set ${words.name('changelog')} instead.`);
        }
        if (found.text === '') {
            throw new errors/* ChangelogFileError */.hz(`Empty section for ${version} in ${file}`, `The section for version ${version} in ${file} is empty. Write the notes under its heading.`);
        }
        // Only a section with references or relative links is read for its links.
        if (!mayNeedLinks(found.text))
            return { name: found.name, text: found.text, notes: [] };
        // The CI's checkout is the repository's root; a run from elsewhere (a symlink) falls back.
        const repositoryPath = links?.path ||
            (links?.checkout && pathInRepository(path, links.checkout)) ||
            pathInRepository(path, workspace);
        const base = links && repositoryPath !== undefined ? { ...links, path: repositoryPath } : undefined;
        const section = standAlone(found.text, { known: (label) => found.references.get((0,markdown/* normaliseLabel */.rR)(label)), later: found.definitions }, base);
        const notes = [];
        if (section.appended > 0) {
            notes.push(`${plural(section.appended, 'link reference definition')} from elsewhere in ${file} appended to the section.`);
        }
        if (section.relative > 0) {
            const count = plural(section.relative, 'relative link');
            const noBase = repositoryPath === undefined
                ? `${path} is outside the workspace, so its place in the repository is not known`
                : (noLinks ?? "the repository's web address is not known");
            notes.push(base === undefined
                ? `${count} left as written: ${noBase}.`
                : `${count} made absolute at ${base.home} (${base.ref}).`);
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
