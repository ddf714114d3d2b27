import { defineConfig } from 'vitest/config';

// One real `npm install` from the registry (global setup), then the installed server, CLI and
// library on a real project: minutes on a loaded machine. The files share the one install and
// one of them changes it (a missing optional dependency), so they run one after another.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
