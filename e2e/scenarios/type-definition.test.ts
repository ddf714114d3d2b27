import { expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

/** Where a definition list points: `file:line:column`. */
function located(items: readonly { filePath: string; line: number; column: number }[]): string[] {
  return items.map((item) => `${item.filePath}:${item.line}:${item.column}`);
}

const at = (marker: Marker): string => `${marker.file}:${marker.line}:${marker.column}`;

forEachBackend((backend) => {
  // go_to_type_definition is outside the default tool set.
  const server = useShared(() => startServer({ backend, args: ['--tools', 'all'] }));
  const fixture = useShared(() => copyFixture('type-navigation'));

  const typeOf = async (ws: Workspace, where: string): Promise<string[]> => {
    const result = succeeded(await server().call('go_to_type_definition', argsAt(ws, await ws.marker('at', where))));
    return located(result.definitions);
  };

  verifies('I26-TYPE-DEFINITION', "answers the declaration of a value's interface or class type, declared or inferred", async () => {
    const ws = fixture();
    const shape = at(await ws.marker('typedef', 'Shape'));
    const square = at(await ws.marker('typedef', 'Square'));
    expect(await typeOf(ws, 'declared')).toEqual([shape]);
    expect(await typeOf(ws, 'inferred')).toEqual([square]);
    expect(await typeOf(ws, 'member')).toEqual([square]);
    // A parameter typed by an alias of an interface has the interface's type.
    expect(await typeOf(ws, 'parameter')).toEqual([shape]);
  });

  verifies(
    'I26-TYPE-DEFINITION',
    'answers an object type alias at its type, from a value and from a call, with the snippet of its line',
    async () => {
      const ws = fixture();
      const label = await ws.marker('typedef', 'Label');
      // The compiler places an object type at its literal, on the alias's line.
      const result = succeeded(await server().call('go_to_type_definition', argsAt(ws, await ws.marker('at', 'returned'))));
      expect(result.definitions).toHaveLength(1);
      expect(result.definitions[0]).toMatchObject({
        filePath: label.file,
        line: label.line,
        codeSnippet: label.lineText,
        isExternal: false,
      });
      expect(await typeOf(ws, 'call')).toEqual(located(result.definitions));
    },
  );

  verifies('I26-TYPE-DEFINITION', 'answers the same by name and by node id as at the position', async () => {
    const ws = fixture();
    const square = at(await ws.marker('typedef', 'Square'));
    const byName = succeeded(
      await server().call('go_to_type_definition', { workspaceRoot: ws.root, filePath: 'src/use.ts', symbol: 'inferred' }),
    );
    expect(located(byName.definitions)).toEqual([square]);
    expect(byName.definitions[0]?.nodeId).toBe('class:src/shapes.ts:Square');
    const byNode = succeeded(
      await server().call('go_to_type_definition', { workspaceRoot: ws.root, nodeId: 'constant:src/use.ts:inferred' }),
    );
    expect(located(byNode.definitions)).toEqual([square]);
  });

  verifies('I26-TYPE-DEFINITION-NONE', 'answers no type definition, successfully, for a value of a primitive type', async () => {
    const ws = fixture();
    const outcome = await server().call('go_to_type_definition', argsAt(ws, await ws.marker('at', 'primitive')));
    expect(succeeded(outcome).definitions).toEqual([]);
    expect(outcome.text).toMatch(/^No type definition found for count/);
  });
});
