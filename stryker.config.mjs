// Mutation testing of src/ with the unit and client tests (`npm run mutation`).
// The score below which the run fails: one number, to raise as the suite grows. The modules that
// guard secrets are held at 95 apart (scripts/mutation-scores.ts).
const BREAK = 90;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.unit.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  // The entries, the orchestrations (each front end's main) and the constants run only in the
  // end-to-end suite. Matched by file name, so that they keep out wherever they move.
  mutate: ['src/**/*.ts', '!src/{action,cli}/**/{index,main}.ts', '!src/core/**/meta.ts'],
  coverageAnalysis: 'perTest',
  // A static mutant (a module-level constant: tables, patterns, option definitions) runs the whole
  // suite again; there are hundreds, which would make a run take hours. They are reported as
  // ignored; the tables themselves are checked by table-driven tests.
  ignoreStatic: true,
  concurrency: 2,
  // Incremental: a run reuses the results of the committed baseline for every mutant whose code and
  // covering tests are unchanged, so a change pays for the mutants it touches. The weekly workflow
  // (.github/workflows/mutation.yml) runs every mutant (`--force`) and refreshes the baseline.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: BREAK, break: BREAK },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
