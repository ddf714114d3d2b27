import type { CallHierarchyResult, TypeHierarchyResult } from '@mcp-lsp-bridge/domain';
import { MAX_TYPES } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { renderCallHierarchy } from '../src/render/call-hierarchy.render.js';
import { renderTypeHierarchy } from '../src/render/type-hierarchy.render.js';

describe('call_hierarchy text', () => {
  const symbol = {
    name: 'add',
    kind: 'method' as const,
    nodeId: 'method:src/calc.ts:Calculator.add',
    filePath: 'src/calc.ts',
    line: 3,
    column: 3,
  };

  it('indents the callers of callers, with the call sites in the caller file and recursion marked', () => {
    const result: CallHierarchyResult = {
      success: true,
      direction: 'incoming',
      symbol,
      calls: [
        {
          name: 'total',
          kind: 'method',
          nodeId: 'method:src/calc.ts:Calculator.total',
          filePath: 'src/calc.ts',
          line: 7,
          column: 3,
          callSites: [{ filePath: 'src/calc.ts', line: 9, column: 40 }],
          calls: [
            {
              name: 'loop',
              kind: 'function',
              filePath: 'src/loop.ts',
              line: 1,
              column: 17,
              callSites: [
                { filePath: 'src/loop.ts', line: 2, column: 3 },
                { filePath: 'src/loop.ts', line: 4, column: 3 },
              ],
              recursive: true,
            },
          ],
        },
      ],
      totalCalls: 2,
      truncated: false,
    };
    expect(renderCallHierarchy(result).split('\n')).toEqual([
      "Callers of method add (src/calc.ts:3:3), 2 listed; call sites are line:column in the caller's file",
      'method total  src/calc.ts:7:3  method:src/calc.ts:Calculator.total  at 9:40',
      '  function loop  src/loop.ts:1:17  at 2:3, 4:3 [recursive, not expanded]',
    ]);
  });

  it('places outgoing call sites in the calling function file, keeping the path of a site elsewhere', () => {
    const result: CallHierarchyResult = {
      success: true,
      direction: 'outgoing',
      symbol,
      calls: [
        {
          name: 'log',
          kind: 'function',
          filePath: 'src/log.ts',
          line: 1,
          column: 17,
          callSites: [
            { filePath: 'src/calc.ts', line: 4, column: 5 },
            { filePath: 'src/other.ts', line: 8, column: 1 },
          ],
        },
      ],
      totalCalls: 1,
      truncated: true,
    };
    const lines = renderCallHierarchy(result).split('\n');
    expect(lines[0]).toContain(
      "Callees of method add (src/calc.ts:3:3), 1 listed; call sites are line:column in the calling function's file. Stopped at 200",
    );
    expect(lines[1]).toBe('function log  src/log.ts:1:17  at 4:5, src/other.ts:8:1');
  });

  it('says when there are no calls', () => {
    expect(renderCallHierarchy({ success: true, direction: 'incoming', symbol, calls: [], totalCalls: 0, truncated: false })).toBe(
      'No calls to method add (src/calc.ts:3:3) found.',
    );
  });
});

describe('type_hierarchy text', () => {
  const base = { name: 'Base', kind: 'class', nodeId: 'class:src/shapes.ts:Base', filePath: 'src/shapes.ts', line: 5, column: 23 } as const;

  it('lists supertypes and subtypes as indented trees with locations and node ids', () => {
    const result: TypeHierarchyResult = {
      success: true,
      direction: 'both',
      symbol: base,
      supertypes: [{ name: 'Error', kind: 'interface', filePath: '/lib/lib.es5.d.ts', line: 1068, column: 11, depth: 1 }],
      subtypes: [
        {
          name: 'Square',
          kind: 'class',
          nodeId: 'class:src/square.ts:Square',
          filePath: 'src/square.ts',
          line: 3,
          column: 14,
          depth: 1,
          types: [{ ...base, depth: 2, recursive: true }],
        },
      ],
      totalTypes: 3,
      truncated: false,
    };
    expect(renderTypeHierarchy(result).split('\n')).toEqual([
      'Type hierarchy of class Base (src/shapes.ts:5:23), 3 listed',
      'Supertypes:',
      '  interface Error  /lib/lib.es5.d.ts:1068:11',
      'Subtypes:',
      '  class Square  src/square.ts:3:14  class:src/square.ts:Square',
      '    class Base  src/shapes.ts:5:23  class:src/shapes.ts:Base [recursive, not expanded]',
    ]);
  });

  it('says when a direction asked for has none, and when the answer was truncated', () => {
    const result: TypeHierarchyResult = {
      success: true,
      direction: 'subtypes',
      symbol: base,
      subtypes: [],
      totalTypes: 0,
      truncated: true,
    };
    expect(renderTypeHierarchy(result).split('\n')).toEqual([
      `Type hierarchy of class Base (src/shapes.ts:5:23), 0 listed. Stopped at ${MAX_TYPES} types (truncated): call again on a nodeId below to go further`,
      'No subtypes found.',
    ]);
  });
});
