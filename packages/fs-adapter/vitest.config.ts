import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Writers made without explicit state directories keep their journals here, not in the home directory.
    env: { LSP_BRIDGE_STATE_DIR: join(tmpdir(), `mcp-lsp-bridge-fs-adapter-tests-${String(process.getuid?.() ?? 0)}`) },
  },
});
