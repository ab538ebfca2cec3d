// `changelog-file` on real changelogs of the corpus, through the committed bundle as the runner
// runs it (SPEC 7.2): the section a maintainer would cut, standing alone.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../support/emulator.js';
import { leakedFragments, ROOT, type RunResult, runAction, tagPush } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const fixture = (name: string) => readFileSync(join(ROOT, 'test/fixtures/changelogs', name));
const REPO = 'https://github.com/octo-creator/shiny-asset';

async function deploy(
  file: string,
  content: Buffer,
  tag: string,
): Promise<{ result: RunResult; sent: string }> {
  const result = await runAction({
    inputs: {
      'listing-id': 'asset-1',
      'api-key': KEYS.creator,
      'base-url': local.base,
      'changelog-file': file,
      'strip-tag-prefix': 'v',
      'if-older': 'deploy',
      retries: '0',
    },
    files: { [file]: content },
    trigger: tagPush(tag),
  });
  expect(leakedFragments(result, KEYS.creator)).toEqual([]);
  expect(result.code).toBe(0);
  const body = JSON.parse(local.emulator.requests.at(-1)?.body ?? '{}') as { changelog: string };
  return { result, sent: body.changelog };
}

describe('changelog-file end to end on real changelogs (SPEC 7.2)', () => {
  it('standard-version: a ### patch release keeps its own ### Bug Fixes and nothing of its neighbours', async () => {
    const { sent } = await deploy('CHANGELOG.md', fixture('standard-version.md'), 'v9.3.2');
    const lines = sent.split('\n');
    expect(lines[0]).toBe('### Bug Fixes');
    expect(sent).not.toContain('9.4.0');
    expect(sent).not.toContain('[9.3.1]');
    expect(sent).not.toMatch(/^#{1,3} \[/m);
  });

  it('standard-version: a ## minor ends at the ### patch below it', async () => {
    const { sent } = await deploy('CHANGELOG.md', fixture('standard-version.md'), 'v9.4.0');
    expect(sent.split('\n')[0]).toBe('### Features');
    expect(sent).toContain('### Bug Fixes');
    expect(sent).not.toContain('9.3.2');
  });

  it("Angular's release tooling: no anchor of the next release at the end", async () => {
    const { sent, result } = await deploy(
      'CHANGELOG.md',
      fixture('angular-release-tooling.md'),
      '16.2.6',
    );
    expect(sent.split('\n')[0]).toBe('### core');
    expect(sent).not.toContain('<a name');
    expect(sent).not.toContain('17.0.0-next.4');
    expect(result.stdout).toContain('CHANGELOG.md');
  });

  it('reference links: the definitions the section uses follow it, once each, in order of first use', async () => {
    const { sent, result } = await deploy('CHANGELOG.md', fixture('tokio-refs.md'), 'v1.17.0');
    const body = sent.split('\n\n[')[0] ?? '';
    const used = [...body.matchAll(/\[(#\d+)\]/g)].map((match) => match[1]);
    const appended = sent
      .split('\n')
      .filter((line) => /^\[#\d+\]: /.test(line))
      .map((line) => line.slice(1, line.indexOf(']')));
    expect(appended).toEqual([...new Set(used)]);
    expect(sent).toContain('[#4495]: https://github.com/tokio-rs/tokio/pull/4495');
    expect(sent).not.toContain('# 1.16');
    expect(result.stdout).toMatch(
      /link reference definitions? from elsewhere in CHANGELOG\.md appended/,
    );
  });

  it('relative links: definitions at the bottom of the file, resolved at the tag from a package folder', async () => {
    const { sent, result } = await deploy(
      'packages/eslint-plugin/CHANGELOG.md',
      fixture('eslint-plugin-react-refs.md'),
      'v1.1.0',
    );
    expect(sent).toContain(' * Add [`display-name`][] rule');
    expect(sent).toContain(
      `[\`display-name\`]: ${REPO}/blob/v1.1.0/packages/eslint-plugin/docs/rules/display-name.md`,
    );
    expect(sent).not.toContain('First revision');
    expect(sent).not.toContain('forbid-elements');
    expect(result.stdout).toContain(`relative links made absolute at ${REPO} (v1.1.0)`);
  });

  it('relative links and images in the section itself; code left as written', async () => {
    const file = Buffer.from(
      [
        '# Changelog',
        '',
        '## [1.2.3] - 2026-11-01',
        '',
        '- See [the guide](docs/guide.md#setup) and ![shot](./img/shot.png).',
        '- Issue [#12](../../issues/12), [mail](mailto:a@example.com), `[x](docs/x.md)`.',
        '',
        '```md',
        '[y](docs/y.md)',
        '```',
        '',
        '## [1.2.2] - 2026-10-01',
        '',
        '- old',
        '',
        '[1.2.3]: https://example.com/compare',
        '',
      ].join('\n'),
    );
    const { sent } = await deploy('CHANGELOG.md', file, 'v1.2.3');
    expect(sent).toBe(
      [
        `- See [the guide](${REPO}/blob/v1.2.3/docs/guide.md#setup) and ![shot](${REPO}/raw/v1.2.3/img/shot.png).`,
        `- Issue [#12](${REPO}/issues/12), [mail](mailto:a@example.com), \`[x](docs/x.md)\`.`,
        '',
        '```md',
        '[y](docs/y.md)',
        '```',
      ].join('\n'),
    );
  });
});

describe('the parser loads only when changelog-file is set', () => {
  /** The dist/ files a run loaded, read by a module hook. */
  async function chunksLoaded(inputs: Record<string, string>, files: Record<string, string> = {}) {
    const log = join(mkdtempSync(join(tmpdir(), 'lad-chunks-')), 'loaded');
    const hook = `import{registerHooks}from"node:module";import{appendFileSync}from"node:fs";registerHooks({load(url,context,next){if(url.startsWith("file:"))appendFileSync(${JSON.stringify(log)},url+"\\n");return next(url,context);}});`;
    const result = await runAction({
      inputs: {
        'listing-id': 'asset-1',
        'api-key': KEYS.creator,
        'base-url': local.base,
        'if-older': 'deploy',
        ...inputs,
      },
      files,
      trigger: tagPush('v1.2.3'),
      env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(hook)}` },
    });
    expect(result.code).toBe(0);
    expect(leakedFragments(result, KEYS.creator)).toEqual([]);
    const urls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
    const code = urls.map((url) => readFileSync(fileURLToPath(url), 'utf8')).join('\n');
    expect(urls.some((url) => url.endsWith('/dist/index.js'))).toBe(true);
    // A name micromark's own code holds, and the project's does not.
    return { micromark: code.includes('codeFencedFenceSequence') };
  }
  const conventional = '## [1.2.3](https://x/compare) (2026-11-01)\n\n* fix ([#1](https://x/1))\n';

  it.each([
    ['no changelog-file: not loaded', {}, {}, { micromark: false }],
    [
      'absolute links only: loaded',
      { 'changelog-file': 'CHANGELOG.md' },
      { 'CHANGELOG.md': conventional },
      { micromark: true },
    ],
    [
      'a relative link: loaded',
      { 'changelog-file': 'CHANGELOG.md' },
      { 'CHANGELOG.md': `${conventional}* see [docs](docs/a.md)\n` },
      { micromark: true },
    ],
  ])('%s', async (_, inputs, files, expected) => {
    expect(await chunksLoaded(inputs, files)).toEqual(expected);
  });
});
