import { relative } from 'node:path';
import { describe, expect } from 'vitest';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { cSyntaxCheck, emptyGoCache, goBuild, pyrightErrors, pythonRun } from '../helpers/language-builds.js';
import { lineMarker, lineMarkers } from '../helpers/line-markers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, changedPaths, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 23: a rename in Go or C never leaves the build broken and is never refused without
 * cause; C answers whole without a compilation database; paths of any legal spelling. The judge
 * of every written rename is the language's own tool (`go build` + `go vet`, `cc -fsyntax-only`),
 * and of every refusal the same tool run on the server's own edits applied by hand.
 */

/** The marked places that do not spell `name` now (each at its column, moved by the renames before it on its line). */
async function spells(ws: Workspace, markers: readonly Marker[], name: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const marker of markers) {
    const line = (await ws.read(marker.file)).split('\n')[marker.line - 1] ?? '';
    const before = markers.filter((m) => m.file === marker.file && m.line === marker.line && m.column < marker.column);
    const moved = before.reduce((shift, m) => shift + name.length - m.identifier.length, 0);
    const at = Array.from(line)
      .slice(0, marker.column - 1 + moved)
      .join('').length;
    if (line.slice(at, at + name.length) !== name) wrong.push(`${marker.file}:${marker.line}: ${line}`);
  }
  return wrong;
}

