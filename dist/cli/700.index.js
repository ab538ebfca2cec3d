export const id = 700;
export const ids = [700];
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


/***/ }),

/***/ 4700:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sectionFromFile: () => (/* binding */ sectionFromFile)
});

// UNUSED EXPORTS: mayNeedLinks

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/changelog/lines.ts
var changelog_lines = __webpack_require__(3861);
// EXTERNAL MODULE: ./src/core/changelog/markdown.ts
var markdown = __webpack_require__(2165);
;// CONCATENATED MODULE: ./src/core/changelog/heading-text.ts
// A heading's text as plain text (docs/changelog-file.md): link and image text kept; destinations,
// emphasis and code markers, HTML tags dropped; entities decoded; breaks read as spaces.

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
/** Every bracketed label read as defined: `## [1.2.3]` reads `1.2.3` whatever the file defines. */
function headingText(source) {
    return headingTexts([source])[0] ?? '';
}
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
        const visit = (nodes) => {
            for (const node of nodes) {
                if (node.type !== 'atxHeadingText' && node.type !== 'setextHeadingText')
                    visit(node.children);
                else {
                    const text = textOf(node).replace(/\s+/g, ' ').trim();
                    found[starts.findIndex((next) => next > node.token.start.line)] = text;
                }
            }
        };
        visit((0,markdown/* markdownTree */.a2)((0,markdown/* markdownEvents */.nB)(batch.join('\n\n'), batch.flatMap(markdown/* bracketLabels */.YP))));
        texts.push(...found);
    }
    return texts;
}

;// CONCATENATED MODULE: ./src/core/changelog/version-token.ts
// `v1.2.3`, `1.2.3-rc.1+build.5`, `0.13.0.dev2`, `1.0.0rc4`: the longest run, compared whole.
// ASCII classes: a Unicode class costs about a millisecond to compile at every start.
const TOKEN = /(?<![A-Za-z0-9._-])[vV]?\d+\.\d[A-Za-z0-9]*(?:[.+-][A-Za-z0-9]+)*/g;
function versionTokens(text) {
    return [...text.matchAll(TOKEN)].map((match) => match[0]);
}
function withoutV(token) {
    return /^[vV]\d/.test(token) ? token.slice(1) : token;
}
function isUnreleased(text) {
    return text.trim().toLowerCase() === 'unreleased';
}
function releaseOf(text) {
    const [first] = versionTokens(text);
    if (first !== undefined)
        return { version: first };
    return isUnreleased(text) ? { version: text.trim() } : undefined;
}
/** The version to send, and without the tag prefix (`@scope/pkg@1.2.3` less `@scope/pkg@`), `v` dropped. */
function wantedVersions(version, prefix) {
    const names = new Set([withoutV(version)]);
    if (version.startsWith(prefix) && version.length > prefix.length) {
        names.add(withoutV(version.slice(prefix.length)));
    }
    return [...names];
}
const LEADING_DATE = /^\d{4}-\d{2}-\d{2}\s*[-\u2013\u2014:/|]?\s*/;
const SHAPED = /^(?:\S*@)?(?:(?:version|release)\s+)?[vV]?\d+\.\d/i;
// A deeper heading that only mentions a version (`#### Support TypeScript 5.2`) is in the notes.
function isReleaseShaped(text) {
    return isUnreleased(text) || SHAPED.test(text.trim().replace(LEADING_DATE, ''));
}

;// CONCATENATED MODULE: ./src/core/changelog/section.ts
// The section for one version in a changelog (docs/changelog-file.md), read in windows of lines so
// that its cost grows with how far it reads, not with the file's size. Once a later top-level block
// has begun, the blocks before it are final; the next window starts at the last block's first line.



