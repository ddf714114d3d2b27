import fs from 'node:fs';
import { TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, scopeOf } from './fixture.js';

describe("identifiers of a warm project's file", () => {
  let workspace: TsWorkspace;
  let index: TsSymbolIndex;
  let fx: Fixture;
  beforeAll(() => {
    workspace = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
    index = new TsSymbolIndex({ workspace });
    fx = new Fixture({
      'tsconfig.json': '{ "compilerOptions": { "strict": true, "target": "es2022", "module": "esnext", "moduleResolution": "bundler" } }',
      'src/lib.ts': '// area in a comment\nexport function /*@decl*/area(w: number) { return /*@w*/w * 2; }\n',
      'src/main.ts': "import { area } from './lib';\nexport const x = /*@use*/area(2);\n",
    });
  });
  afterAll(() => {
    index.dispose();
    workspace.dispose();
    fx.cleanup();
  });

  it("come from the program's tree, not from a second parse, and follow the disk", async () => {
    // The project is warm once a query has loaded it.
    await index.definitions(scopeOf(fx), fx.at('src/main.ts', '/*@use*/'));
    const parse = vi.spyOn(workspace, 'syntaxOf');
    const file = fx.path('src/lib.ts');
    const ids = await index.identifiersIn(scopeOf(fx), file, 0, fx.text('src/lib.ts').length);
    expect(ids.map((id) => [id.text, id.start])).toEqual([
      ['area', fx.offset('src/lib.ts', '/*@decl*/')],
      ['w', fx.offset('src/lib.ts', '/*@decl*/') + 'area('.length],
      ['w', fx.offset('src/lib.ts', '/*@w*/')],
    ]);
    expect(parse).not.toHaveBeenCalled();
    // A new text on disk: the next call's identifiers are the new text's.
    fs.writeFileSync(file, 'export const /*@v*/volume = 3;\n');
    const next = await index.identifiersIn(scopeOf(fx), file, 0, fx.text('src/lib.ts').length);
    expect(next.map((id) => [id.text, id.start])).toEqual([['volume', fx.offset('src/lib.ts', '/*@v*/')]]);
    parse.mockRestore();
  });
});
