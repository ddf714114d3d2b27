import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { expectProjectRelative, keysOf, markerKeys, withoutNodeIds } from '../helpers/expectations.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import type { BridgeServer } from '../helpers/server.js';
import { planRename } from '../helpers/rename-plan.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, changedPaths, copyFixture, type Workspace } from '../helpers/workspace.js';

/** Every tool, asked about `filePath` (line 1, column 1), must refuse it as outside the workspace. */
async function expectOutsideForEveryTool(server: BridgeServer, ws: Workspace, filePath: string): Promise<void> {
  const at = { workspaceRoot: ws.root, filePath, line: 1, column: 1 };
  const before = await ws.snapshot();
  const outcomes = [
    await server.findReferences(at),
    await server.goToDefinition(at),
    await server.renameSymbol({ ...at, newName: 'renamedByTest' }),
    await server.getDiagnostics({ workspaceRoot: ws.root, filePath }),
  ];
  for (const outcome of outcomes) failedWith(outcome, 'PATH_OUTSIDE_WORKSPACE');
  expect(changedPaths(before, await ws.snapshot())).toEqual([]);
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('paths that lead out of the workspace', () => {
    const traps = useShared(() => copyFixture('traps'));

    verifies(['R-PATH-DOTDOT', 'R-ERR-PATH_OUTSIDE_WORKSPACE'], 'refuses a relative path whose ".." climbs out of the root', async () => {
      const ws = traps();
      await expectOutsideForEveryTool(server(), ws, '../outside/dir/secret.ts');
      await expectOutsideForEveryTool(server(), ws, 'src/../../outside/dir/secret.ts');
    });

    verifies('R-PATH-DOTDOT', 'accepts a ".." that stays inside the root and shows the normalized path', async () => {
      const ws = traps();
      const at = await ws.at('src/inside.ts', 'inside');

      const result = succeeded(await server().goToDefinition({ ...at, filePath: 'src/../src/inside.ts' }));

      expect(keysOf(result.definitions)).toEqual([`src/inside.ts:${at.line}:${at.column}`]);
    });

    verifies(
      ['R-PATH-SEGMENT', 'R-ERR-PATH_OUTSIDE_WORKSPACE'],
      'refuses a sibling directory whose name starts with the root name',
      async () => {
        const ws = traps();
        await expectOutsideForEveryTool(server(), ws, '../app-evil/evil.ts');
        await expectOutsideForEveryTool(server(), ws, `${ws.base}/app-evil/evil.ts`);
      },
    );

    verifies('R-PATH-SYMLINK', 'refuses a symlinked file or directory inside the root that leads outside it', async () => {
      const ws = traps();
      await expectOutsideForEveryTool(server(), ws, 'src/linked.ts');
      await expectOutsideForEveryTool(server(), ws, 'src/linked-dir/secret.ts');
    });

    verifies(
      ['R-PATH-ABSOLUTE-INPUT', 'AC-1.6.2'],
      'accepts an absolute filePath inside the root and still answers with relative paths',
      async () => {
        const ws = traps();
        const declaration = await ws.marker('decl', 'appGlobal');

        const definition = succeeded(
          await server().goToDefinition({
            ...argsAt(ws, await ws.marker('use', 'appGlobal', 'src/globals.ts')),
            filePath: ws.path('src/globals.ts'),
          }),
        );
        const references = succeeded(await server().findReferences({ ...argsAt(ws, declaration), filePath: ws.path(declaration.file) }));

        expect(keysOf(definition.definitions)).toEqual(markerKeys([declaration]));
        expect(keysOf(references.references)).toEqual(expect.arrayContaining(markerKeys(await ws.markers({ tag: 'appGlobal' }))));
        // Files inside the root are shown relative; only the symlinked one outside it may be absolute.
        for (const reference of references.references.filter((r) => !r.filePath.startsWith(`${ws.base}/outside/`))) {
          expectProjectRelative(reference.filePath);
        }
      },
    );
  });

  describe('unusual workspace paths', () => {
    verifies('R-PATH-SPECIAL-CHARS', 'work in a root whose path has spaces, accents and an emoji', async () => {
      await using ws = await copyFixture('basic', { dirName: 'my app ü 😀' });
      const declaration = await ws.marker('decl', 'parseConfig');
      const plan = await planRename(ws, 'parseConfig', 'readConfig');

      const references = succeeded(await server().findReferences(argsAt(ws, declaration)));
      const definition = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'))));
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
      const rename = succeeded(await server().renameSymbol({ ...argsAt(ws, declaration), newName: 'readConfig' }));

      expect(keysOf(references.references)).toEqual(markerKeys(plan.markers));
      expect(keysOf(definition.definitions)).toEqual(markerKeys([declaration]));
      expect(diagnostics.errorCount, JSON.stringify(diagnostics.diagnostics)).toBe(0);
      expect(rename.totalChanges).toBe(plan.totalChanges);
      for (const [file, text] of plan.texts) expect(await ws.read(file), file).toBe(text);
    });

    verifies('R-PATH-SPECIAL-CHARS', 'accept a workspaceRoot with a trailing slash', async () => {
      await using ws = await copyFixture('traps');
      const declaration = await ws.marker('decl', 'appGlobal');

      const result = succeeded(await server().findReferences({ ...argsAt(ws, declaration), workspaceRoot: `${ws.root}/` }));

      expect(keysOf(result.references)).toEqual(expect.arrayContaining(markerKeys(await ws.markers({ tag: 'appGlobal' }))));
    });

    verifies('R-PATH-ROOT-SYMLINK', 'answer through a symlinked workspaceRoot with paths relative to it, writing only inside', async () => {
      await using ws = await copyFixture('basic');
      const linkedRoot = join(ws.base, 'app-link');
      await symlink(ws.root, linkedRoot);
      const declaration = await ws.marker('decl', 'parseConfig');
      const plan = await planRename(ws, 'parseConfig', 'readConfig');
      const at = { ...argsAt(ws, declaration), workspaceRoot: linkedRoot };
      const before = await ws.snapshot();

      const references = succeeded(await server().findReferences(at));
      const rename = succeeded(await server().renameSymbol({ ...at, newName: 'readConfig' }));

      expect(keysOf(references.references)).toEqual(markerKeys(plan.markers));
      expect(rename.filesModified.map((f) => f.filePath).sort()).toEqual([...plan.texts.keys()]);
      expect(changedPaths(before, await ws.snapshot())).toEqual([...plan.texts.keys()].map((f) => `app/${f}`));
    });
  });

  describe('a symbol declared outside the workspace root', () => {
    verifies(
      ['BS-001.1', 'AC-1.6.2', 'R-ERR-SYMBOL_NOT_RENAMEABLE'],
      'is shown by absolute path, marked external, and cannot be renamed',
      async () => {
        await using mono = await copyFixture('monorepo');
        const declaration = await mono.marker('decl', 'shared');
        const usage = await mono.marker('use', 'shared', 'packages/b/src/consumer.ts');
        const at = {
          workspaceRoot: mono.path('packages/b'),
          filePath: usage.file.slice('packages/b/'.length),
          line: usage.line,
          column: usage.column,
        };
        const before = await mono.snapshot();

        const definition = succeeded(await server().goToDefinition(at));
        const rename = await server().renameSymbol({ ...at, newName: 'renamedShared' });

        expect(withoutNodeIds(definition.definitions)).toEqual([
          {
            filePath: mono.path(declaration.file),
            line: declaration.line,
            column: declaration.column,
            codeSnippet: declaration.lineText,
            isExternal: true,
          },
        ]);
        failedWith(rename, 'SYMBOL_NOT_RENAMEABLE');
        expect(changedPaths(before, await mono.snapshot())).toEqual([]);
      },
    );
  });

  describe('a rename near the workspace boundary', () => {
    verifies(['AC-1.3.3', 'BS-001.4'], 'never writes through a symlink to a file outside the root', async () => {
      await using ws = await copyFixture('traps');
      const before = await ws.snapshot();

      const outcome = await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'appGlobal')), newName: 'renamedGlobal' });

      const changed = changedPaths(before, await ws.snapshot());
      expect(changed.filter((path) => !path.startsWith('app/') || path === 'app/src/linked.ts')).toEqual([]);
      if (outcome.isError) {
        expect(changed, outcome.text).toEqual([]);
      } else {
        const result = succeeded(outcome);
        expect(changed).toEqual(['app/src/globals.ts']);
        expect(result.filesModified.map((f) => f.filePath)).toEqual(['src/globals.ts']);
      }
    });

    verifies(['AC-1.3.3', 'BS-001.4'], 'leaves packages outside a sub-package root untouched', async () => {
      await using mono = await copyFixture('monorepo');
      const subRoot = mono.path('packages/a');
      const declaration = await mono.marker('decl', 'shared');
      const before = await mono.snapshot();

      const outcome = await server().renameSymbol({
        workspaceRoot: subRoot,
        filePath: declaration.file.slice('packages/a/'.length),
        line: declaration.line,
        column: declaration.column,
        newName: 'renamedShared',
      });

      const changed = changedPaths(before, await mono.snapshot());
      expect(changed.filter((path) => !path.startsWith('app/packages/a/'))).toEqual([]);
      if (outcome.isError) {
        expect(changed, outcome.text).toEqual([]);
      } else {
        const result = succeeded(outcome);
        expect(changed).toContain(`app/${declaration.file}`);
        for (const file of result.filesModified) expectProjectRelative(file.filePath);
      }
    });
  });
});