// Inline content is read only where it matters (a heading that may name the version, the
// section); block structure does not depend on it, and definitions read their escapes themselves.
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
            // A paragraph's text is not read (most of what a window would cost on a changelog of lists):
            // one `data` token per line, as micromark's own chunks of text. A definition is tried first.
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
/** The top-level blocks of `lines`, the first of which is line `from`, with their definitions. */
function topBlocks(lines, from) {
    const text = lines.join('\n');
    const slice = (token) => text.slice(token.start.offset, token.end.offset);
    const found = [];
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
                const destination = (0,markdown/* decodeString */.sc)(definition?.definitionDestinationString ?? '');
                const title = (0,markdown/* decodeString */.sc)(definition?.definitionTitleString ?? '');
                definitions.push([(0,markdown/* normaliseLabel */.rR)(label), { destination, title }]);
                definition = undefined;
            }
            if (depth > 0 || top === undefined)
                continue;
            const start = from + top.start.line - 1;
            const first = paragraph === undefined ? start : from + paragraph - 1;
            found.push({
                type: top.type,
                start,
                // None for a paragraph of definitions only: it holds nothing of the section's.
                first: top.type === 'content' && paragraph === undefined ? undefined : first,
                last: from + top.end.line - 1,
                level,
                definitions,
            });
            top = undefined;
            continue;
        }
        depth += 1;
        if (depth === 1) {
            if (BETWEEN_BLOCKS.has(token.type))
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
// Only a heading that holds a digit, an entity or the word can be a release heading.
const MAYBE_RELEASE = /\d|&|unreleased/i;
// Entities, escapes and inline markup can split the text a plain substring search looks for.
const ENCODED = /[&\\*_`<]/;
const ONLY_COMMENTS_AND_ANCHORS = /^(?:\s|<!--[\s\S]*?-->|<a\s+(?:name|id)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)\s*\/?>(?:\s*<\/a>)?)*$/i;
/**
 * Reads `lines` until the section for one of `wanted` (versions without their `v`) is complete;
 * `definitions` reads on for labels nothing before the section's end defines.
 */
function findSection(lines, wanted, window = 2048) {
    // While seeking, the lines from the open block on; after, the section's on.
    const kept = [];
    let keptFrom = 1;
    let target;
    let open = 1;
    let chars = 0;
    let size = window;
    let limit = size;
    const references = new Map();
    let contentEnd = 0;
    let done = false;
    // The headings passed while seeking, parsed again only if the section is missing.
    const passed = [];
    const heading = (level, raw) => {
        // Stryker disable next-line ConditionalExpression: a shortcut only; parsing a heading without a digit finds no version
        if (!MAYBE_RELEASE.test(raw))
            return { level, text: raw, version: undefined };
        if (target === undefined)
            passed.push(raw);
        const seeking = target === undefined && wanted.length > 0;
        if (seeking && !ENCODED.test(raw) && !wanted.some((name) => raw.includes(name))) {
            return { level, text: raw, version: undefined };
        }
        const text = headingText(raw);
        return { level, text, version: releaseOf(text)?.version };
    };
    /** Feeds one line (none: the document ends); returns the blocks that became final. */
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
    const visit = (closed) => {
        for (const { type, first, last, level } of closed) {
            if (done || first === undefined)
                continue;
            const source = () => kept.slice(first - keptFrom, last - keptFrom + 1).join('\n');
            const found = level === undefined ? undefined : heading(level, source());
            if (target === undefined) {
                if (found?.version !== undefined && wanted.includes(withoutV(found.version))) {
                    target = { name: found.version, level: found.level, after: last + 1 };
                    contentEnd = last;
                }
            }
            else if (found !== undefined &&
                // A deeper heading ends it only when it reads as a release's title.
                (found.level < target.level ||
                    (found.version !== undefined &&
                        (found.level === target.level || isReleaseShaped(found.text))))) {
                done = true;
            }
            else if (type !== 'thematicBreak' &&
                !((type === 'htmlFlow' || type === 'content') && ONLY_COMMENTS_AND_ANCHORS.test(source()))) {
                contentEnd = last;
            }
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
        const versions = headingTexts(passed).flatMap((text) => {
            const version = releaseOf(text)?.version;
            return version === undefined || isUnreleased(version) ? [] : [version];
        });
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
    const visit = (nodes) => {
        for (const node of nodes) {
            visit(node.children);
            const image = node.type === 'image';
            if (node.type === 'definition') {
                const label = (0,markdown/* find */.I6)(node, 'definitionLabelString');
                const destination = (0,markdown/* find */.I6)(node, 'definitionDestinationString');
                if (label && destination)
                    held.push({ id: (0,markdown/* normaliseLabel */.rR)(label.slice()), destination });
            }
            else if (node.type === 'link' || image) {
                const resource = node.children.find((each) => each.type === 'resource');
                const destination = (0,markdown/* find */.I6)(resource, 'resourceDestinationString');
                const reference = node.children.find((each) => each.type === 'reference');
                const written = ((0,markdown/* find */.I6)(reference, 'referenceString') ?? (0,markdown/* find */.I6)(node, 'labelText'))?.slice();
                if (destination)
                    destinations.push({ destination, image });
                else
                    uses.push({ image, id: (0,markdown/* normaliseLabel */.rR)(written ?? ''), written: written ?? '' });
            }
        }
    };
    visit((0,markdown/* markdownTree */.a2)((0,markdown/* markdownEvents */.nB)(text, new Set((0,markdown/* bracketLabels */.YP)(text).filter(defined)))));
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
        const destination = written.replace(/\\([!-/:-@[-`{-~])/g, '$1');
        if (!(0,link_base/* isRelative */.n3)(destination))
            return undefined;
        relative++;
        // Parentheses escaped, so that an unbalanced one cannot end the destination.
        return base === undefined
            ? undefined
            : (0,link_base/* resolveLink */.nm)(destination, base, image).replace(/[()]/g, '\\$&');
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
    chunks: changelog_lines/* fileChunks */.T,
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
        throw new errors/* InputError */.dz(words, 'changelog-file', `The changelog file ${path} (${words.name('changelog-file')}) does not exist or is not a file. Check ` +
            `the path (a relative one is read from ${workspace}) and that the repository is checked out.`);
    }
    if (size > MAX_CHANGELOG_FILE_BYTES) {
        throw new errors/* InputError */.dz(words, 'changelog-file', `The changelog file ${file} is ${size} bytes, more than the 10 MiB a changelog file may have.`);
    }
    const wanted = wantedVersions(version, prefix);
    const lines = (0,changelog_lines/* linesOf */.D)(reader.chunks(path))[Symbol.iterator]();
    // The file stays open after the section is found, for definitions read on, until it is complete.
    try {
        const found = findSection(lines, wanted);
        if (found.kind === 'missing') {
            const versions = [...new Set(found.versions)];
            const more = versions.length > 5 ? ` and ${versions.length - 5} more` : '';
            const has = versions.length === 0
                ? 'It has no release headings.'
                : `The versions it has: ${versions.slice(0, 5).join(', ')}${more}.`;
            throw new errors/* ResolveError */.JT(`No section for ${version} in ${file}`, `${file} has no section for version ${version}: no release heading names ` +
                `${wanted.flatMap((name) => [name, `v${name}`]).join(' or ')}. ${has} ` +
                `Add a heading such as \`## [${withoutV(version)}] - date\` with the notes under it, or set ${words.name('changelog')} instead.`);
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
        if (section.appended > 0) {
            notes.push(`${plural(section.appended, 'link reference definition')} from elsewhere in ${file} appended to the section.`);
        }
        if (section.relative > 0) {
            const count = plural(section.relative, 'relative link');
            const noBase = repositoryPath === undefined
                ? `${path} is outside the workspace, so its place in the repository is not known`
                : noLinks;
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
