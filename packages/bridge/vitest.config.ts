import { defineConfig } from 'vitest/config';

// The tests load real TypeScript projects (the backend itself loads on the first call); on a
// loaded machine that takes seconds.
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } });
