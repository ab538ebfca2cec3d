// Every run of the command the README shows (code blocks and the dry run in its prose), run as
// written against the local marketplace by the committed bundle, each in the world its recipe
// names: a terminal, a GitLab tag pipeline, a Bitbucket tag pipeline, a shell step with a mounted
// key file. test/cli-docs.test.ts checks that the parser accepts them; this checks they work.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cliLeaks, runCli } from './support/cli.js';
import { KEYS } from './support/emulator.js';
import { ROOT } from './support/runner.js';
import { useEmulator } from './support/use-emulator.js';

const local = useEmulator();
const KEY = KEYS.creator;
const EXAMPLE_BASE = 'https://api.marketplace.example/v1';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const start = readme.indexOf('## Other CI systems and your terminal');
const section = readme.slice(start, readme.indexOf('\n## ', start + 3));

function blocks(language: string): string[] {
  return [...section.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'gm'))].map(
    ([, body]) => body ?? '',
  );
}

/** The arguments of the one run of the command in `script`, as a shell splits them. */
function argsOf(script: string, variables: Record<string, string> = {}): string[] {
  const line = script
    .replaceAll('\\\n', ' ')
    .split('\n')
    .find((text) => /listing-auto-deploy@1\b/.test(text));
  if (line === undefined) throw new Error(`no run of the command in:\n${script}`);
  const words = [...line.replace(/>.*$/, '').matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map(
    ([, double, single, bare]) =>
      (double ?? single ?? bare ?? '').replace(
        /\$(\w+)/g,
        (_, name: string) => variables[name] ?? '',
      ),
  );
  const args = words.slice(words.findIndex((word) => word.startsWith('listing-auto-deploy@')) + 1);
  return args.map((arg) => (arg === EXAMPLE_BASE ? local.base : arg));
}

const patches = () => local.emulator.requests.filter((request) => request.method === 'PATCH');

describe("the README's runs of the command, as written", () => {
  it('from a terminal: the listings the key owns', async () => {
    const [terminal] = blocks('sh');
    const result = await runCli({
      args: argsOf(terminal ?? ''),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^asset-1\t0\.9\.0\t/m);
    expect(cliLeaks(result, KEY)).toEqual([]);
  });

  it('from a terminal: the dry run of the prose sends nothing and finds nothing wrong', async () => {
    const prose = /`(npx listing-auto-deploy@1 --dry-run[^`]*)`/.exec(section)?.[1];
    expect(prose).toBeDefined();
    const result = await runCli({
      args: argsOf((prose ?? '').replace(/\s+/g, ' ')),
      env: { MARKETPLACE_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
    expect(patches()).toEqual([]);
    expect(cliLeaks(result, KEY)).toEqual([]);
  });

  it('in the GitLab pipeline, on a tag its rule lets through', async () => {
    const [gitlab] = blocks('yaml').map((block) => parse(block));
    const job = gitlab['deploy-listing'];
    const rule = /=~ \/(.*)\/$/.exec(job.rules[0].if)?.[1] ?? '';
    expect(new RegExp(rule).test('v1.2.3')).toBe(true);
    const result = await runCli({
      args: argsOf(job.script[0]),
      env: {
        GITLAB_CI: 'true',
        CI_COMMIT_TAG: 'v1.2.3',
        CI_PROJECT_PATH: 'creators/shiny-asset',
        CI_JOB_URL: 'https://gitlab.example/creators/shiny-asset/-/jobs/77',
        MARKETPLACE_API_KEY: KEY,
      },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}').version).toBe('1.2.3');
    expect(cliLeaks(result, KEY)).toEqual([]);
  });

  it('in the Bitbucket pipeline, on a tag it matches', async () => {
    const [, bitbucket] = blocks('yaml').map((block) => parse(block));
    const result = await runCli({
      args: argsOf(bitbucket.pipelines.tags['v*'][0].step.script[0]),
      env: {
        BITBUCKET_TAG: 'v1.2.4',
        BITBUCKET_REPO_FULL_NAME: 'creators/shiny-asset',
        BITBUCKET_BUILD_NUMBER: '7',
        BITBUCKET_GIT_HTTP_ORIGIN: 'http://bitbucket.org/creators/shiny-asset',
        MARKETPLACE_API_KEY: KEY,
      },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(patches()[0]?.body ?? '{}').version).toBe('1.2.4');
    expect(cliLeaks(result, KEY)).toEqual([]);
  });

  it('in a shell step, with the key from a mounted file and the results as JSON', async () => {
    const shell = blocks('sh').find((block) => block.includes('--api-key-file')) ?? '';
    const args = argsOf(shell, { RELEASE_VERSION: '1.3.0' }).map((arg) =>
      arg === '/run/secrets/marketplace_api_key' ? 'secrets/marketplace_api_key' : arg,
    );
    const result = await runCli({
      args,
      files: {
        'secrets/marketplace_api_key': `${KEY}\n`,
        'CHANGELOG.md': '# Changelog\n\n## [1.3.0] - 2026-11-24\n\n- Faster loading.\n',
      },
    });
    expect(result.code).toBe(0);
    expect(patches().map((patch) => JSON.parse(patch.body))).toEqual([
      { version: '1.3.0', changelog: '- Faster loading.' },
      { version: '1.3.0', changelog: '- Faster loading.' },
    ]);
    expect(JSON.parse(result.stdout)).toHaveLength(2);
    expect(cliLeaks(result, KEY)).toEqual([]);
  });
});
