import { defineConfig } from 'vitest/config';

// The install test runs one real `npm install` from the registry and starts the installed
// server and CLI on a real project; on a loaded machine that takes minutes.
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 600_000 } });
