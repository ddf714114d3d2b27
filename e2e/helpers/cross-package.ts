import { expect } from 'vitest';
import { expectedCallHierarchy, withoutEmptyCalls } from './call-graph.js';
import { expectReferenceTypes, keysOf, markerKeys, withoutNodeIds } from './expectations.js';
import { bySymbol, markedNode } from './nodes.js';
import { succeeded } from './outcomes.js';
import type { BridgeServer } from './server.js';
import type { CallDirection } from './symbol-results.js';
import { argsAt, type Workspace } from './workspace.js';

/**
 * The checks every workspace-package layout of issue 13 must pass, on the `built-packages`
 * sources (`shapes` declares, `app` and `web` import it by name), whatever the wiring.
 */

const REFERENCE_KINDS = ['decl', 'use', 'ref'];

/** References from the declaration and from two places in consumer packages: the same complete set, in source. */
export async function expectReferencesAcrossPackages(server: BridgeServer, ws: Workspace): Promise<void> {
  for (const tag of ['Square', 'totalArea', 'Shape']) {
    const expected = await ws.markers({ tag, kinds: REFERENCE_KINDS });
    expect(new Set(expected.map((m) => m.file.split('/')[1]))).toEqual(new Set(['shapes', 'app', 'web']));
    const starts = [
      await ws.marker('decl', tag),
      ...(await ws.markers({ tag, kinds: ['use', 'ref'] })).filter((m) => !m.file.startsWith('packages/shapes/')).slice(0, 2),
    ];
    for (const start of starts) {
      const result = succeeded(await server.findReferences(argsAt(ws, start)));
      expect(keysOf(result.references), `${tag} from ${start.file}:${start.line}`).toEqual(markerKeys(expected));
      expectReferenceTypes(result.references, expected);
      expect(result.failures ?? []).toEqual([]);
    }
  }
}

/** The implementations of `Shape` (declared in `shapes`) include the classes of every consumer package. */
export async function expectImplementationsAcrossPackages(server: BridgeServer, ws: Workspace): Promise<void> {
  const expected = await ws.markers({ tag: 'Shape', kinds: ['impl'] });

  const result = succeeded(await server.call('find_implementations', argsAt(ws, await ws.marker('decl', 'Shape'))));

  expect(keysOf(result.implementations)).toEqual(markerKeys(expected));
}

async function expectCalls(server: BridgeServer, ws: Workspace, root: string, direction: CallDirection): Promise<void> {
  const expected = await expectedCallHierarchy(ws, root, direction, 1);

  const result = succeeded(await server.call('call_hierarchy', { ...bySymbol(ws, await markedNode(ws, root)), direction }));

  expect(result.symbol, `${direction} calls of ${root}`).toEqual(expected.symbol);
  expect(withoutEmptyCalls(result.calls), `${direction} calls of ${root}`).toEqual(expected.calls);
  expect(result.totalCalls).toBe(expected.totalCalls);
}

/**
 * The callers of `totalArea` (in `shapes`) include the functions of the consumer packages; what
 * `total` (in `app`) calls is `totalArea` at its source, not its declaration in `dist/`.
 */
export async function expectCallsAcrossPackages(server: BridgeServer, ws: Workspace): Promise<void> {
  const callers = new Set((await ws.markers({ kinds: ['call'] })).map((m) => m.file.split('/')[1]));
  expect(callers).toEqual(new Set(['shapes', 'app', 'web']));
  await expectCalls(server, ws, 'totalArea', 'incoming');
  await expectCalls(server, ws, 'total', 'outgoing');
}

/**
 * go_to_definition from a consumer (the last use of each of `tags` in `web`) lands on the source
 * declaration in `shapes`, not on `dist/`, and is not external; for `new Square(…)`, on the
 * class and its constructor (`ctor` marker), as TypeScript answers with the source in its
 * program, whatever the layout.
 */
export async function expectDefinitionInSource(server: BridgeServer, ws: Workspace, tags: readonly string[]): Promise<void> {
  for (const tag of tags) {
    const declarations = [await ws.marker('decl', tag), ...(await ws.markers({ tag, kinds: ['ctor'] }))];
    const usage = (await ws.markers({ tag, kinds: ['use', 'ref'], file: 'packages/web/src/page.ts' })).at(-1);
    if (usage === undefined) throw new Error(`no use of ${tag} in packages/web/src/page.ts`);

    const result = succeeded(await server.goToDefinition(argsAt(ws, usage)));

    expect(withoutNodeIds(result.definitions), `${tag} from ${usage.file}:${usage.line}`).toEqual(
      declarations.map((declaration) => ({
        filePath: declaration.file,
        line: declaration.line,
        column: declaration.column,
        codeSnippet: declaration.lineText,
        isExternal: false,
      })),
    );
  }
}
