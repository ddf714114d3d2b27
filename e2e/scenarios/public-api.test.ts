import { describe, expect } from 'vitest';
import { buildSharedPackage } from '../fixtures/generators.js';
import { forEachBackend } from '../helpers/backends.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

const SIZES = 'packages/shapes/src/sizes.ts';

/** The declaration of `unitArea` in sizes.ts, which has no marker of its own (1-based line and column). */
async function unitArea(ws: Workspace): Promise<{ workspaceRoot: string; filePath: string; line: number; column: number }> {
  const lines = (await ws.read(SIZES)).split('\n');
  const line = lines.findIndex((l) => /^export (const|function) .*unitArea/.test(l));
  if (line < 0) throw new Error(`no unitArea declaration in ${SIZES}`);
  return { workspaceRoot: ws.root, filePath: SIZES, line: line + 1, column: (lines[line] ?? '').lastIndexOf('unitArea') + 1 };
}

/*
 * Issue 13: a rename of what a package exports changes its public API, which importers outside
 * the workspace see. Expected entry points and names come from the fixture: packages/shapes
 * exports "." (dist/index.d.ts, built from src/index.ts, which re-exports totalArea and
 * Square from shape.ts); sizes.ts is exported by no entry point until a test adds one.
 */
forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('public API of workspace packages', () => {
    const built = useShared(async () => {
      const ws = await copyFixture('built-packages');
      await buildSharedPackage(ws, { declarationMap: true });
      return ws;
    });

    verifies('I13-MONO-PUBLIC-API', 'names the entry point whose export a rename changes', async () => {
      const ws = built();

      const result = succeeded(
        await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'totalArea')), newName: 'sumOfAreas', dryRun: true }),
      );

      expect(result.publicApi).toEqual([{ package: '@mono/shapes', entryPoint: '.', before: 'totalArea', after: 'sumOfAreas' }]);
    });

    verifies('I13-MONO-PUBLIC-API', 'says nothing of public API for a symbol no entry point exports', async () => {
      const ws = built();
      const result = succeeded(await server().renameSymbol({ ...(await unitArea(ws)), newName: 'unit', dryRun: true }));

      expect(result).not.toHaveProperty('publicApi');
    });

    verifies('I13-MONO-PUBLIC-API', 'reports a subpath export, and not an export under another name', async () => {
      await using ws = await copyFixture('built-packages');
      await buildSharedPackage(ws, { declarationMap: true });
      const manifest = JSON.parse(await ws.read('packages/shapes/package.json')) as { exports: Record<string, unknown> };
      manifest.exports['./sizes'] = { types: './dist/sizes.d.ts' };
      await ws.write('packages/shapes/package.json', JSON.stringify(manifest, null, 2));
      await ws.write(
        'packages/shapes/src/index.ts',
        `${await ws.read('packages/shapes/src/index.ts')}export { unitArea as unit } from './sizes.js';\n`,
      );
      const result = succeeded(await server().renameSymbol({ ...(await unitArea(ws)), newName: 'unitSquare', dryRun: true }));

      expect(result.publicApi).toEqual([{ package: '@mono/shapes', entryPoint: './sizes', before: 'unitArea', after: 'unitSquare' }]);
    });
  });
});
