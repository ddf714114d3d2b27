import { describe, expect, it } from 'vitest';
import { neverAborted } from '../../src/testing/index.js';
import { goToTypeDefinition } from '../../src/use-cases/go-to-type-definition.js';
import { outlineEntry } from '../outline-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';

const SHAPE_TS = 'export interface Shape {\n  area(): number;\n}\n';
const USE_TS = 'import type { Shape } from "./shape";\nexport const unit: Shape = { area: () => 1 };\nunit.area();\n';

describe('goToTypeDefinition', () => {
  it("answers the declarations of the symbol's type, with node ids, not the symbol's own declaration", async () => {
    const ws = new Workspace();
    const shape = ws.file('src/shape.ts', SHAPE_TS);
    const use = ws.file('src/use.ts', USE_TS);
    const shapeName = locate(SHAPE_TS, 'Shape');
    ws.symbols.outlines.set(shape, [outlineEntry(SHAPE_TS, 'interface', 'Shape', SHAPE_TS.trimEnd())]);
    ws.symbols.addSymbolByText('unit', [use], { typeDeclarations: [{ path: shape, start: shapeName.offset, length: 5 }] });
    const at = locate(USE_TS, 'unit.area');
    const result = successOf(
      await goToTypeDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: at.line, column: at.column }, neverAborted),
    );
    expect(result).toEqual({
      success: true,
      symbolName: 'unit',
      definitions: [
        {
          filePath: 'src/shape.ts',
          line: shapeName.line,
          column: shapeName.column,
          codeSnippet: shapeName.lineText,
          isExternal: false,
          nodeId: 'interface:src/shape.ts:Shape',
        },
      ],
    });
  });

  it('answers an empty list for a symbol whose type has no declaration (a primitive)', async () => {
    const ws = new Workspace();
    const use = ws.file('src/use.ts', 'export const n = 1;\n');
    ws.symbols.addSymbolByText('n', [use]);
    const result = successOf(
      await goToTypeDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: 1, column: 14 }, neverAborted),
    );
    expect(result.definitions).toEqual([]);
  });

  it('refuses an address that designates nothing, as go_to_definition does', async () => {
    const ws = new Workspace();
    ws.file('src/use.ts', 'export const n = 1;\n');
    const error = errorOf(
      await goToTypeDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', symbol: 'missing' }, neverAborted),
    );
    expect(error.code).toBe('SYMBOL_NOT_FOUND');
  });
});
