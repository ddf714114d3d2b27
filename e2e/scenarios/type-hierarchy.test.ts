import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { lineMarker } from '../helpers/line-markers.js';
import { expectRefusedInput, failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import type { AddressArgs, TypeDirection } from '../helpers/symbol-results.js';
import { countTypes, expectedTypes, markedType, markedTypes, typeSymbol, type MarkedType } from '../helpers/type-graph.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 26, type_hierarchy. Expected types come from the `@type` markers of the fixtures alone
 * (`helpers/type-graph.ts`): `type-hierarchy` (TypeScript, two workspace packages) on every
 * backend; `c-project` through clangd; refusals of pyright and gopls, which offer none.
 */

function atType(ws: Workspace, type: MarkedType): AddressArgs {
  return argsAt(ws, type.marker);
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));
  const project = useShared(() => copyFixture('type-hierarchy'));

  /** type_hierarchy of the type `name`, compared with what the markers draw, in each direction asked for. */
  async function expectHierarchy(name: string, direction: TypeDirection, depth?: number): Promise<void> {
    const ws = project();
    const types = await markedTypes(ws);
    const root = markedType(types, name);
    const result = succeeded(
      await server().call('type_hierarchy', { ...atType(ws, root), direction, ...(depth === undefined ? {} : { depth }) }),
    );
    const supertypes = direction === 'subtypes' ? undefined : expectedTypes(types, name, 'supertypes', depth ?? 1);
    const subtypes = direction === 'supertypes' ? undefined : expectedTypes(types, name, 'subtypes', depth ?? 1);
    expect(result.direction).toBe(direction);
    expect(result.symbol).toEqual(typeSymbol(root));
    expect(result.supertypes).toEqual(supertypes);
    expect(result.subtypes).toEqual(subtypes);
    expect(result.totalTypes).toBe(countTypes([...(supertypes ?? []), ...(subtypes ?? [])]));
    expect(result.truncated).toBe(false);
  }

  describe('supertypes and subtypes', () => {
    verifies(
      'I26-TYPE-HIERARCHY',
      'lists what an interface extends (an interface and a type alias) and what implements it in both packages',
      async () => {
        await expectHierarchy('Shape', 'both');
      },
    );

    verifies(
      'I26-TYPE-HIERARCHY',
      'finds a class implementing an interface through a namespace import, and what extends it from another package',
      async () => {
        await expectHierarchy('Polygon', 'both');
      },
    );

    verifies(
      'I26-TYPE-HIERARCHY',
      'lists the supertypes of a class of a consumer package at their declarations in the shared package',
      async () => {
        await expectHierarchy('Square', 'supertypes');
      },
    );

    verifies(
      'I26-TYPE-HIERARCHY',
      'counts a heritage clause naming a type in its type arguments as no subtype of it, nor a value of a type',
      async () => {
        await expectHierarchy('Circle', 'subtypes');
        await expectHierarchy('Box', 'both');
        await expectHierarchy('Tile', 'subtypes');
        await expectHierarchy('Named', 'supertypes');
      },
    );

    verifies(['I26-TYPE-HIERARCHY', 'I5-ADDR-NODEID', 'I5-ADDR-SYMBOL'], 'answers the same by position, name and node id', async () => {
      const ws = project();
      const shape = markedType(await markedTypes(ws), 'Shape');
      const byPosition = succeeded(await server().call('type_hierarchy', { ...atType(ws, shape), direction: 'both' }));
      const bySymbol = succeeded(
        await server().call('type_hierarchy', { workspaceRoot: ws.root, filePath: shape.marker.file, symbol: 'Shape', direction: 'both' }),
      );
      const byId = succeeded(await server().call('type_hierarchy', { workspaceRoot: ws.root, nodeId: shape.nodeId, direction: 'both' }));
      expect(bySymbol).toEqual(byPosition);
      expect(byId).toEqual(byPosition);
    });
  });

  describe('depth', () => {
    verifies(
      'I26-TYPE-HIERARCHY-DEPTH',
      'follows subtypes three levels down and supertypes two levels up, each with its depth',
      async () => {
        await expectHierarchy('Shape', 'subtypes', 3);
        await expectHierarchy('Tile', 'supertypes', 4);
      },
    );

    verifies('I26-TYPE-HIERARCHY-DEPTH', 'answers depth 1 when no depth is given', async () => {
      const ws = project();
      const args = { ...atType(ws, markedType(await markedTypes(ws), 'Polygon')), direction: 'both' as const };
      expect(succeeded(await server().call('type_hierarchy', args))).toEqual(
        succeeded(await server().call('type_hierarchy', { ...args, depth: 1 })),
      );
    });
  });

  describe('refusals', () => {
    verifies(
      ['I26-TYPE-HIERARCHY-REFUSALS', 'R-ERR-INVALID_INPUT'],
      'refuses a function: not a type, with call_hierarchy to call instead',
      async () => {
        const ws = project();
        const fn = await ws.marker('at', 'function');
        const error = failedWith(await server().callRaw('type_hierarchy', { ...argsAt(ws, fn), direction: 'both' }), 'INVALID_INPUT');
        expect(error.message).toBe(
          `"${fn.identifier}" at ${fn.file}:${fn.line}:${fn.column} (function) is not a class, interface, struct or type: only types have supertypes and subtypes`,
        );
        expect(error.resolution).toContain('call_hierarchy');
      },
    );

    verifies(['I26-TYPE-HIERARCHY-REFUSALS', 'R-ERR-INVALID_INPUT'], 'refuses a depth outside 1..5 and an unknown direction', async () => {
      const ws = project();
      const args = atType(ws, markedType(await markedTypes(ws), 'Shape'));
      for (const depth of [0, 6, 1.5]) {
        await expectRefusedInput(() => server().callRaw('type_hierarchy', { ...args, direction: 'both', depth }), `depth ${depth}`);
      }
      await expectRefusedInput(() => server().callRaw('type_hierarchy', { ...args, direction: 'sideways' }), 'direction sideways');
      await expectRefusedInput(() => server().callRaw('type_hierarchy', { ...args }), 'no direction');
    });
  });
});

