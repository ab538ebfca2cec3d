import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { describe, expect, it, vi } from 'vitest';
import { githubRoots, type LinkBase, resolveLink } from '../../../src/core/changelog/link-base.js';
import type { Reference } from '../../../src/core/changelog/section.js';
import { standAlone } from '../../../src/core/changelog/section-links.js';

/** GitHub's pages of `o/r` at `ref`, for a file at `path`. */
function github(ref: string, path: string, server = 'https://github.com'): LinkBase {
  const roots = githubRoots(server, 'o/r', ref);
  if (roots === undefined) throw new Error(`no roots for ${server} at ${ref}`);
  return { ...roots, path };
}

const BASE = github('v1.2.3', 'CHANGELOG.md');

const defs = (entries: Record<string, string | Reference>) =>
  new Map(
    Object.entries(entries).map(([label, value]) => [
      normalizeIdentifier(label),
      typeof value === 'string' ? { destination: value, title: '' } : value,
    ]),
  );

/** `known`: definitions before the section's end; `later`: those after it. */
function run(
  text: string,
  {
    known = {},
    later = {},
  }: {
    known?: Record<string, string | Reference>;
    later?: Record<string, string | Reference>;
  } = {},
  base: LinkBase | null = BASE,
) {
  const before = defs(known);
  const after = defs(later);
  return standAlone(
    text,
    before,
    (labels) => new Map([...after].filter(([label]) => labels.has(label))),
    base ?? undefined,
  );
}

describe('standAlone: the reference definitions the section uses are appended (SPEC 7.2)', () => {
  it.each([
    [
      'a shortcut reference defined after the section',
      '- fix [#12]',
      { later: { '#12': 'https://x/12' } },
      '- fix [#12]\n\n[#12]: https://x/12',
    ],
    [
      'a full reference',
      'see [the guide][setup-guide]',
      { later: { 'setup-guide': 'https://x/guide' } },
      'see [the guide][setup-guide]\n\n[setup-guide]: https://x/guide',
    ],
    [
      'a collapsed reference',
      'see [guide][]',
      { later: { guide: 'https://x/g' } },
      'see [guide][]\n\n[guide]: https://x/g',
    ],
    [
      'a definition before the section',
      'see [a]',
      { known: { a: 'https://x/a' } },
      'see [a]\n\n[a]: https://x/a',
    ],
    [
      'a definition with a title',
      'see [a]',
      { later: { a: { destination: 'https://x/a', title: 'The "A" page' } } },
      'see [a]\n\n[a]: https://x/a "The \\"A\\" page"',
    ],
    [
      'a destination with a space',
      'see [a]',
      { later: { a: 'https://x/a b' } },
      'see [a]\n\n[a]: <https://x/a b>',
    ],
    [
      'a definition the section holds itself',
      'see [a]\n\n[a]: https://mine',
      { later: { a: 'https://x/a' } },
      'see [a]\n\n[a]: https://mine',
    ],
    [
      'an unused definition',
      'no links',
      { known: { a: 'https://x/a' }, later: { b: 'https://x/b' } },
      'no links',
    ],
    [
      "the release heading's own definition",
      '- fix',
      { known: { '1.2.3': 'https://x/compare' } },
      '- fix',
    ],
    ['a label defined nowhere stays as written', 'see [nothing]', {}, 'see [nothing]'],
    [
      'each once, in order of first use',
      '[b] and [A] and [b]',
      { later: { a: 'https://x/a', b: 'https://x/b' } },
      '[b] and [A] and [b]\n\n[b]: https://x/b\n[A]: https://x/a',
    ],
    [
      'the label as the section writes it',
      'see [Docs]',
      { known: { docs: 'https://x/d' } },
      'see [Docs]\n\n[Docs]: https://x/d',
    ],
    [
      'an image reference',
      '![logo]',
      { later: { logo: 'https://x/logo.png' } },
      '![logo]\n\n[logo]: https://x/logo.png',
    ],
    [
      'an inline link is no reference',
      'see [#12](https://x/12)',
      { later: { '#12': 'https://other' } },
      'see [#12](https://x/12)',
    ],
    [
      'inside a code span, no reference',
      'use `[a]` here',
      { later: { a: 'https://x/a' } },
      'use `[a]` here',
    ],
    [
      'inside a fenced block, no reference',
      '```\n[a]\n```',
      { later: { a: 'https://x/a' } },
      '```\n[a]\n```',
    ],
  ])('%s', (_, text, definitions, expected) => {
    expect(run(text, definitions).text).toBe(expected);
  });

  it('reads the rest of the file only when a label the section uses is not defined before its end', () => {
    const later = vi.fn(() => new Map<string, Reference>());
    standAlone('see [#1](https://x/1), [a] and `[b]`', defs({ a: 'https://x/a' }), later);
    expect(later).not.toHaveBeenCalled();
    standAlone('see [b]', new Map(), later);
    expect(later).toHaveBeenCalledExactlyOnceWith(new Set(['B']));
  });
});

