export const id = 882;
export const ids = [882];
export const modules = {

/***/ 8882:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  readSection: () => (/* binding */ readSection)
});

// UNUSED EXPORTS: ChangelogFileError, MAX_CHANGELOG_FILE_BYTES, completeSection, cutSection, diskReader, findSection, mayNeedLinks, pathInRepository

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/core/changelog-lines.ts
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
    // Stryker disable next-line ObjectLiteral: false is the default; written out because the BOM is meant to go.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
    let pending = '';
    const take = function* (text, final) {
        // A CR at the very end may be the first half of a CRLF split across two chunks: kept for later.
        const held = !final && text.endsWith('\r') ? 1 : 0;
        let lf = pending + text.slice(0, text.length - held);
        // Stryker disable next-line ConditionalExpression,StringLiteral: the test only spares a replace that would change nothing.
        if (lf.includes('\r'))
            lf = lf.replace(/\r\n?/g, '\n');
        let start = 0;
        for (let end = lf.indexOf('\n'); end !== -1; end = lf.indexOf('\n', start)) {
            yield lf.slice(start, end);
            start = end + 1;
        }
        pending = lf.slice(start) + (held ? '\r' : '');
    };
    for (const chunk of chunks)
        yield* take(decoder.decode(chunk, { stream: true }), false);
    // Stryker disable next-line BooleanLiteral: the decoder's flush is empty or a replacement character, never a CR to hold.
    yield* take(decoder.decode(), true);
    if (pending !== '')
        yield pending;
}
/** A whole text as LF lines, as `linesOf` reads a file: for tests and small inputs. */
function normalise(bytes) {
    return [...linesOf([bytes])].join('\n');
}

// EXTERNAL MODULE: ./node_modules/commonmark/lib/index.js + 8 modules
var lib = __webpack_require__(962);
;// CONCATENATED MODULE: ./src/core/changelog-blocks.ts
// The top-level blocks of a CommonMark document, line by line, as commonmark.js parses them.
// commonmark.js builds the block structure a line at a time (inline content comes after, and only
// where asked): feeding it lines and letting go of each block once it is closed keeps the cost of a
// read proportional to how far it goes, and its memory to the block at hand. This drives the
// parser's own line step (`incorporateLine`, `finalize`), which its `parse()` runs over all lines.

