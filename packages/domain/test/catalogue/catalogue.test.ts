import { describe, expect, it } from 'vitest';
import { CATALOGUE, OPERATION_NAMES, PRESETS, defineOperation, operationNamed } from '../../src/index.js';
import { neverAborted } from '../../src/testing/index.js';
import { ROOT, Workspace } from '../workspace-fixture.js';

describe('the catalogue of operations', () => {
  it('names each operation once, by a tool name and a library method', () => {
    expect(new Set(OPERATION_NAMES).size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map((o) => o.method)).size).toBe(CATALOGUE.length);
    for (const operation of CATALOGUE) {
      expect(operation.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(operation.method).toMatch(/^[a-z]+([A-Z][a-z]+)*$/);
    }
  });

  it('finds an operation by its tool name or its method, and nothing else', () => {
    expect(operationNamed('rename_symbol')?.method).toBe('renameSymbol');
    expect(operationNamed('renameSymbol')?.name).toBe('rename_symbol');
    expect(operationNamed('rename')).toBeUndefined();
    expect(operationNamed('toString')).toBeUndefined();
  });

  it('marks exactly the operations that may change files as writing (check_edits with apply, safe_delete, code_actions and format_file unless dry runs)', () => {
    expect(CATALOGUE.filter((o) => o.writes).map((o) => o.name)).toEqual([
      'rename_symbol',
      'check_edits',
      'safe_delete',
      'replace_symbol_body',
      'code_actions',
      'format_file',
    ]);
  });

  it('derives the presets: core is the four FS-001 tools, navigation the read-only ones that find code, all every one', () => {
    expect(PRESETS.core).toEqual(['find_references', 'go_to_definition', 'rename_symbol', 'get_diagnostics']);
    expect(PRESETS.navigation).toEqual([
      'find_references',
      'go_to_definition',
      'go_to_type_definition',
      'completion',
      'hover',
      'document_symbols',
      'workspace_symbols',
      'find_implementations',
      'call_hierarchy',
      'type_hierarchy',
      'impact',
    ]);
    expect(PRESETS.navigation.filter((name) => operationNamed(name)?.writes)).toEqual([]);
    expect(PRESETS.all).toEqual(OPERATION_NAMES);
    expect(PRESETS.edit.every((name) => operationNamed(name)?.writes === true || name === 'get_diagnostics')).toBe(true);
    expect(PRESETS.default).toEqual(expect.arrayContaining([...PRESETS.core]));
  });

  it('offers code actions and formatting in the edit preset, not by default', () => {
    expect(PRESETS.edit).toEqual(expect.arrayContaining(['code_actions', 'format_file']));
    expect(PRESETS.default).not.toContain('code_actions');
    expect(PRESETS.default).not.toContain('format_file');
  });

  it("runs an operation's use-case on the ports it is given", async () => {
    const ws = new Workspace();
    ws.file('src/a.ts', 'export const a = 1;\n');
    const answer = await operationNamed('go_to_definition')?.run(
      ws.ports,
      { workspaceRoot: ROOT, filePath: 'src/missing.ts', line: 1, column: 1 },
      { signal: neverAborted },
    );
    expect(answer).toMatchObject({ success: false, error: { code: 'FILE_NOT_FOUND' } });
  });

  it("loads an operation's use-case on its first call, once, and not when the catalogue is read", async () => {
    let loads = 0;
    const operation = defineOperation({
      name: 'echo',
      method: 'echo',
      writes: false,
      presets: [],
      load: () => {
        loads++;
        return Promise.resolve((_ports, input: { readonly text: string }) => Promise.resolve({ success: true as const, text: input.text }));
      },
    });
    expect(loads).toBe(0);
    const ws = new Workspace();
    expect(await operation.run(ws.ports, { text: 'a' }, { signal: neverAborted })).toEqual({ success: true, text: 'a' });
    expect(await operation.run(ws.ports, { text: 'b' }, { signal: neverAborted })).toEqual({ success: true, text: 'b' });
    expect(loads).toBe(1);
  });
});
