import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect } from 'vitest';
import { lineMarker, lineMarkers } from '../helpers/line-markers.js';
import { succeeded } from '../helpers/outcomes.js';
import type { DiagnosticItem } from '../helpers/results.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { E2E_DIR } from '../helpers/locations.js';
import { copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 24: a configuration file that changes a language server's answers is seen by the very
 * next call when it is added, changed or removed, as a source file is: the server is told
 * (gopls watches go.mod) or started again (clangd watches nothing; pyright reloads its config on
 * a timer, later than the next request). Expected diagnostics come from the fixtures' line
 * markers and from what the configuration says (a macro that defines a name, a rule made a warning).
 */

/** `severity code` of the diagnostics at a marker's place. */
function at(diagnostics: readonly DiagnosticItem[], marker: Marker): string[] {
  return diagnostics.filter((d) => d.line === marker.line && d.column === marker.column).map((d) => `${d.severity} ${d.code}`);
}

describe('a language server configuration edited between two calls', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));

  async function diagnosticsOf(ws: Workspace, file: string): Promise<readonly DiagnosticItem[]> {
    return succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: file })).diagnostics;
  }

  verifies('I24-CONFIG-C', "clangd: compile_flags.txt added, changed and removed, each seen by the next call's diagnostics", async () => {
    await using ws = await copyFixture('c-project');
    await ws.remove('compile_flags.txt');
    const missing = await lineMarker(ws, 'err', 'undeclared_var_use');
    expect(at(await diagnosticsOf(ws, missing.file), missing)).toEqual(['error undeclared_var_use']);
    // A macro that defines the name: the error is gone.
    await ws.write('compile_flags.txt', `-Wall\n-D${missing.identifier}=0\n`);
    expect(at(await diagnosticsOf(ws, missing.file), missing)).toEqual([]);
    await ws.write('compile_flags.txt', '-Wall\n');
    expect(at(await diagnosticsOf(ws, missing.file), missing)).toEqual(['error undeclared_var_use']);
    await ws.write('compile_flags.txt', `-D${missing.identifier}=1\n`);
    expect(at(await diagnosticsOf(ws, missing.file), missing)).toEqual([]);
    await ws.remove('compile_flags.txt');
    expect(at(await diagnosticsOf(ws, missing.file), missing)).toEqual(['error undeclared_var_use']);
  });

  verifies(
    'I24-CONFIG-PY',
    "pyright: pyrightconfig.json added, changed and removed, each seen by the next call's diagnostics",
    async () => {
      await using ws = await copyFixture('python');
      const undefinedName = await lineMarker(ws, 'err', 'reportUndefinedVariable');
      expect(at(await diagnosticsOf(ws, undefinedName.file), undefinedName)).toEqual(['error reportUndefinedVariable']);
      await ws.write('pyrightconfig.json', JSON.stringify({ reportUndefinedVariable: 'warning' }));
      expect(at(await diagnosticsOf(ws, undefinedName.file), undefinedName)).toEqual(['warning reportUndefinedVariable']);
      await ws.write('pyrightconfig.json', JSON.stringify({ reportUndefinedVariable: 'none' }));
      expect(at(await diagnosticsOf(ws, undefinedName.file), undefinedName)).toEqual([]);
      await ws.remove('pyrightconfig.json');
      expect(at(await diagnosticsOf(ws, undefinedName.file), undefinedName)).toEqual(['error reportUndefinedVariable']);
    },
  );

  verifies(
    'I24-CONFIG-GO',
    "gopls: go.mod changed to replace a dependency by another, and back, each seen by the next call's diagnostics",
    async () => {
      await using ws = await copyFixture('go-project');
      // Another version of the dependency, beside the one the fixture writes: it has no Meters.
      await ws.writeOutside('units-next/go.mod', 'module example.com/units\n\ngo 1.19\n');
      await ws.writeOutside(
        'units-next/units.go',
        'package units\n\n// Feet is a length in feet.\nfunc Feet(x float64) float64 { return x }\n',
      );
      const meters = await lineMarker(ws, 'dep', 'Meters');
      const marked = await lineMarkers(ws, { kinds: ['err'] });
      const errors = async (): Promise<string[]> =>
        (await diagnosticsOf(ws, meters.file)).filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column}`);
      const markedErrors = marked.filter((m) => m.file === meters.file).map((m) => `${m.line}:${m.column}`);
      expect(await errors()).toEqual(markedErrors);
      const goMod = await ws.read('go.mod');
      await ws.write('go.mod', goMod.replace('=> ../units', '=> ../units-next'));
      expect((await errors()).sort()).toEqual([...markedErrors, `${meters.line}:${meters.column}`].sort());
      await ws.write('go.mod', goMod);
      expect(await errors()).toEqual(markedErrors);
    },
  );

  verifies(
    'I24-CONFIG-LSP-JSON',
    "a server's settings in .lsp.json changed between two calls: the next call is answered with the new ones",
    async () => {
      await using ws = await copyFixture('python');
      const pyright = join(
        dirname(createRequire(join(E2E_DIR, '../packages/lsp-adapter/package.json')).resolve('pyright/package.json')),
        'langserver.index.js',
      );
      const configured = (severity: string): Promise<void> =>
        ws.write(
          '.lsp.json',
          JSON.stringify({
            pyright: {
              command: process.execPath,
              args: [pyright, '--stdio'],
              extensionToLanguage: { '.py': 'python' },
              settings: { 'python.analysis': { diagnosticSeverityOverrides: { reportUndefinedVariable: severity } } },
              startupTimeout: 30000,
            },
          }),
        );
      const undefinedName = await lineMarker(ws, 'err', 'reportUndefinedVariable');
      await configured('warning');
      expect(at(await diagnosticsOf(ws, undefinedName.file), undefinedName)).toEqual(['warning reportUndefinedVariable']);
      await configured('information');
      expect(at(await diagnosticsOf(ws, undefinedName.file), undefinedName)).toEqual(['info reportUndefinedVariable']);
    },
  );
});
