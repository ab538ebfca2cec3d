// The unit and client tests only, the rooms that mirror src/: what mutation testing runs for every
// mutant. The end-to-end suites (test/e2e/) run the committed bundle or the action in child
// processes, and the repository's own checks (test/repo/) read files and tools: a mutant reaches
// neither.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/{core,action,cli}/**/*.test.ts'],
    // Messages are made in a front end's words: the tests start in the action's.
    // Each mutant runs the suite again: a tenth of the property runs is enough to kill it.
    env: { PROPERTY_RUN_SCALE: '0.1' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
