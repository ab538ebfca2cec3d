// The unit and client tests only: what mutation testing runs for every mutant. The end-to-end,
// toolchain and repository tests run the committed bundle or tools, which a mutant never reaches.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [
      'test/e2e*.test.ts',
      'test/toolchain.test.ts',
      'test/workflows.test.ts',
      'test/docs.test.ts',
      'test/emulator.test.ts',
      // These run the committed bundle or the action from source in child processes.
      'test/github-e2e.test.ts',
      'test/local-action.test.ts',
      'test/readme-examples.test.ts',
      'test/bundle.test.ts',
      'test/demo.test.ts',
    ],
    // Each mutant runs the suite again: a tenth of the property runs is enough to kill it.
    env: { PROPERTY_RUN_SCALE: '0.1' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
