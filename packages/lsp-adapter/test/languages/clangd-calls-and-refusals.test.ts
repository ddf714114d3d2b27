import { ErrorCode, bridgeErrorOf, displayPath, serverFailureOf, serverRenameRefusal } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { C_CPP, GO } from '../../src/index.js';
import { offsetOf } from './offsets.js';
import { installed, serverProject } from './server-projects.js';

describe.runIf(installed(C_CPP))('clangd call hierarchy', () => {
  const { dir, index, scope } = serverProject(C_CPP);
  const UTIL_C = 'int add(int a, int b) { return a + b; }\n';
  const MAIN_C = 'int add(int a, int b);\n\nint main(void) {\n  return add(1, 2);\n}\n';
  dir.write('compile_flags.txt', '-Wall\n');
  const util = dir.write('util.c', UTIL_C);
  const main = dir.write('main.c', MAIN_C);

  it('answers the callers in another file (the item keeps the symbol id clangd needs)', async () => {
    const [item] = await index.callItems(scope, { path: util, offset: offsetOf(UTIL_C, 'add') });
    expect(item?.name).toBe('add');
    const edges = await index.incomingCalls(scope, item ?? expect.fail('no call item'));
    expect(edges.map((e) => [e.item.name, e.item.path, e.sites.map((s) => [s.path, s.start])])).toEqual([
      ['main', main, [[main, offsetOf(MAIN_C, 'add', 1)]]],
    ]);
  });

  it('refuses the callees naming clangd, which answers "method not found"', async () => {
    const [item] = await index.callItems(scope, { path: main, offset: offsetOf(MAIN_C, 'main') });
    const error = await index.outgoingCalls(scope, item ?? expect.fail('no call item')).catch((e: unknown) => e);
    expect(bridgeErrorOf(error)?.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(bridgeErrorOf(error)?.message).toBe('clangd does not support callHierarchy/outgoingCalls (it answered "method not found")');
  });
});

describe.runIf(installed(GO))('gopls refusing a rename', () => {
  const { dir, index, scope } = serverProject(GO);
  const SCALE_GO = 'package main\n\nfunc Scale(x float64) float64 { return x * 2 }\n\nfunc Double(x float64) float64 { return Scale(x) }\n';
  dir.write('go.mod', 'module example.com/m\n\ngo 1.19\n');
  const scale = dir.write('scale.go', SCALE_GO);

  it("is reported as gopls's refusal, which the domain words RENAME_CONFLICT for a name the package already declares", async () => {
    const error = await index
      .renameLocations(scope, { path: scale, offset: offsetOf(SCALE_GO, 'Scale') }, 'Double')
      .catch((e: unknown) => e);
    const failure = serverFailureOf(error);
    expect(failure).toMatchObject({
      server: 'gopls',
      language: 'Go',
      otherBackend: false,
      what: { kind: 'refused', method: 'textDocument/rename' },
    });
    const conflict = failure === undefined ? undefined : serverRenameRefusal(failure, displayPath(scope.workspaceRoot, scale), 'Double');
    expect(conflict?.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(conflict?.message).toContain('scale.go');
    // Said once, though gopls repeats it for each build of the package.
    expect(conflict?.message.split('conflicts with')).toHaveLength(2);
  });
});
