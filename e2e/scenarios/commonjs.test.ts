import { execFileSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { expectReferenceTypes, keysOf, locationKey, markerKey, markerKeys } from '../helpers/expectations.js';
import { markedNodes } from '../helpers/nodes.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import type { DocumentSymbolItem } from '../helpers/symbol-results.js';
import { TypeScriptOracle } from '../helpers/typescript-oracle.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 23: a CommonJS package, as `node` runs it. TypeScript's own findReferences at
 * `math.add` (after `const math = require('./lib/math.js')`) finds nothing, and from a
 * declaration it stops at the `require` destructurings; the markers are every reference, and
 * TypeScript itself finds each of them from one use or another.
 */

const REFERENCE_KINDS = ['decl', 'use', 'ref'];
const EXPORTS = ['add', 'sub', 'mul', 'scale', 'half', 'report'];
const SOURCES = ['lib/math.js', 'lib/scale.js', 'report.js', 'main.js'];

/** What `node main.js` prints in the workspace. */
function run(ws: Workspace): string {
  return execFileSync(process.execPath, ['main.js'], { cwd: ws.root, encoding: 'utf8' });
}

/** The outline flattened to `nodeId name line:column`, parents first. */
function flatOutline(items: readonly DocumentSymbolItem[]): string[] {
  return items.flatMap((item) => [`${item.nodeId ?? '-'} ${item.name} ${item.line}:${item.column}`, ...flatOutline(item.children ?? [])]);
}

/** A file's text with `newName` written over every marked site in it (same length: columns stay). */
function renamedAt(text: string, markers: readonly Marker[], newName: string): string {
  const lines = text.split('\n');
  for (const marker of markers) {
    const line = lines[marker.line - 1] ?? '';
    lines[marker.line - 1] = line.slice(0, marker.column - 1) + newName + line.slice(marker.column - 1 + newName.length);
  }
  return lines.join('\n');
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('in a CommonJS package', () => {
    const cjs = useShared(() => copyFixture('commonjs'));

    verifies(
      'I23-CJS-REFERENCES',
      "finds every use of an export from each use (member access, alias of the module, destructuring) and from its declaration, TypeScript's own answer included",
      async () => {
        const ws = cjs();
        const oracle = new TypeScriptOracle(ws, SOURCES);
        for (const tag of EXPORTS) {
          const markers = await ws.markers({ tag, kinds: REFERENCE_KINDS });
          const expected = markerKeys(markers);
          // The markers are what TypeScript finds, from one use or another.
          expect([...new Set(markers.flatMap((m) => oracle.references(m.file, m)))].sort(), tag).toEqual(expected);
          for (const at of markers) {
            const result = succeeded(await server().findReferences(argsAt(ws, at)));
            const found = keysOf(result.references);
            expect(found, `${tag} at ${markerKey(at)}`).toEqual(expected);
            expect(found, `TypeScript's own answer at ${markerKey(at)}`).toEqual(expect.arrayContaining(oracle.references(at.file, at)));
            expectReferenceTypes(result.references, markers);
          }
        }
      },
    );

    verifies(
      'I23-CJS-REFERENCES',
      'lists the declaration of the function module.exports is, a property assigned to it through module.exports',
      async () => {
        await using ws = await copyFixture('commonjs-function-export');
        const declaration = await ws.marker('decl', 'create');
        const result = succeeded(await server().findReferences(argsAt(ws, declaration)));
        expect(result.references[0], 'the declaration, first').toMatchObject({
          filePath: declaration.displayPath,
          line: declaration.line,
          column: declaration.column,
          referenceType: 'declaration',
        });
        // main.js requires it under a name of its own (\`make\`) and never spells \`create\`.
        const uses = [
          ...(await ws.markers({ tag: 'create', kinds: REFERENCE_KINDS })),
          ...(await ws.markers({ tag: 'make', kinds: REFERENCE_KINDS })),
        ];
        expect(uses.some((m) => m.file === 'main.js')).toBe(true);
        expect(keysOf(result.references)).toEqual(expect.arrayContaining(markerKeys(uses)));
      },
    );

    verifies('I23-CJS-DEFINITION', 'defines every use of an export at its declaration', async () => {
      const ws = cjs();
      for (const tag of EXPORTS) {
        const declaration = await ws.marker('decl', tag);
        for (const at of await ws.markers({ tag, kinds: ['use', 'ref'] })) {
          const result = succeeded(await server().goToDefinition(argsAt(ws, at)));
          expect(keysOf(result.definitions), `${tag} at ${markerKey(at)}`).toEqual([markerKey(declaration)]);
        }
      }
    });

    verifies(
      'I23-CJS-OUTLINE',
      'outlines module.exports with its members and each exports.x once, with node ids that address them',
      async () => {
        const ws = cjs();
        for (const file of ['lib/math.js', 'lib/scale.js']) {
          const nodes = await markedNodes(ws, file);
          const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: file }));
          const expected = nodes.map((n) => {
            const parent = nodes.filter((p) => n.qualifiedName.startsWith(`${p.qualifiedName}.`)).at(-1);
            const name = parent === undefined ? n.qualifiedName : n.qualifiedName.slice(parent.qualifiedName.length + 1);
            return `${n.nodeId} ${name} ${n.line}:${n.column}`;
          });
          expect(flatOutline(result.symbols), file).toEqual(expected);
        }
        for (const node of await markedNodes(ws)) {
          if (node.qualifiedName === 'module.exports') continue;
          const byNodeId = succeeded(await server().findReferences({ workspaceRoot: ws.root, nodeId: node.nodeId }));
          const byPosition = succeeded(await server().findReferences(argsAt(ws, node.marker)));
          expect(byNodeId, node.nodeId).toEqual(byPosition);
        }
      },
    );

    verifies(
      'I23-CJS-CALLERS',
      'lists every call of each exported function as an incoming call, in the function that holds it, else in the module code',
      async () => {
        const ws = cjs();
        const declarations = await ws.markers({ kinds: ['decl'] });
        // Every use marked in the fixture is a call; each is in the body of the function
        // declared last before it in its file, if any (main.js calls from its module code).
        const callerOf = (site: Marker): string => {
          const holder = declarations
            .filter((d) => d.file === site.file && d.line <= site.line && (d.line < site.line || d.column < site.column))
            .at(-1);
          return holder === undefined ? `file ${site.displayPath}:1:1` : `function ${markerKey(holder)}`;
        };
        for (const tag of EXPORTS) {
          const uses = await ws.markers({ tag, kinds: ['use'] });
          const expected = [...new Set(uses.map(callerOf))].sort().map((caller) => ({
            caller,
            sites: markerKeys(uses.filter((use) => callerOf(use) === caller)),
          }));
          const result = succeeded(
            await server().call('call_hierarchy', { ...argsAt(ws, await ws.marker('decl', tag)), direction: 'incoming' }),
          );
          const found = result.calls
            .map((call) => ({ caller: `${call.kind} ${locationKey(call)}`, sites: keysOf(call.callSites) }))
            .sort((a, b) => (a.caller < b.caller ? -1 : 1));
          expect(found, tag).toEqual(expected);
          expect(result.totalCalls, tag).toBe(expected.length);
        }
      },
    );

    verifies('I23-CJS-OUTLINE', 'resolves a name to the function, and the member of module.exports by its qualified name', async () => {
      const ws = cjs();
      const add = await ws.marker('decl', 'add');
      for (const symbol of ['add', 'module.exports.add', 'exports.add']) {
        const result = succeeded(await server().goToDefinition({ workspaceRoot: ws.root, filePath: 'lib/math.js', symbol }));
        expect(keysOf(result.definitions), symbol).toEqual([markerKey(add)]);
        expect(result.definitions[0]?.nodeId, symbol).toBe('function:lib/math.js:add');
      }
      const scale = succeeded(await server().findReferences({ workspaceRoot: ws.root, filePath: 'lib/scale.js', symbol: 'scale' }));
      expect(keysOf(scale.references)).toEqual(markerKeys(await ws.markers({ tag: 'scale', kinds: REFERENCE_KINDS })));
    });
  });

  describe('with a jsconfig.json', () => {
    verifies('I23-CJS-REFERENCES', 'finds the same uses with a jsconfig.json asking for Node modules and checked JavaScript', async () => {
      await using ws = await copyFixture('commonjs');
      await ws.write('jsconfig.json', '{ "compilerOptions": { "module": "nodenext", "checkJs": true } }\n');
      for (const tag of ['add', 'scale']) {
        const markers = await ws.markers({ tag, kinds: REFERENCE_KINDS });
        for (const at of markers) {
          const result = succeeded(await server().findReferences(argsAt(ws, at)));
          expect(keysOf(result.references), `${tag} at ${markerKey(at)}`).toEqual(markerKeys(markers));
        }
      }
    });
  });

  describe("with files outside the tsconfig.json's include that require the module (tests/)", () => {
    const TEST_FILES = ['tests/strip.test.js', 'tests/help.test.js'];
    const FILES = ['lib/help.js', 'lib/command.js', 'index.js', ...TEST_FILES];

    verifies(
      'I23-CJS-UNLISTED-FILES',
      'finds the uses in every file that requires the module, from each use and the declaration',
      async () => {
        await using ws = await copyFixture('commonjs-tests');
        const markers = await ws.markers({ tag: 'strip', kinds: REFERENCE_KINDS });
        const expected = markerKeys(markers);
        const oracle = new TypeScriptOracle(ws, FILES);
        expect([...new Set(markers.flatMap((m) => oracle.references(m.file, m)))].sort()).toEqual(expected);
        expect(markers.filter((m) => TEST_FILES.includes(m.file)).length).toBe(3);
        for (const at of markers) {
          const result = succeeded(await server().findReferences(argsAt(ws, at)));
          expect(keysOf(result.references), `strip at ${markerKey(at)}`).toEqual(expected);
        }
      },
    );

    verifies('I23-CJS-DEFINITION', 'defines every use at the declaration, past exports.strip = strip, from the tests too', async () => {
      await using ws = await copyFixture('commonjs-tests');
      const declaration = await ws.marker('decl', 'strip');
      for (const at of await ws.markers({ tag: 'strip', kinds: ['use', 'ref'] })) {
        const result = succeeded(await server().goToDefinition(argsAt(ws, at)));
        expect(keysOf(result.definitions), `strip at ${markerKey(at)}`).toEqual([markerKey(declaration)]);
      }
    });

    verifies('I23-CJS-UNLISTED-FILES', 'renames in the tests too, from the destructuring in lib/; node runs every test after', async () => {
      await using ws = await copyFixture('commonjs-tests');
      const markers = await ws.markers({ tag: 'strip', kinds: REFERENCE_KINDS });
      const at = markers.find((m) => m.kind === 'ref' && m.file === 'lib/command.js') as Marker;
      const before = new Map(await Promise.all(FILES.map(async (f): Promise<[string, string]> => [f, await ws.read(f)])));
      const printed = execFileSync(process.execPath, ['index.js'], { cwd: ws.root, encoding: 'utf8' });

      const result = succeeded(await server().renameSymbol({ ...argsAt(ws, at), newName: 'strap' }));

      expect(result.totalChanges).toBe(markers.length);
      for (const file of FILES) {
        const expectedText = renamedAt(
          before.get(file) ?? '',
          markers.filter((m) => m.file === file),
          'strap',
        );
        expect(await ws.read(file), file).toBe(expectedText);
      }
      expect(execFileSync(process.execPath, ['index.js'], { cwd: ws.root, encoding: 'utf8' })).toBe(printed);
      for (const test of TEST_FILES) execFileSync(process.execPath, [test], { cwd: ws.root, encoding: 'utf8' });
    });
  });

  describe('renaming an export', () => {
    const cases = [
      { tag: 'add', kind: 'use', file: 'main.js', newName: 'sum', what: 'a member of module.exports from a member access' },
      { tag: 'sub', kind: 'use', file: 'report.js', newName: 'dif', what: 'a member of module.exports from a destructured use' },
      { tag: 'scale', kind: 'decl', file: 'lib/scale.js', newName: 'sizer', what: 'an exports.x property from its declaration' },
      { tag: 'mul', kind: 'ref', file: 'main.js', newName: 'tim', what: 'a module.exports.x property from a destructuring' },
    ];
    for (const { tag, kind, file, newName, what } of cases) {
      verifies('I23-CJS-RENAME', `renames ${what}: every use, and node prints the same`, async () => {
        await using ws = await copyFixture('commonjs');
        const markers = await ws.markers({ tag, kinds: REFERENCE_KINDS });
        const at = markers.find((m) => m.kind === kind && m.file === file);
        if (at === undefined) throw new Error(`no ${kind}:${tag} marker in ${file}`);
        const printed = run(ws);
        const ownRename = new TypeScriptOracle(ws, SOURCES).renameLocations(at.file, at);
        const before = new Map(await Promise.all(SOURCES.map(async (f): Promise<[string, string]> => [f, await ws.read(f)])));

        const result = succeeded(await server().renameSymbol({ ...argsAt(ws, at), newName }));

        expect(result.totalChanges).toBe(markers.length);
        expect(markerKeys(markers), "TypeScript's own rename locations").toEqual(expect.arrayContaining(ownRename));
        for (const source of SOURCES) {
          const expected = renamedAt(
            before.get(source) ?? '',
            markers.filter((m) => m.file === source),
            newName,
          );
          expect(await ws.read(source), source).toBe(expected);
        }
        expect(run(ws)).toBe(printed);
      });
    }
  });
});
