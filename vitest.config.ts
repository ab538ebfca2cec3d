import { defineConfig } from 'vitest/config';
import { SLOW_SUITES } from './vitest.slow.config.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Messages are made in a front end's words: the tests start in the action's.
    // Run by `npm run test-slow` (vitest.slow.config.ts), which CI runs too.
    exclude: SLOW_SUITES,
    // Vitest's default is one worker less than the cores: one file at a time on 2 cores. The
    // end-to-end files spend most of their time waiting on child processes and servers, so three
    // files at a time keep both cores busy.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest/results.json' },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // The entry and the orchestration run in child processes (the end-to-end suite runs the
      // bundle as the runner does), where in-process coverage cannot see them.
      exclude: ['src/action/index.ts', 'src/action/main.ts', 'src/cli/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
