import { afterEach, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, scopeOf } from './fixture.js';

// noEmit, as most checked projects are: the declaration output is forced.
const COMPILER = '"strict": true, "module": "esnext", "moduleResolution": "bundler", "noEmit": true';

describe('an edit simulation that wants only the errors the edits add', () => {
  let index: TsSymbolIndex | undefined;
  let fx: Fixture | undefined;
  afterEach(() => {
    index?.dispose();
    fx?.cleanup();
  });

  it("checks on the disk's texts only the files that have errors with the edits, and gives every file's errors after", async () => {
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { ${COMPILER} }, "include": ["src"] }`,
      'src/a.ts': 'export function foo(n: number) { return n; }\nexport const bad: number = "text";\n',
      'src/b.ts': 'import { foo } from "./a";\nfoo(1);\n',
      'src/c.ts': 'import { foo } from "./a";\nexport const c: string = "also bad" as unknown as number;\nfoo(2);\n',
    });
    index = new TsSymbolIndex();
    const a = fx.path('src/a.ts');
    // foo renamed in a.ts alone: b.ts and c.ts lose their import (TS2305); a.ts keeps its own error.
    const overlay = new Map([[a, fx.text('src/a.ts').replace('function foo', 'function qux')]]);
    const simulation = { overlay, before: [], after: [], files: [a], dependents: true };
    const all = await index.simulateEdits(scopeOf(fx), simulation);
    const added = await index.simulateEdits(scopeOf(fx), { ...simulation, addedErrorsOnly: true });
    const codes = (errors: ReadonlyMap<string, readonly { code: string | number }[]>): Record<string, string[]> =>
      Object.fromEntries([...errors].map(([path, list]) => [path, list.map((d) => String(d.code)).sort()]));
    const [b, c] = [fx.path('src/b.ts'), fx.path('src/c.ts')];
    expect(codes(all.errorsAfter)).toEqual({ [a]: ['2322'], [b]: ['2305'], [c]: ['2305', '2322'] });
    expect(codes(added.errorsAfter)).toEqual(codes(all.errorsAfter));
    expect(codes(all.errorsBefore)).toEqual({ [a]: ['2322'], [b]: [], [c]: ['2322'] });
    expect(codes(added.errorsBefore)).toEqual(codes(all.errorsBefore));

    // A file without errors with the edits in place is not checked on the disk's texts.
    const clean = new Map([[a, `${fx.text('src/a.ts').replace('"text"', '42')}export const extra = 1;\n`]]);
    const none = await index.simulateEdits(scopeOf(fx), {
      overlay: clean,
      before: [],
      after: [],
      files: [a],
      dependents: true,
      addedErrorsOnly: true,
    });
    expect(codes(none.errorsAfter)).toEqual({ [a]: [], [b]: [], [c]: ['2322'] });
    expect(codes(none.errorsBefore)).toEqual({ [c]: ['2322'] });

    // An edit that leaves what a.ts declares as it was (a body, a value of the same type) cannot
    // change an error of a file that imports it: those are not checked at all.
    const body = new Map([[a, fx.text('src/a.ts').replace('return n;', 'return n + 1;').replace('"text"', '42')]]);
    const inside = await index.simulateEdits(scopeOf(fx), { overlay: body, before: [], after: [], files: [a], dependents: true });
    expect(codes(inside.errorsAfter)).toEqual({ [a]: [] });
    expect(codes(inside.errorsBefore)).toEqual({ [a]: ['2322'] });
  });
  it('checks the files two imports away when an edited body changes what its file declares (an inferred type)', async () => {
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { ${COMPILER} }, "include": ["src"] }`,
      'src/a.ts': 'export function make() {\n  return { depth: 1 };\n}\n',
      'src/b.ts': 'import { make } from "./a";\nexport const got = make();\n',
      'src/c.ts': 'import { got } from "./b";\nexport const v: { depth: number } = got;\n',
    });
    index = new TsSymbolIndex();
    const a = fx.path('src/a.ts');
    const overlay = new Map([[a, fx.text('src/a.ts').replace('depth: 1', 'deep: 1')]]);
    const answer = await index.simulateEdits(scopeOf(fx), { overlay, before: [], after: [], files: [a], dependents: true });
    const c = fx.path('src/c.ts');
    expect(answer.errorsAfter.get(c)?.map((d) => String(d.code))).toEqual(['2741']);
    expect(answer.errorsBefore.get(c)).toEqual([]);
  });

  it('checks every file when an edit makes a script a module: what it declared globally is gone from all of them', async () => {
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { ${COMPILER} }, "include": ["src"] }`,
      'src/globals.ts': 'function helper(): number {\n  return 1;\n}\n',
      'src/user.ts': 'export const v: number = helper();\n',
    });
    index = new TsSymbolIndex();
    const globals = fx.path('src/globals.ts');
    const overlay = new Map([[globals, `${fx.text('src/globals.ts')}export {};\n`]]);
    const answer = await index.simulateEdits(scopeOf(fx), { overlay, before: [], after: [], files: [globals], dependents: true });
    const user = fx.path('src/user.ts');
    expect(answer.errorsAfter.get(user)?.map((d) => String(d.code))).toEqual(['2304']);
    expect(answer.errorsBefore.get(user)).toEqual([]);
  });
});