const isOpen = (node) => node._open;
/** A paragraph's raw text, which commonmark.js keeps until its inlines are parsed. */
const content = (node) => node;
class BlockStream {
    #parser;
    constructor() {
        const parser = new lib/* Parser */.iX();
        // Stryker disable ArrayDeclaration: the document's own position is never read; finalize sets its end.
        const doc = new lib/* Node */.bP('document', [
            [1, 1],
            [0, 0],
        ]);
        // Stryker restore ArrayDeclaration
        Object.assign(parser, {
            doc,
            tip: doc,
            oldtip: doc,
            refmap: {},
            lineNumber: 0,
            lastLineLength: 0,
            offset: 0,
            column: 0,
            lastMatchedContainer: doc,
            // Stryker disable next-line StringLiteral: each line fed replaces it before it is read.
            currentLine: '',
        });
        this.#parser = parser;
    }
    /** The link reference definitions of the blocks closed so far, by normalised label. */
    get references() {
        return this.#parser.refmap;
    }
    /** How many lines were fed. */
    get lines() {
        return this.#parser.lineNumber;
    }
    /** The first line of the block still open at the top level, if any. */
    get openFrom() {
        const last = this.#parser.doc.lastChild;
        return last !== null && isOpen(last) ? last.sourcepos[0][0] : undefined;
    }
    /** Feeds one line (without its ending); returns the top-level blocks it closed, in order. */
    push(line) {
        this.#parser.incorporateLine(line);
        return this.#take(true);
    }
    /** Ends the document; returns the blocks still open, now closed. */
    end() {
        const parser = this.#parser;
        while (parser.tip !== null)
            parser.finalize(parser.tip, parser.lineNumber);
        // Stryker disable next-line BooleanLiteral: once every block is finalized none is open to keep.
        return this.#take(false);
    }
    /** Parses a heading's (or paragraph's) inline content, with the given reference map. */
    parseInlines(node, refmap) {
        const inline = this.#parser.inlineParser;
        inline.refmap = refmap;
        inline.options = {};
        inline.parse(node);
    }
    /**
     * Moves the link reference definitions that open the block's paragraphs into the reference map,
     * as commonmark.js does for the whole document when it ends; false when the block held nothing else.
     */
    #takeDefinitions(block) {
        const parser = this.#parser;
        const emptied = [];
        const walker = block.walker();
        for (let event = walker.next(); event !== null; event = walker.next()) {
            const { node } = event;
            // Stryker disable next-line BooleanLiteral: on leaving a paragraph instead of entering it, the same text is taken.
            if (!event.entering || node.type !== 'paragraph')
                continue;
            const paragraph = content(node);
            let text = paragraph._string_content ?? '';
            // Stryker disable next-line BooleanLiteral: a paragraph is never blank, so it matters only once text was taken.
            let taken = false;
            for (;;) {
                // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; parseReference finds nothing there either.
                if (!text.startsWith('['))
                    break;
                const end = parser.inlineParser.parseReference(text, parser.refmap);
                if (end === 0)
                    break;
                node.sourcepos[0][0] += text.slice(0, end).split('\n').length - 1;
                text = text.slice(end);
                taken = true;
            }
            paragraph._string_content = text;
            if (taken && text.trim() === '')
                emptied.push(node);
        }
        for (const node of emptied) {
            if (node === block)
                return false;
            node.unlink();
        }
        return true;
    }
    #take(keepOpen) {
        const closed = [];
        for (let child = this.#parser.doc.firstChild; child !== null;) {
            if (keepOpen && isOpen(child))
                break;
            const next = child.next;
            child.unlink();
            if (this.#takeDefinitions(child)) {
                closed.push({ node: child, first: child.sourcepos[0][0], last: child.sourcepos[1][0] });
            }
            child = next;
        }
        return closed;
    }
}

;// CONCATENATED MODULE: ./src/core/heading-text.ts
/** Every label reads as defined, so `[1.2.3]` and `[text][ref]` give their text whatever the file defines. */
const EVERY_LABEL_DEFINED = new Proxy({}, {
    get: (_target, key) => (typeof key === 'string' ? { destination: '', title: '' } : undefined),
});
/** The plain text of an inline tree: text and code kept, HTML dropped, line breaks as spaces. */
function plainText(node) {
    let text = '';
    const walker = node.walker();
    // Text, code and breaks are leaves, which a walk enters once and never leaves.
    for (let event = walker.next(); event !== null; event = walker.next()) {
        const { type, literal } = event.node;
        if (type === 'text' || type === 'code') {
            // Stryker disable next-line StringLiteral: unreachable, text and code nodes have a literal.
            text += literal ?? '';
        }
        else if (type === 'softbreak' || type === 'linebreak')
            text += ' ';
    }
    return text.replace(/\s+/g, ' ').trim();
}

;// CONCATENATED MODULE: ./src/core/version-token.ts
// Version tokens in a heading's text (SPEC 7.2): `v1.2.3`, `1.2.3-rc.1+build.5`, `0.13.0.dev2`.
// A token is the longest such run and is compared whole, so `1.2.3` is not in `1.2.30` or `1.2.3.1`.
/**
 * Not after a letter, digit, `.`, `-` or `_`; `v`, digits, `.` and a digit, then letters and
 * digits, then parts after `.`, `+` or `-` (further `.digits` among them).
 * Letters right after the digits belong to it (PEP 440's `1.0.0rc4`, `1.0b2`): it is not `1.0.0`.
 * ASCII letters and digits, as versions write them (a Unicode class costs about a millisecond to compile at every start).
 */
