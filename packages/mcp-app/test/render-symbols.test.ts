import type {
  DocumentSymbolItem,
  DocumentSymbolsResult,
  FindImplementationsResult,
  GoToDefinitionResult,
  HoverResult,
  WorkspaceSymbolsResult,
} from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { renderDefinitions } from '../src/render/definitions.render.js';
import { renderDocumentSymbols } from '../src/render/document-symbols.render.js';
import { renderHover } from '../src/render/hover.render.js';
import { renderImplementations } from '../src/render/implementations.render.js';
import { renderWorkspaceSymbols } from '../src/render/workspace-symbols.render.js';

describe('hover text', () => {
  it('puts the signature in a ts fence, then the documentation', () => {
    const result: HoverResult = {
      success: true,
      symbolName: 'add',
      signature: '(method) Calculator.add(a: number): number',
      documentation: 'Adds.\n*@param* `a`',
    };
    expect(renderHover(result)).toBe('```ts\n(method) Calculator.add(a: number): number\n```\nAdds.\n*@param* `a`');
  });

  it('says when there is no type information and when the documentation was cut', () => {
    expect(renderHover({ success: true, symbolName: 'x' })).toBe('No type information for x.');
    expect(
      renderHover({ success: true, symbolName: 'x', signature: 'const x: 1', documentation: 'Long…', truncated: true }).split('\n').at(-1),
    ).toBe('(documentation truncated; go_to_definition leads to the whole comment)');
  });
});

describe('document_symbols text', () => {
  it('indents children under their parent with line ranges and node ids', () => {
    const result: DocumentSymbolsResult = {
      success: true,
      filePath: 'src/calc.ts',
      symbols: [
        {
          name: 'Calculator',
          kind: 'class',
          nodeId: 'class:src/calc.ts:Calculator',
          line: 2,
          column: 14,
          endLine: 9,
          children: [{ name: 'add', kind: 'method', nodeId: 'method:src/calc.ts:Calculator.add', line: 3, column: 3, endLine: 5 }],
        },
        { name: 'LIMIT', kind: 'constant', nodeId: 'constant:src/calc.ts:LIMIT', line: 11, column: 14, endLine: 11 },
      ],
      totalCount: 3,
      truncated: false,
    };
    expect(renderDocumentSymbols(result).split('\n')).toEqual([
      '3 symbols in src/calc.ts',
      'class Calculator  L2-9  class:src/calc.ts:Calculator',
      '  method add  L3-5  method:src/calc.ts:Calculator.add',
      'constant LIMIT  L11  constant:src/calc.ts:LIMIT',
    ]);
  });

  it('leaves out locals and what they contain unless kinds is given, and counts them', () => {
    const local = (name: string, line: number): DocumentSymbolItem => ({
      name,
      kind: 'constant',
      nodeId: `constant:a.ts:f.${name}`,
      line,
      column: 9,
      endLine: line,
    });
    const result: DocumentSymbolsResult = {
      success: true,
      filePath: 'a.ts',
      truncated: false,
      symbols: [
        {
          name: 'f',
          kind: 'function',
          nodeId: 'function:a.ts:f',
          line: 1,
          column: 17,
          endLine: 9,
          children: [local('a', 2), { ...local('b', 3), children: [{ name: 'k', kind: 'property', line: 3, column: 20, endLine: 3 }] }],
        },
        { name: 'TOP', kind: 'constant', nodeId: 'constant:a.ts:TOP', line: 11, column: 14, endLine: 11 },
      ],
      totalCount: 5,
    };
    expect(renderDocumentSymbols(result).split('\n')).toEqual([
      '5 symbols in a.ts; 3 locals (constants and variables inside functions) not listed: pass kinds to list them',
      'function f  L1-9  function:a.ts:f',
      'constant TOP  L11  constant:a.ts:TOP',
    ]);
    const all = renderDocumentSymbols(result, { kinds: ['function', 'constant', 'property'] }).split('\n');
    expect(all[0]).toBe('5 symbols in a.ts');
    expect(all).toContain('    property k  L3');
  });

  it('says how many symbols depth or kinds left out', () => {
    const result: DocumentSymbolsResult = {
      success: true,
      filePath: 'a.ts',
      truncated: false,
      symbols: [{ name: 'C', kind: 'class', nodeId: 'class:a.ts:C', line: 1, column: 14, endLine: 9 }],
      totalCount: 4,
    };
    expect(renderDocumentSymbols(result, { depth: 1 }).split('\n')[0]).toBe('4 symbols in a.ts; 3 left out by depth');
    expect(renderDocumentSymbols({ ...result, symbols: [] }, { kinds: ['enum'] })).toBe('4 symbols in a.ts; 4 left out by kinds');
  });

  it('says that a file declares nothing, and stops a huge outline at 500 lines', () => {
    expect(renderDocumentSymbols({ success: true, filePath: 'a.ts', symbols: [], totalCount: 0, truncated: false })).toBe(
      'a.ts declares no symbols.',
    );
    const symbols: DocumentSymbolItem[] = Array.from({ length: 700 }, (_, i) => ({
      name: `f${i}`,
      kind: 'function',
      nodeId: `function:a.ts:f${i}`,
      line: i + 1,
      column: 17,
      endLine: i + 1,
    }));
    const lines = renderDocumentSymbols({ success: true, filePath: 'a.ts', symbols, totalCount: 700, truncated: false }).split('\n');
    expect(lines).toHaveLength(502);
    expect(lines.at(-1)).toBe('… 200 more in structuredContent.symbols.');
  });

  it('says how many symbols an outline too large for one answer leaves out', () => {
    const symbols: DocumentSymbolItem[] = Array.from({ length: 600 }, (_, i) => ({
      name: `f${i}`,
      kind: 'function',
      nodeId: `function:a.ts:f${i}`,
      line: i + 1,
      column: 17,
      endLine: i + 1,
    }));
    const lines = renderDocumentSymbols({ success: true, filePath: 'a.ts', symbols, totalCount: 290_000, truncated: true }).split('\n');
    expect(lines[0]).toBe('290000 symbols in a.ts');
    expect(lines.slice(-2)).toEqual([
      '… 100 more in structuredContent.symbols.',
      'The outline is too large for one answer: 289400 later symbols are not listed.',
    ]);
  });
});

