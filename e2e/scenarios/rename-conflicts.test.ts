import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { bundledCompiler, tscErrors } from '../helpers/compilers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

const at = (m: Marker): string => `${m.file}:${m.line}:${m.column}`;

/**
 * The rename-conflict rule lives in the domain; each backend only answers what names refer to
 * and which errors files have. So both refuse the same renames with the same words.
 */
forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  const refused = async (ws: Workspace, marker: Marker, newName: string): Promise<string> => {
    const before = await ws.snapshot();
    const error = failedWith(await server().renameSymbol({ ...argsAt(ws, marker), newName }), 'RENAME_CONFLICT');
    expect(await ws.snapshot(), 'nothing written').toEqual(before);
    return error.message;
  };

  describe('the rename-conflict rule', () => {
    verifies(['AC-1.3.6', 'I10-RENAME-RULE'], 'refuses a name already declared in the same scope, at that declaration', async () => {
      await using ws = await copyFixture('conflicts');
      const message = await refused(ws, await ws.marker('decl', 'alpha'), 'beta');
      expect(message).toContain(`${at(await ws.marker('decl', 'beta'))} "beta" is already declared here`);
    });

    verifies('I10-RENAME-RULE', 'refuses renaming a class or interface member to another member of the type', async () => {
      await using ws = await copyFixture('conflicts');
      expect(await refused(ws, await ws.marker('decl', 'width'), 'height')).toContain(at(await ws.marker('decl', 'height')));
      expect(await refused(ws, await ws.marker('decl', 'w'), 'h')).toContain(at(await ws.marker('decl', 'h')));
    });

    verifies('I10-RENAME-RULE', 'refuses two interfaces that would silently merge', async () => {
      await using ws = await copyFixture('conflicts');
      const message = await refused(ws, await ws.marker('decl', 'Apple'), 'Berry');
      expect(message).toContain(`${at(await ws.marker('decl', 'Berry'))} "Berry" is already declared here`);
    });

    verifies('I10-RENAME-RULE', 'refuses an export renamed to a name the module already exports', async () => {
      await using ws = await copyFixture('conflicts');
      // The checker sees the duplicate export at the re-export; a language server resolves the renamed
      // declaration to the re-exported one. Both are the same refusal, placed where each service looks.
      const message = await refused(ws, await ws.marker('decl', 'exported'), 'beta');
      expect(message).toMatch(new RegExp(`${at(await ws.marker('re', 'beta'))}|declared at src/other\\.ts:1:17`));
    });

    verifies(
      'I10-RENAME-EXPORT-STAR',
      'refuses an ambiguity in a barrel that star-exports both modules, though the barrel is not edited',
      async () => {
        await using ws = await copyFixture('conflicts');
        const message = await refused(ws, await ws.marker('decl', 'sa'), 'sb');
        const barrel = await ws.marker('star', 'b');
        expect(message).toContain(`${barrel.file}:${barrel.line}:`);
        expect(message).toContain('TS2308');
      },
    );

    // What a rename can break without editing it reaches past import statements. The oracle is
    // tsc on a copy where only the declaration is renamed: it names the one error the rename adds.
    for (const [tag, use, how] of [
      ['depth', 'v', 'a file that imports one naming the edited file only in an import(…) type'],
      ['width', 'drawn', 'a file that imports a declaration file (.d.ts) importing the edited one'],
      ['volume', 'level', 'a file that uses what a script (no import or export) declares globally'],
      ['tint', 'shade', 'a file that uses what a module adds to the global scope (declare global)'],
    ] as const) {
      verifies('R-RENAME-UNEDITED', `refuses a rename that breaks ${how}, though that file imports nothing edited`, async () => {
        await using ws = await copyFixture('rename-reach');
        const decl = await ws.marker('decl', tag);
        await using renamed = await copyFixture('rename-reach');
        const text = await renamed.read(decl.file);
        await renamed.write(decl.file, text.replace(`*/${tag}:`, `*/${tag}Renamed:`));
        const broken = await ws.marker('use', use);
        const key = `${broken.file}:${broken.line}:${broken.column}`;
        expect(tscErrors(bundledCompiler('auto').path, ws.root, '.', 'rename-reach')).toEqual([]);
        const [error] = tscErrors(bundledCompiler('auto').path, renamed.root, '.', `rename-reach:${tag}`);
        expect(error).toBe(`${key} TS2741`);
        const message = await refused(ws, decl, `${tag}Renamed`);
        expect(message).toContain(`${key} the rename would cause error TS2741`);
      });
    }

    verifies('I10-RENAME-RULE', 'refuses a reference that an inner declaration of the new name would shadow', async () => {
      await using ws = await copyFixture('conflicts');
      const message = await refused(ws, await ws.marker('decl', 'x'), 'y');
      expect(message).toContain(
        `${at(await ws.marker('use', 'x'))} this reference would resolve to "y" declared at ${at(await ws.marker('decl', 'y'))}`,
      );
    });

    verifies('I10-RENAME-RULE', 'refuses an existing reference to the new name that the renamed symbol would capture', async () => {
      await using ws = await copyFixture('conflicts');
      const message = await refused(ws, await ws.marker('decl', 'z'), 'y');
      expect(message).toContain(
        `${at(await ws.marker('use', 'outer'))} this reference to "y" (declared at ${at(await ws.marker('decl', 'outer'))}) would resolve to the renamed symbol`,
      );
    });

    verifies('I10-RENAME-RULE', 'allows shadowing a global nothing in scope uses, and refuses capturing a use of it', async () => {
      await using ws = await copyFixture('conflicts');
      const label = await ws.marker('decl', 'label');
      succeeded(await server().renameSymbol({ ...argsAt(ws, label), newName: 'status', dryRun: true }));
      const message = await refused(ws, await ws.marker('decl', 'message'), 'console');
      expect(message).toContain(at(await ws.marker('use', 'console')));
    });

    verifies('I10-RENAME-RULE', 'refuses a clash in a file that imports the symbol', async () => {
      await using ws = await copyFixture('conflicts');
      expect(await refused(ws, await ws.marker('decl', 'make'), 'build')).toContain('src/use.ts:');
    });

    verifies(
      ['I10-RENAME-RULE', 'I10-RENAME-OWN-IMPORTS'],
      'renames through 70 importing files: the import specifiers the rename rewrites are never conflicts',
      async () => {
        await using ws = await copyFixture('conflicts');
        const importers = await ws.markers({ tag: 'operate', kinds: ['ref'] });
        const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'operate')), newName: 'operateOn' }));
        expect(result.filesModified).toHaveLength(importers.length + 1);
        for (const importer of importers) expect(await ws.read(importer.file)).toMatch(/import \{ (?:\/\*@ref:operate\*\/)?operateOn \}/);
        const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
        expect(diagnostics.errorCount, JSON.stringify(diagnostics.diagnostics.slice(0, 3))).toBe(0);
      },
    );
  });
});
