// Every run of the command that the README and docs/command-line.md show, run as written by a
// shell against the local marketplace, in the world its recipe names: a terminal where the key is
// typed at the prompt, a GitLab tag pipeline, a Bitbucket tag pipeline (a pre-release tag
// included), a shell step with a mounted key file. `npx` is a stand-in that runs the committed
// bundle. test/cli/docs.test.ts checks that the parser accepts them; this checks that they work.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, cliLeaks, runCli } from '../support/cli.js';
import { KEYS } from '../support/emulator.js';
import { codeBlocks, readPage, sectionOf } from '../support/pages.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;
const EXAMPLE_BASE = 'https://api.marketplace.example/v1';

const page = readPage('docs/command-line.md');
const readme = sectionOf(readPage('README.md'), '## Other CI systems and your terminal');

/** `npx [--yes] listing-auto-deploy@1 …` as the committed bundle, and nothing else. */
const NPX = `#!/bin/sh
[ "$1" = --yes ] && shift
case "$1" in
  listing-auto-deploy@1) shift ;;
  *) echo "npx stand-in: not this package: $1" >&2; exit 127 ;;
esac
exec "$LAD_NODE" "$LAD_CLI" "$@"
`;
const bin = mkdtempSync(join(tmpdir(), 'lad-npx-'));
writeFileSync(join(bin, 'npx'), NPX);
chmodSync(join(bin, 'npx'), 0o755);

/** A script run by bash as the CI or the terminal runs it, its example address the local one. */
function sh(script: string, options: { env?: Record<string, string>; stdin?: string } = {}) {
  return runCli({
    entry: 'bash',
    direct: true,
    args: ['-c', script.replaceAll(EXAMPLE_BASE, local.base)],
    stdin: options.stdin,
    env: {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      LAD_NODE: process.execPath,
      LAD_CLI: CLI,
      ...options.env,
    },
  });
}

const patches = () => local.emulator.requests.filter((request) => request.method === 'PATCH');

/** The listings of the examples, owned by the key's account. */
function examplesListings(): void {
  for (const id of ['my-asset', 'my-asset-bundle']) {
    local.emulator.listings.set(id, { owner: 'creator', version: '1.0.0', changelog: '' });
  }
}

const shellBlocks = codeBlocks(page, 'sh').map((block) => block.text);
const [gitlab, bitbucket] = codeBlocks(page, 'yaml').map((block) => parse(block.text));

describe('the runs of the command, as written', () => {
  it.each([
    ['docs/command-line.md', shellBlocks[0] ?? ''],
    ['README.md', codeBlocks(readme, 'sh')[0]?.text ?? ''],
  ])(
    '%s, from a terminal: the key typed at the prompt, then the listings it owns',
    async (_, block) => {
      expect(block).toContain('read -rsp');
      examplesListings();
      const result = await sh(block, { stdin: `${KEY}\n` });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^my-asset\t1\.0\.0\t/m);
      expect(cliLeaks(result, KEY)).toEqual([]);
    },
  );

  it('from a terminal: the dry run sends nothing and finds nothing wrong', async () => {
    const dryRun = shellBlocks.find((block) => block.includes('--dry-run')) ?? '';
    examplesListings();
    const result = await sh(dryRun, { env: { MARKETPLACE_API_KEY: KEY } });
    expect(result.code, result.stderr).toBe(0);
    expect(patches()).toEqual([]);
    expect(cliLeaks(result, KEY)).toEqual([]);
  });

  it('in the GitLab pipeline, on a tag its rule lets through, and not on a pre-release', async () => {
    const job = gitlab['deploy-listing'];
    const rule = new RegExp(/=~ \/(.*)\/$/.exec(job.rules[0].if)?.[1] ?? '');
    expect(rule.test('v1.2.3')).toBe(true);
    expect(rule.test('v1.3.0-rc.1')).toBe(false);
    examplesListings();
    const result = await sh(job.script.join('\n'), {
      env: {
        GITLAB_CI: 'true',
        CI_COMMIT_TAG: 'v1.2.3',
        CI_PROJECT_PATH: 'creators/shiny-asset',
        CI_JOB_URL: 'https://gitlab.example/creators/shiny-asset/-/jobs/77',
        MARKETPLACE_API_KEY: KEY,
      },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}').version).toBe('1.2.3');
    expect(cliLeaks(result, KEY)).toEqual([]);
  });

  it.each([
    ['v1.2.4', ['1.2.4']],
    ['v1.3.0-rc.1', []],
  ])('in the Bitbucket pipeline, on the tag %s', async (tag, sent) => {
    const steps = bitbucket.pipelines.tags['v*'];
    examplesListings();
    const result = await sh(steps[0].step.script.join('\n'), {
      env: {
        BITBUCKET_TAG: tag,
        BITBUCKET_REPO_FULL_NAME: 'creators/shiny-asset',
        BITBUCKET_BUILD_NUMBER: '7',
        BITBUCKET_GIT_HTTP_ORIGIN: 'http://bitbucket.org/creators/shiny-asset',
        MARKETPLACE_API_KEY: KEY,
      },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(patches().map((patch) => JSON.parse(patch.body).version)).toEqual(sent);
    expect(cliLeaks(result, KEY)).toEqual([]);
  });

  it('in a shell step, with the key from a mounted file and the results as JSON', async () => {
    const shell = shellBlocks.find((block) => block.includes('--api-key-file')) ?? '';
    examplesListings();
    const result = await runCli({
      entry: 'bash',
      direct: true,
      args: [
        '-c',
        shell
          .replaceAll(EXAMPLE_BASE, local.base)
          .replaceAll('/run/secrets/marketplace_api_key', 'secrets/marketplace_api_key'),
      ],
      env: {
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        LAD_NODE: process.execPath,
        LAD_CLI: CLI,
        RELEASE_VERSION: '1.3.0',
      },
      files: {
        'secrets/marketplace_api_key': `${KEY}\n`,
        'CHANGELOG.md': '# Changelog\n\n## [1.3.0] - 2026-11-24\n\n- Faster loading.\n',
      },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(patches().map((patch) => JSON.parse(patch.body))).toEqual([
      { version: '1.3.0', changelog: '- Faster loading.' },
      { version: '1.3.0', changelog: '- Faster loading.' },
    ]);
    const results = JSON.parse(readFileSync(join(result.cwd, 'results.json'), 'utf8'));
    expect(results.map((entry: { 'listing-id': string }) => entry['listing-id'])).toEqual([
      'my-asset',
      'my-asset-bundle',
    ]);
    expect(cliLeaks(result, KEY)).toEqual([]);
  });
});
