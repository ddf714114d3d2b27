import { afterEach, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, scopeOf } from './fixture.js';

const COMPILER = '"strict": true, "module": "esnext", "moduleResolution": "bundler"';

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
    const clean = new Map([[a, fx.text('src/a.ts').replace('"text"', '42')]]);
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
  });
});
