import { applyEdits, bridgeErrorOf, type ActionEdits, type FormatSettings } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { C_CPP, GO, PYTHON } from '../../src/index.js';
import { installed, serverProject } from './server-projects.js';

const SETTINGS: FormatSettings = { indentSize: 4, tabSize: 4, insertSpaces: true };

function applied(action: ActionEdits | undefined, path: string): string {
  if (action === undefined) throw new Error('the action is not offered');
  const outcome = applyEdits(action.texts.get(path) ?? '', action.edits);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.text;
}

describe.runIf(installed(C_CPP))('code actions and formatting over clangd', () => {
  const { dir, index, scope } = serverProject(C_CPP);
  dir.write('compile_flags.txt', '-std=c11\n');
  const MAIN = '#include <stdio.h>\nint main(void) {\n  int x = 1\n  printf("%d\\n", x);\n  return 0;\n}\n';
  const main = dir.write('main.c', MAIN);

  it("offers clang's fix-it for a missing semicolon at the diagnostic, and applies it", async () => {
    const at = MAIN.indexOf('printf');
    const query = { path: main, start: at, end: at, kinds: ['quickfix'], settings: SETTINGS };
    const answer = await index.codeActions(scope, query);
    const fix = answer.actions.find((a) => a.title === "insert ';'");
    expect(fix).toMatchObject({ kind: 'quickfix', code: 'expected_semi_declaration', preferred: true });
    expect(applied(await index.codeActionEdits(scope, query, fix?.ref ?? ''), main)).toContain('int x = 1;\n');
  });

  it("formats with the project's .clang-format", async () => {
    dir.write('.clang-format', 'BasedOnStyle: LLVM\nIndentWidth: 8\n');
    const path = dir.write('fmt.c', 'int f(int a){\nint b = a;\nreturn b;}\n');
    const answer = await index.formatEdits(scope, { path, settings: SETTINGS });
    const outcome = applyEdits(answer.text, answer.edits);
    expect(outcome.ok && outcome.text).toBe('int f(int a) {\n        int b = a;\n        return b;\n}\n');
  });
});

describe.runIf(installed(GO))('code actions and formatting over gopls', () => {
  const { dir, index, scope } = serverProject(GO);
  dir.write('go.mod', 'module example.com/m\n\ngo 1.19\n');
  const MAIN = 'package main\n\nimport (\n\t"os"\n\t"fmt"\n)\n\nfunc  main( ) {\n\tfmt.Println("hi")\n}\n';
  const main = dir.write('main.go', MAIN);

  it('organizes imports, removing the unused one', async () => {
    const query = { path: main, start: 0, end: 0, kinds: ['source.organizeImports'], settings: SETTINGS };
    const organize = (await index.codeActions(scope, query)).actions.find((a) => a.kind === 'source.organizeImports');
    expect(organize).toBeDefined();
    const text = applied(await index.codeActionEdits(scope, query, organize?.ref ?? ''), main);
    expect(text).not.toContain('"os"');
    expect(text).toContain('"fmt"');
  });

  it('formats as gofmt does', async () => {
    const answer = await index.formatEdits(scope, { path: main, settings: SETTINGS });
    const outcome = applyEdits(answer.text, answer.edits);
    expect(outcome.ok && outcome.text).toContain('func main() {\n');
  });
});

describe('code actions and formatting over pyright', () => {
  const { dir, index, scope } = serverProject(PYTHON);
  const main = dir.write('main.py', 'def f(x):\n    return  x\n');

  it('refuses formatting, naming pyright: it has no formatter', async () => {
    const error = await index.formatEdits(scope, { path: main, settings: SETTINGS }).then(
      () => undefined,
      (thrown: unknown) => bridgeErrorOf(thrown),
    );
    expect(error?.code).toBe('LANGUAGE_SERVER_ERROR');
    expect(error?.message).toMatch(/pyright.*does not support textDocument\/formatting/i);
  });
});
