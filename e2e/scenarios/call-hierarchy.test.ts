import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { expectedCallHierarchy, symbolOf, withoutEmptyCalls } from '../helpers/call-graph.js';
import { byNodeId, bySymbol, markedNode } from '../helpers/nodes.js';
import { expectRefusedInput, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import type { CallDirection } from '../helpers/symbol-results.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture } from '../helpers/workspace.js';

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));
  const nav = useShared(() => copyFixture('navigation'));

  /** call_hierarchy on the declaration marked `root`, compared with what the fixture's call markers draw. */
  async function expectHierarchy(root: string, direction: CallDirection, depth?: number): Promise<void> {
    const ws = nav();
    const expected = await expectedCallHierarchy(ws, root, direction, depth ?? 1);

    const result = succeeded(
      await server().call('call_hierarchy', {
        ...bySymbol(ws, await markedNode(ws, root)),
        direction,
        ...(depth !== undefined ? { depth } : {}),
      }),
    );

    expect(result.direction).toBe(direction);
    expect(result.symbol).toEqual(expected.symbol);
    expect(withoutEmptyCalls(result.calls)).toEqual(expected.calls);
    expect(result.totalCalls).toBe(expected.totalCalls);
    expect(result.truncated).toBe(false);
  }

  describe('incoming calls', () => {
    verifies('I5-CALLS-INCOMING', 'lists the callers in this file and another, each with its call sites', async () => {
      await expectHierarchy('square', 'incoming');
    });

    verifies('I5-CALLS-INCOMING', 'lists a caller in another file of a function called from one place', async () => {
      await expectHierarchy('sumOfSquares', 'incoming');
    });

    verifies('I5-CALLS-INCOMING', 'gives no calls for a function nobody calls', async () => {
      await expectHierarchy('main', 'incoming');
    });
  });

  describe('outgoing calls', () => {
    verifies('I5-CALLS-OUTGOING', 'lists the callees in another file, with the call sites in the function', async () => {
      await expectHierarchy('main', 'outgoing');
    });

    verifies('I5-CALLS-OUTGOING', 'lists a callee called twice once, with both call sites', async () => {
      await expectHierarchy('sumOfSquares', 'outgoing');
    });

    verifies('I5-CALLS-OUTGOING', 'gives no calls for a function that calls nothing', async () => {
      await expectHierarchy('square', 'outgoing');
    });
  });

  describe('depth', () => {
    verifies('I5-CALLS-DEPTH', 'nests the callers of the callers at depth 2', async () => {
      await expectHierarchy('square', 'incoming', 2);
    });

    verifies('I5-CALLS-DEPTH', 'nests the callees of the callees at depth 2, marking a recursive call and not following it', async () => {
      await expectHierarchy('main', 'outgoing', 2);
    });

    verifies('I5-CALLS-DEPTH', 'marks a function calling itself as recursive', async () => {
      await expectHierarchy('factorial', 'incoming', 2);
      await expectHierarchy('factorial', 'outgoing', 3);
    });

    verifies('I5-CALLS-DEPTH', 'answers depth 1 when no depth is given, as with depth 1', async () => {
      const ws = nav();
      const address = byNodeId(ws, await markedNode(ws, 'square'));

      const implicit = succeeded(await server().call('call_hierarchy', { ...address, direction: 'incoming' }));
      const explicit = succeeded(await server().call('call_hierarchy', { ...address, direction: 'incoming', depth: 1 }));

      expect(implicit).toEqual(explicit);
      for (const call of implicit.calls) expect(call.calls ?? []).toEqual([]);
    });

    verifies(
      ['I5-CALLS-DEPTH', 'R-ERR-INVALID_INPUT'],
      'refuses a depth outside 1..5 and a direction that is not incoming or outgoing',
      async () => {
        const ws = nav();
        const address = bySymbol(ws, await markedNode(ws, 'square'));

        for (const depth of [0, 6, 1.5]) {
          await expectRefusedInput(
            () => server().callRaw('call_hierarchy', { ...address, direction: 'incoming', depth }),
            `depth ${depth}`,
          );
        }
        await expectRefusedInput(() => server().callRaw('call_hierarchy', { ...address, direction: 'sideways' }), 'direction sideways');
        await expectRefusedInput(() => server().callRaw('call_hierarchy', { ...address }), 'no direction');
      },
    );

    verifies('I5-CALLS-DEPTH', 'gives empty calls, successfully, for a symbol that is not callable', async () => {
      const ws = nav();
      const shape = await markedNode(ws, 'Shape');

      for (const direction of ['incoming', 'outgoing'] as const) {
        const result = succeeded(await server().call('call_hierarchy', { ...bySymbol(ws, shape), direction }));
        expect(result.calls, direction).toEqual([]);
        expect(result.totalCalls, direction).toBe(0);
        expect(result.symbol.name, direction).toBe(symbolOf(shape).name);
      }
    });
  });
});