describe('standAlone: relative links and images are made absolute as GitHub does (SPEC 7.2)', () => {
  const sub: LinkBase = { ...BASE, path: 'packages/ui/CHANGELOG.md' };
  it.each([
    [
      'a relative link',
      '[docs](docs/setup.md)',
      BASE,
      '[docs](https://github.com/o/r/blob/v1.2.3/docs/setup.md)',
    ],
    [
      'a ./ image',
      '![shot](./img/shot.png)',
      BASE,
      '![shot](https://github.com/o/r/raw/v1.2.3/img/shot.png)',
    ],
    [
      'a ../ link out of the tree',
      '[issue](../../issues/12)',
      BASE,
      '[issue](https://github.com/o/r/issues/12)',
    ],
    [
      'an anchor',
      '[usage](#usage)',
      BASE,
      '[usage](https://github.com/o/r/blob/v1.2.3/CHANGELOG.md#usage)',
    ],
    [
      'a link with a title',
      '[a](docs/a.md "A")',
      BASE,
      '[a](https://github.com/o/r/blob/v1.2.3/docs/a.md "A")',
    ],
    [
      'a destination in <>',
      '[a](<docs/my file.md>)',
      BASE,
      '[a](<https://github.com/o/r/blob/v1.2.3/docs/my%20file.md>)',
    ],
    [
      'a path from the repository root',
      '[a](/docs/a.md)',
      BASE,
      '[a](https://github.com/o/r/blob/v1.2.3/docs/a.md)',
    ],
    [
      'a changelog in a subfolder',
      '[a](./docs/a.md) [r](../../README.md)',
      sub,
      '[a](https://github.com/o/r/blob/v1.2.3/packages/ui/docs/a.md) [r](https://github.com/o/r/blob/v1.2.3/README.md)',
    ],
    [
      'a link around an image',
      '[![b](badge.svg)](docs/a.md)',
      BASE,
      '[![b](https://github.com/o/r/raw/v1.2.3/badge.svg)](https://github.com/o/r/blob/v1.2.3/docs/a.md)',
    ],
    [
      'absolute URLs and mailto stay',
      '[a](https://x.example/a) [m](mailto:a@b.example) [p](//cdn.example/x)',
      BASE,
      '[a](https://x.example/a) [m](mailto:a@b.example) [p](//cdn.example/x)',
    ],
    ['autolinks stay', '<https://x.example/a>', BASE, '<https://x.example/a>'],
    ['code spans stay', '`[a](docs/a.md)`', BASE, '`[a](docs/a.md)`'],
    ['fenced blocks stay', '```md\n[a](docs/a.md)\n```', BASE, '```md\n[a](docs/a.md)\n```'],
    ['indented code stays', '    [a](docs/a.md)', BASE, '    [a](docs/a.md)'],
    [
      'a definition the section holds',
      '[a]\n\n[a]: docs/a.md',
      BASE,
      '[a]\n\n[a]: https://github.com/o/r/blob/v1.2.3/docs/a.md',
    ],
    [
      'a held definition used by an image',
      '![a]\n\n[a]: img/a.png',
      BASE,
      '![a]\n\n[a]: https://github.com/o/r/raw/v1.2.3/img/a.png',
    ],
    [
      'a tag with a slash',
      '[a](a.md)',
      github('release/1.2', 'CHANGELOG.md'),
      '[a](https://github.com/o/r/blob/release%2F1.2/a.md)',
    ],
  ])('%s', (_, text, base, expected) => {
    expect(run(text, {}, base).text).toBe(expected);
  });

  it('an appended definition with a relative destination is made absolute, raw for an image', () => {
    expect(run('[a] ![b]', { later: { a: 'docs/a.md', b: './b.png' } }).text).toBe(
      '[a] ![b]\n\n[a]: https://github.com/o/r/blob/v1.2.3/docs/a.md\n[b]: https://github.com/o/r/raw/v1.2.3/b.png',
    );
  });

  it('without a base, relative links stay as written and are counted', () => {
    const result = run('[a](docs/a.md) ![b](b.png) [c](https://x)', {}, null);
    expect(result).toEqual({
      text: '[a](docs/a.md) ![b](b.png) [c](https://x)',
      appended: 0,
      relative: 2,
    });
  });

  it('counts what it did', () => {
    expect(run('[a](docs/a.md) [b]', { later: { b: 'https://x/b' } })).toMatchObject({
      appended: 1,
      relative: 1,
    });
  });
});

