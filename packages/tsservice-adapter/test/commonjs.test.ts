import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { renameEdits } from './domain-rename.js';
import { Fixture, located, scopeOf } from './fixture.js';

/*
 * A CommonJS package without any config: TypeScript's own search finds nothing at `math.add`
 * (it looks for the `module.exports = { add }` alias in math.js alone) and, from a declaration,
 * stops at the `require` destructurings. Expected spans come from the markers.
 */
const FILES = {
  'package.json': '{ "name": "cjs", "type": "commonjs" }\n',
  'lib/math.js':
    'function /*@add*/add(a, b) { return a + b; }\nfunction sub(a, b) { return a - b; }\nmodule.exports = { /*@add-export*/add, sub };\n',
  'lib/scale.js': 'exports./*@scale*/scale = function /*@own*/scale(x, k) { return x * k; };\n',
  'main.js': [
    "const math = require('./lib/math.js');",
    'const calc = math;',
    "const { /*@add-import*/add } = require('./lib/math.js');",
    "const { /*@scale-import*/scale } = require('./lib/scale.js');",
    'console.log(math./*@add-member*/add(1, 2), calc./*@add-alias*/add(3, 4), /*@add-use*/add(5, 6), /*@scale-use*/scale(2, 3));',
    'const add2 = (add) => add;',
    '',
  ].join('\n'),
};

describe('CommonJS exports', () => {
  let index: TsSymbolIndex;
  let fx: Fixture;
  beforeAll(() => {
    index = new TsSymbolIndex();
    fx = new Fixture(FILES);
  });
  afterAll(() => {
    index.dispose();
    fx.cleanup();
  });

  const addSpans = (): string[] =>
    fx.spans(
      ['lib/math.js', '/*@add*/'],
      ['lib/math.js', '/*@add-export*/'],
      ['main.js', '/*@add-import*/'],
      ['main.js', '/*@add-member*/'],
      ['main.js', '/*@add-alias*/'],
      ['main.js', '/*@add-use*/'],
    );

  it('finds every use of a `module.exports = { add }` member from a member access, an alias, a destructuring and the declaration', async () => {
    for (const [file, marker] of [
      ['main.js', '/*@add-member*/'],
      ['main.js', '/*@add-alias*/'],
      ['main.js', '/*@add-use*/'],
      ['main.js', '/*@add-import*/'],
      ['lib/math.js', '/*@add*/'],
      ['lib/math.js', '/*@add-export*/'],
    ] as const) {
      const answer = await index.references(scopeOf(fx), fx.at(file, marker));
      expect(located(fx, answer.references), `${file} ${marker}`).toEqual(addSpans());
    }
  });

  it("finds the uses of an `exports.scale` property through a destructuring, not the function's own name", async () => {
    const answer = await index.references(scopeOf(fx), fx.at('lib/scale.js', '/*@scale*/'));
    expect(located(fx, answer.references)).toEqual(
      fx.spans(['lib/scale.js', '/*@scale*/'], ['main.js', '/*@scale-import*/'], ['main.js', '/*@scale-use*/']),
    );
  });

  it('defines a CommonJS export where it is declared: past the `module.exports` member, at the property rather than the function it holds', async () => {
    const add = await index.definitions(scopeOf(fx), fx.at('main.js', '/*@add-import*/'));
    expect(located(fx, add)).toEqual(fx.spans(['lib/math.js', '/*@add*/']));
    const scale = await index.definitions(scopeOf(fx), fx.at('main.js', '/*@scale-use*/'));
    expect(located(fx, scale)).toEqual(fx.spans(['lib/scale.js', '/*@scale*/']));
  });

  it('renames a member of `module.exports` everywhere it is used, from a member access', async () => {
    const edits = await renameEdits(index, fx, fx.at('main.js', '/*@add-member*/'), 'plus');
    expect(located(fx, edits)).toEqual(addSpans());
    expect(new Set(edits.map((e) => e.newText))).toEqual(new Set(['plus']));
  });
});
