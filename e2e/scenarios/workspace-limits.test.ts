import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { failedWith } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { verifies } from '../helpers/verifies.js';

/** Documented in the README under CONFIG_NOT_FOUND. */
const MAX_DIRECTORIES = 20_000;

forEachBackend((backend) => {
  describe('a workspaceRoot with no config and more directories than any project', () => {
    verifies(
      'R-WORKSPACE-TOO-LARGE',
      'is refused quickly with CONFIG_NOT_FOUND, and the server keeps serving',
      async () => {
        const root = mkdtempSync(join(tmpdir(), 'bridge-huge-'));
        try {
          for (let i = 0; i <= MAX_DIRECTORIES; i++) mkdirSync(join(root, `d${Math.floor(i / 100)}`, `e${i % 100}`), { recursive: true });
          writeFileSync(join(root, 'a.ts'), 'export const answer = 42;\n');
          await using server = await startServer({ backend });

          const outcome = await server.callRaw('find_references', { workspaceRoot: root, filePath: 'a.ts', line: 1, column: 14 });

          const error = failedWith(outcome, 'CONFIG_NOT_FOUND');
          expect(error.message).toContain(root);
          expect(error.message).toContain(`${MAX_DIRECTORIES} directories`);
          expect(error.resolution).toMatch(/workspaceRoot/);
          expect((await server.listTools()).length).toBeGreaterThan(0);
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      },
      180_000,
    );
  });
});
