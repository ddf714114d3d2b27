import { expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture, type Marker } from '../helpers/workspace.js';

/** The package a fixture file belongs to (its `packages/<name>` directory), and whether it is test code. */
const packageOf = (file: string): string => file.split('/').slice(0, 2).join('/');
const isTest = (file: string): boolean => file.split('/').includes('test');

/** The markers as an impact answer groups them: `file: line, line` per file. */
function grouped(markers: readonly Marker[]): Map<string, number[]> {
  const files = new Map<string, number[]>();
  for (const m of markers)
    files.set(
      m.file,
      [...new Set([...(files.get(m.file) ?? []), m.line])].sort((a, b) => a - b),
    );
  return files;
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));
  const fixture = useShared(() => copyFixture('impact'));

  verifies(
    'I26-IMPACT',
    'groups every use by package and file with test code apart, names the entry point that exports it and the callers by depth',
    async () => {
      const ws = fixture();
      const uses = await ws.markers({ kinds: ['use'], tag: 'total' });
      const result = succeeded(
        await server().call('impact', { workspaceRoot: ws.root, filePath: 'packages/lib/src/total.ts', symbol: 'total' }),
      );
      expect(result.symbols).toHaveLength(1);
      const [symbol] = result.symbols;
      const declaration = await ws.marker('decl', 'total');
      expect(symbol).toMatchObject({ name: 'total', filePath: declaration.file, line: declaration.line, column: declaration.column });
      expect(symbol?.referenceCount).toBe(uses.length);
      expect(symbol?.testReferenceCount).toBe(uses.filter((m) => isTest(m.file)).length);
      expect(symbol?.fileCount).toBe(new Set(uses.map((m) => m.file)).size);

      const expectedPackages = [...new Set(uses.filter((m) => !isTest(m.file)).map((m) => packageOf(m.file)))].sort();
      expect(symbol?.packages.map((p) => p.package)).toEqual(expectedPackages);
      const listed = new Map(
        [...(symbol?.packages.flatMap((p) => p.files) ?? []), ...(symbol?.tests ?? [])].map((f) => [f.filePath, f.lines]),
      );
      expect(listed).toEqual(grouped(uses));
      expect(symbol?.tests.map((f) => f.filePath)).toEqual([...grouped(uses.filter((m) => isTest(m.file))).keys()]);

      // packages/lib/package.json: "exports": { ".": "./src/index.ts" }, which re-exports total.
      expect(symbol?.publicExports).toEqual([{ package: '@demo/lib', entryPoint: '.', exportedName: 'total' }]);

      const callers = new Map(symbol?.callers.map((c) => [c.name, c]));
      for (const [name, depth, test] of [
        ['average', 1, false],
        ['report', 1, false],
        ['checksTotal', 1, true],
        ['main', 2, false],
      ] as const) {
        const marker = await ws.marker('decl', name);
        expect(callers.get(name), name).toMatchObject({ filePath: marker.file, line: marker.line, column: marker.column, depth, test });
      }
      expect(callers.size).toBe(4);
    },
  );

  verifies('I26-IMPACT', 'answers the same uses as find_references, its declarations apart', async () => {
    const ws = fixture();
    const address = { workspaceRoot: ws.root, filePath: 'packages/lib/src/total.ts', symbol: 'total' };
    const references = succeeded(await server().findReferences(address));
    const result = succeeded(await server().call('impact', { ...address, depth: 1 }));
    const usages = references.references.filter((r) => r.referenceType === 'usage');
    expect(result.symbols[0]?.referenceCount).toBe(usages.length);
  });

  verifies('I26-IMPACT-RANGE', 'answers each declaration a line range touches, and nothing else', async () => {
    const ws = fixture();
    const report = await ws.marker('decl', 'report');
    const main = await ws.marker('decl', 'main');
    const one = succeeded(
      await server().call('impact', {
        workspaceRoot: ws.root,
        filePath: report.file,
        startLine: report.line + 1,
        endLine: report.line + 1,
      }),
    );
    expect(one.symbols.map((s) => s.name)).toEqual(['report']);
    const both = succeeded(
      await server().call('impact', { workspaceRoot: ws.root, filePath: report.file, startLine: report.line, endLine: main.line }),
    );
    expect(both.symbols.map((s) => s.name)).toEqual(['report', 'main']);
    expect(both.totalReferences).toBe(both.symbols.reduce((sum, s) => sum + s.referenceCount, 0));
  });
});
