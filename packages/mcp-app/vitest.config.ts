import { defineConfig } from 'vitest/config';

// Some tests start node processes or load a TypeScript program; on a loaded machine that takes seconds.
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } });
