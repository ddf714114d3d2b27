import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect } from 'vitest';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { lineMarker, lineMarkers } from '../helpers/line-markers.js';
import { E2E_DIR } from '../helpers/locations.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { callSites, flattenSymbols, markedCallSites, renamedAt } from '../helpers/language-scenarios.js';
import { argsAt, changedPaths, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 15: languages other than TypeScript, each through its own language server, whatever
 * the TypeScript backend: these run once, on the default backend (the mixed workspace, where
 * the backend matters, is in `languages-mixed.test.ts`). Expected places come from the
 * fixtures' line markers.
 */

describe('Python through pyright', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));
  const project = useShared(() => copyFixture('python'));

  verifies('I15-PY-REFERENCES', 'finds the references of a function across modules, typed, none from a comment', async () => {
    const ws = project();
    const expected = await lineMarkers(ws, { tag: 'total_area', kinds: ['decl', 'use'] });
    const result = succeeded(await server().findReferences(argsAt(ws, await lineMarker(ws, 'decl', 'total_area'))));
    expect(keysOf(result.references)).toEqual(markerKeys(expected));
    for (const reference of result.references) {
      const marker = expected.find((m) => m.file === reference.filePath && m.line === reference.line && m.column === reference.column);
      expect(reference.referenceType).toBe(marker?.kind === 'decl' ? 'declaration' : 'usage');
      expect(reference.codeSnippet).toBe(marker?.lineText);
    }
    expect(result.fileCount).toBe(3);
  });

  verifies('I15-PY-DEFINITION', 'goes to a definition in another module, and into the standard library as external', async () => {
    const ws = project();
    const uses = await lineMarkers(ws, { tag: 'total_area', kinds: ['use'] });
    const definition = succeeded(await server().goToDefinition(argsAt(ws, uses[1] as Marker)));
    expect(keysOf(definition.definitions)).toEqual(markerKeys([await lineMarker(ws, 'decl', 'total_area')]));
    expect(definition.definitions[0]?.isExternal).toBe(false);

    const builtin = succeeded(await server().goToDefinition(argsAt(ws, await lineMarker(ws, 'stdlib', 'len'))));
    expect(builtin.definitions.length).toBeGreaterThan(0);
    for (const d of builtin.definitions) {
      expect(d.isExternal).toBe(true);
      expect(d.filePath).toMatch(/^\/.*builtins\.pyi$/);
    }
  });

  verifies('I15-PY-RENAME', 'renames a function in every module that uses it', async () => {
    await using ws = await copyFixture('python');
    const markers = await lineMarkers(ws, { tag: 'total_area', kinds: ['decl', 'use'] });
    const files = [...new Set(markers.map((m) => m.file))];
    const expected = new Map(
      await Promise.all(
        files.map(
          async (f) =>
            [
              f,
              renamedAt(
                await ws.read(f),
                markers.filter((m) => m.file === f),
                'sum_of_areas',
              ),
            ] as const,
        ),
      ),
    );

    const result = succeeded(await server().renameSymbol({ ...argsAt(ws, markers[0] as Marker), newName: 'sum_of_areas' }));

    expect(result.totalChanges).toBe(markers.length);
    for (const [file, text] of expected) expect(await ws.read(file), file).toBe(text);
  });

  verifies('I15-PY-RENAME', 'refuses a name that would capture the uses of a builtin, writing nothing', async () => {
    await using ws = await copyFixture('python');
    const before = await ws.snapshot();
    const error = failedWith(
      await server().renameSymbol({ ...argsAt(ws, await lineMarker(ws, 'decl', 'total_area')), newName: 'print' }),
      'RENAME_CONFLICT',
    );
    expect(error.message).toContain('app/main.py');
    expect(changedPaths(before, await ws.snapshot())).toEqual([]);
  });

  verifies('I15-PY-DIAGNOSTICS', "reports a file's and the workspace's diagnostics with pyright's own code", async () => {
    const ws = project();
    const errors = await lineMarkers(ws, { kinds: ['err'] });
    const file = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'app/main.py' }));
    expectMarkedDiagnostics(file.diagnostics, errors);
    expect(file.errorCount).toBe(errors.length);
    expect(file.compiler).toBeUndefined();
    // pyright's own name for itself, with its own code.
    expect(file.diagnostics.map((d) => d.source)).toEqual(errors.map(() => 'Pyright'));

    const workspace = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expectMarkedDiagnostics(workspace.diagnostics, errors);
    expect(workspace.errorCount).toBe(errors.length);
  });

  verifies('I15-PY-NAVIGATION', 'outlines a module as a tree with node ids', async () => {
    const ws = project();
    const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'shapes/geometry.py' }));
    const symbols = flattenSymbols(result.symbols);
    for (const marker of await lineMarkers(ws, { kinds: ['node'], file: 'shapes/geometry.py' })) {
      const [kind, qualified = ''] = marker.tag.split(':');
      const found = symbols.find((s) => s.nodeId === `${kind}:${marker.file}:${qualified}`);
      expect(found, marker.tag).toMatchObject({ name: marker.identifier, kind, line: marker.line, column: marker.column });
    }
    expect(result.symbols.map((s) => s.name)).toEqual(
      ['math', 'Shape', 'Square', 'Circle', 'total_area'].filter((n) => result.symbols.some((s) => s.name === n)),
    );
  });

  verifies('I15-PY-NAVIGATION', 'finds a declaration by name when the search is the first call on the workspace', async () => {
    await using ws = await copyFixture('python');
    const declaration = await lineMarker(ws, 'decl', 'total_area');
    const found = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'total_area' }));
    expect(found.symbols).toContainEqual(
      expect.objectContaining({ name: 'total_area', filePath: declaration.file, line: declaration.line, column: declaration.column }),
    );
  });

  verifies('I23-QUALIFIED-SEARCH', 'finds a method by its class and name (Label.area), which pyright alone finds nothing for', async () => {
    await using ws = await copyFixture('python-overrides');
    for (const [query, kind] of [
      ['Label.area', 'other'],
      ['Shape.area', 'decl'],
    ] as const) {
      const [marker] = await lineMarkers(ws, { kinds: [kind], tag: 'area', file: 'src/shapes/base.py' });
      const found = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query }));
      expect(found.symbols[0], query).toMatchObject({ name: 'area', filePath: marker?.file, line: marker?.line, column: marker?.column });
      expect(found.symbols[0]?.containerName).toBe(query.split('.')[0]);
    }
  });

  verifies('I15-PY-NAVIGATION', 'searches the workspace, hovers with the signature, and lists the callers', async () => {
    const ws = project();
    const declaration = await lineMarker(ws, 'decl', 'total_area');
    const found = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'total_area' }));
    expect(found.symbols).toContainEqual(
      expect.objectContaining({ name: 'total_area', filePath: declaration.file, line: declaration.line, column: declaration.column }),
    );

    const hover = succeeded(await server().call('hover', argsAt(ws, declaration)));
    expect(hover.signature).toContain(
      declaration.lineText.slice(declaration.lineText.indexOf('total_area'), declaration.lineText.indexOf(':  #')),
    );

    const calls = succeeded(await server().call('call_hierarchy', { ...argsAt(ws, declaration), direction: 'incoming' }));
    const sites = calls.calls.flatMap((c) => c.callSites.map((s) => `${c.name}@${s.filePath}:${s.line}:${s.column}`)).sort();
    const expected = (await lineMarkers(ws, { kinds: ['call'] }))
      .map((m) => `${m.tag.split('>')[0]}@${m.file}:${m.line}:${m.column}`)
      .sort();
    expect(sites).toEqual(expected);
  });

  verifies('I15-PY-NAVIGATION', 'addresses a function by symbol and by node id, and lists the callees of another', async () => {
    const ws = project();
    const expected = markerKeys(await lineMarkers(ws, { tag: 'total_area', kinds: ['decl', 'use'] }));
    const bySymbol = succeeded(
      await server().findReferences({ workspaceRoot: ws.root, filePath: 'shapes/geometry.py', symbol: 'total_area' }),
    );
    expect(keysOf(bySymbol.references)).toEqual(expected);
    const byNode = succeeded(await server().findReferences({ workspaceRoot: ws.root, nodeId: 'function:shapes/geometry.py:total_area' }));
    expect(keysOf(byNode.references)).toEqual(expected);

    // main calls print, Square, Circle and len besides: the marked call must be among its callees.
    const main = await lineMarker(ws, 'node', 'function:main');
    const outgoing = succeeded(await server().call('call_hierarchy', { ...argsAt(ws, main), direction: 'outgoing' }));
    expect(callSites(outgoing.calls)).toEqual(expect.arrayContaining(await markedCallSites(ws, 'outgoing', 'main')));
  });

  verifies('I15-PY-PATHS', 'refuses paths outside the workspace, relative or absolute, writing nothing', async () => {
    await using ws = await copyFixture('python');
    await ws.write('../outside.py', 'def elsewhere() -> int:\n    return 1\n');
    const before = await ws.snapshot();
    for (const filePath of ['../outside.py', ws.path('../outside.py')]) {
      failedWith(await server().findReferences({ workspaceRoot: ws.root, filePath, line: 1, column: 5 }), 'PATH_OUTSIDE_WORKSPACE');
      failedWith(
        await server().renameSymbol({ workspaceRoot: ws.root, filePath, line: 1, column: 5, newName: 'inside' }),
        'PATH_OUTSIDE_WORKSPACE',
      );
      failedWith(await server().getDiagnostics({ workspaceRoot: ws.root, filePath }), 'PATH_OUTSIDE_WORKSPACE');
    }
    expect(changedPaths(before, await ws.snapshot())).toEqual([]);
  });

  verifies('I15-PY-FRESHNESS', 'sees edits made on disk by another program at the very next call', async () => {
    await using ws = await copyFixture('python');
    const error = await lineMarker(ws, 'err', 'reportUndefinedVariable');
    expect(succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: error.file })).errorCount).toBe(1);
    await ws.write(error.file, (await ws.read(error.file)).replace('print(undefined_name)', 'print(shapes)'));
    expect(succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: error.file })).errorCount).toBe(0);

    await ws.write('app/extra.py', 'from shapes.geometry import total_area\n\nEMPTY = total_area([])\n');
    const result = succeeded(await server().findReferences(argsAt(ws, await lineMarker(ws, 'decl', 'total_area'))));
    expect(result.references.filter((r) => r.filePath === 'app/extra.py').map((r) => r.line)).toEqual([1, 3]);
  });

  verifies('I15-PY-REFUSALS', 'refuses what pyright or the bridge cannot do for Python, saying why, writing nothing', async () => {
    await using ws = await copyFixture('python');
    const before = await ws.snapshot();
    const shape = (await lineMarkers(ws, { kinds: ['node'], tag: 'class:Shape' }))[0] as Marker;
    const implementations = failedWith(await server().call('find_implementations', argsAt(ws, shape)), 'LANGUAGE_SERVER_ERROR');
    expect(implementations.message).toMatch(/pyright does not support textDocument\/implementation/);
    expect(changedPaths(before, await ws.snapshot())).toEqual([]);
  });
});