const TOKEN = /(?<![A-Za-z0-9._-])[vV]?\d+\.\d[A-Za-z0-9]*(?:[.+-][A-Za-z0-9]+)*/g;
/** Every version token of `text`, in order, as written. */
function versionTokens(text) {
    return [...text.matchAll(TOKEN)].map((match) => match[0]);
}
/** `v1.2.3` and `1.2.3` are the same version. */
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
/** The heading's version is one of `wanted` (each without its `v`). */
function matchesVersion(headingVersion, wanted) {
    return wanted.includes(withoutV(headingVersion));
}
/** A date, then a separator, that may open a release heading: `2024-08-09 - Version 2.0.0`. */
const LEADING_DATE = /^\d{4}-\d{2}-\d{2}\s*[-–—:/|]?\s*/;
const SHAPED = /^(?:\S*@)?(?:(?:version|release)\s+)?[vV]?\d+\.\d/i;
/**
 * The text reads as a release's title: it opens with the version (after a date, `Version`,
 * `Release` or a package's `name@`). A heading deeper than the section's that only mentions a
 * version (`#### Support TypeScript 5.2`) is part of the notes, not the next release.
 */
function isReleaseShaped(text) {
    return isUnreleased(text) || SHAPED.test(text.trim().replace(LEADING_DATE, ''));
}

;// CONCATENATED MODULE: ./src/core/changelog-section.ts



