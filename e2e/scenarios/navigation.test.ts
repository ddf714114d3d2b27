import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { first } from '../helpers/expectations.js';
import { byPosition, bySymbol, expectedOutline, markedNode, markedNodes, withoutEmptyChildren, type MarkedNode } from '../helpers/nodes.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import type { DocumentSymbolItem, ImplementationItem, WorkspaceSymbolItem } from '../helpers/symbol-results.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture, type Workspace } from '../helpers/workspace.js';

/** The parameters (`a: number`) a declaration's line spells out. */
function parametersOf(declarationLine: string): string[] {
  const open = declarationLine.indexOf('(');
  const close = declarationLine.indexOf(')', open);
  return declarationLine
    .slice(open + 1, close)
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The JSDoc comment right above a declaration: its description lines and the text of each tag. */
async function jsdocOf(ws: Workspace, node: MarkedNode): Promise<string[]> {
  const lines = (await ws.read(node.file)).split('\n');
  const end = node.line - 2;
  if (!(lines[end] ?? '').trim().endsWith('*/')) throw new Error(`no JSDoc above ${node.qualifiedName}`);
  let start = end;
  while (!(lines[start] ?? '').includes('/**')) start--;
  return lines
    .slice(start, end + 1)
    .map((line) =>
      line
        .replace(/\*\/\s*$/, '')
        .replace(/^\s*\/\*\*/, '')
        .replace(/^\s*\*/, '')
        .trim(),
    )
    .map((line) => line.replace(/^@param\s+\w+\s+/, ''))
    .filter((line) => line !== '');
}

function flatten(items: readonly DocumentSymbolItem[]): DocumentSymbolItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/** workspace_symbols' ranking, from the contract: exact, case-insensitive exact, prefix, substring; then path, line. */
function rankOf(name: string, query: string): number {
  if (name === query) return 0;
  const lower = name.toLowerCase();
  const q = query.toLowerCase();
  if (lower === q) return 1;
  if (lower.startsWith(q)) return 2;
  return lower.includes(q) ? 3 : 4;
}

function symbolItem(node: MarkedNode): WorkspaceSymbolItem {
  return { name: node.name, kind: node.kind, nodeId: node.nodeId, filePath: node.file, line: node.line, column: node.column };
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));
  const nav = useShared(() => copyFixture('navigation'));

  describe('hover', () => {
    for (const qualifiedName of ['Calculator.add', 'sumOfSquares']) {
      verifies('I5-HOVER', `gives ${qualifiedName}'s signature with its parameter types and its JSDoc`, async () => {
        const ws = nav();
        const node = await markedNode(ws, qualifiedName);

        const result = succeeded(await server().call('hover', bySymbol(ws, node)));

        expect(result.symbolName).toBe(node.name);
        expect(result.signature).toContain(`${node.name}(`);
        for (const parameter of parametersOf(node.marker.lineText)) expect(result.signature).toContain(parameter);
        for (const text of await jsdocOf(ws, node)) expect(result.documentation).toContain(text);
        expect(result.truncated ?? false).toBe(false);
      });
    }

    verifies('I5-HOVER', 'trims a very long documentation comment and says so', async () => {
      await using ws = await copyFixture('navigation');
      const sentence = 'This sentence repeats to make a documentation comment far longer than an agent needs.';
      const paragraphs = Array.from({ length: 600 }, () => ` * ${sentence}`);
      await ws.write(
        'src/verbose.ts',
        `/**\n${paragraphs.join('\n')}\n */\nexport function /*@node:function:verbose*/verbose(): void {}\n`,
      );
      const fullLength = paragraphs.length * sentence.length;

      const result = succeeded(await server().call('hover', bySymbol(ws, await markedNode(ws, 'verbose'))));

      expect(result.truncated).toBe(true);
      expect(result.documentation?.startsWith(sentence)).toBe(true);
      expect(result.documentation?.length ?? 0).toBeLessThan(fullLength);
    });

    verifies('I5-HOVER', 'gives the same answer at a usage in another file as at the declaration', async () => {
      const ws = nav();
      const usage = first(await ws.markers({ tag: 'Calculator.add', kinds: ['use'], file: 'src/app.ts' }));

      const atUsage = succeeded(
        await server().call('hover', { workspaceRoot: ws.root, filePath: usage.file, line: usage.line, column: usage.column }),
      );

      expect(atUsage).toEqual(succeeded(await server().call('hover', byPosition(ws, await markedNode(ws, 'Calculator.add')))));
    });

    verifies('I5-HOVER', 'gives an anonymous default export by the name "default"', async () => {
      const ws = nav();
      const node = await markedNode(ws, 'default');
      const declarationLine = await ws.lineText(node.file, node.line);

      const result = succeeded(await server().call('hover', { workspaceRoot: ws.root, filePath: node.file, symbol: 'default' }));

      for (const parameter of parametersOf(declarationLine)) expect(result.signature).toContain(parameter);
      for (const text of await jsdocOf(ws, node)) expect(result.documentation).toContain(text);
    });

    verifies('I5-HOVER', 'gives no documentation for a symbol without a doc comment', async () => {
      const ws = nav();
      const node = await markedNode(ws, 'square');

      const result = succeeded(await server().call('hover', bySymbol(ws, node)));

      for (const parameter of parametersOf(node.marker.lineText)) expect(result.signature).toContain(parameter);
      expect(result.documentation ?? '').toBe('');
    });
  });

  describe('document_symbols', () => {
    verifies(
      'I5-DOCUMENT-SYMBOLS',
      'outlines a file: names, kinds, node ids, name positions, last lines and nesting, in source order',
      async () => {
        const ws = nav();
        const expected = await expectedOutline(ws, 'src/shapes.ts');

        const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/shapes.ts' }));

        expect(result.filePath).toBe('src/shapes.ts');
        expect(withoutEmptyChildren(result.symbols)).toEqual(expected);
        expect(result.totalCount).toBe(flatten(expected).length);
      },
    );

    verifies('I5-DOCUMENT-SYMBOLS', 'nests a namespace, its class and the class method, qualifying each node id', async () => {
      const ws = nav();

      const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/outer.ts' }));

      expect(withoutEmptyChildren(result.symbols)).toEqual(await expectedOutline(ws, 'src/outer.ts'));
      expect(flatten(result.symbols).map((s) => s.nodeId)).toContain('method:src/outer.ts:Outer.Inner.method');
    });

    verifies(
      'I5-DOCUMENT-SYMBOLS',
      'leaves out what the compiler cannot name (a spread of `a.b`, a function without a name) on every backend',
      async () => {
        await using ws = await copyFixture('navigation');
        await ws.write(
          'src/unnamed.ts',
          [
            'const /*@node:constant:base*/base = { /*@node:property:base.inner*/inner: { /*@node:property:base.inner.depth*/depth: 1/*@end:base.inner.depth*/ }/*@end:base.inner*/ }/*@end:base*/;',
            'export const /*@node:constant:spread*/spread = { ...base.inner, /*@node:property:spread.own*/own: 1/*@end:spread.own*/, .../*@node:property:spread.base*/base/*@end:spread.base*/ }/*@end:spread*/;',
            '(() => {',
            '  const /*@node:constant:hidden*/hidden = 1/*@end:hidden*/;',
            '  return hidden;',
            '})();',
            '',
          ].join('\n'),
        );

        const result = succeeded(
          await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/unnamed.ts', kinds: ['constant', 'property'] }),
        );

        expect(withoutEmptyChildren(result.symbols)).toEqual(await expectedOutline(ws, 'src/unnamed.ts'));
      },
    );

    verifies('I5-DOCUMENT-SYMBOLS', 'names an anonymous default export "default"', async () => {
      const ws = nav();

      const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/total.ts' }));

      expect(withoutEmptyChildren(result.symbols)).toEqual(await expectedOutline(ws, 'src/total.ts'));
    });

    verifies(
      ['I5-DOCUMENT-SYMBOLS', 'I10-ONE-MEANING'],
      'lists every member of a class once, an overloaded method at its implementation with its overload count',
      async () => {
        const ws = nav();
        const expected = await markedNodes(ws, 'src/calculator.ts');

        const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/calculator.ts' }));

        const all = flatten(result.symbols);
        expect(all.map((s) => s.nodeId).sort()).toEqual(expected.map((n) => n.nodeId).sort());
        for (const node of expected) {
          const item = all.find((s) => s.nodeId === node.nodeId);
          expect({ name: item?.name, kind: item?.kind, at: `${item?.line}:${item?.column}` }, node.nodeId).toEqual({
            name: node.name,
            kind: node.kind,
            at: `${node.line}:${node.column}`,
          });
        }
        const overloads = (await ws.markers({ tag: 'Calculator.format', kinds: ['def'] })).length;
        expect(all.find((s) => s.name === 'format')?.overloads).toBe(overloads);
      },
    );
  });

  describe('workspace_symbols', () => {
    async function expectedMatches(ws: Workspace, query: string): Promise<WorkspaceSymbolItem[]> {
      const nodes = (await markedNodes(ws)).filter((n) => rankOf(n.name, query) < 4);
      return nodes
        .sort(
          (a, b) => rankOf(a.name, query) - rankOf(b.name, query) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line,
        )
        .map(symbolItem);
    }

    const withoutContainer = (items: readonly WorkspaceSymbolItem[]): WorkspaceSymbolItem[] =>
      items.map(({ containerName: _c, ...item }) => item);

    verifies('I5-WORKSPACE-SYMBOLS', 'finds matches in several files, exact name first, leaving node_modules out', async () => {
      const ws = nav();
      const expected = await expectedMatches(ws, 'square');
      expect(new Set(expected.map((s) => s.filePath)).size).toBeGreaterThan(1);
      const inNodeModules = await ws.markers({ kinds: ['node'], includeNodeModules: true });
      expect(inNodeModules.some((m) => m.file.startsWith('node_modules/') && m.identifier.toLowerCase().includes('square'))).toBe(true);

      const result = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'square' }));

      expect(result.query).toBe('square');
      expect(withoutContainer(result.symbols)).toEqual(expected);
      expect(result.totalCount).toBe(expected.length);
      expect(result.truncated).toBe(false);
      for (const symbol of result.symbols) expect(symbol.filePath).not.toContain('node_modules');
    });

    verifies('I5-WORKSPACE-SYMBOLS', 'keeps only the kinds asked for', async () => {
      const ws = nav();
      const expected = await expectedMatches(ws, 'square');

      const classes = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'square', kinds: ['class'] }));
      const functions = succeeded(
        await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'square', kinds: ['function'] }),
      );

      expect(withoutContainer(classes.symbols)).toEqual(expected.filter((s) => s.kind === 'class'));
      expect(withoutContainer(functions.symbols)).toEqual(expected.filter((s) => s.kind === 'function'));
      expect(functions.totalCount).toBe(expected.filter((s) => s.kind === 'function').length);
    });

    verifies('I5-WORKSPACE-SYMBOLS', 'stops at the limit, saying so with truncated and the total count', async () => {
      const ws = nav();
      const expected = await expectedMatches(ws, 'square');

      const result = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'square', limit: 2 }));

      expect(withoutContainer(result.symbols)).toEqual(expected.slice(0, 2));
      expect(result.truncated).toBe(true);
      expect(result.totalCount).toBe(expected.length);
    });

    verifies(['I5-WORKSPACE-SYMBOLS', 'I5-NODEID-CHAIN'], 'finds a qualified member whose node id addresses it next', async () => {
      const ws = nav();
      const method = await markedNode(ws, 'Outer.Inner.method');

      const found = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'method', kinds: ['method'] }));
      const item = found.symbols.find((s) => s.filePath === method.file);
      expect(item && withoutContainer([item])).toEqual([symbolItem(method)]);
      const hover = succeeded(await server().call('hover', { workspaceRoot: ws.root, nodeId: item?.nodeId ?? '' }));

      expect(hover.symbolName).toBe('method');
    });
  });

  describe('the errors every tool shares', () => {
    verifies(
      ['R-ERR-FILE_NOT_FOUND', 'R-ERR-PATH_OUTSIDE_WORKSPACE', 'R-ERR-WORKSPACE_NOT_FOUND'],
      'apply to the new tools: a missing file, a path out of the root, a missing root',
      async () => {
        const ws = nav();
        const calls: [string, (filePath: string, workspaceRoot: string) => Record<string, unknown>][] = [
          ['hover', (filePath, workspaceRoot) => ({ workspaceRoot, filePath, symbol: 'add' })],
          ['document_symbols', (filePath, workspaceRoot) => ({ workspaceRoot, filePath })],
          ['find_implementations', (filePath, workspaceRoot) => ({ workspaceRoot, filePath, line: 1, column: 1 })],
          ['call_hierarchy', (filePath, workspaceRoot) => ({ workspaceRoot, filePath, symbol: 'add', direction: 'incoming' })],
          [
            'replace_symbol_body',
            (filePath, workspaceRoot) => ({ workspaceRoot, filePath, symbol: 'add', mode: 'replace-body', replacement: 'return 0;' }),
          ],
        ];

        for (const [tool, args] of calls) {
          failedWith(await server().callRaw(tool, args('src/missing.ts', ws.root)), 'FILE_NOT_FOUND');
          failedWith(await server().callRaw(tool, args('../outside.ts', ws.root)), 'PATH_OUTSIDE_WORKSPACE');
          failedWith(await server().callRaw(tool, args('src/calculator.ts', `${ws.base}/no-such-root`)), 'WORKSPACE_NOT_FOUND');
        }
        failedWith(
          await server().call('workspace_symbols', { workspaceRoot: `${ws.base}/no-such-root`, query: 'square' }),
          'WORKSPACE_NOT_FOUND',
        );
        failedWith(await server().call('workspace_symbols', { workspaceRoot: 'relative/root', query: 'square' }), 'WORKSPACE_NOT_FOUND');
      },
    );
  });

  describe('find_implementations', () => {
    /** The expected item at each `impl:<tag>` marker: the marked declaration there, with its node id. */
    async function expectedImplementations(ws: Workspace, tag: string): Promise<ImplementationItem[]> {
      const nodes = await markedNodes(ws);
      return (await ws.markers({ tag, kinds: ['impl'] })).map((marker) => {
        const node = nodes.find((n) => n.file === marker.file && n.line === marker.line && n.column === marker.column);
        if (node === undefined) throw new Error(`impl:${tag} at ${marker.file}:${marker.line} has no node marker`);
        return {
          filePath: marker.file,
          line: marker.line,
          column: marker.column,
          codeSnippet: marker.lineText,
          nodeId: node.nodeId,
          kind: node.kind,
        };
      });
    }

    /** Items as returned; `kind` is optional in the contract, so it is compared only when given. */
    function comparable(items: readonly ImplementationItem[], expected: readonly ImplementationItem[]): ImplementationItem[] {
      return items.map((item, index) => (item.kind === undefined ? { ...item, kind: expected[index]?.kind } : item) as ImplementationItem);
    }

    for (const [tag, what] of [
      ['Shape', 'the classes implementing an interface, in two files'],
      ['Shape.area', 'the methods implementing an interface method'],
      ['Polygon.perimeter', 'the method overriding an abstract method'],
    ] as const) {
      verifies('I5-IMPLEMENTATIONS', `lists ${what}, by path and line, with node ids`, async () => {
        const ws = nav();
        const expected = await expectedImplementations(ws, tag);

        const result = succeeded(await server().call('find_implementations', bySymbol(ws, await markedNode(ws, tag))));

        expect(result.symbolName).toBe(tag.split('.').at(-1));
        expect(comparable(result.implementations, expected)).toEqual(expected);
        expect(result.totalCount).toBe(expected.length);
        expect(result.truncated).toBe(false);
      });
    }

    verifies('I5-IMPLEMENTATIONS', 'stops at the limit, saying so with truncated and the total count', async () => {
      const ws = nav();
      const expected = await expectedImplementations(ws, 'Shape');

      const result = succeeded(await server().call('find_implementations', { ...bySymbol(ws, await markedNode(ws, 'Shape')), limit: 1 }));

      expect(comparable(result.implementations, expected)).toEqual(expected.slice(0, 1));
      expect(result.truncated).toBe(true);
      expect(result.totalCount).toBe(expected.length);
    });
  });
});
