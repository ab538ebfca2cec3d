// The licence notices of the bundles come from what the bundler put into each one (its stats), and
// every such package's licence text is shipped beside the bundle that holds it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundledFolders,
  bundledPackage,
  licensesFile,
  missingNotices,
  packageFolder,
} from '../../scripts/licenses.ts';
import { ROOT } from '../support/runner.js';

const installed = (name: string) => join(ROOT, 'node_modules', name);
const text = (file: string) => readFileSync(file, 'utf8');

describe('the package of a bundled module', () => {
  it.each([
    ['/r/node_modules/undici/lib/dispatcher/client.js', '/r/node_modules/undici'],
    ['/r/node_modules/@actions/core/lib/core.js', '/r/node_modules/@actions/core'],
    ['/r/node_modules/a/node_modules/@s/b/index.js', '/r/node_modules/a/node_modules/@s/b'],
    ['C:\\r\\node_modules\\undici\\index.js', 'C:/r/node_modules/undici'],
    ['/r/src/core/client.ts', undefined],
    ['external node-commonjs "node:http"', undefined],
  ])('%s is in %s', (file, folder) => {
    expect(packageFolder(file)).toBe(folder);
  });

  it('counts modules in a chunk and those merged into them, not those the bundler left out', () => {
    const stats = {
      modules: [
        {
          nameForCondition: '/r/src/action/main.ts',
          chunks: [1],
          modules: [{ nameForCondition: '/r/node_modules/@actions/core/lib/core.js', chunks: [] }],
        },
        { identifier: 'loader.js??ref!/r/node_modules/undici/lib/core/util.js', chunks: [2] },
        { nameForCondition: '/r/node_modules/tunnel/lib/tunnel.js', chunks: [], orphan: true },
        { nameForCondition: '/r/node_modules/undici/lib/api/api-request.js', chunks: [1] },
      ],
    };
    expect(bundledFolders(stats)).toEqual([
      '/r/node_modules/@actions/core',
      '/r/node_modules/undici',
    ]);
  });
});

describe('a package notice', () => {
  it('carries the licence file as the package publishes it', () => {
    const undici = bundledPackage(installed('undici'));
    expect(undici).toMatchObject({ name: 'undici', license: 'MIT' });
    expect(undici.texts).toEqual([text(installed('undici/LICENSE')).trim()]);
  });

  it('refuses a bundled package that ships no licence file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'lad-nolicence-'));
    writeFileSync(join(folder, 'package.json'), '{"name":"bare","version":"1.0.0"}');
    expect(() => bundledPackage(folder)).toThrow(/bare is bundled but ships no licence file/);
  });

  it('carries a NOTICE file beside the licence (Apache-2.0 asks for it)', () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'lad-notice-')), 'pkg');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'package.json'),
      '{"name":"p","version":"2.0.0","license":"Apache-2.0"}',
    );
    writeFileSync(join(folder, 'LICENSE'), 'the licence\n');
    writeFileSync(join(folder, 'NOTICE'), 'the notice\n');
    writeFileSync(join(folder, 'README.md'), 'not a licence\n');
    expect(bundledPackage(folder).texts).toEqual(['the licence', 'the notice']);
  });

  it('names each package once and tells which bundled package lacks its text', () => {
    const a = { name: 'a', version: '1.0.0', license: 'MIT', texts: ['A licence'] };
    const b = { name: 'b', version: '2.0.0', license: 'ISC', texts: ['B licence'] };
    const file = licensesFile([b, a, a]);
    expect(file.match(/^- .*$/gm)).toEqual(['- a@1.0.0 (MIT)', '- b@2.0.0 (ISC)']);
    expect(missingNotices([a, b], file)).toEqual([]);
    expect(missingNotices([a, b], licensesFile([a]))).toEqual([
      'b@2.0.0 is bundled, but its licence text is not there',
    ]);
    // The name alone is not enough: the text must be there.
    expect(missingNotices([b], file.replace('B licence', ''))).toHaveLength(1);
  });
});

describe('the committed bundles carry their notices', () => {
  it.each([
    ['dist/licenses.txt', ['undici', '@actions/core', '@actions/github', '@octokit/core']],
    ['dist/cli/licenses.txt', ['undici']],
  ])('%s holds the licence of %s', (file, names) => {
    const licenses = text(join(ROOT, file));
    for (const name of names) {
      expect(missingNotices([bundledPackage(installed(name))], licenses), name).toEqual([]);
    }
  });
});