// Only a heading that holds a digit, an entity or the word can be a release heading: the rest
// (`### Bug Fixes`) need no inline parsing.
// Stryker disable next-line Regex: a shortcut only; a heading of digits alone names no version
const MAYBE_RELEASE = /\d|&|unreleased/i;
/** Entities, escapes and inline markup can split the text a plain substring search looks for. */
const ENCODED = /[&\\*_`<]/;
/** HTML comments and `<a name>`/`<a id>` anchors with nothing else: they belong to the next entry. */
const ONLY_COMMENTS_AND_ANCHORS = /^(?:\s|<!--[\s\S]*?-->|<a\s+(?:name|id)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)\s*\/?>(?:\s*<\/a>)?)*$/i;
function isTrailingMatter(node, source) {
    if (node.type === 'thematic_break')
        return true;
    if (node.type !== 'html_block' && node.type !== 'paragraph')
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
/** Reads lines until the section for one of `wanted` (versions without their `v`) ends. */
class SectionFinder {
    #blocks = new BlockStream();
    #wanted;
    /** Lines kept from line `#keptFrom` (1-based): from the open block while seeking, the section after. */
    #kept = [];
    #keptFrom = 1;
    #target;
    /** The last line of the last block of the section that is not trailing matter. */
    #contentEnd = 0;
    #done = false;
    /** The last line of the heading that ended the section. */
    #endedAt = 0;
    #versions = [];
    /**
     * `wanted` empty: reads the whole file for the versions it has (for the error message); else,
     * until the section is found, only headings that hold one of `wanted` are parsed.
     */
    constructor(wanted) {
        this.#wanted = wanted;
    }
    /** Feeds a line; true once the section is complete (later lines cannot change it). */
    push(line) {
        this.#kept.push(line);
        this.#visit(this.#blocks.push(line));
        // Stryker disable next-line ConditionalExpression,BlockStatement: dropping lines while seeking saves memory only
        if (this.#target === undefined) {
            // Stryker disable next-line ArithmeticOperator: keeping a line more saves less memory; the slices count from #keptFrom
            const from = this.#blocks.openFrom ?? this.#blocks.lines + 1;
            this.#kept.splice(0, from - this.#keptFrom);
            this.#keptFrom = from;
        }
        return this.#done;
    }
    /** The result once the lines are all fed or `push` said the section is complete. */
    finish() {
        if (!this.#done)
            this.#visit(this.#blocks.end());
        const target = this.#target;
        if (target === undefined)
            return { kind: 'missing', versions: this.#versions };
        const lines = this.#contentEnd < target.after
            ? []
            : this.#kept.slice(target.after - this.#keptFrom, this.#contentEnd - this.#keptFrom + 1);
        // Stryker disable next-line StringLiteral: lines[0] is defined while lines is not empty
        while (lines.length > 0 && (lines[0] ?? '').trim() === '')
            lines.shift();
        return {
            kind: 'found',
            name: target.name,
            text: lines.join('\n').trimEnd(),
            references: this.#blocks.references,
        };
    }
    /** The lines read after the heading that ended the section, for a scan of the rest. */
    afterEnd() {
        return this.#done ? this.#kept.slice(this.#endedAt - this.#keptFrom + 1) : [];
    }
    #heading(node) {
        // Stryker disable next-line StringLiteral: a closed heading always has its content
        const raw = node._string_content ?? '';
        // Stryker disable next-line ConditionalExpression: a shortcut only; parsing a heading without a digit finds no version
        if (!MAYBE_RELEASE.test(raw))
            return { level: node.level, text: raw };
        // Seeking, a heading that cannot name the version is not a section's start: no need to parse it.
        const seeking = this.#target === undefined && this.#wanted.length > 0;
        if (seeking && !ENCODED.test(raw) && !this.#wanted.some((name) => raw.includes(name))) {
            // Stryker disable next-line ObjectLiteral: seeking, a heading is read only for its version, which this has not
            return { level: node.level, text: raw };
        }
        this.#blocks.parseInlines(node, EVERY_LABEL_DEFINED);
        const text = plainText(node);
        const release = releaseOf(text);
        return release === undefined
            ? { level: node.level, text }
            : { level: node.level, text, version: release.version };
    }
    #visit(closed) {
        for (const block of closed) {
            if (this.#done)
                return;
            const { node } = block;
            const heading = node.type === 'heading' ? this.#heading(node) : undefined;
            const target = this.#target;
            if (target === undefined) {
                if (heading?.version === undefined)
                    continue;
                if (!isUnreleased(heading.version))
                    this.#versions.push(heading.version);
                if (matchesVersion(heading.version, this.#wanted)) {
                    this.#target = { name: heading.version, level: heading.level, after: block.last + 1 };
                }
                continue;
            }
            if (heading !== undefined && ends(heading, target.level)) {
                this.#done = true;
                this.#endedAt = block.last;
                return;
            }
            const source = this.#kept.slice(block.first - this.#keptFrom, block.last - this.#keptFrom + 1);
            if (!isTrailingMatter(node, source.join('\n')))
                this.#contentEnd = block.last;
        }
    }
}

// EXTERNAL MODULE: ./src/core/inputs.ts
var inputs = __webpack_require__(9114);
// EXTERNAL MODULE: ./src/core/labels.ts
var labels = __webpack_require__(6236);
;// CONCATENATED MODULE: ./src/core/reference-scan.ts

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const DEFINITION = /^ {0,3}\[((?:[^\\[\]]|\\.){1,999})\]:[ \t]*(<(?:[^<>\n\\]|\\.)*>|[^\s<]\S*)(?:[ \t]+("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*$/;
/** Lines after which the next line cannot continue a paragraph. */
const NOT_PARAGRAPH = /^(?: {0,3}(?:#{1,6}(?:[ \t]|$)|(?:[-*_][ \t]*){3,}$|={1,}[ \t]*$)| {4})/;
const undoEscapes = (text) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
function parseDefinitionLine(line) {
    const match = DEFINITION.exec(line);
    if (match === null)
        return undefined;
    // Stryker disable next-line StringLiteral: groups 1 and 2 take part in every match; the defaults only narrow the type
    const [, label = '', written = '', quoted] = match;
    if (label.trim() === '')
        return undefined;
    const destination = undoEscapes(written.startsWith('<') ? written.slice(1, -1) : written);
    const title = quoted === undefined ? '' : undoEscapes(quoted.slice(1, -1));
    return { id: (0,labels/* normaliseLabel */.r)(label), reference: { destination, title } };
}
/** The definitions of `labels` (normalised) in `lines`, read from a top-level start of line. */
function laterDefinitions(lines, labels) {
    const found = new Map();
    let fence;
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
                if (found.size === labels.size)
                    break;
            }
            continue;
        }
        paragraph = !NOT_PARAGRAPH.test(line);
    }
    return found;
}

// EXTERNAL MODULE: ./src/core/resolve-error.ts
var resolve_error = __webpack_require__(6692);
// EXTERNAL MODULE: ./src/core/words.ts
var words = __webpack_require__(7522);
;// CONCATENATED MODULE: ./src/core/changelog-read.ts
// `changelog-file` (SPEC 7.2): the section of a CHANGELOG.md for the version to send, as a
// maintainer would cut it, standing alone. Read as CommonMark a line at a time, and only as far as
// the section needs; the link parser (micromark) loads only for a section whose links need work.










const MAX_CHANGELOG_FILE_BYTES = 10 * 1024 * 1024;
/** A changelog problem found before any request: no section, or an empty one. */
class ChangelogFileError extends resolve_error/* ResolveError */.J {
    name = 'ChangelogFileError';
}
const diskReader = {
    size: (path) => {
        let stat;
        try {
            stat = (0,external_node_fs_.statSync)(path);
        }
        catch {
            return undefined;
        }
        return stat.isFile() ? stat.size : undefined;
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
/** Reads lines until the section is complete; the iterator keeps the rest for a later scan. */
function findSection(lines, wanted) {
    const finder = new SectionFinder(wanted);
    for (let line = lines.next(); !line.done; line = lines.next()) {
        if (finder.push(line.value))
            break;
    }
    const result = finder.finish();
    const overflow = finder.afterEnd();
    const rest = {
        *[Symbol.iterator]() {
            yield* overflow;
            for (let line = lines.next(); !line.done; line = lines.next())
                yield line.value;
        },
    };
    return { ...result, rest };
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
/** Reads `file` (relative to `workspace`) and cuts the section for `version` (SPEC 7.2). */
function cutSection(file, workspace, version, prefix, { links, noLinks, reader = diskReader } = {}) {
    const path = (0,external_node_path_.isAbsolute)(file) ? file : (0,external_node_path_.resolve)(workspace, file);
    const size = reader.size(path);
    if (size === undefined) {
        throw new inputs/* InputError */.dz('changelog-file', `The changelog file ${path} (${(0,words/* setting */.Pe)('changelog-file')}) does not exist or is not a file. Check ` +
            `the path (a relative one is read from ${workspace}) and that the repository is checked out.`);
    }
    if (size > MAX_CHANGELOG_FILE_BYTES) {
        throw new inputs/* InputError */.dz('changelog-file', `The changelog file ${file} is ${size} bytes, more than the 10 MiB a changelog file may have.`);
    }
    const wanted = wantedVersions(version, prefix);
    const lines = linesOf(reader.chunks(path))[Symbol.iterator]();
    const found = findSection(lines, wanted);
    // Stryker disable next-line ConditionalExpression,OptionalChaining: a missing section has read every line (the iterator is done), and a generator always has `return`.
    if (found.kind !== 'found' || found.text === '')
        lines.return?.(undefined);
    if (found.kind === 'missing') {
        // Only now is every heading read for its version: a run that finds its section never pays for it.
        const all = findSection(linesOf(reader.chunks(path))[Symbol.iterator](), []);
        // Stryker disable next-line ConditionalExpression: no version wanted, the scan always ends missing; the test narrows the type.
        const versions = all.kind === 'missing' ? all.versions : [];
        throw new ChangelogFileError(`No section for ${version} in ${file}`, `${file} has no section for version ${version}: no release heading names ` +
            `${wanted.flatMap((name) => [name, `v${name}`]).join(' or ')}. ${listVersions(versions)} ` +
            `Add a heading such as \`## [${withoutV(version)}] - date\` with the notes under it, or set ${(0,words/* setting */.Pe)('changelog')} instead.`);
    }
    if (found.text === '') {
        throw new ChangelogFileError(`Empty section for ${version} in ${file}`, `The section for version ${version} in ${file} is empty. Write the notes under its heading.`);
    }
    // The CI's checkout is the repository's root; a run from elsewhere (a symlink) falls back.
    const repositoryPath = links?.path ||
        (links?.checkout && pathInRepository(path, links.checkout)) ||
        pathInRepository(path, workspace);
    const base = links && repositoryPath !== undefined
        ? { home: links.home, ref: links.ref, blob: links.blob, raw: links.raw, path: repositoryPath }
        : undefined;
    return {
        name: found.name,
        text: found.text,
        base,
        noBase: repositoryPath === undefined
            ? `${path} is outside the workspace, so its place in the repository is not known`
            : (noLinks ?? "the repository's web address is not known"),
        definitions: {
            known: (label) => found.references[(0,labels/* normaliseLabel */.r)(label)],
            later: (labels) => laterDefinitions(found.rest, labels),
        },
        // Stryker disable next-line OptionalChaining: a generator always has `return`.
        close: () => lines.return?.(undefined),
    };
}
// A reference (`[x]`, `[x][y]`, `[x]: …`) or a relative inline destination (`](docs/…`): only
// then is there something to add or resolve. Conventional-changelog links are absolute.
/** The section may use a reference or a relative link: worth reading with the link parser. */
function mayNeedLinks(text) {
    return /\](?!\()/.test(text) || /\]\(\s*<?(?![a-z][a-z\d+.-]*:|\/\/)/i.test(text);
}
/** The section standing alone, with lines for the log saying what was added or left as written. */
function completeSection(cut, file, standAlone) {
    if (standAlone === undefined || !mayNeedLinks(cut.text)) {
        return { name: cut.name, text: cut.text, notes: [] };
    }
    const section = standAlone(cut.text, cut.definitions, cut.base);
    const notes = [];
    if (section.appended > 0) {
        notes.push(`${plural(section.appended, 'link reference definition')} from elsewhere in ${file} appended to the section.`);
    }
    if (section.relative > 0) {
        const count = plural(section.relative, 'relative link');
        const { base } = cut;
        notes.push(base === undefined
            ? `${count} left as written: ${cut.noBase}.`
            : `${count} made absolute at ${base.home} (${base.ref}).`);
    }
    return { name: cut.name, text: section.text, notes };
}
/**
 * The section for `version` in `file`, standing alone (SPEC 7.2): the link parser is loaded only
 * when the section has references or relative links.
 */
async function readSection(file, workspace, version, prefix, options = {}) {
    const cut = cutSection(file, workspace, version, prefix, options);
    try {
        const links = mayNeedLinks(cut.text) ? await Promise.all(/* import() */[__webpack_require__.e(45), __webpack_require__.e(980)]).then(__webpack_require__.bind(__webpack_require__, 5980)) : undefined;
        return completeSection(cut, file, links?.standAlone);
    }
    finally {
        cut.close();
    }
}


/***/ }),

/***/ 6236:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   r: () => (/* binding */ normaliseLabel)
/* harmony export */ });
/** A link label as CommonMark compares them: whitespace collapsed, case folded. */
function normaliseLabel(label) {
    return label
        .replace(/[\t\n\r ]+/g, ' ')
        .trim()
        .toLowerCase()
        .toUpperCase();
}


/***/ })

};
