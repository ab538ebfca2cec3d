// `npm run test-slow`: the end-to-end suites kept out of `npm test` for their time, which CI runs
// beside it (.ci/run, .github/workflows/ci.yml). The packaged command on every Node line fetches
// five Node binaries on a fresh clone; the real-proxy suite starts squid and tinyproxy in a network
// namespace of its own. Both run the committed bundle in child processes, so `npm test`'s coverage
// never counted them.
import { defineConfig } from 'vitest/config';

export const SLOW_SUITES = ['test/e2e/node-lines.test.ts', 'test/e2e/squid.test.ts'];

export default defineConfig({
  test: {
    include: SLOW_SUITES,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest/results-slow.json' },
  },
});