// C and Go: `languages-c.test.ts`, `languages-go.test.ts`.

describe('languages without a server', () => {
  verifies('I15-NOT-INSTALLED', 'a Go file when gopls is not installed: LANGUAGE_SERVER_NOT_FOUND naming the install command', async () => {
    // An empty PATH: gopls cannot be found (the bridge runs node and pyright by absolute paths).
    await using empty = await copyFixture('python', { dirName: 'empty-bin' });
    await using server = await startServer({ backend: 'auto', env: { PATH: join(empty.base, 'nothing-here') } });
    await using ws = await copyFixture('go-project');
    const error = failedWith(await server.getDiagnostics({ workspaceRoot: ws.root, filePath: 'main.go' }), 'LANGUAGE_SERVER_NOT_FOUND');
    expect(error.message).toContain('gopls');
    expect(error.resolution).toContain('apt-get install gopls golang-go');
    // Python's server ships with the bridge: it still works.
    await using py = await copyFixture('python');
    expect(succeeded(await server.getDiagnostics({ workspaceRoot: py.root, filePath: 'app/main.py' })).errorCount).toBe(1);
  });

  verifies('I15-UNSUPPORTED', 'a file no language serves: UNSUPPORTED_FILE_TYPE saying how to configure one', async () => {
    await using server = await startServer({ backend: 'auto' });
    await using ws = await copyFixture('python');
    await ws.write('tool.rb', 'def run; end\n');
    const error = failedWith(
      await server.findReferences({ workspaceRoot: ws.root, filePath: 'tool.rb', line: 1, column: 5 }),
      'UNSUPPORTED_FILE_TYPE',
    );
    expect(error.message).toContain('.py');
    // The workspace's own .lsp.json, by its path (no LSP_BRIDGE_CONFIG names another).
    expect(error.resolution).toContain(`name it in ${join(ws.root, '.lsp.json')}, e.g.`);
    expect(error.resolution).toContain('".rb"');
  });
});

