import { describe, expect } from 'vitest';
import { addConsumerPackages } from '../fixtures/generators.js';
import { forEachBackend } from '../helpers/backends.js';
import { expectCountsMatchList, expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { expectReferenceTypes, keysOf, markerKeys, withoutNodeIds } from '../helpers/expectations.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { normalizeModifications, planRename } from '../helpers/rename-plan.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

const REFERENCE_KINDS = ['decl', 'use', 'ref'];

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('in an Nx-style monorepo', () => {
    const mono = useShared(() => copyFixture('monorepo'));

    verifies('AC-1.5.2', "applies each package's own tsconfig to its files", async () => {
      const ws = mono();
      const inA = await ws.marker('unused', '', 'packages/a/src/strict-local.ts');
      const inB = await ws.marker('unused', '', 'packages/b/src/strict-local.ts');

      const a = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: inA.file }));
      const b = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: inB.file }));

      // packages/a/tsconfig.lib.json sets noUnusedLocals; packages/b's does not.
      const unusedError = (d: { code: string; severity: string; line: number; column: number }, at: { line: number; column: number }) =>
        d.code === 'TS6133' && d.severity === 'error' && d.line === at.line && d.column === at.column;
      expect(
        a.diagnostics.some((d) => unusedError(d, inA)),
        JSON.stringify(a.diagnostics),
      ).toBe(true);
      expect(b.errorCount, JSON.stringify(b.diagnostics)).toBe(0);
    });

    verifies('R-MONOREPO-CROSS-PROJECT', "finds the usages in other packages from the library's declaration", async () => {
      const ws = mono();
      const expected = await ws.markers({ tag: 'shared', kinds: REFERENCE_KINDS });
      expect(new Set(expected.map((m) => m.file.split('/')[1]))).toEqual(new Set(['a', 'b', 'c']));

      const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'shared'))));

      expect(keysOf(result.references)).toEqual(markerKeys(expected));
      expectReferenceTypes(result.references, expected);
    });

    verifies('R-MONOREPO-CROSS-PROJECT', "goes from a consumer package, through the path alias, to the library's declaration", async () => {
      const ws = mono();
      const declaration = await ws.marker('decl', 'shared');
      const expected = await ws.markers({ tag: 'shared', kinds: REFERENCE_KINDS });
      const usage = await ws.marker('use', 'shared', 'packages/b/src/consumer.ts');

      const definition = succeeded(await server().goToDefinition(argsAt(ws, usage)));
      const references = succeeded(await server().findReferences(argsAt(ws, usage)));

      expect(withoutNodeIds(definition.definitions)).toEqual([
        {
          filePath: declaration.file,
          line: declaration.line,
          column: declaration.column,
          codeSnippet: declaration.lineText,
          isExternal: false,
        },
      ]);
      expect(keysOf(references.references)).toEqual(markerKeys(expected));
      expectReferenceTypes(references.references, expected);
    });

    verifies('R-MONOREPO-WORKSPACE-DEP', 'treats the workspace package behind node_modules/@scope/a as project source', async () => {
      const ws = mono();
      const declaration = await ws.marker('decl', 'shared');
      const usage = await ws.marker('use', 'shared', 'packages/c/src/consumer.ts');

      const definition = succeeded(await server().goToDefinition(argsAt(ws, usage)));
      const references = succeeded(await server().findReferences(argsAt(ws, usage)));

      expect(keysOf(definition.definitions)).toEqual(markerKeys([declaration]));
      expect(definition.definitions[0]?.isExternal).toBe(false);
      expect(keysOf(references.references)).toEqual(markerKeys(await ws.markers({ tag: 'shared', kinds: REFERENCE_KINDS })));
    });

    verifies('AC-1.4.3', 'checks every project of the monorepo, including one no solution references', async () => {
      const ws = mono();
      const errors = await ws.markers({ kinds: ['err'] });
      const unusedInA = await ws.marker('unused', '', 'packages/a/src/strict-local.ts');

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));

      expectMarkedDiagnostics(result.diagnostics, errors);
      expect(result.diagnostics.some((d) => d.filePath === unusedInA.file && d.line === unusedInA.line && d.severity === 'error')).toBe(
        true,
      );
      expect(result.errorCount).toBe(errors.length + 1);
      expectCountsMatchList(result);
    });

    const renameStarts = [
      ['the library declaration', (ws: Workspace) => ws.marker('decl', 'shared')],
      ['a consumer package, through the path alias', (ws: Workspace) => ws.marker('use', 'shared', 'packages/b/src/consumer.ts')],
      ['a consumer package, through the workspace dependency', (ws: Workspace) => ws.marker('use', 'shared', 'packages/c/src/consumer.ts')],
    ] as const;
    for (const [side, start] of renameStarts) {
      verifies('R-MONOREPO-RENAME', `renames in every package when started from ${side}`, async () => {
        await using ws = await copyFixture('monorepo');
        const plan = await planRename(ws, 'shared', 'sharedValue');
        expect(new Set([...plan.texts.keys()].map((f) => f.split('/')[1]))).toEqual(new Set(['a', 'b', 'c']));

        const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await start(ws)), newName: 'sharedValue' }));

        for (const [file, text] of plan.texts) expect(await ws.read(file), file).toBe(text);
        expect(normalizeModifications(result.filesModified)).toEqual(plan.filesModified);
        expect(result.totalChanges).toBe(plan.totalChanges);
      });
    }
  });

  describe('in a monorepo with many projects', () => {
    verifies(['R-MONOREPO-CROSS-PROJECT', 'EC-001.4'], 'finds usages and diagnostics in every one of fifteen projects', async () => {
      await using ws = await copyFixture('monorepo');
      await addConsumerPackages(ws, 12);
      const expected = await ws.markers({ tag: 'shared', kinds: REFERENCE_KINDS });
      const errors = await ws.markers({ kinds: ['err'] });

      const references = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'shared'))));
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));

      expect(keysOf(references.references)).toEqual(markerKeys(expected));
      expectMarkedDiagnostics(diagnostics.diagnostics, errors);
      expectCountsMatchList(diagnostics);
    });
  });
});