describe('relative destinations and resolveLink', () => {
  it.each([
    ['docs/a.md', true],
    ['./a.png', true],
    ['../../issues/1', true],
    ['#usage', true],
    ['/docs', true],
    ['https://x', false],
    ['HTTP://x', false],
    ['mailto:a@b', false],
    ['//cdn/x', false],
    ['', false],
  ])('%j is relative: %s', (destination, expected) => {
    const known = new Map([['X', { destination, title: '' }]]);
    expect(standAlone('[x]', known, () => new Map()).relative).toBe(expected ? 1 : 0);
  });

  it('resolves against the file page on the server, GitHub Enterprise too', () => {
    const ghes = github('9fceb02', 'docs/CHANGES.md', 'https://ghe.example.com');
    expect(resolveLink('x.md', ghes, false)).toBe(
      'https://ghe.example.com/o/r/blob/9fceb02/docs/x.md',
    );
    expect(resolveLink('x.png', ghes, true)).toBe(
      'https://ghe.example.com/o/r/raw/9fceb02/docs/x.png',
    );
  });
});

describe('standAlone: a label the section uses but the file never defines', () => {
  it.each([
    [
      'stays text, and a defined one beside it is appended',
      '[gone] and [here]',
      '[gone] and [here]\n\n[here]: https://x/h',
    ],
    [
      'does not take the place of the label after it',
      '[a][gone] [here]',
      '[a][gone] [here]\n\n[here]: https://x/h',
    ],
  ])('%s', (_, text, expected) => {
    expect(run(text, { later: { here: 'https://x/h' } }).text).toBe(expected);
  });
});

describe('standAlone: the edge cases of definitions and destinations', () => {
  it.each([
    [
      'a label defined nowhere: the section is read again, exactly, and its link found',
      'see [x][nope](docs/x.md)',
      {},
      'see [x][nope](https://github.com/o/r/blob/v1.2.3/docs/x.md)',
    ],
    [
      'the same, beside a label defined after the section',
      'see [a][nope](docs/x.md)',
      { later: { a: 'https://x/a' } },
      'see [a][nope](https://github.com/o/r/blob/v1.2.3/docs/x.md)',
    ],
    [
      'the same, beside a label defined after the section and used',
      'see [b] [x][nope](docs/x.md)',
      { later: { b: 'https://x/b' } },
      'see [b] [x][nope](https://github.com/o/r/blob/v1.2.3/docs/x.md)\n\n[b]: https://x/b',
    ],
    [
      'a held definition with a title: its destination is made absolute',
      'see [a]\n\n[a]: docs/a.md "The title"',
      {},
      'see [a]\n\n[a]: https://github.com/o/r/blob/v1.2.3/docs/a.md "The title"',
    ],
    [
      'a held definition is not appended again though defined outside',
      'see [a]\n\n[a]: https://x/in',
      { known: { a: 'https://x/out' }, later: { a: 'https://x/later' } },
      'see [a]\n\n[a]: https://x/in',
    ],
    [
      'an empty destination is appended in angle brackets',
      'see [a]',
      { later: { a: '' } },
      'see [a]\n\n[a]: <>',
    ],
    [
      'a destination with an entity stays as written',
      'see [a](docs/a&amp;b.md)',
      {},
      'see [a](docs/a&amp;b.md)',
    ],
    [
      'backslash escapes are undone before the link is resolved',
      'see [a](docs/a\\_b.md)',
      {},
      'see [a](https://github.com/o/r/blob/v1.2.3/docs/a_b.md)',
    ],
    [
      'parentheses in a resolved destination are escaped',
      'see [a](docs/a\\(1\\).md)',
      {},
      'see [a](https://github.com/o/r/blob/v1.2.3/docs/a\\(1\\).md)',
    ],
  ])('%s', (_, text, definitions, expected) => {
    expect(run(text, definitions).text).toBe(expected);
  });

  it('a definition with an empty destination holds nothing to resolve: the label is looked up', () => {
    expect(run('[x][a] [y](docs/y.md)\n\n[a]: <>', { later: { a: 'b' } })).toEqual({
      text: `[x][a] [y](${BASE.blob}/docs/y.md)\n\n[a]: <>\n\n[a]: ${BASE.blob}/b`,
      appended: 1,
      relative: 2,
    });
  });

  it('counts an entity destination as neither relative nor resolved', () => {
    expect(run('see [a](docs/a&amp;b.md)').relative).toBe(0);
  });

  it('a section holding the definition it uses does not read the rest of the file', () => {
    const later = vi.fn(() => new Map());
    standAlone('see [a]\n\n[a]: https://x/a', new Map(), later);
    expect(later).not.toHaveBeenCalled();
  });
});
