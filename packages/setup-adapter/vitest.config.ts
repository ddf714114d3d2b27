import { defineConfig } from 'vitest/config';

// Real clangd, gopls and go (from PATH) and real project trees: each answer is compared with
// what the program itself says.
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 60_000 } });