describe('a server configured in .lsp.json', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));
  const pyright = join(
    dirname(createRequire(join(E2E_DIR, '../packages/lsp-adapter/package.json')).resolve('pyright/package.json')),
    'langserver.index.js',
  );

  async function configured(ws: Workspace, config: unknown): Promise<void> {
    await ws.write('.lsp.json', JSON.stringify(config, null, 2));
  }

  verifies('I15-CONFIGURED-SERVER', "serves its extensions with its own settings (Claude Code's shape)", async () => {
    await using ws = await copyFixture('python');
    // pyright again, run by the config with other settings: with type checking off, an undefined name is a warning.
    await configured(ws, {
      'pyright-lenient': {
        command: process.execPath,
        args: [pyright, '--stdio'],
        extensionToLanguage: { '.py': 'python' },
        settings: { 'python.analysis': { typeCheckingMode: 'off' } },
        startupTimeout: 30000,
      },
    });
    const error = await lineMarker(ws, 'err', 'reportUndefinedVariable');
    const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: error.file }));
    expect(diagnostics.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'reportUndefinedVariable', severity: 'warning', line: error.line, column: error.column }),
    );
    const references = succeeded(await server().findReferences(argsAt(ws, await lineMarker(ws, 'decl', 'total_area'))));
    expect(keysOf(references.references)).toEqual(markerKeys(await lineMarkers(ws, { tag: 'total_area', kinds: ['decl', 'use'] })));
  });

  verifies('I15-CONFIGURED-SERVER', 'an invalid .lsp.json is CONFIG_NOT_FOUND naming the bad field', async () => {
    await using ws = await copyFixture('python');
    await configured(ws, { ruby: { command: 'solargraph', args: ['stdio'], extensionToLanguage: { rb: 'ruby' } } });
    const error = failedWith(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'app/main.py' }), 'CONFIG_NOT_FOUND');
    expect(error.message).toContain('"ruby.extensionToLanguage.rb"');
    expect(error.message).toContain('.lsp.json');
  });
});
