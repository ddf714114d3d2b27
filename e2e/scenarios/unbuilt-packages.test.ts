import { describe, expect } from 'vitest';
import { runTsc } from '../fixtures/generators.js';
import { wirePackages } from '../fixtures/package-layouts.js';
import { forEachBackend } from '../helpers/backends.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture, type Workspace } from '../helpers/workspace.js';

/** `file(line,col): error TSxxxx:` lines of tsc's output, as `file:line:col:TSxxxx` (its columns are ours in ASCII text). */
function tscErrors(output: string): string[] {
  return [...output.matchAll(/^(.+?)\((\d+),(\d+)\): error (TS\d+):/gm)].map((m) => `${m[1]}:${m[2]}:${m[3]}:${m[4]}`).sort();
}

async function unbuilt(): Promise<Workspace> {
  const ws = await copyFixture('built-packages');
  await wirePackages(ws, 'unbuilt');
  return ws;
}

/**
 * Layout g of issue 13: layout c (`exports` → `dist/index.d.ts`) before the first build, so
 * `dist/` does not exist and the consumers' own tsc cannot resolve `@mono/shapes`.
 */
forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('packages imported by name through build output not built yet', () => {
    const ws = useShared(unbuilt);

    verifies(
      'I13-MONO-UNBUILT',
      "get_diagnostics on each consumer file says what the consumer's own tsc says, no more, no less",
      async () => {
        for (const consumer of ['packages/app', 'packages/web']) {
          const expected = tscErrors(runTsc(ws(), ['--noEmit', '-p', `${consumer}/tsconfig.json`]));
          expect(expected.length, `${consumer}: tsc reports the missing module`).toBeGreaterThan(0);
          expect(new Set(expected.map((e) => e.split(':').at(-1)))).toEqual(new Set(['TS2307']));
          const files = [...new Set(expected.map((e) => e.split(':')[0] ?? ''))];
          for (const file of files) {
            const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws().root, filePath: file }));
            const errors = result.diagnostics
              .filter((d) => d.severity === 'error')
              .map((d) => `${d.filePath}:${d.line}:${d.column}:${d.code}`);
            expect(errors.sort(), file).toEqual(expected.filter((e) => e.startsWith(`${file}:`)));
          }
        }
      },
    );
  });
});
