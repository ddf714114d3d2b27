import { describe, expect, it } from 'vitest';
import { TsSourceSyntax } from '../src/ts-source-syntax.js';

const syntax = new TsSourceSyntax();

/** The text with the spans removed, from the end. */
function without(text: string, spans: readonly { start: number; end: number }[]): string {
  return [...spans].sort((a, b) => b.start - a.start).reduce((t, s) => t.slice(0, s.start) + t.slice(s.end), text);
}

describe('importBindings', () => {
  const text =
    "import { a, b as c, d } from './x';\nimport e, { f } from './y';\nimport * as g from './z';\nimport h from './w';\nconst z = 1;\n";
  const bindings = syntax.importBindings('m.ts', text);

  it('names every local name an import binds, where it is spelled', () => {
    expect(bindings.map((b) => [b.name, text.slice(b.start, b.start + b.length)])).toEqual(
      ['a', 'c', 'd', 'e', 'f', 'g', 'h'].map((n) => [n, n]),
    );
  });

  it('removes one name and its comma, the statement still parsing, or the whole statement with its line', () => {
    const by = (name: string) => {
      const found = bindings.find((b) => b.name === name);
      if (found === undefined) throw new Error(`no binding ${name}`);
      return found;
    };
    for (const [name, expected] of [
      ['a', "import { b as c, d } from './x';"],
      ['c', "import { a, d } from './x';"],
      ['d', "import { a, b as c } from './x';"],
      ['e', "import { f } from './y';"],
      ['f', "import e from './y';"],
    ] as const) {
      const after = without(text, [by(name).alone]);
      expect(after.split('\n')).toContain(expected);
      expect(syntax.syntaxErrors('m.ts', after)).toEqual([]);
    }
    expect(without(text, [by('g').alone])).not.toContain('./z');
    expect(without(text, [by('h').statement])).toBe(text.replace("import h from './w';\n", ''));
  });
});