describe('languages: renames that keep the build, answers without gaps', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));

  verifies(
    'I23-RENAME-METHOD-FAMILY',
    'renames an interface method with its implementations in another package; go build and go vet pass',
    async () => {
      await using ws = await copyFixture('go-safety');
      const family = await lineMarkers(ws, { tag: 'Area' });
      const before = await ws.snapshot();
      const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'decl', 'Area')), newName: 'Size' }));
      expect(result.filesModified.map((f) => f.filePath).sort()).toEqual(['impl/circle.go', 'impl/square.go', 'shapes/shapes.go']);
      expect(await spells(ws, family, 'Size')).toEqual([]);
      expect(changedPaths(before, await ws.snapshot())).toEqual(
        ['impl/circle.go', 'impl/square.go', 'shapes/shapes.go'].map((f) => relative(ws.base, ws.path(f))),
      );
      const built = goBuild(ws);
      expect(built.ok, built.output).toBe(true);
    },
  );

  verifies(
    'I23-RENAME-METHOD-FAMILY',
    'renamed from one implementation, renames the interface method and the other implementation too',
    async () => {
      await using ws = await copyFixture('go-safety');
      const family = await lineMarkers(ws, { tag: 'Area' });
      const circle = (await lineMarkers(ws, { kinds: ['impl'], tag: 'Area', file: 'impl/circle.go' }))[0] as Marker;
      succeeded(await server().renameSymbol({ ...argsAt(ws, circle), newName: 'Size' }));
      expect(await spells(ws, family, 'Size')).toEqual([]);
      const built = goBuild(ws);
      expect(built.ok, built.output).toBe(true);
    },
  );

  verifies(
    'I23-RENAME-METHOD-FAMILY',
    'renames an interface method whose implementations gopls will not rename one by one (each alone would stop satisfying it); go build and go vet pass',
    async () => {
      await using ws = await copyFixture('go-safety');
      const family = await lineMarkers(ws, { tag: 'Kind' });
      const before = await ws.snapshot();
      const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'decl', 'Kind')), newName: 'Name' }));
      expect(result.totalChanges).toBe(family.length);
      expect(await spells(ws, family, 'Name')).toEqual([]);
      expect(changedPaths(before, await ws.snapshot())).toEqual([relative(ws.base, ws.path('steps/steps.go'))]);
      const built = goBuild(ws);
      expect(built.ok, built.output).toBe(true);
    },
  );

  verifies(
    'I23-RENAME-DEPENDENTS',
    'refuses a rename that breaks a package it does not edit, naming the file and the error; the edit alone breaks go build',
    async () => {
      await using ws = await copyFixture('go-safety');
      const declaration = await lineMarker(ws, 'decl', 'String');
      const breaks = await lineMarker(ws, 'breaks', 'String');
      const before = await ws.snapshot();
      const error = failedWith(await server().renameSymbol({ ...argsAt(ws, declaration), newName: 'Name' }), 'RENAME_CONFLICT');
      expect(error.message).toContain(`${breaks.file}:${breaks.line}:`);
      expect(error.message).toContain('which it does not edit');
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      // The judge: gopls's own edit (the declaration alone), applied by hand, breaks the build.
      await ws.write(declaration.file, (await ws.read(declaration.file)).replace('String() string', 'Name() string'));
      const built = goBuild(ws);
      expect(built.ok).toBe(false);
      expect(built.output).toContain('main.go');
    },
  );

  verifies('I23-C-NO-DATABASE', 'finds every reference from a header and renames in every file, writing nothing else', async () => {
    await using ws = await copyFixture('c-nodb');
    const marked = await lineMarkers(ws, { tag: 'manhattan' });
    const header = (await lineMarkers(ws, { kinds: ['decl'], tag: 'manhattan', file: 'include/geom.h' }))[0] as Marker;
    const references = succeeded(await server().findReferences(argsAt(ws, header)));
    expect(keysOf(references.references)).toEqual(markerKeys(marked));
    expect(references.fileCount).toBe(3);

    const before = await ws.snapshot();
    const result = succeeded(await server().renameSymbol({ ...argsAt(ws, header), newName: 'taxicab' }));
    expect(result.totalChanges).toBe(marked.length);
    expect(await spells(ws, marked, 'taxicab')).toEqual([]);
    // Only the three files: no compilation database or index was written into the workspace.
    expect(changedPaths(before, await ws.snapshot())).toEqual(
      ['include/geom.h', 'src/geom.c', 'src/main.c'].map((f) => relative(ws.base, ws.path(f))),
    );
    const checked = cSyntaxCheck(ws, ['src/geom.c', 'src/main.c'], ['-Iinclude', '-Wall', '-Werror']);
    expect(checked.ok, checked.output).toBe(true);
  });

  verifies(
    'I23-C-EDITED-INCLUDES',
    'renames a function a test includes with its .c file, under -Wmissing-prototypes -Werror; cc passes after',
    async () => {
      await using ws = await copyFixture('c-included');
      const marked = await lineMarkers(ws, { tag: 'bump' });
      const definition = (await lineMarkers(ws, { kinds: ['decl'], tag: 'bump', file: 'counter.c' }))[0] as Marker;
      const result = succeeded(await server().renameSymbol({ ...argsAt(ws, definition), newName: 'advance' }));
      expect(result.filesModified.map((f) => f.filePath).sort()).toEqual(['counter.c', 'counter.h', 'counter_test.c']);
      expect(await spells(ws, marked, 'advance')).toEqual([]);
      const checked = cSyntaxCheck(ws, ['counter.c', 'counter_test.c'], ['-Wall', '-Wmissing-prototypes', '-Werror']);
      expect(checked.ok, checked.output).toBe(true);
    },
  );

  verifies(
    'I23-C-HEADER-TYPES',
    'renames a typedef declared in a header with its uses in the .c file (fields, returns, parameters, sizeof); cc passes after',
    async () => {
      await using ws = await copyFixture('c-typedef');
      const marked = await lineMarkers(ws, { tag: 'Shape' });
      const definition = (await lineMarkers(ws, { kinds: ['decl'], tag: 'Shape', file: 'shape.h' }))[0] as Marker;
      const result = succeeded(await server().renameSymbol({ ...argsAt(ws, definition), newName: 'Figure' }));
      expect(result.filesModified.map((f) => f.filePath).sort()).toEqual(['shape.c', 'shape.h']);
      expect(result.totalChanges).toBe(marked.length);
      expect(await spells(ws, marked, 'Figure')).toEqual([]);
      const checked = cSyntaxCheck(ws, ['shape.c'], ['-Wall', '-Werror']);
      expect(checked.ok, checked.output).toBe(true);
    },
  );

  verifies(
    'I23-C-PREPROCESSOR-BRANCHES',
    "renames a use in an #ifdef branch clangd's flags leave out; the suite compiles with and without it after",
    async () => {
      await using ws = await copyFixture('c-branches');
      const marked = await lineMarkers(ws, { tag: 'reset' });
      const definition = (await lineMarkers(ws, { kinds: ['decl'], tag: 'reset', file: 'flags.c' }))[0] as Marker;
      const result = succeeded(await server().renameSymbol({ ...argsAt(ws, definition), newName: 'flags_clear' }));
      expect(result.totalChanges).toBe(marked.length);
      expect(await spells(ws, marked, 'flags_clear')).toEqual([]);
      for (const flags of [[], ['-DSTRICT']]) {
        const checked = cSyntaxCheck(ws, ['flags.c', 'flags_test.c'], [...flags, '-Wall', '-Werror']);
        expect(checked.ok, checked.output).toBe(true);
      }
    },
  );

  verifies(
    'I23-GO-EXAMPLES',
    "renames the examples named after a function, a type, a method or an interface's method; go build and go vet pass after",
    async () => {
      // The last number: the doc comments whose first word gopls renames too.
      for (const [tag, file, newName, docWords] of [
        ['Twice', 'scale/scale.go', 'Double', 1],
        ['Size', 'scale/scale.go', 'Dimensions', 1],
        ['Area', 'scale/scale.go', 'Measure', 1],
        // An interface's method, from the interface: its implementation's examples and the interface's own.
        ['Perimeter', 'scale/scale.go', 'Edge', 0],
      ] as const) {
        await using ws = await copyFixture('go-examples');
        const marked = await lineMarkers(ws, { tag, kinds: ['decl', 'use'] });
        const named = await lineMarkers(ws, { tag, kinds: ['named'] });
        const declaration = (await lineMarkers(ws, { kinds: ['decl'], tag, file }))[0] as Marker;
        const result = succeeded(await server().renameSymbol({ ...argsAt(ws, declaration), newName }));
        expect(result.totalChanges).toBe(marked.length + named.length + docWords);
        expect(await spells(ws, marked, newName)).toEqual([]);
        const tests = await ws.read('scale/scale_test.go');
        for (const example of named) expect(tests).toContain(`func ${example.identifier.replace(tag, newName)}(`);
        const built = goBuild(ws);
        expect(built.ok, built.output).toBe(true);
      }
    },
  );

  verifies('I23-RENAME-REACH', "renames in tests and examples outside pyright's include; compileall and the tests pass after", async () => {
    await using ws = await copyFixture('python-include');
    const marked = await lineMarkers(ws, { tag: 'offset' });
    const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'decl', 'offset')), newName: 'shift' }));
    expect(result.filesModified.map((f) => f.filePath).sort()).toEqual([
      'examples/demo.py',
      'src/geo/__init__.py',
      'src/geo/core.py',
      'tests/test_core.py',
    ]);
    expect(await spells(ws, marked, 'shift')).toEqual([]);
    const tests = pythonRun(ws, 'tests/test_core.py');
    expect(tests.ok, tests.output).toBe(true);
    const demo = pythonRun(ws, 'examples/demo.py');
    expect(demo.output.trim()).toBe('42');
  });

  verifies(
    'I23-PYTHON-OVERRIDES',
    'renames a method with the methods that override it and those it overrides, from either; another class keeps its own; the program prints the same',
    async () => {
      for (const from of ['decl', 'override'] as const) {
        await using ws = await copyFixture('python-overrides');
        const printed = pythonRun(ws, 'main.py');
        expect(printed.ok, printed.output).toBe(true);
        const family = await lineMarkers(ws, { tag: 'area', kinds: ['decl', 'override', 'use'] });
        const others = await lineMarkers(ws, { tag: 'area', kinds: ['other'] });
        const start = (await lineMarkers(ws, { tag: 'area', kinds: [from] }))[0] as Marker;
        const result = succeeded(await server().renameSymbol({ ...argsAt(ws, start), newName: 'surface' }));
        expect(result.totalChanges).toBe(family.length);
        expect(await spells(ws, family, 'surface')).toEqual([]);
        expect(await spells(ws, others, 'area')).toEqual([]);
        const after = pythonRun(ws, 'main.py');
        expect(after.ok, after.output).toBe(true);
        expect(after.output).toBe(printed.output);
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
      const at = { ...argsAt(ws, await lineMarker(ws, 'decl', 'scale')), newName: 'resize' };
      const before = await ws.snapshot();
      const preview = succeeded(await server().renameSymbol({ ...at, dryRun: true }));
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      const result = succeeded(await server().renameSymbol(at));
      // The judge: what the disk holds after. One file changed (the link is left a link), one per marker.
      const changed = changedPaths(before, await ws.snapshot());
      expect(changed.sort()).toEqual(['geo.py', 'main.py'].map((f) => relative(ws.base, ws.path(f))));
      for (const answer of [preview, result]) {
        expect(answer.filesModified.map((f) => f.filePath).sort()).toEqual(['geo.py', 'main.py']);
        expect(answer.totalChanges).toBe(marked.length);
      }
      expect(await spells(ws, marked, 'resize')).toEqual([]);
      expect(pythonRun(ws, 'main.py').output).toBe(printed.output);
    },
  );

  verifies(
    'I23-RENAME-SERVER-REFERENCES',
    "renames the __all__ entries pyright's rename leaves out beside a stub; pyright finds no error and the program prints the same after",
    async () => {
      await using ws = await copyFixture('python-stub');
      const marked = await lineMarkers(ws, { tag: 'scale' });
      const printed = pythonRun(ws, 'main.py');
      expect(printed.ok, printed.output).toBe(true);
      expect(pyrightErrors(ws)).toEqual([]);
      const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'decl', 'scale')), newName: 'resize' }));
      expect(result.totalChanges).toBe(marked.length);
      expect(await spells(ws, marked, 'resize')).toEqual([]);
      // The judges: pyright itself (a name `from geo import *` no longer finds is an error), and Python's star import.
      expect(pyrightErrors(ws)).toEqual([]);
      const after = pythonRun(ws, 'main.py');
      expect(after.output).toBe(printed.output);
    },
  );

  verifies(
    'I23-RENAME-UNRESOLVED',
    'refuses a rename that would leave behind a use pyright cannot follow, naming it; renaming the rest breaks that test',
    async () => {
      await using ws = await copyFixture('python-include');
      await ws.write('tests/test_dynamic.py', await ws.read('tests/test_dynamic.py.txt'));
      const hidden = await lineMarker(ws, 'hidden', 'offset');
      const before = await ws.snapshot();
      const error = failedWith(
        await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'decl', 'offset')), newName: 'shift' }),
        'RENAME_CONFLICT',
      );
      expect(error.message).toContain(`${hidden.file}:${hidden.line}:${hidden.column}`);
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
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
      const core = pythonRun(ws, 'tests/test_core.py');
      expect(core.ok, core.output).toBe(true);
      const dynamic = pythonRun(ws, 'tests/test_dynamic.py');
      expect(dynamic.ok, dynamic.output).toBe(true);
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
    expect(printed.ok, printed.output).toBe(true);
    const at = everyUse.find((m) => m.kind === 'use' && m.lineText.includes('-> "Position"')) as Marker;
    const result = succeeded(await server().renameSymbol({ ...argsAt(ws, at), newName: 'Place' }));
    expect(result.totalChanges).toBe(everyUse.length);
    expect(await spells(ws, everyUse, 'Place')).toEqual([]);
    // The comment and the ordinary string keep the word.
    for (const kept of await lineMarkers(ws, { tag: 'Position', kinds: ['comment', 'string'] }))
      expect(kept.lineText).toContain('Position');
    const after = pythonRun(ws, 'main.py');
    expect(after.output).toBe(printed.output);
  });

  verifies('I23-PATH-CHARACTERS', 'serves a Go module under "a+b c é": diagnostics of every file, and a rename', async () => {
    await using ws = await copyFixture('go-project', { dirName: 'a+b c é' });
    const errors = await lineMarkers(ws, { kinds: ['err'] });
    const workspace = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expectMarkedDiagnostics(workspace.diagnostics, errors);
    expect(workspace.failures ?? []).toEqual([]);
    const scale = await lineMarkers(ws, { tag: 'Scale', kinds: ['decl', 'use'] });
    const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'decl', 'Scale')), newName: 'Resize' }));
    // gopls renames the doc comment's first word too.
    expect(result.totalChanges).toBe(scale.length + 1);
    expect(await spells(ws, scale, 'Resize')).toEqual([]);
  });
});

describe('languages: a first-time Go user', () => {
  const server = useShared(() => startServer({ backend: 'auto', env: { GOCACHE: emptyGoCache() } }));

  verifies('I23-GO-FIRST-LOAD', "checks every file of a module with an empty build cache, waiting for gopls's load", async () => {
    // Packages without a diagnostic: gopls publishes nothing new for them once it has, which a check must not wait for.
    await using ws = await copyFixture('go-safety');
    const workspace = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expect(workspace.failures ?? []).toEqual([]);
    expect(workspace.diagnostics).toEqual([]);
    const built = goBuild(ws);
    expect(built.ok, built.output).toBe(true);
  });
});