describe('workspace_symbols text', () => {
  it('lists one symbol a line with its location and node id, or its container without one', () => {
    const result: WorkspaceSymbolsResult = {
      success: true,
      query: 'parse',
      symbols: [
        {
          name: 'parseConfig',
          kind: 'function',
          nodeId: 'function:src/config.ts:parseConfig',
          filePath: 'src/config.ts',
          line: 12,
          column: 17,
        },
        { name: 'parse', kind: 'method', filePath: 'lib/x.js', line: 3, column: 5, containerName: 'Parser' },
      ],
      totalCount: 9,
      truncated: true,
    };
    expect(renderWorkspaceSymbols(result).split('\n')).toEqual([
      '9 symbols matching "parse"; showing the best 2 (pass a larger limit or kinds to see more)',
      'function parseConfig  src/config.ts:12:17  function:src/config.ts:parseConfig',
      'method parse  lib/x.js:3:5  in Parser',
    ]);
  });

  it('suggests a shorter query when nothing matches', () => {
    expect(renderWorkspaceSymbols({ success: true, query: 'zzz', symbols: [], totalCount: 0, truncated: false })).toMatch(
      /^No symbols match "zzz"\./,
    );
  });
});

describe('find_implementations and go_to_definition text', () => {
  it('lists implementations as path:line:col, the code and the node id', () => {
    const result: FindImplementationsResult = {
      success: true,
      symbolName: 'Shape',
      implementations: [
        {
          filePath: 'src/square.ts',
          line: 1,
          column: 14,
          codeSnippet: 'export class Square implements Shape {',
          nodeId: 'class:src/square.ts:Square',
          kind: 'class',
        },
        { filePath: 'src/x.ts', line: 4, column: 7, codeSnippet: '  const s: Shape = {', kind: 'constant' },
      ],
      totalCount: 2,
      truncated: false,
    };
    expect(renderImplementations(result).split('\n')).toEqual([
      '2 implementations of Shape',
      'src/square.ts:1:14 export class Square implements Shape {  class:src/square.ts:Square',
      'src/x.ts:4:7 const s: Shape = {',
    ]);
    expect(renderImplementations({ ...result, implementations: [], totalCount: 0 })).toBe('No implementations of Shape found.');
  });

  it('adds the node id to a definition that has one', () => {
    const result: GoToDefinitionResult = {
      success: true,
      symbolName: 'add',
      definitions: [
        {
          filePath: 'src/calc.ts',
          line: 3,
          column: 3,
          codeSnippet: '  add(a: number) {',
          isExternal: false,
          nodeId: 'method:src/calc.ts:Calculator.add',
        },
      ],
    };
    expect(renderDefinitions(result).split('\n')[1]).toBe('src/calc.ts:3:3 add(a: number) {  method:src/calc.ts:Calculator.add');
  });
});
