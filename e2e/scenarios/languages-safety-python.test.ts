import { describe, expect } from 'vitest';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { pyrightErrors, pythonRun } from '../helpers/language-builds.js';
import { expectPasses, refusedMarked, renameMarked, spells } from '../helpers/language-renames.js';
import { lineMarker, lineMarkers } from '../helpers/line-markers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Marker } from '../helpers/workspace.js';

/*
 * Issue 23, Python through pyright: a rename never leaves the program broken and is never refused
 * without cause; checks and answers without gaps. The judges are Python itself (compileall, the
 * program's own output and tests) and pyright's command-line checker. Go: languages-safety-go,
 * C: languages-safety-c.
 */

describe('Python: renames that keep the program, answers without gaps', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));

  verifies('I23-RENAME-REACH', "renames in tests and examples outside pyright's include; compileall and the tests pass after", async () => {
    await using ws = await copyFixture('python-include');
    await renameMarked(server(), ws, {
      at: await lineMarker(ws, 'decl', 'offset'),
      newName: 'shift',
      marked: await lineMarkers(ws, { tag: 'offset' }),
      files: ['examples/demo.py', 'src/geo/__init__.py', 'src/geo/core.py', 'tests/test_core.py'],
      judge: () => {
        expectPasses(pythonRun(ws, 'tests/test_core.py'));
        expect(pythonRun(ws, 'examples/demo.py').output.trim()).toBe('42');
      },
    });
  });

  verifies(
    'I23-PYTHON-OVERRIDES',
    'renames a method with the methods that override it and those it overrides, from either; another class keeps its own; the program prints the same',
    async () => {
      for (const from of ['decl', 'override'] as const) {
        await using ws = await copyFixture('python-overrides');
        const printed = pythonRun(ws, 'main.py');
        expectPasses(printed);
        const family = await lineMarkers(ws, { tag: 'area', kinds: ['decl', 'override', 'use'] });
        const others = await lineMarkers(ws, { tag: 'area', kinds: ['other'] });
        await renameMarked(server(), ws, {
          at: (await lineMarkers(ws, { tag: 'area', kinds: [from] }))[0] as Marker,
          newName: 'surface',
          marked: family,
          totalChanges: family.length,
          judge: async () => {
            expect(await spells(ws, others, 'area')).toEqual([]);
            const after = pythonRun(ws, 'main.py');
            expectPasses(after);
            expect(after.output).toBe(printed.output);
          },
        });
      }
    },
  );

  verifies(
    'I23-RENAME-LINKED-FILE',
    'a file reached through a link and by its own name is listed once by the dry run and by the rename, as it is written; the program prints the same',
    async () => {
      await using ws = await copyFixture('python-link');
      const marked = await lineMarkers(ws, { tag: 'scale' });
      const printed = pythonRun(ws, 'main.py');
      expect(printed.output.trim()).toBe('42');
      await renameMarked(server(), ws, {
        at: await lineMarker(ws, 'decl', 'scale'),
        newName: 'resize',
        marked,
        dryRun: true,
        // The judge: what the disk holds after. One file changed (the link is left a link), one per marker.
        onDisk: ['geo.py', 'main.py'],
        files: ['geo.py', 'main.py'],
        totalChanges: marked.length,
        judge: () => expect(pythonRun(ws, 'main.py').output).toBe(printed.output),
      });
    },
  );

  verifies(
    'I23-RENAME-SERVER-REFERENCES',
    "renames the __all__ entries pyright's rename leaves out beside a stub; pyright finds no error and the program prints the same after",
    async () => {
      await using ws = await copyFixture('python-stub');
      const marked = await lineMarkers(ws, { tag: 'scale' });
      const printed = pythonRun(ws, 'main.py');
      expectPasses(printed);
      expect(pyrightErrors(ws)).toEqual([]);
      await renameMarked(server(), ws, {
        at: await lineMarker(ws, 'decl', 'scale'),
        newName: 'resize',
        marked,
        totalChanges: marked.length,
        // The judges: pyright itself (a name `from geo import *` no longer finds is an error), and Python's star import.
        judge: () => {
          expect(pyrightErrors(ws)).toEqual([]);
          expect(pythonRun(ws, 'main.py').output).toBe(printed.output);
        },
      });
    },
  );

  verifies(
    'R-RENAME-UNEDITED',
    'refuses a rename that breaks a module two imports away (a TypedDict flows through the module between), naming the line; the edit alone is an error there for pyright',
    async () => {
      await using ws = await copyFixture('python-flow');
      const declaration = await lineMarker(ws, 'decl', 'depth');
      const breaks = await lineMarker(ws, 'breaks', 'depth');
      expect(pyrightErrors(ws)).toEqual([]);
      await refusedMarked(server(), ws, { at: declaration, newName: 'level', names: [breaks] });
      // The judge: pyright's own checker, on the declaration alone renamed by hand (all pyright renames).
      await ws.write(declaration.file, (await ws.read(declaration.file)).replace('depth: int', 'level: int'));
      expect(pyrightErrors(ws).map((at) => at.split(':').slice(0, 2).join(':'))).toEqual([`${breaks.file}:${breaks.line}`]);
    },
  );

  verifies(
    'I23-RENAME-UNRESOLVED',
    'refuses a rename that would leave behind a use pyright cannot follow, naming it; renaming the rest breaks that test',
    async () => {
      await using ws = await copyFixture('python-include');
      await ws.write('tests/test_dynamic.py', await ws.read('tests/test_dynamic.py.txt'));
      const hidden = await lineMarker(ws, 'hidden', 'offset');
      const error = await refusedMarked(server(), ws, { at: await lineMarker(ws, 'decl', 'offset'), newName: 'shift', names: [hidden] });
      expect(error.message).toContain(`${hidden.file}:${hidden.line}:${hidden.column}`);
      // The judge: every place the server can resolve renamed by hand, the test it cannot follow fails.
      for (const marker of await lineMarkers(ws, { tag: 'offset', kinds: ['decl', 'use'] })) {
        await ws.write(marker.file, (await ws.read(marker.file)).replace(/\boffset\b/g, 'shift'));
      }
      expect(pythonRun(ws, 'tests/test_core.py').ok).toBe(true);
      const dynamic = pythonRun(ws, 'tests/test_dynamic.py');
      expect(dynamic.ok).toBe(false);
      expect(dynamic.output).toContain("has no attribute 'offset'");
    },
  );

  verifies(
    'I23-RENAME-UNRESOLVED',
    'goes ahead once the use pyright cannot follow is renamed by hand, as its refusal says; both tests pass after',
    async () => {
      await using ws = await copyFixture('python-include');
      await ws.write('tests/test_dynamic.py', await ws.read('tests/test_dynamic.py.txt'));
      const hidden = await lineMarker(ws, 'hidden', 'offset');
      const args = { ...argsAt(ws, await lineMarker(ws, 'decl', 'offset')), newName: 'shift' };
      const error = failedWith(await server().renameSymbol(args), 'RENAME_CONFLICT');
      expect(error.resolution).toContain('Rename by hand to "shift" each that uses the symbol');
      const lines = (await ws.read(hidden.file)).split('\n');
      const line = lines[hidden.line - 1] ?? '';
      lines[hidden.line - 1] = `${line.slice(0, hidden.column - 1)}shift${line.slice(hidden.column - 1 + 'offset'.length)}`;
      await ws.write(hidden.file, lines.join('\n'));
      succeeded(await server().renameSymbol(args));
      expectPasses(pythonRun(ws, 'tests/test_core.py'));
      const dynamic = pythonRun(ws, 'tests/test_dynamic.py');
      expectPasses(dynamic);
      expect(dynamic.output).toContain('dynamic passed');
    },
  );

  verifies('I23-CHECKER-SCOPE', "checks what pyright's include says, and finds every error pyright does there", async () => {
    await using ws = await copyFixture('python-include');
    const marked = await lineMarkers(ws, { kinds: ['err'] });
    const workspace = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expectMarkedDiagnostics(workspace.diagnostics, marked);
    expect(workspace.failures ?? []).toEqual([]);
    const errors = workspace.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.filePath}:${d.line}:${d.column}`).sort()).toEqual(pyrightErrors(ws));
    for (const error of errors) expect(error).toMatchObject({ source: 'Pyright', code: 'reportUndefinedVariable' });
  });

  verifies(
    'I23-STRING-REFERENCE',
    'answers definition and references from a forward reference in a string, as pyright resolves it; a comment or an ordinary string stays no symbol',
    async () => {
      await using ws = await copyFixture('python-forward');
      const declaration = await lineMarker(ws, 'decl', 'Position');
      const everyUse = await lineMarkers(ws, { tag: 'Position', kinds: ['decl', 'use'] });
      const forward = everyUse.filter((m) => m.kind === 'use' && m.lineText.includes('"Position"'));
      expect(forward.length).toBe(3);
      for (const at of forward) {
        const definition = succeeded(await server().goToDefinition(argsAt(ws, at)));
        expect(keysOf(definition.definitions), `${at.file}:${at.line}:${at.column}`).toEqual(markerKeys([declaration]));
        const references = succeeded(await server().findReferences(argsAt(ws, at)));
        expect(keysOf(references.references), `${at.file}:${at.line}:${at.column}`).toEqual(markerKeys(everyUse));
      }
      for (const at of await lineMarkers(ws, { tag: 'Position', kinds: ['comment', 'string'] })) {
        failedWith(await server().goToDefinition(argsAt(ws, at)), 'NO_SYMBOL_AT_POSITION');
        failedWith(await server().findReferences(argsAt(ws, at)), 'NO_SYMBOL_AT_POSITION');
        failedWith(await server().renameSymbol({ ...argsAt(ws, at), newName: 'Place' }), 'NO_SYMBOL_AT_POSITION');
      }
    },
  );

  verifies('I23-STRING-REFERENCE', 'renames a class from its forward reference in a string; the program prints the same', async () => {
    await using ws = await copyFixture('python-forward');
    const everyUse = await lineMarkers(ws, { tag: 'Position', kinds: ['decl', 'use'] });
    const printed = pythonRun(ws, 'main.py');
    expectPasses(printed);
    await renameMarked(server(), ws, {
      at: everyUse.find((m) => m.kind === 'use' && m.lineText.includes('-> "Position"')) as Marker,
      newName: 'Place',
      marked: everyUse,
      totalChanges: everyUse.length,
      judge: async () => {
        // The comment and the ordinary string keep the word.
        for (const kept of await lineMarkers(ws, { tag: 'Position', kinds: ['comment', 'string'] }))
          expect(kept.lineText).toContain('Position');
        expect(pythonRun(ws, 'main.py').output).toBe(printed.output);
      },
    });
  });
});
