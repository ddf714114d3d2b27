import { defineConfig } from 'vitest/config';

// The tests run the built CLI (and the built MCP server) as subprocesses on copies of the
// e2e fixture projects; a cold TypeScript project takes a second or two to load.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