describe('type_hierarchy over the servers of other languages', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));
  const c = useShared(() => copyFixture('c-project'));

  verifies(
    'I26-TYPE-HIERARCHY-C',
    "answers a struct's base and the structs deriving from it in the header and another file (clangd)",
    async () => {
      const ws = c();
      const types = await markedTypes(ws, true);
      for (const [name, direction] of [
        ['Shape', 'subtypes'],
        ['Square', 'supertypes'],
        ['Circle', 'both'],
      ] as const) {
        const root = markedType(types, name);
        const result = succeeded(await server().call('type_hierarchy', { ...atType(ws, root), direction }));
        expect(result.symbol, name).toEqual(typeSymbol(root));
        if (direction !== 'subtypes') expect(result.supertypes, name).toEqual(expectedTypes(types, name, 'supertypes', 1));
        if (direction !== 'supertypes') expect(result.subtypes, name).toEqual(expectedTypes(types, name, 'subtypes', 1));
      }
    },
  );

  verifies('I26-TYPE-HIERARCHY-REFUSALS', 'refuses naming pyright and gopls, which offer no type hierarchy', async () => {
    for (const [fixture, server_] of [
      ['python', 'pyright'],
      ['go-project', 'gopls'],
    ] as const) {
      await using ws = await copyFixture(fixture);
      const shape = await lineMarker(ws, 'node', fixture === 'python' ? 'class:Shape' : 'interface:Shape');
      const error = failedWith(
        await server().callRaw('type_hierarchy', { ...argsAt(ws, shape), direction: 'both' }),
        'LANGUAGE_SERVER_ERROR',
      );
      expect(error.message, fixture).toBe(
        `${server_} does not support textDocument/prepareTypeHierarchy (it declares no typeHierarchyProvider)`,
      );
    }
  });
});
