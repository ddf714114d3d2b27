import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { keysOf, last, markerKeys } from '../helpers/expectations.js';
import { byNodeId, bySymbol, markedNode, type MarkedNode } from '../helpers/nodes.js';
import { errorOf, failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import type { DocumentSymbolItem } from '../helpers/symbol-results.js';
import { verifies } from '../helpers/verifies.js';
import { changedPaths, copyFixture, type Workspace } from '../helpers/workspace.js';

/** A file's lines before a declaration, the declaration's lines (from its name's line to its end marker's), and the lines after. */
function around(text: string, node: MarkedNode): { before: string[]; declaration: string[]; after: string[] } {
  const lines = text.split('\n');
  return { before: lines.slice(0, node.line - 1), declaration: lines.slice(node.line - 1, node.endLine), after: lines.slice(node.endLine) };
}

const indentOf = (line: string): string => /^\s*/.exec(line)?.[0] ?? '';
const squeezed = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The declaration's lines after replace-body with a replacement without braces: its signature
 * line up to `{`, the replacement one indentation level (as the fixture indents) below the
 * declaration, and its closing brace with whatever followed it.
 */
function expectedBodyLines(declaration: readonly string[], replacement: string): string[] {
  const signature = declaration[0] ?? '';
  const last = declaration[declaration.length - 1] ?? '';
  const indent = indentOf(signature);
  const level = indentOf(declaration[1] ?? '').slice(indent.length);
  return [
    signature.slice(0, signature.lastIndexOf('{') + 1),
    ...replacement.split('\n').map((line) => (line === '' ? '' : `${indent}${level}${line}`)),
    `${indent}${last.slice(last.lastIndexOf('}'))}`,
  ];
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  async function replace(ws: Workspace, qualifiedName: string, mode: 'replace-body' | 'replace-node', replacement: string) {
    return server().call('replace_symbol_body', { ...bySymbol(ws, await markedNode(ws, qualifiedName)), mode, replacement });
  }

  describe('replace-body', () => {
    for (const [target, replacement] of [
      ['Calculator.add', 'return b + a;'],
      ['Calculator.add', 'if (a > b) {\n  return a - b + b + b;\n}\nreturn a + b;'],
      ['Triangle', "perimeter(): number {\n  return 4;\n}\n\nreadonly label = 'triangle';"],
      ['square', 'const product = x * x;\nreturn product;'],
    ] as const) {
      verifies(
        'I5-REPLACE-BODY',
        `rewrites only the body of ${target} (without braces), re-indented, and keeps the rest byte for byte`,
        async () => {
          await using ws = await copyFixture('navigation');
          const node = await markedNode(ws, target);
          const original = around(await ws.read(node.file), node);
          const before = await ws.snapshot();

          const result = succeeded(await replace(ws, target, 'replace-body', replacement));

          const expectedDeclaration = expectedBodyLines(original.declaration, replacement);
          expect(around(await ws.read(node.file), node).before).toEqual(original.before);
          expect((await ws.read(node.file)).split('\n')).toEqual([...original.before, ...expectedDeclaration, ...original.after]);
          expect(changedPaths(before, await ws.snapshot())).toEqual([`app/${node.file}`]);
          expect(result).toMatchObject({
            symbolName: node.name,
            mode: 'replace-body',
            nodeId: node.nodeId,
            filePath: node.file,
            line: node.line,
          });
          expect(result.endLine).toBe(node.line + expectedDeclaration.length - 1);
          expect(result.linesAdded - result.linesRemoved).toBe(expectedDeclaration.length - original.declaration.length);
          expect(result.introducedDiagnostics).toEqual([]);
        },
      );
    }

    verifies('I5-REPLACE-BODY', 'takes a body with its braces, keeping the signature and the rest of the file', async () => {
      await using ws = await copyFixture('navigation');
      const node = await markedNode(ws, 'Calculator.add');
      const original = around(await ws.read(node.file), node);
      const body = '{\n  const total = a * b;\n  return total;\n}';

      const result = succeeded(await replace(ws, 'Calculator.add', 'replace-body', body));

      const signature = original.declaration[0] ?? '';
      const lines = (await ws.read(node.file)).split('\n');
      const after = lines.slice(lines.length - original.after.length);
      expect(lines.slice(0, node.line - 1)).toEqual(original.before);
      expect(after).toEqual(original.after);
      const declaration = lines.slice(node.line - 1, lines.length - original.after.length);
      expect(declaration[0]?.startsWith(signature.slice(0, signature.lastIndexOf('{')))).toBe(true);
      const last = original.declaration[original.declaration.length - 1] ?? '';
      expect(squeezed(declaration.join('\n'))).toBe(
        squeezed(`${signature.slice(0, signature.lastIndexOf('{'))}${body}${last.slice(last.lastIndexOf('}') + 1)}`),
      );
      expect(result.endLine).toBe(node.line + declaration.length - 1);
      expect(result.introducedDiagnostics).toEqual([]);
    });
  });

  describe('an overloaded method', () => {
    verifies('I5-REPLACE-BODY', 'has the body of its implementation replaced, its overload signatures kept', async () => {
      await using ws = await copyFixture('navigation');
      const format = await markedNode(ws, 'Calculator.format');
      const implementation = last(await ws.markers({ tag: 'Calculator.format', kinds: ['def'] }));
      const original = around(await ws.read(format.file), { ...format, line: implementation.line });
      const replacement = 'return `${value}!`;';

      const result = succeeded(await replace(ws, 'Calculator.format', 'replace-body', replacement));

      const expectedDeclaration = expectedBodyLines(original.declaration, replacement);
      expect((await ws.read(format.file)).split('\n')).toEqual([...original.before, ...expectedDeclaration, ...original.after]);
      expect(result).toMatchObject({
        nodeId: format.nodeId,
        line: implementation.line,
        endLine: implementation.line + expectedDeclaration.length - 1,
      });
    });
  });

  describe('a file with a byte-order mark and CRLF line breaks', () => {
    verifies('I5-REPLACE-BODY', 'keeps the byte-order mark and writes the new lines with CRLF', async () => {
      await using ws = await copyFixture('navigation');
      const crlf = (lines: readonly string[]): string => lines.map((line) => `${line}\r\n`).join('');
      const head = ['export const label = "😀 first line";', 'export function /*@node:function:readLabel*/readLabel(): string {'];
      const tail = ['}/*@end:readLabel*/'];
      await ws.write('src/bom-crlf.ts', `\uFEFF${crlf([...head, '  return label;', ...tail])}`);

      const result = succeeded(await replace(ws, 'readLabel', 'replace-body', 'const prefix = "😀 ";\nreturn prefix + label;'));

      expect(await ws.read('src/bom-crlf.ts')).toBe(
        `\uFEFF${crlf([...head, '  const prefix = "😀 ";', '  return prefix + label;', ...tail])}`,
      );
      expect(result).toMatchObject({ filePath: 'src/bom-crlf.ts', line: head.length, endLine: head.length + 3, introducedDiagnostics: [] });
    });
  });

  describe('replace-node', () => {
    verifies(
      ['I5-REPLACE-NODE', 'I5-NODEID-CHAIN'],
      'replaces a whole method, keeping its JSDoc, and names the new declaration by node id',
      async () => {
        await using ws = await copyFixture('navigation');
        const node = await markedNode(ws, 'Calculator.add');
        const original = around(await ws.read(node.file), node);
        const replacement = 'multiply(a: number, b: number): number {\n  return a * b;\n}';

        const result = succeeded(await server().call('replace_symbol_body', { ...byNodeId(ws, node), mode: 'replace-node', replacement }));

        const lines = (await ws.read(node.file)).split('\n');
        const declaration = lines.slice(node.line - 1, lines.length - original.after.length);
        expect(lines.slice(0, node.line - 1)).toEqual(original.before);
        expect(lines.slice(lines.length - original.after.length)).toEqual(original.after);
        const first = original.declaration[0] ?? '';
        const last = original.declaration[original.declaration.length - 1] ?? '';
        expect(squeezed(declaration.join('\n'))).toBe(
          squeezed(`${first.slice(0, node.column - 1)}${replacement}${last.slice(last.lastIndexOf('}') + 1)}`),
        );
        const newNodeId = 'method:src/calculator.ts:Calculator.multiply';
        expect(result).toMatchObject({
          mode: 'replace-node',
          nodeId: newNodeId,
          filePath: node.file,
          line: node.line,
          endLine: node.line + declaration.length - 1,
        });
        expect(result.linesAdded - result.linesRemoved).toBe(declaration.length - original.declaration.length);
        expect(result.introducedDiagnostics).toEqual([]);
        const outline = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: node.file }));
        const flat = (items: readonly DocumentSymbolItem[]): string[] => items.flatMap((s) => [s.nodeId ?? '', ...flat(s.children ?? [])]);
        expect(flat(outline.symbols)).toContain(newNodeId);
        expect(flat(outline.symbols)).not.toContain(node.nodeId);
      },
    );
  });

  describe('replace-node with modifiers', () => {
    verifies('I5-REPLACE-NODE', 'replaces the modifiers with the declaration: no doubled export, no leftover private', async () => {
      await using ws = await copyFixture('navigation');
      const total = await markedNode(ws, 'Calculator.total');
      const square = await markedNode(ws, 'square');
      const calculatorLines = (await ws.read(total.file)).split('\n');
      const mathLines = (await ws.read(square.file)).split('\n');
      const squareReplacement = 'export function square(x: number): number {\n  return x ** 2;\n}';

      succeeded(await replace(ws, 'Calculator.total', 'replace-node', 'public total = 1;'));
      succeeded(await replace(ws, 'square', 'replace-node', squareReplacement));

      const propertyLine = calculatorLines[total.line - 1] ?? '';
      expect((await ws.read(total.file)).split('\n')).toEqual(
        calculatorLines.map((line, i) => (i === total.line - 1 ? `${indentOf(propertyLine)}public total = 1;` : line)),
      );
      const squareEnd = mathLines[square.endLine - 1] ?? '';
      const squareText = `${squareReplacement}${squareEnd.slice(squareEnd.lastIndexOf('}') + 1)}`;
      expect((await ws.read(square.file)).split('\n')).toEqual([...squareText.split('\n'), ...mathLines.slice(square.endLine)]);
    });
  });

  describe('a replacement that does not fit', () => {
    const refusals: [string, string, 'replace-body' | 'replace-node', string][] = [
      ['a body with a syntax error', 'Calculator.add', 'replace-body', 'return a +;'],
      ['a body with unbalanced braces', 'Calculator.add', 'replace-body', 'if (a) {\nreturn a;'],
      ['a method with a syntax error', 'Calculator.add', 'replace-node', 'add(a: number, b: number): number {\n  return a +;\n}'],
      ['a property instead of a method', 'Calculator.add', 'replace-node', 'add = 3;'],
      [
        'two methods instead of one',
        'Calculator.add',
        'replace-node',
        'add(a: number): number {\n  return a;\n}\nsub(a: number): number {\n  return -a;\n}',
      ],
      [
        'a function instead of a method',
        'Calculator.add',
        'replace-node',
        'function add(a: number, b: number): number {\n  return a + b;\n}',
      ],
      ['a class instead of a function', 'square', 'replace-node', 'class square {}'],
      ['a body for a property', 'Calculator.total', 'replace-body', 'return 1;'],
      ['a body for an interface method signature', 'Shape.area', 'replace-body', 'return 1;'],
    ];
    for (const [what, target, mode, replacement] of refusals) {
      verifies(
        ['I5-REPLACE-SYNTAX', 'R-ERR-INVALID_REPLACEMENT'],
        `refuses ${what} with INVALID_REPLACEMENT and writes nothing`,
        async () => {
          await using ws = await copyFixture('navigation');
          const before = await ws.snapshot();

          const error = failedWith(await replace(ws, target, mode, replacement), 'INVALID_REPLACEMENT');

          expect(error.message.trim()).not.toBe('');
          expect(error.resolution.trim()).not.toBe('');
          expect(changedPaths(before, await ws.snapshot())).toEqual([]);
        },
      );
    }
  });

  describe('diagnostics and freshness', () => {
    verifies('I5-REPLACE-DIAGNOSTICS', 'reports an error the new body introduces, which get_diagnostics then sees too', async () => {
      await using ws = await copyFixture('navigation');
      const node = await markedNode(ws, 'Calculator.add');
      // The fixture's add returns number; a string body breaks that (TS2322) on the body's line.
      const result = succeeded(await replace(ws, 'Calculator.add', 'replace-body', 'return `${a + b}`;'));

      const bodyLine = node.line + 1;
      expect(result.introducedDiagnostics.map((d) => ({ filePath: d.filePath, line: d.line, code: d.code, severity: d.severity }))).toEqual(
        [{ filePath: node.file, line: bodyLine, code: 'TS2322', severity: 'error' }],
      );
      expect(result.introducedDiagnostics[0]?.codeSnippet).toBe(await ws.lineText(node.file, bodyLine));
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: node.file }));
      expect(diagnostics.diagnostics.map((d) => ({ filePath: d.filePath, line: d.line, code: d.code }))).toEqual([
        { filePath: node.file, line: bodyLine, code: 'TS2322' },
      ]);
    });

    verifies('I5-REPLACE-DIAGNOSTICS', 'leaves out errors the file already had', async () => {
      await using ws = await copyFixture('navigation');
      await ws.write(
        'src/calculator.ts',
        `${await ws.read('src/calculator.ts')}export const /*@err:TS2322*/broken: number = 'already broken';\n`,
      );

      const result = succeeded(await replace(ws, 'Calculator.reset', 'replace-body', 'this.total = 1;\nreturn this.total;'));

      expect(result.introducedDiagnostics).toEqual([]);
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/calculator.ts' }));
      expect(keysOf(diagnostics.diagnostics)).toEqual(markerKeys(await ws.markers({ kinds: ['err'] })));
    });

    verifies(['I5-REPLACE-DIAGNOSTICS', 'R-FRESH-EDIT'], 'lets the next find_references see a call the new body makes', async () => {
      await using ws = await copyFixture('navigation');
      const add = await markedNode(ws, 'Calculator.add');
      const reset = await markedNode(ws, 'Calculator.reset');
      const uses = await ws.markers({ tag: 'Calculator.add', kinds: ['use'] });

      succeeded(
        await replace(ws, 'Calculator.reset', 'replace-body', 'this.total = this./*@use:Calculator.add*/add(1, 2);\nreturn this.total;'),
      );

      const after = await ws.markers({ tag: 'Calculator.add', kinds: ['use'] });
      expect(after.length).toBe(uses.length + 1);
      expect(after.some((m) => m.file === reset.file && m.line === reset.line + 1)).toBe(true);
      const references = succeeded(await server().findReferences(bySymbol(ws, add)));
      expect(keysOf(references.references)).toEqual(markerKeys([add.marker, ...after]));
    });
  });

  describe('a file outside the workspace', () => {
    verifies(
      ['I5-REPLACE-BOUNDARY', 'R-PATH-SYMLINK', 'R-ERR-PATH_OUTSIDE_WORKSPACE'],
      'is refused through a symlink or a path leading out, and left unchanged',
      async () => {
        await using ws = await copyFixture('navigation');
        await ws.writeOutside('outside/linked.ts', 'export function outsideFn(): number {\n  return 1;\n}\n');
        await ws.link('src/linked.ts', '../../outside/linked.ts');
        const before = await ws.snapshot();
        const args = { workspaceRoot: ws.root, symbol: 'outsideFn', mode: 'replace-body' as const, replacement: 'return 2;' };

        failedWith(await server().call('replace_symbol_body', { ...args, filePath: 'src/linked.ts' }), 'PATH_OUTSIDE_WORKSPACE');
        failedWith(await server().call('replace_symbol_body', { ...args, filePath: '../outside/linked.ts' }), 'PATH_OUTSIDE_WORKSPACE');
        const byId = errorOf(
          await server().call('replace_symbol_body', {
            workspaceRoot: ws.root,
            nodeId: 'function:../outside/linked.ts:outsideFn',
            mode: 'replace-body',
            replacement: 'return 2;',
          }),
        );
        expect(['PATH_OUTSIDE_WORKSPACE', 'INVALID_INPUT']).toContain(byId.code);

        expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      },
    );
  });
});
