// The mutation run's configuration and its bound on the guard modules hold wherever the modules
// live under src/: moving a file into a folder neither mutates an entry nor frees a guard module.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GUARD_FILES, isGuard, type Report, scores } from '../../scripts/mutation-scores.ts';
import { ROOT } from '../support/runner.js';

const config = pathToFileURL(join(ROOT, 'stryker.config.mjs')).href;
const stryker = (await import(config)).default as {
  mutate: string[];
  incremental?: boolean;
  incrementalFile?: string;
  jsonReporter?: { fileName?: string };
};

/** A report whose modules each have one mutant per status given. */
function report(files: Record<string, string[]>): Report {
  const entries = Object.entries(files).map(([path, statuses]) => [
    path,
    { mutants: statuses.map((status) => ({ status })) },
  ]);
  return { files: Object.fromEntries(entries) };
}

const ALL_GUARDS = Object.fromEntries(
  GUARD_FILES.map((name) => [`src/core/guard/${name}`, ['Killed']]),
);

describe('the guard modules', () => {
  it.each([
    ['src/core/guard.ts', true],
    ['src/core/guard/guard.ts', true],
    ['src/core/guard/decoded-views.ts', true],
    ['src\\core\\guard\\secret.ts', true],
    ['src/core/transport/client.ts', false],
    ['test/guard.ts', false],
  ])('%s guards secrets: %s', (path, guard) => {
    expect(isGuard(path)).toBe(guard);
  });

  it('fails the run when one scores below the bound, in a folder or not', () => {
    const moved = { ...ALL_GUARDS, 'src/core/decoded-views.ts': ['Killed', 'Survived'] };
    delete (moved as Record<string, unknown>)['src/core/guard/decoded-views.ts'];
    const { lines, failed } = scores(report(moved));
    expect(failed).toBe(true);
    expect(lines).toContain(' 50.00%  1/2  src/core/decoded-views.ts  below 95%');
  });

  it('lets a run pass when every guard module is at the bound, whatever other modules score', () => {
    const run = scores(report({ ...ALL_GUARDS, 'src/core/deploy.ts': ['Killed', 'Survived'] }));
    expect(run.failed).toBe(false);
  });

  it('fails the run when a guard module is missing from the report, rather than dropping its bound', () => {
    const { 'src/core/guard/secret.ts': _, ...rest } = ALL_GUARDS;
    const { lines, failed } = scores(report(rest));
    expect(failed).toBe(true);
    expect(lines.at(-1)).toContain('missing from the report (renamed, or not mutated?): secret.ts');
  });
});

describe('the modules mutated', () => {
  const require = createRequire(join(ROOT, 'node_modules/@stryker-mutator/core/package.json'));
  const { minimatch } = require('minimatch') as typeof import('minimatch');
  const mutated = (file: string) =>
    stryker.mutate.reduce(
      (taken, pattern) =>
        pattern.startsWith('!')
          ? taken && !minimatch(file, pattern.slice(1))
          : taken || minimatch(file, pattern),
      false,
    );

  it.each([
    ['src/action/index.ts', false],
    ['src/cli/main.ts', false],
    ['src/core/meta.ts', false],
    ['src/core/release/meta.ts', false],
    ['src/core/guard.ts', true],
    ['src/core/guard/guard.ts', true],
    ['src/core/transport/index.ts', true],
    ['src/action/github.ts', true],
  ])('%s: %s', (file, expected) => {
    expect(mutated(file)).toBe(expected);
  });
});

describe('the incremental run', () => {
  it('is what `npm run mutation` runs, against the baseline the repository keeps', () => {
    expect(stryker.incremental).toBe(true);
    expect(stryker.incrementalFile).toBe('reports/stryker-incremental.json');
    // The rest of reports/ stays out of git; the baseline is committed.
    const ignored = (path: string) =>
      spawnSync('git', ['check-ignore', '--no-index', '-q', path], { cwd: ROOT }).status === 0;
    expect(ignored('reports/stryker-incremental.json')).toBe(false);
    expect(ignored(stryker.jsonReporter?.fileName ?? '')).toBe(true);
  });
});
