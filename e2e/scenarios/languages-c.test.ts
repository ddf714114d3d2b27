import { relative } from 'node:path';
import { describe, expect } from 'vitest';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { callSites, expectedRename, flattenSymbols, markedCallSites } from '../helpers/language-scenarios.js';
import { lineMarker, lineMarkers } from '../helpers/line-markers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, changedPaths, copyFixture, type Marker } from '../helpers/workspace.js';

/*
 * Issue 15, C through clangd: the contract's scenarios that apply to C, through a real MCP
 * client, on the default backend (the TypeScript backend does not answer C). Expected places
 * come from the line markers of `fixtures/projects/c-project`: `add` and `twice` are declared
 * in util.h, defined in util.c and called from util.c, report.c and main.c; C++ classes in
 * shapes.hpp and shapes.cpp (implementations apply to C++ only).
 */

describe('C through clangd', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));
  const project = useShared(() => copyFixture('c-project'));

  verifies(
    'I15-C-REFERENCES',
    'finds the references across a header and three files, declarations typed, none from a comment',
    async () => {
      const ws = project();
      const expected = await lineMarkers(ws, { tag: 'add', kinds: ['decl', 'use'] });
      const definition = (await lineMarkers(ws, { tag: 'add', kinds: ['decl'], file: 'util.c' }))[0] as Marker;
      const result = succeeded(await server().findReferences(argsAt(ws, definition)));
      expect(keysOf(result.references)).toEqual(markerKeys(expected));
      for (const reference of result.references) {
        const marker = expected.find((m) => m.file === reference.filePath && m.line === reference.line && m.column === reference.column);
        expect(reference.referenceType, `${reference.filePath}:${reference.line}`).toBe(marker?.kind === 'decl' ? 'declaration' : 'usage');
        expect(reference.codeSnippet).toBe(marker?.lineText);
      }
      expect(result.fileCount).toBe(4);
      // From a use, the same answer.
      const fromUse = succeeded(
        await server().findReferences(argsAt(ws, (await lineMarkers(ws, { tag: 'add', kinds: ['use'], file: 'report.c' }))[0] as Marker)),
      );
      expect(keysOf(fromUse.references)).toEqual(markerKeys(expected));
    },
  );

  verifies('I15-C-DEFINITION', 'goes from a use to the definition in another file, and into a system header as external', async () => {
    // A fresh copy: its clangd has seen no file yet, the definition's included.
    await using ws = await copyFixture('c-project');
    const use = (await lineMarkers(ws, { tag: 'add', kinds: ['use'], file: 'main.c' }))[0] as Marker;
    const definition = succeeded(await server().goToDefinition(argsAt(ws, use)));
    const inC = (await lineMarkers(ws, { tag: 'add', kinds: ['decl'], file: 'util.c' }))[0] as Marker;
    expect(keysOf(definition.definitions)).toContain(markerKeys([inC])[0]);
    for (const d of definition.definitions) expect(d.isExternal).toBe(false);

    const printf = succeeded(await server().goToDefinition(argsAt(ws, await lineMarker(ws, 'stdlib', 'printf'))));
    expect(printf.definitions.length).toBeGreaterThan(0);
    for (const d of printf.definitions) {
      expect(d.isExternal).toBe(true);
      expect(d.filePath).toMatch(/^\/usr\/include\/.*stdio\.h$/);
    }
  });

  verifies('I15-C-RENAME', 'renames a function in the header and every file that declares or calls it', async () => {
    await using ws = await copyFixture('c-project');
    const markers = await lineMarkers(ws, { tag: 'add', kinds: ['decl', 'use'] });
    const expected = await expectedRename(ws, markers, 'sum');
    const before = await ws.snapshot();
    const result = succeeded(await server().renameSymbol({ ...argsAt(ws, markers[0] as Marker), newName: 'sum' }));
    expect(result.totalChanges).toBe(markers.length);
    expect(changedPaths(before, await ws.snapshot())).toEqual([...expected.keys()].map((f) => relative(ws.base, ws.path(f))).sort());
    for (const [file, text] of expected) expect(await ws.read(file), file).toBe(text);
    // The renamed project still compiles cleanly but for the marked error.
    const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expect(diagnostics.diagnostics.map((d) => `${d.filePath}:${d.code}`)).toEqual(['main.c:undeclared_var_use']);
  });

  verifies('I15-C-RENAME', 'refuses a name another function of the program has (RENAME_CONFLICT), writing nothing', async () => {
    await using ws = await copyFixture('c-project');
    const before = await ws.snapshot();
    const error = failedWith(
      await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'use', 'twice')), newName: 'add' }),
      'RENAME_CONFLICT',
    );
    expect(error.message).toMatch(/util\.[ch]/);
    expect(changedPaths(before, await ws.snapshot())).toEqual([]);
  });

  verifies('I15-C-DIAGNOSTICS', "reports a file's and the workspace's diagnostics with clang's own code", async () => {
    const ws = project();
    const errors = await lineMarkers(ws, { kinds: ['err'] });
    const file = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'main.c' }));
    expectMarkedDiagnostics(file.diagnostics, errors);
    expect(file.errorCount).toBe(errors.length);
    expect(file.diagnostics.map((d) => d.source)).toEqual(errors.map(() => 'clang'));

    const clean = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'report.c' }));
    expect(clean.diagnostics).toEqual([]);

    const workspace = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expectMarkedDiagnostics(workspace.diagnostics, errors);
    expect(workspace.errorCount).toBe(errors.length);
    expect(workspace.failures ?? []).toEqual([]);
  });

  verifies('I15-C-NAVIGATION', 'outlines a file with node ids, and addresses a function by symbol and by node id', async () => {
    const ws = project();
    const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'util.c' }));
    const nodes = await lineMarkers(ws, { kinds: ['node'], file: 'util.c' });
    expect(flattenSymbols(result.symbols).map((s) => [s.nodeId, s.kind, s.line, s.column])).toEqual(
      nodes.map((m) => [`${m.tag.split(':')[0]}:util.c:${m.identifier}`, 'function', m.line, m.column]),
    );

    const expected = markerKeys(await lineMarkers(ws, { tag: 'twice', kinds: ['decl', 'use'] }));
    const bySymbol = succeeded(await server().findReferences({ workspaceRoot: ws.root, filePath: 'util.c', symbol: 'twice' }));
    expect(keysOf(bySymbol.references)).toEqual(expected);
    const byNode = succeeded(await server().findReferences({ workspaceRoot: ws.root, nodeId: 'function:util.c:twice' }));
    expect(keysOf(byNode.references)).toEqual(expected);
  });

  verifies('I15-C-NAVIGATION', 'searches the workspace for a function and hovers with its signature', async () => {
    const ws = project();
    const declarations = await lineMarkers(ws, { tag: 'twice', kinds: ['decl'] });
    const found = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'twice' }));
    expect(found.symbols.length).toBeGreaterThan(0);
    for (const symbol of found.symbols) {
      expect(symbol.name).toBe('twice');
      expect(markerKeys(declarations)).toContain(keysOf([symbol])[0]);
    }

    const hover = succeeded(await server().call('hover', argsAt(ws, await lineMarker(ws, 'use', 'twice'))));
    expect(hover.signature).toContain('int twice(int x)');
  });

  verifies('I15-C-CALLS', 'lists the callers of a function across files, each with its call sites', async () => {
    const ws = project();
    const definition = (await lineMarkers(ws, { tag: 'add', kinds: ['decl'], file: 'util.c' }))[0] as Marker;
    const incoming = succeeded(await server().call('call_hierarchy', { ...argsAt(ws, definition), direction: 'incoming' }));
    expect(callSites(incoming.calls)).toEqual(await markedCallSites(ws, 'incoming', 'add'));
  });

  verifies('I15-C-CALLS', 'refuses the callees: clangd 14 does not offer outgoing calls, and the error names it', async () => {
    const ws = project();
    const report = await lineMarker(ws, 'node', 'function:report');
    const error = failedWith(
      await server().call('call_hierarchy', { ...argsAt(ws, report), direction: 'outgoing' }),
      'LANGUAGE_SERVER_ERROR',
    );
    expect(error.message).toMatch(/clangd/);
    expect(error.message).toMatch(/outgoing/i);
  });

  verifies('I15-C-IMPLEMENTATIONS', 'lists the C++ classes deriving from a class, and the overrides of a virtual method', async () => {
    const ws = project();
    const shape = succeeded(await server().call('find_implementations', argsAt(ws, await lineMarker(ws, 'decl', 'Shape'))));
    expect(keysOf(shape.implementations)).toEqual(markerKeys(await lineMarkers(ws, { kinds: ['impl'], tag: 'Shape' })));
    const area = succeeded(await server().call('find_implementations', argsAt(ws, await lineMarker(ws, 'decl', 'area'))));
    expect(keysOf(area.implementations)).toEqual(markerKeys(await lineMarkers(ws, { kinds: ['impl'], tag: 'area' })));
  });

  verifies('I15-C-FRESHNESS', 'sees edits made on disk by another program at the very next call', async () => {
    await using ws = await copyFixture('c-project');
    const error = await lineMarker(ws, 'err', 'undeclared_var_use');
    expect(succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: error.file })).errorCount).toBe(1);
    await ws.write(error.file, (await ws.read(error.file)).replace('+ missing;', '+ 0;'));
    expect(succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: error.file })).errorCount).toBe(0);

    await ws.write('extra.c', '#include "util.h"\n\nint three(void) { return add(1, 2); }\n');
    const definition = (await lineMarkers(ws, { tag: 'add', kinds: ['decl'], file: 'util.c' }))[0] as Marker;
    const result = succeeded(await server().findReferences(argsAt(ws, definition)));
    expect(result.references.filter((r) => r.filePath === 'extra.c').map((r) => [r.line, r.column])).toEqual([[3, 26]]);
  });

  verifies('I15-C-PATHS', 'refuses paths outside the workspace, relative or absolute, writing nothing', async () => {
    await using ws = await copyFixture('c-project');
    const outside = await ws.writeOutside('other/util.c', '#include "util.h"\n\nint add(int a, int b) { return a - b; }\n');
    const before = await ws.snapshot();
    for (const filePath of ['../other/util.c', outside]) {
      failedWith(await server().findReferences({ workspaceRoot: ws.root, filePath, line: 3, column: 5 }), 'PATH_OUTSIDE_WORKSPACE');
      failedWith(
        await server().renameSymbol({ workspaceRoot: ws.root, filePath, line: 3, column: 5, newName: 'sum' }),
        'PATH_OUTSIDE_WORKSPACE',
      );
      failedWith(await server().getDiagnostics({ workspaceRoot: ws.root, filePath }), 'PATH_OUTSIDE_WORKSPACE');
    }
    expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    expect(await ws.read('../other/util.c')).toContain('a - b');
  });
});
