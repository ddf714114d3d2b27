import { defineConfig } from 'vitest/config';

// Each scenario file starts its own MCP server per backend; files run in separate
// processes, a bounded number at a time, so parallel servers do not starve each other.
export default defineConfig({
  test: {
    include: ['scenarios/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    reporters: ['default'],
  },
});
