import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { first, keysOf, markerKeys } from '../helpers/expectations.js';
import { byNodeId, byPosition, bySymbol, markedNode, markedNodes, type MarkedNode } from '../helpers/nodes.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import type { FindReferencesResult, GoToDefinitionResult } from '../helpers/results.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { ADDRESSED_TOOLS, type AddressArgs } from '../helpers/symbol-results.js';
import { verifies } from '../helpers/verifies.js';
import { changedPaths, copyFixture, type Workspace } from '../helpers/workspace.js';

type AddressedTool = (typeof ADDRESSED_TOOLS)[number];

/** What each tool needs besides the address. */
const EXTRA_ARGS: Readonly<Record<AddressedTool, Record<string, unknown>>> = {
  find_references: {},
  go_to_definition: {},
  rename_symbol: { newName: 'renamedByTest' },
  hover: {},
  find_implementations: {},
  call_hierarchy: { direction: 'incoming' },
  type_hierarchy: { direction: 'both' },
  replace_symbol_body: { mode: 'replace-body', replacement: 'return 0;' },
};

/** The ways to address `node`: position, qualified name, the given shorter names, node id (alone, with its file, as the symbol of its file). */
function addressesOf(ws: Workspace, node: MarkedNode, shortNames: readonly string[]): [string, AddressArgs][] {
  return [
    ['position', byPosition(ws, node)],
    [`symbol ${node.qualifiedName}`, bySymbol(ws, node)],
    ...shortNames.map((name): [string, AddressArgs] => [`symbol ${name}`, bySymbol(ws, node, name)]),
    ['nodeId', byNodeId(ws, node)],
    ['nodeId with its filePath', { ...byNodeId(ws, node), filePath: node.file }],
    ['nodeId given as the symbol of its file', bySymbol(ws, node, node.nodeId)],
  ];
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));
  const nav = useShared(() => copyFixture('navigation'));

  /** Calls `tool` on `qualifiedName` by every address form; returns the answer by position after checking the others equal it. */
  async function sameByEveryAddress(tool: AddressedTool, qualifiedName: string, shortNames: readonly string[] = []): Promise<unknown> {
    const ws = nav();
    const node = await markedNode(ws, qualifiedName);
    const answers: [string, unknown][] = [];
    for (const [form, address] of addressesOf(ws, node, shortNames)) {
      answers.push([form, succeeded(await server().callRaw(tool, { ...address, ...EXTRA_ARGS[tool] }))]);
    }
    const [, byPositionAnswer] = first(answers);
    for (const [form, answer] of answers) expect(answer, `${tool} by ${form}`).toEqual(byPositionAnswer);
    return byPositionAnswer;
  }

  /** Same as `sameByEveryAddress` for a tool that writes: each form on its own copy; results and files must agree. */
  async function sameWritesByEveryAddress(tool: AddressedTool, qualifiedName: string, extra: Record<string, unknown>): Promise<void> {
    const outcomes: [string, unknown, string[]][] = [];
    for (const form of ['position', 'symbol', 'nodeId'] as const) {
      await using ws = await copyFixture('navigation');
      const node = await markedNode(ws, qualifiedName);
      const address = form === 'position' ? byPosition(ws, node) : form === 'symbol' ? bySymbol(ws, node) : byNodeId(ws, node);
      const result = succeeded(await server().callRaw(tool, { ...address, ...extra }));
      const texts = await Promise.all((await ws.sourceFiles()).map(async (file) => `${file}\n${await ws.read(file)}`));
      outcomes.push([form, result, texts]);
    }
    const [, expectedResult, expectedTexts] = first(outcomes);
    for (const [form, result, texts] of outcomes) {
      expect(result, `${tool} by ${form}`).toEqual(expectedResult);
      expect(texts, `files after ${tool} by ${form}`).toEqual(expectedTexts);
    }
  }

  describe('every position-taking tool', () => {
    verifies(
      ['I5-ADDR-SYMBOL', 'I5-ADDR-NODEID'],
      'find_references answers the same by position, qualified or plain name, and node id',
      async () => {
        const ws = nav();
        const result = (await sameByEveryAddress('find_references', 'Calculator.add', ['add'])) as FindReferencesResult;

        const declaration = await markedNode(ws, 'Calculator.add');
        expect(result.symbolName).toBe('add');
        expect(keysOf(result.references)).toEqual(
          markerKeys([declaration.marker, ...(await ws.markers({ tag: 'Calculator.add', kinds: ['use'] }))]),
        );
      },
    );

    verifies(
      ['I5-ADDR-SYMBOL', 'I5-ADDR-NODEID'],
      'go_to_definition resolves a nested qualified name (Outer.Inner.method) and its trailing segments',
      async () => {
        const ws = nav();
        const result = (await sameByEveryAddress('go_to_definition', 'Outer.Inner.method', [
          'Inner.method',
          'method',
        ])) as GoToDefinitionResult;

        const declaration = await markedNode(ws, 'Outer.Inner.method');
        expect(result.definitions).toEqual([
          {
            filePath: declaration.file,
            line: declaration.line,
            column: declaration.column,
            codeSnippet: declaration.marker.lineText,
            isExternal: false,
            nodeId: declaration.nodeId,
          },
        ]);
      },
    );

    verifies(['I5-ADDR-SYMBOL', 'I5-ADDR-NODEID'], 'hover answers the same by every address', async () => {
      const result = (await sameByEveryAddress('hover', 'sumOfSquares')) as { symbolName: string; signature?: string };
      expect(result.symbolName).toBe('sumOfSquares');
      expect(result.signature).toContain('sumOfSquares');
    });

    verifies(['I5-ADDR-SYMBOL', 'I5-ADDR-NODEID'], 'find_implementations answers the same by every address', async () => {
      const ws = nav();
      const result = (await sameByEveryAddress('find_implementations', 'Shape')) as {
        implementations: { filePath: string; line: number; column: number }[];
      };
      expect(keysOf(result.implementations)).toEqual(markerKeys(await ws.markers({ tag: 'Shape', kinds: ['impl'] })));
    });

    verifies(['I5-ADDR-SYMBOL', 'I5-ADDR-NODEID'], 'call_hierarchy answers the same by every address', async () => {
      const ws = nav();
      const result = (await sameByEveryAddress('call_hierarchy', 'square')) as { symbol: { nodeId?: string }; calls: unknown[] };
      expect(result.symbol.nodeId).toBe((await markedNode(ws, 'square')).nodeId);
      expect(result.calls.length).toBeGreaterThan(0);
    });

    verifies(['I5-ADDR-SYMBOL', 'I5-ADDR-NODEID'], 'rename_symbol writes the same edits by every address', async () => {
      await sameWritesByEveryAddress('rename_symbol', 'Calculator.add', { newName: 'plus' });
    });

    verifies(['I5-ADDR-SYMBOL', 'I5-ADDR-NODEID'], 'replace_symbol_body writes the same edit by every address', async () => {
      await sameWritesByEveryAddress('replace_symbol_body', 'Calculator.reset', { mode: 'replace-body', replacement: 'return 7;' });
    });

    verifies('I5-ADDR-SYMBOL', 'address an anonymous default export as "default"', async () => {
      const ws = nav();
      const declaration = await markedNode(ws, 'default');

      const bySymbolName = succeeded(
        await server().goToDefinition({ workspaceRoot: ws.root, filePath: declaration.file, symbol: 'default' }),
      );
      const byId = succeeded(await server().goToDefinition(byNodeId(ws, declaration)));

      expect(declaration.nodeId).toBe('function:src/total.ts:default');
      expect(keysOf(bySymbolName.definitions)).toEqual(markerKeys([declaration.marker]));
      expect(byId).toEqual(bySymbolName);
    });
  });

  describe('node ids in results', () => {
    verifies('I5-NODEID-CHAIN', 'a definition found from a usage carries the node id that addresses the declaration next', async () => {
      const ws = nav();
      const declaration = await markedNode(ws, 'Outer.Inner.method');
      const usage = await ws.marker('use', 'Outer.Inner.method', 'src/app.ts');

      const definition = first(
        succeeded(await server().goToDefinition({ workspaceRoot: ws.root, filePath: usage.file, line: usage.line, column: usage.column }))
          .definitions,
      );
      expect(definition.nodeId).toBe(declaration.nodeId);
      const chained = succeeded(await server().findReferences({ workspaceRoot: ws.root, nodeId: definition.nodeId ?? '' }));

      expect(chained).toEqual(succeeded(await server().findReferences(byPosition(ws, declaration))));
      expect(keysOf(chained.references)).toEqual(markerKeys([declaration.marker, usage]));
    });

    verifies('I5-NODEID-CHAIN', 'every definition of an overloaded method carries its one node id', async () => {
      const ws = nav();
      const format = await markedNode(ws, 'Calculator.format');
      const usage = await ws.marker('use', 'Calculator.format', 'src/app.ts');

      const result = succeeded(
        await server().goToDefinition({ workspaceRoot: ws.root, filePath: usage.file, line: usage.line, column: usage.column }),
      );

      expect(keysOf(result.definitions)).toEqual(markerKeys(await ws.markers({ tag: 'Calculator.format', kinds: ['def'] })));
      for (const definition of result.definitions) expect(definition.nodeId).toBe(format.nodeId);
    });

    verifies('I5-NODEID-CHAIN', 'a node id from document_symbols addresses the symbol without a column', async () => {
      const ws = nav();
      const add = await markedNode(ws, 'Calculator.add');
      const outline = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: add.file }));
      const calculator = outline.symbols.find((s) => s.name === 'Calculator');
      const nodeId = calculator?.children?.find((s) => s.name === 'add')?.nodeId;
      expect(nodeId).toBe(add.nodeId);

      const result = succeeded(await server().goToDefinition({ workspaceRoot: ws.root, nodeId: nodeId ?? '' }));

      expect(keysOf(result.definitions)).toEqual(markerKeys([add.marker]));
    });
  });

  describe('a call without exactly one address', () => {
    verifies(['I5-ADDR-VALIDATION', 'R-ERR-INVALID_INPUT'], 'is INVALID_INPUT on every tool, and nothing is written', async () => {
      await using ws = await copyFixture('navigation');
      const node = await markedNode(ws, 'Calculator.add');
      const root = { workspaceRoot: ws.root };
      const position = byPosition(ws, node);
      const invalid: [string, Record<string, unknown>][] = [
        ['no address', { ...root, filePath: node.file }],
        ['nothing but the root', root],
        ['position and symbol', { ...position, symbol: node.qualifiedName }],
        ['position and nodeId', { ...position, nodeId: node.nodeId }],
        ['symbol and nodeId', { ...bySymbol(ws, node), nodeId: node.nodeId }],
        ['line without column', { ...root, filePath: node.file, line: node.line }],
        ['column without line', { ...root, filePath: node.file, column: node.column }],
        ['a symbol without filePath', { ...root, symbol: node.qualifiedName }],
        ['nodeId naming another file than filePath', { ...byNodeId(ws, node), filePath: 'src/app.ts' }],
        ['symbol that is the nodeId of another file than filePath', { ...bySymbol(ws, node, node.nodeId), filePath: 'src/app.ts' }],
      ];
      const before = await ws.snapshot();

      for (const tool of ADDRESSED_TOOLS) {
        for (const [what, address] of invalid) {
          const error = failedWith(await server().callRaw(tool, { ...address, ...EXTRA_ARGS[tool] }), 'INVALID_INPUT');
          expect(error.message.trim(), `${tool}: ${what}`).not.toBe('');
          expect(error.resolution.trim(), `${tool}: ${what}`).not.toBe('');
        }
      }

      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    });

    verifies(
      ['I5-ADDR-VALIDATION', 'R-ERR-INVALID_INPUT'],
      'refuses malformed node ids and unknown kinds with INVALID_INPUT naming the problem',
      async () => {
        await using ws = await copyFixture('navigation');
        const malformed = [
          'Calculator.add',
          'method:src/calculator.ts',
          'method::Calculator.add',
          'method:src/calculator.ts:',
          ':src/calculator.ts:Calculator.add',
        ];
        const before = await ws.snapshot();

        for (const tool of ADDRESSED_TOOLS) {
          for (const nodeId of malformed) {
            const error = failedWith(
              await server().callRaw(tool, { workspaceRoot: ws.root, nodeId, ...EXTRA_ARGS[tool] }),
              'INVALID_INPUT',
            );
            expect(error.message, `${tool}: ${nodeId}`).toContain(nodeId);
          }
          const unknownKind = failedWith(
            await server().callRaw(tool, { workspaceRoot: ws.root, nodeId: 'gizmo:src/calculator.ts:Calculator.add', ...EXTRA_ARGS[tool] }),
            'INVALID_INPUT',
          );
          expect(unknownKind.message, tool).toContain('gizmo');
        }

        expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      },
    );
  });

  describe('a name that matches several symbols', () => {
    verifies(
      ['I5-ADDR-AMBIGUOUS', 'R-ERR-AMBIGUOUS_SYMBOL'],
      'is AMBIGUOUS_SYMBOL on every tool, listing each candidate with node id, kind and line',
      async () => {
        await using ws = await copyFixture('navigation');
        const candidates = (await markedNodes(ws, 'src/shapes.ts')).filter((n) => n.name === 'area');
        const elsewhere = (await markedNodes(ws)).filter((n) => n.name === 'area' && n.file !== 'src/shapes.ts');
        expect(candidates.length).toBeGreaterThan(1);
        const before = await ws.snapshot();

        for (const tool of ADDRESSED_TOOLS) {
          const error = failedWith(
            await server().callRaw(tool, { workspaceRoot: ws.root, filePath: 'src/shapes.ts', symbol: 'area', ...EXTRA_ARGS[tool] }),
            'AMBIGUOUS_SYMBOL',
          );
          for (const candidate of candidates)
            expect(error.message, tool).toContain(`${candidate.nodeId} (${candidate.kind}, line ${candidate.line})`);
          for (const other of elsewhere) expect(error.message, tool).not.toContain(other.nodeId);
          expect(error.resolution.trim(), tool).not.toBe('');
        }

        expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      },
    );

    verifies('I5-ADDR-AMBIGUOUS', 'resolves with each listed node id, or with a qualified name', async () => {
      const ws = nav();
      const candidates = (await markedNodes(ws, 'src/shapes.ts')).filter((n) => n.name === 'area');

      for (const candidate of candidates) {
        const byId = succeeded(await server().goToDefinition(byNodeId(ws, candidate)));
        const byQualifiedName = succeeded(await server().goToDefinition(bySymbol(ws, candidate)));
        expect(keysOf(byId.definitions), candidate.nodeId).toEqual(markerKeys([candidate.marker]));
        expect(byQualifiedName, candidate.qualifiedName).toEqual(byId);
      }
    });

    verifies(
      ['I5-ADDR-SYMBOL', 'I5-ADDR-AMBIGUOUS'],
      'prefers an exact qualified name to a trailing-segments match, and matches whole segments only',
      async () => {
        const ws = nav();
        const file = 'src/nested.ts';
        const methods = (await markedNodes(ws, file)).filter((n) => n.name === 'method');
        const topLevel = await markedNode(ws, 'Inner.method');
        expect(methods.length).toBeGreaterThan(1);

        const exact = succeeded(await server().goToDefinition({ workspaceRoot: ws.root, filePath: file, symbol: 'Inner.method' }));
        const ambiguous = failedWith(
          await server().goToDefinition({ workspaceRoot: ws.root, filePath: file, symbol: 'method' }),
          'AMBIGUOUS_SYMBOL',
        );
        const partial = failedWith(
          await server().goToDefinition({ workspaceRoot: ws.root, filePath: file, symbol: 'nner.method' }),
          'SYMBOL_NOT_FOUND',
        );

        expect(keysOf(exact.definitions)).toEqual(markerKeys([topLevel.marker]));
        for (const method of methods) expect(ambiguous.message).toContain(method.nodeId);
        expect(partial.message).toContain('nner.method');
      },
    );

    verifies('I5-ADDR-AMBIGUOUS', 'does not count overload signatures as several symbols', async () => {
      const ws = nav();
      const format = await markedNode(ws, 'Calculator.format');
      const definitions = markerKeys(await ws.markers({ tag: 'Calculator.format', kinds: ['def'] }));

      for (const address of [bySymbol(ws, format), bySymbol(ws, format, 'format'), byNodeId(ws, format)]) {
        const result = succeeded(await server().goToDefinition(address));
        expect(keysOf(result.definitions), JSON.stringify(address)).toEqual(definitions);
        const hover = succeeded(await server().call('hover', address));
        expect(hover.symbolName).toBe('format');
      }
    });
  });

  describe('a name or node id that matches nothing', () => {
    verifies(
      ['I5-ADDR-NOT-FOUND', 'R-ERR-SYMBOL_NOT_FOUND'],
      'is SYMBOL_NOT_FOUND suggesting the closest name of the file with its node id',
      async () => {
        await using ws = await copyFixture('navigation');
        const calculator = await markedNode(ws, 'Calculator');
        const add = await markedNode(ws, 'Calculator.add');
        const before = await ws.snapshot();

        for (const tool of ADDRESSED_TOOLS) {
          const typo = failedWith(
            await server().callRaw(tool, { ...bySymbol(ws, calculator, 'Calculater'), ...EXTRA_ARGS[tool] }),
            'SYMBOL_NOT_FOUND',
          );
          expect(typo.message, tool).toContain('Calculater');
          expect(typo.resolution, tool).toContain(calculator.nodeId);
          const member = failedWith(
            await server().callRaw(tool, { ...bySymbol(ws, add, 'Calculator.addd'), ...EXTRA_ARGS[tool] }),
            'SYMBOL_NOT_FOUND',
          );
          expect(member.resolution, tool).toContain(add.nodeId);
        }

        expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      },
    );

    verifies(
      ['I5-ADDR-NOT-FOUND', 'R-ERR-SYMBOL_NOT_FOUND'],
      'is SYMBOL_NOT_FOUND for a name declared only in another file, or a node id naming no declaration',
      async () => {
        // Nothing in the file is close to these names: the resolution points at the file's outline instead.
        await using ws = await copyFixture('navigation');
        const before = await ws.snapshot();
        const missing: Record<string, unknown>[] = [
          { workspaceRoot: ws.root, filePath: 'src/calculator.ts', symbol: 'Shape' },
          { workspaceRoot: ws.root, nodeId: 'method:src/calculator.ts:Calculator.subtract' },
        ];

        for (const tool of ADDRESSED_TOOLS) {
          for (const address of missing) {
            const error = failedWith(await server().callRaw(tool, { ...address, ...EXTRA_ARGS[tool] }), 'SYMBOL_NOT_FOUND');
            expect(error.resolution, `${tool} ${JSON.stringify(address)}`).toContain('src/calculator.ts');
          }
        }

        expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      },
    );
  });
});
