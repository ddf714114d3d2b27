import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { addBomCrlfFiles } from '../fixtures/generators.js';
import { forEachBackend } from '../helpers/backends.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { normalizeModifications, planRename } from '../helpers/rename-plan.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, changedPaths, copyFixture } from '../helpers/workspace.js';

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('a cross-file rename', () => {
    verifies(
      ['AC-1.3.1', 'AC-1.3.2', 'AC-1.3.4', 'AC-1.3.5', 'R-TEXT-CONTENT'],
      'rewrites the declaration and every reference on disk and reports each changed line',
      async () => {
        await using ws = await copyFixture('rename');
        const plan = await planRename(ws, 'increment', 'bump');
        const before = await ws.snapshot();

        const outcome = await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'increment')), newName: 'bump' });

        const result = succeeded(outcome);
        for (const [file, text] of plan.texts) expect(await ws.read(file), file).toBe(text);
        expect(changedPaths(before, await ws.snapshot())).toEqual([...plan.texts.keys()].map((f) => `app/${f}`).sort());
        expect(result.oldName).toBe('increment');
        expect(result.newName).toBe('bump');
        expect(normalizeModifications(result.filesModified)).toEqual(plan.filesModified);
        expect(result.totalChanges).toBe(plan.totalChanges);
        for (const file of plan.texts.keys()) expect(outcome.text).toContain(file);
      },
    );

    verifies('AC-1.3.2', 'renames from a usage just as from the declaration, leaving a consistent project', async () => {
      await using ws = await copyFixture('rename');
      const plan = await planRename(ws, 'increment', 'bump');
      const usage = await ws.marker('use', 'increment', 'src/app.ts');

      succeeded(await server().renameSymbol({ ...argsAt(ws, usage), newName: 'bump' }));

      for (const [file, text] of plan.texts) expect(await ws.read(file), file).toBe(text);
      const references = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'increment'))));
      expect(references.symbolName).toBe('bump');
      expect(keysOf(references.references)).toEqual(markerKeys(await ws.markers({ tag: 'increment', kinds: ['decl', 'use', 'ref'] })));
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
      expect(diagnostics.errorCount, JSON.stringify(diagnostics.diagnostics)).toBe(0);
    });

    verifies('R-RENAME-BOM-CRLF', "keeps each file's byte-order mark and line breaks", async () => {
      await using ws = await copyFixture('rename');
      await addBomCrlfFiles(ws);
      const plan = await planRename(ws, 'bomValue', 'bomRenamed');

      const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'bomValue')), newName: 'bomRenamed' }));

      for (const [file, text] of plan.texts) expect(await ws.read(file), file).toBe(text);
      const bom = await ws.readBytes('src/bom-crlf.ts');
      expect([...bom.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect((await ws.read('src/crlf-user.ts')).replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(await ws.read('src/lf-user.ts')).not.toMatch(/\r|^\uFEFF/);
      expect(normalizeModifications(result.filesModified)).toEqual(plan.filesModified);
    });

    verifies('R-RENAME-BOM-CRLF', 'keeps mixed line breaks and a missing final newline exactly', async () => {
      await using ws = await copyFixture('rename');
      await ws.write(
        'src/mixed-eol.ts',
        "import { /*@ref:increment*/increment } from './counter';\r\nexport const a = /*@use:increment*/increment(1);\nexport const b = /*@use:increment*/increment(2);\r\nexport const c = /*@use:increment*/increment(3);",
      );
      const plan = await planRename(ws, 'increment', 'bump');

      succeeded(await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'increment')), newName: 'bump' }));

      for (const [file, text] of plan.texts) expect(await ws.read(file), file).toBe(text);
    });

    verifies('AC-1.3.2', 'keeps public names stable: shorthand properties and re-export aliases still work', async () => {
      await using ws = await copyFixture('rename');
      await ws.write(
        'src/api.ts',
        "import { increment } from './counter';\n\nexport const api = { increment };\nexport { increment as inc } from './counter';\n",
      );
      await ws.write('src/api-user.ts', "import { api, inc } from './api';\n\nexport const viaApi = api.increment(1) + inc(2);\n");
      const user = await ws.read('src/api-user.ts');

      succeeded(await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'increment')), newName: 'bump' }));

      expect(await ws.read('src/api-user.ts')).toBe(user);
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
      expect(diagnostics.errorCount, JSON.stringify(diagnostics.diagnostics)).toBe(0);
      expect(await ws.read('src/api.ts')).not.toMatch(/\bincrement\s*[,(]|import \{ increment \}/);
    });
  });

  describe('a refused rename', () => {
    verifies('R-RENAME-SHADOW', 'refuses a new name already declared in a file that imports the symbol', async () => {
      await using ws = await copyFixture('rename');
      const before = await ws.snapshot();

      const outcome = await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'increment')), newName: 'report' });

      failedWith(outcome, 'RENAME_CONFLICT');
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    });

    verifies('R-RENAME-SHADOW', 'refuses a new name that would capture a global used in the same scope', async () => {
      await using ws = await copyFixture('rename');
      const before = await ws.snapshot();

      const outcome = await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'message')), newName: 'console' });

      failedWith(outcome, 'RENAME_CONFLICT');
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    });

    verifies('AC-1.3.6', 'refuses a new name already declared in the same scope and changes nothing', async () => {
      await using ws = await copyFixture('rename');
      const before = await ws.snapshot();

      const outcome = await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'count')), newName: 'existing' });

      const error = failedWith(outcome, 'RENAME_CONFLICT');
      expect(error.message).toContain('existing');
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    });

    verifies('R-RENAME-SHADOW', 'refuses a new name that an inner declaration would capture a reference with', async () => {
      await using ws = await copyFixture('rename');
      const before = await ws.snapshot();

      const outcome = await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'limit')), newName: 'inner' });

      const error = failedWith(outcome, 'RENAME_CONFLICT');
      expect(error.message).toContain('inner');
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    });

    verifies('R-ERR-SYMBOL_NOT_RENAMEABLE', 'refuses symbols declared in node_modules or the standard library', async () => {
      await using ws = await copyFixture('rename');
      const before = await ws.snapshot();

      for (const tag of ['fakeHelper', 'max', 'map']) {
        const outcome = await server().renameSymbol({ ...argsAt(ws, await ws.marker('at', tag)), newName: 'renamed' });
        failedWith(outcome, 'SYMBOL_NOT_RENAMEABLE');
      }

      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    });

    verifies('R-ERR-INVALID_NEW_NAME', 'refuses names that are not identifiers, reserved words, or the current name', async () => {
      await using ws = await copyFixture('rename');
      const at = argsAt(ws, await ws.marker('decl', 'increment'));
      const before = await ws.snapshot();

      for (const newName of ['1abc', 'has space', 'kebab-case', 'class', 'increment']) {
        const error = failedWith(await server().renameSymbol({ ...at, newName }), 'INVALID_NEW_NAME');
        expect(error.message, newName).toContain(newName);
      }

      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    });
  });

  describe('a rename whose write fails', () => {
    verifies(['R-ERR-WRITE_FAILED', 'R-RENAME-ATOMIC'], 'reports WRITE_FAILED and leaves every file as it was', async () => {
      await using ws = await copyFixture('rename');
      // A write is journaled outside the workspace before it touches anything; with nowhere to
      // keep the journal (the state directory would be inside a regular file) it must not start.
      // Unlike a read-only directory, this fails for root too.
      const blocker = await ws.writeOutside('state-blocker', 'a regular file where the state directory would go');
      await using broken = await startServer({ backend, env: { LSP_BRIDGE_STATE_DIR: join(blocker, 'state') } });
      const before = await ws.snapshot();

      const outcome = await broken.renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'increment')), newName: 'bump' });

      const error = failedWith(outcome, 'WRITE_FAILED');
      expect(error.message + error.resolution).not.toBe('');
      expect(error.message).toContain('Nothing was changed');
      expect(error.resolution).toContain('LSP_BRIDGE_STATE_DIR');
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    });
  });
});
