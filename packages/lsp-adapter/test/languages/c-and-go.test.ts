import { ErrorCode, bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { C_CPP, GO, LspSymbolIndex, commandOf, type LanguageProfile } from '../../src/index.js';
import { TempDir } from '../fixtures.js';
import { offsetOf } from './offsets.js';
import { installed, serverProject } from './server-projects.js';

const UTIL_H = '#ifndef UTIL_H\n#define UTIL_H\nint add(int a, int b);\n#endif\n';
const UTIL_C = '#include "util.h"\n\nint add(int a, int b) { return a + b; }\n';
const MAIN_C = '#include "util.h"\n\nint main(void) {\n  // add in a comment\n  return add(1, 2) + missing;\n}\n';

const SHAPES_GO = `package main

// Shape has an area.
type Shape interface {
	Area() float64
}

type Square struct{ Side float64 }

func (s Square) Area() float64 { return s.Side * s.Side }

func Total(shapes []Shape) float64 {
	sum := 0.0
	for _, s := range shapes {
		sum += s.Area()
	}
	return sum
}
`;
const MAIN_GO =
  'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println(Total([]Shape{Square{2}}))\n\tfmt.Println(undefinedName)\n}\n';

// clangd and gopls are Debian packages `.ci/run` installs; without them these suites cannot run at all.
describe.runIf(installed(C_CPP))('C over clangd', () => {
  const { dir, index, scope } = serverProject(C_CPP);
  // A C project names its flags; without them clangd guesses, and takes a header for C++.
  dir.write('compile_flags.txt', '-Wall\n');
  const util = dir.write('util.c', UTIL_C);
  const header = dir.write('util.h', UTIL_H);
  const main = dir.write('main.c', MAIN_C);

  it('finds the uses in every file that spells the name; the definition and the prototype are its definitions', async () => {
    const at = { path: util, offset: offsetOf(UTIL_C, 'add') };
    const answer = await index.references(scope, at);
    expect(answer.references.map((r) => [r.path, r.start]).sort()).toEqual(
      [
        [util, offsetOf(UTIL_C, 'add')],
        [header, offsetOf(UTIL_H, 'add')],
        [main, offsetOf(MAIN_C, 'add', 1)],
      ].sort(),
    );
    // The domain types a reference a declaration when it is one of these.
    expect((await index.definitions(scope, at)).map((d) => [d.path, d.start]).sort()).toEqual(
      [
        [util, offsetOf(UTIL_C, 'add')],
        [header, offsetOf(UTIL_H, 'add')],
      ].sort(),
    );
  });

  it("reports clang's diagnostics with its own code", async () => {
    const diagnostics = await index.diagnostics(scope, main);
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ code: 'undeclared_var_use', category: 'error', start: offsetOf(MAIN_C, 'missing') }),
    );
  });

  it('goes from a call to the definition', async () => {
    const spans = await index.definitions(scope, { path: main, offset: offsetOf(MAIN_C, 'add', 1) });
    expect(spans).toContainEqual({ path: util, start: offsetOf(UTIL_C, 'add'), length: 3 });
  });

  it('outlines and hovers', async () => {
    expect((await index.outline(scope, util)).map((s) => `${s.kind} ${s.name}`)).toEqual(['function add']);
    expect((await index.hover(scope, { path: main, offset: offsetOf(MAIN_C, 'add', 1) }))?.signature).toBe('int add(int a, int b)');
  });
});

describe.runIf(installed(GO))('Go over gopls', () => {
  const { dir, index, scope } = serverProject(GO);
  dir.write('go.mod', 'module example.com/shapes\n\ngo 1.19\n');
  const shapes = dir.write('shapes.go', SHAPES_GO);
  const main = dir.write('main.go', MAIN_GO);

  it('finds references across files, the declaration among them', async () => {
    const answer = await index.references(scope, { path: shapes, offset: offsetOf(SHAPES_GO, 'Total') });
    expect(answer.references.map((r) => [r.path, r.start]).sort()).toEqual(
      [
        [shapes, offsetOf(SHAPES_GO, 'Total')],
        [main, offsetOf(MAIN_GO, 'Total')],
      ].sort(),
    );
  });

  it("reports the type checker's diagnostics with gopls's code", async () => {
    const diagnostics = await index.diagnostics(scope, main);
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ code: 'UndeclaredName', category: 'error', start: offsetOf(MAIN_GO, 'undefinedName') }),
    );
  });

  it('finds the implementations of an interface', async () => {
    const spans = await index.implementations(scope, { path: shapes, offset: offsetOf(SHAPES_GO, 'Shape', 1) });
    expect(spans).toEqual([{ path: shapes, start: offsetOf(SHAPES_GO, 'Square'), length: 'Square'.length }]);
  });

  it('answers the callers of a function', async () => {
    const [item] = await index.callItems(scope, { path: shapes, offset: offsetOf(SHAPES_GO, 'Total') });
    if (item === undefined) throw new Error('no call item');
    const incoming = await index.incomingCalls(scope, item);
    expect(incoming.map((edge) => [edge.item.name, edge.sites])).toEqual([
      ['main', [{ path: main, start: offsetOf(MAIN_GO, 'Total'), length: 5 }]],
    ]);
  });

  it('searches the workspace for symbols', async () => {
    const matches = await index.searchSymbols(scope, 'Total', 10);
    expect(matches).toContainEqual(expect.objectContaining({ name: 'Total', path: shapes, start: offsetOf(SHAPES_GO, 'Total') }));
  });
});

describe('a language whose server is not installed', () => {
  const missing: LanguageProfile = {
    ...GO,
    server: { kind: 'executable', command: 'gopls-not-installed', args: [], install: 'apt-get install gopls golang-go' },
  };

  it('is refused with LANGUAGE_SERVER_NOT_FOUND naming the install command', () => {
    const refused = bridgeErrorOf(
      (() => {
        try {
          return commandOf(missing);
        } catch (error) {
          return error;
        }
      })(),
    );
    expect(refused?.code).toBe(ErrorCode.LANGUAGE_SERVER_NOT_FOUND);
    expect(refused?.message).toContain('gopls-not-installed is not on PATH');
    expect(refused?.resolution).toContain('`apt-get install gopls golang-go`');
  });

  it('refuses a call about one of its files the same way, without hanging', async () => {
    using dir = new TempDir();
    const file = dir.write('main.go', MAIN_GO);
    const index = new LspSymbolIndex({ profile: missing });
    try {
      const refused = bridgeErrorOf(await index.diagnostics(dir.scope(), file).catch((error: unknown) => error));
      expect(refused?.code).toBe(ErrorCode.LANGUAGE_SERVER_NOT_FOUND);
      // Another server for the language: in the workspace's own .lsp.json, named by its path.
      expect(refused?.resolution).toContain(`set its path ("command") in ${join(dir.root, '.lsp.json')};`);
    } finally {
      await index.dispose();
    }
  });
});
