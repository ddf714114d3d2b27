import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, located, scopeOf } from './fixture.js';

describe('source text, identifiers and definitions', () => {
  let index: TsSymbolIndex;
  let fx: Fixture;
  beforeAll(() => {
    index = new TsSymbolIndex();
    fx = new Fixture({
      'tsconfig.json': '{ "compilerOptions": { "strict": true, "target": "es2022", "module": "esnext", "moduleResolution": "bundler" } }',
      'src/words.ts':
        '// foo in a comment\nconst /*@foo*/foo = "foo in a string";\nclass K { /*@priv*/#secret = 1; read() { return this./*@use*/#secret + /*@foo2*/foo; } }\n/** @param foo jsdoc */\nexport { K };\n',
      'src/over.ts':
        'export function /*@o1*/pick(a: string): string;\nexport function /*@o2*/pick(a: number): number;\nexport function /*@o3*/pick(a: unknown) { return a; }\n' +
        'export interface /*@m1*/Shape { w: number }\nexport interface /*@m2*/Shape { h: number }\n' +
        'export const s: /*@shape*/Shape = { w: 1, h: 2 };\nexport const p = /*@call*/pick(1);\nexport const n = Math./*@lib*/max(1, 2);\n',
      'src/nums.ts': 'export const all = [1, 2].map((n) => n * 2);\n',
    });
    fx.write('src/bom.ts', `\uFEFFexport const /*@bom*/ünïcode = "😀";\nexport const after = ünïcode;\n`);
  });
  afterAll(() => {
    index.dispose();
    fx.cleanup();
  });

  it('returns the text without the byte-order mark, and offsets into it', async () => {
    const text = await index.sourceText(scopeOf(fx), fx.path('src/bom.ts'));
    expect(text).toBe(fx.text('src/bom.ts').replace(/^\uFEFF/, ''));
    const offset = (text ?? '').indexOf('ünïcode = ');
    const ids = await index.identifiersIn(scopeOf(fx), fx.path('src/bom.ts'), 0, (text ?? '').length);
    expect(ids.map((id) => [id.text, id.start])).toEqual([
      ['ünïcode', offset],
      ['after', (text ?? '').indexOf('after')],
      ['ünïcode', (text ?? '').lastIndexOf('ünïcode')],
    ]);
    const refs = await index.references(scopeOf(fx), { path: fx.path('src/bom.ts'), offset });
    expect(refs.references.map((r) => r.start).sort((a, b) => a - b)).toEqual([offset, (text ?? '').lastIndexOf('ünïcode')]);
  });

  it('is undefined for a missing file', async () => {
    expect(await index.sourceText(scopeOf(fx), fx.path('src/nope.ts'))).toBeUndefined();
  });

  it('lists real identifiers only, private names included, never words in comments, strings or JSDoc', async () => {
    const text = fx.text('src/words.ts');
    const ids = await index.identifiersIn(scopeOf(fx), fx.path('src/words.ts'), 0, text.length);
    expect(ids.filter((id) => id.text === 'foo').map((id) => id.start)).toEqual([
      fx.offset('src/words.ts', '/*@foo*/'),
      fx.offset('src/words.ts', '/*@foo2*/'),
    ]);
    expect(ids.filter((id) => id.text === '#secret').map((id) => id.start)).toEqual([
      fx.offset('src/words.ts', '/*@priv*/'),
      fx.offset('src/words.ts', '/*@use*/'),
    ]);
    const lineTwo = await index.identifiersIn(
      scopeOf(fx),
      fx.path('src/words.ts'),
      text.indexOf('\n') + 1,
      text.indexOf('\n', text.indexOf('\n') + 1),
    );
    expect(lineTwo.map((id) => id.text)).toEqual(['foo']);
  });

  it('returns every overload and every merged declaration', async () => {
    const overloads = await index.definitions(scopeOf(fx), fx.at('src/over.ts', '/*@call*/'));
    expect(located(fx, overloads)).toEqual(fx.spans(['src/over.ts', '/*@o1*/'], ['src/over.ts', '/*@o2*/'], ['src/over.ts', '/*@o3*/']));
    const merged = await index.definitions(scopeOf(fx), fx.at('src/over.ts', '/*@shape*/'));
    expect(located(fx, merged)).toEqual(fx.spans(['src/over.ts', '/*@m1*/'], ['src/over.ts', '/*@m2*/']));
  });

  it('returns a declaration itself when asked on its name', async () => {
    const defs = await index.definitions(scopeOf(fx), fx.at('src/words.ts', '/*@foo*/'));
    expect(located(fx, defs)).toEqual(fx.spans(['src/words.ts', '/*@foo*/']));
  });

  it('goes into TypeScript library files, by real path', async () => {
    const defs = await index.definitions(scopeOf(fx), fx.at('src/over.ts', '/*@lib*/'));
    expect(defs.length).toBeGreaterThan(0);
    expect(defs.every((d) => /\/typescript\/lib\/lib\.[\w.]+\.d\.ts$/.test(d.path))).toBe(true);
  });

  it('reports diagnostics with category, numeric code and flattened message', async () => {
    fx.write('src/broken.ts', 'export const x: number = /*@bad*/"s";\nexport function f(/*@p*/p) { return p; }\n');
    const records = await index.diagnostics(scopeOf(fx), fx.path('src/broken.ts'));
    expect(records).toContainEqual({
      path: fx.path('src/broken.ts'),
      start: fx.text('src/broken.ts').indexOf('x: number'),
      length: 1,
      category: 'error',
      code: 2322,
      message: "Type 'string' is not assignable to type 'number'.",
    });
  });
});
