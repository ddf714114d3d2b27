import { relative } from 'node:path';
import { describe, expect } from 'vitest';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { goBuild } from '../helpers/language-builds.js';
import { callSites, expectedRename, flattenSymbols, markedCallSites } from '../helpers/language-scenarios.js';
import { lineMarker, lineMarkers } from '../helpers/line-markers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, changedPaths, copyFixture, type Marker } from '../helpers/workspace.js';

/*
 * Issue 15, Go through gopls: the contract's scenarios that apply to Go, through a real MCP
 * client, on the default backend. Expected places come from the line markers of
 * `fixtures/projects/go-project`: package main (an interface, two implementations, `Total`)
 * calling package `geometry` of the same module and the module `example.com/units`, which
 * go.mod replaces by `../units`, outside the root.
 */

describe('Go through gopls', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));
  const project = useShared(() => copyFixture('go-project'));

  verifies('I15-GO-REFERENCES', 'finds the references of a function across packages of the module, none from a comment', async () => {
    const ws = project();
    const expected = await lineMarkers(ws, { tag: 'Scale', kinds: ['decl', 'use'] });
    const result = succeeded(await server().findReferences(argsAt(ws, await lineMarker(ws, 'decl', 'Scale'))));
    expect(keysOf(result.references)).toEqual(markerKeys(expected));
    for (const reference of result.references) {
      const marker = expected.find((m) => m.file === reference.filePath && m.line === reference.line && m.column === reference.column);
      expect(reference.referenceType, `${reference.filePath}:${reference.line}`).toBe(marker?.kind === 'decl' ? 'declaration' : 'usage');
      expect(reference.codeSnippet).toBe(marker?.lineText);
    }
    expect(result.fileCount).toBe(2);

    const total = succeeded(await server().findReferences(argsAt(ws, await lineMarker(ws, 'use', 'Total'))));
    expect(keysOf(total.references)).toEqual(markerKeys(await lineMarkers(ws, { tag: 'Total', kinds: ['decl', 'use'] })));
  });

  verifies('I15-GO-DEFINITION', 'goes into another package, into a dependency module and into the standard library', async () => {
    const ws = project();
    const scale = succeeded(
      await server().goToDefinition(argsAt(ws, (await lineMarkers(ws, { tag: 'Scale', kinds: ['use'], file: 'main.go' }))[0] as Marker)),
    );
    expect(keysOf(scale.definitions)).toEqual(markerKeys([await lineMarker(ws, 'decl', 'Scale')]));
    expect(scale.definitions[0]?.isExternal).toBe(false);

    // The dependency: the module go.mod replaces by ../units, outside the workspace.
    const meters = succeeded(await server().goToDefinition(argsAt(ws, await lineMarker(ws, 'dep', 'Meters'))));
    const unitsFile = ws.path('../units/units.go');
    const declaration = (await ws.read('../units/units.go')).split('\n').findIndex((l) => l.startsWith('func Meters'));
    expect(meters.definitions.map((d) => [d.filePath, d.line, d.column, d.isExternal])).toEqual([
      [unitsFile, declaration + 1, 'func '.length + 1, true],
    ]);

    const println = succeeded(await server().goToDefinition(argsAt(ws, await lineMarker(ws, 'stdlib', 'Println'))));
    expect(println.definitions).toHaveLength(1);
    expect(println.definitions[0]?.isExternal).toBe(true);
    expect(println.definitions[0]?.filePath).toMatch(/^\/.*\/fmt\/print\.go$/);
  });

  verifies('I15-GO-RENAME', 'renames a function in its package, its doc comment and the packages that call it', async () => {
    await using ws = await copyFixture('go-project');
    const markers = await lineMarkers(ws, { tag: 'Scale', kinds: ['decl', 'use'] });
    const declaration = await lineMarker(ws, 'decl', 'Scale');
    const expected = await expectedRename(ws, markers, 'Resize');
    // gopls renames the name in the declaration's doc comment too (the line above), as Go's convention has it.
    const lines = (expected.get(declaration.file) ?? '').split('\n');
    const doc = lines[declaration.line - 2] ?? '';
    expect(doc).toMatch(/^\/\/ Scale /);
    lines[declaration.line - 2] = doc.replace(/\bScale\b/g, 'Resize');
    expected.set(declaration.file, lines.join('\n'));

    const before = await ws.snapshot();
    const use = (await lineMarkers(ws, { tag: 'Scale', kinds: ['use'], file: 'main.go' }))[0] as Marker;
    const result = succeeded(await server().renameSymbol({ ...argsAt(ws, use), newName: 'Resize' }));
    expect(result.totalChanges).toBe(markers.length + 1);
    expect(changedPaths(before, await ws.snapshot())).toEqual([...expected.keys()].map((f) => relative(ws.base, ws.path(f))).sort());
    for (const [file, text] of expected) expect(await ws.read(file), file).toBe(text);
    const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expect(diagnostics.diagnostics.map((d) => `${d.filePath}:${d.code}`)).toEqual(['main.go:UndeclaredName']);
  });

  verifies('I15-GO-RENAME', 'refuses a name already declared in the package (RENAME_CONFLICT), writing nothing', async () => {
    await using ws = await copyFixture('go-project');
    const before = await ws.snapshot();
    const error = failedWith(
      await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'decl', 'Scale')), newName: 'Double' }),
      'RENAME_CONFLICT',
    );
    expect(error.message).toContain('geometry/scale.go');
    // gopls's reason, said once (gopls repeats it for each build of the package).
    expect(error.message.match(/conflicts with/g)).toHaveLength(1);
    expect(changedPaths(before, await ws.snapshot())).toEqual([]);
  });

  verifies(
    'I23-GO-NESTED-MODULE',
    'renames a type and an interface method in the root module, not in the module nested below it; go build and go vet pass after',
    async () => {
      for (const [tag, newName] of [
        ['Evict', 'Drop'],
        ['Peek', 'Lookup'],
      ] as const) {
        await using ws = await copyFixture('go-nested-module');
        const marked = await lineMarkers(ws, { tag, kinds: ['decl', 'use'] });
        expect((await lineMarkers(ws, { tag, kinds: ['other'] })).map((m) => m.file)).toEqual(['legacy/legacy.go']);
        const before = await ws.snapshot();
        const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'decl', tag)), newName }));
        expect(result.filesModified.map((f) => f.filePath).sort()).toEqual(['cache.go', 'store/store.go']);
        // gopls renames the first word of the doc comment of the declaration (Evict) or of the method (Peek) too.
        expect(result.totalChanges).toBe(marked.length + 1);
        expect(changedPaths(before, await ws.snapshot())).toEqual(['cache.go', 'store/store.go'].map((f) => relative(ws.base, ws.path(f))));
        const built = goBuild(ws);
        expect(built.ok, built.output).toBe(true);
      }
    },
  );

  verifies('I15-GO-DIAGNOSTICS', "reports a file's and the workspace's diagnostics with gopls's own code", async () => {
    const ws = project();
    const errors = await lineMarkers(ws, { kinds: ['err'] });
    const file = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'main.go' }));
    expectMarkedDiagnostics(file.diagnostics, errors);
    expect(file.errorCount).toBe(errors.length);
    expect(succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'geometry/scale.go' })).diagnostics).toEqual([]);

    const workspace = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expectMarkedDiagnostics(workspace.diagnostics, errors);
    expect(workspace.errorCount).toBe(errors.length);
    expect(workspace.failures ?? []).toEqual([]);
  });

  verifies('I15-GO-NAVIGATION', 'outlines a file with node ids, and addresses a function by symbol and by node id', async () => {
    const ws = project();
    const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'shapes.go' }));
    const symbols = flattenSymbols(result.symbols);
    for (const marker of await lineMarkers(ws, { kinds: ['node'], file: 'shapes.go' })) {
      const [kind, name = ''] = marker.tag.split(':');
      expect(
        symbols.find((s) => s.nodeId === `${kind}:shapes.go:${name}`),
        marker.tag,
      ).toMatchObject({ name, kind, line: marker.line, column: marker.column });
    }

    const expected = markerKeys(await lineMarkers(ws, { tag: 'Total', kinds: ['decl', 'use'] }));
    const bySymbol = succeeded(await server().findReferences({ workspaceRoot: ws.root, filePath: 'shapes.go', symbol: 'Total' }));
    expect(keysOf(bySymbol.references)).toEqual(expected);
    const byNode = succeeded(await server().findReferences({ workspaceRoot: ws.root, nodeId: 'function:shapes.go:Total' }));
    expect(keysOf(byNode.references)).toEqual(expected);
  });

  verifies('I15-GO-NAVIGATION', 'searches the workspace for a function and hovers with its signature', async () => {
    const ws = project();
    const declaration = await lineMarker(ws, 'decl', 'Scale');
    const found = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'Scale' }));
    expect(found.symbols.map((s) => `${s.name}@${s.filePath}:${s.line}:${s.column}`)).toEqual([
      `Scale@${declaration.file}:${declaration.line}:${declaration.column}`,
    ]);

    const hover = succeeded(await server().call('hover', argsAt(ws, declaration)));
    expect(hover.signature).toContain(declaration.lineText.slice(0, declaration.lineText.indexOf(' {')));
  });

  verifies(
    'I15-GO-NAVIGATION',
    "names a method by its own name, a qualified query finds it, and gopls's package path never matches",
    async () => {
      const ws = project();
      const search = async (query: string): Promise<string[]> => {
        const found = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query, kinds: ['method'] }));
        return found.symbols.map((s) => `${s.name}@${s.filePath}:${s.line}:${s.column}`);
      };
      const square = await lineMarker(ws, 'symbol', 'Square.Area');
      const circle = await lineMarker(ws, 'symbol', 'Circle.Area');
      expect(await search('Square.Area')).toEqual([`Area@${square.file}:${square.line}:${square.column}`]);
      const areas = await search('Area');
      for (const method of [square, circle]) expect(areas).toContain(`Area@${method.file}:${method.line}:${method.column}`);
      // The module's path (example.com/shapes) spells these letters; no method's name does.
      expect(await search('exam')).toEqual([]);
    },
  );

  verifies('I15-GO-IMPLEMENTATIONS', 'lists every type that implements an interface', async () => {
    const ws = project();
    const shape = await lineMarker(ws, 'node', 'interface:Shape');
    const implementations = succeeded(await server().call('find_implementations', argsAt(ws, shape)));
    expect(keysOf(implementations.implementations)).toEqual(markerKeys(await lineMarkers(ws, { kinds: ['impl'], tag: 'Shape' })));
  });

  verifies('I15-GO-CALLS', 'lists the callers of a function across packages, and the callees of another', async () => {
    const ws = project();
    const scale = await lineMarker(ws, 'decl', 'Scale');
    const incoming = succeeded(await server().call('call_hierarchy', { ...argsAt(ws, scale), direction: 'incoming' }));
    expect(callSites(incoming.calls)).toEqual(await markedCallSites(ws, 'incoming', 'Scale'));

    const double = await lineMarker(ws, 'decl', 'Double');
    const outgoing = succeeded(await server().call('call_hierarchy', { ...argsAt(ws, double), direction: 'outgoing' }));
    expect(callSites(outgoing.calls)).toEqual(await markedCallSites(ws, 'outgoing', 'Double'));
  });

  verifies('I15-GO-FRESHNESS', 'sees edits made on disk by another program at the very next call', async () => {
    await using ws = await copyFixture('go-project');
    const error = await lineMarker(ws, 'err', 'UndeclaredName');
    expect(succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: error.file })).errorCount).toBe(1);
    await ws.write(error.file, (await ws.read(error.file)).replace('fmt.Println(undefinedName)', 'fmt.Println("defined")'));
    expect(succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: error.file })).errorCount).toBe(0);

    await ws.write(
      'geometry/triple.go',
      'package geometry\n\n// Triple is Scale by three.\nfunc Triple(x float64) float64 { return Scale(x, 3) }\n',
    );
    const result = succeeded(await server().findReferences(argsAt(ws, await lineMarker(ws, 'decl', 'Scale'))));
    expect(result.references.filter((r) => r.filePath === 'geometry/triple.go').map((r) => [r.line, r.column])).toEqual([[4, 41]]);
  });

  verifies('I15-GO-PATHS', 'refuses paths outside the workspace, the dependency module included, writing nothing', async () => {
    await using ws = await copyFixture('go-project');
    const before = await ws.snapshot();
    for (const filePath of ['../units/units.go', ws.path('../units/units.go')]) {
      failedWith(await server().findReferences({ workspaceRoot: ws.root, filePath, line: 4, column: 6 }), 'PATH_OUTSIDE_WORKSPACE');
      failedWith(
        await server().renameSymbol({ workspaceRoot: ws.root, filePath, line: 4, column: 6, newName: 'Metres' }),
        'PATH_OUTSIDE_WORKSPACE',
      );
      failedWith(await server().getDiagnostics({ workspaceRoot: ws.root, filePath }), 'PATH_OUTSIDE_WORKSPACE');
    }
    expect(changedPaths(before, await ws.snapshot())).toEqual([]);
  });
});
