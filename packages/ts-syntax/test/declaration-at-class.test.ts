import { describe, expect, it } from 'vitest';
import { bodyOf, offsetOf, spanOf } from './spans.js';
import { TsSourceSyntax } from '../src/ts-source-syntax.js';

const syntax = new TsSourceSyntax();
const path = '/w/src/counter.ts';

const text = `import { dec, log, Base, type Countable } from '../src/deps';

/** A counter. */
@dec()
export class Counter extends Base implements Countable {
  static readonly #secret = 1;
  private count = 0;
  readonly onTick = (n: number): void => { this.count += n; };
  readonly double = (n: number) => n * 2;
  readonly Nested = class {
    run() {}
  };

  /** Starts at \`start\`. */
  public constructor(start: number) {
    super();
    this.count = start;
  }

  add(n: number): number;
  add(n: string): number;
  add(n: number | string): number {
    const parsed = Number(n);
    return (this.count += parsed);
  }

  @log() protected async reset(): Promise<void> {}

  get value(): number {
    return this.count;
  }

  set value(v: number) {
    this.count = v;
  }

  ['computed' + 'Name']() {}
  'quoted-name'() {}
  42() {}
}
`;

const at = (offset: number) => syntax.declarationAt(path, text, offset);
const classStart = offsetOf(text, '@dec()');
const classEnd = text.lastIndexOf('}') + 1;

describe('TsSourceSyntax.declarationAt in a class', () => {
  it('returns the class from its decorator to its closing brace, JSDoc left out but located, body from `{`', () => {
    expect(at(offsetOf(text, 'Counter'))).toEqual({
      kind: 'class',
      name: 'Counter',
      start: classStart,
      end: classEnd,
      body: { start: offsetOf(text, '{', offsetOf(text, 'implements Countable')), end: classEnd, braced: true },
      docComment: spanOf(text, '/** A counter. */'),
    });
  });

  it('matches any offset inside the name, and none just past it', () => {
    const name = spanOf(text, 'Counter');
    expect(at(name.start + 3)?.name).toBe('Counter');
    expect(at(name.end - 1)?.name).toBe('Counter');
    expect(at(name.end)).toBeUndefined();
  });

  it('returns undefined for an offset on no declaration name', () => {
    expect(at(offsetOf(text, 'extends'))).toBeUndefined();
    expect(at(offsetOf(text, 'super()'))).toBeUndefined();
    expect(at(offsetOf(text, 'Number(n)'))).toBeUndefined();
  });

  it('returns a property without an initializer function and without a body, its `;` included', () => {
    expect(at(offsetOf(text, 'count = 0'))).toEqual({ kind: 'property', name: 'count', ...spanOf(text, 'private count = 0;') });
  });

  it('names a private property with its #', () => {
    expect(at(offsetOf(text, '#secret'))).toEqual({ kind: 'property', name: '#secret', ...spanOf(text, 'static readonly #secret = 1;') });
  });

  it('gives a property holding an arrow function with a block the block as its body', () => {
    const decl = spanOf(text, 'readonly onTick = (n: number): void => { this.count += n; };');
    expect(at(offsetOf(text, 'onTick'))).toEqual({
      kind: 'property',
      name: 'onTick',
      ...decl,
      body: bodyOf(text, '{ this.count += n; }', decl.start),
    });
  });

  it('gives a property holding a concise arrow function its expression as an unbraced body', () => {
    const decl = spanOf(text, 'readonly double = (n: number) => n * 2;');
    expect(at(offsetOf(text, 'double'))).toEqual({
      kind: 'property',
      name: 'double',
      ...decl,
      body: bodyOf(text, 'n * 2', decl.start, false),
    });
  });

  it('calls a property holding a class expression a class, with the class braces as body', () => {
    const decl = spanOf(text, 'readonly Nested = class {\n    run() {}\n  };');
    expect(at(offsetOf(text, 'Nested'))).toEqual({
      kind: 'class',
      name: 'Nested',
      ...decl,
      body: bodyOf(text, '{\n    run() {}\n  }', decl.start),
    });
  });

  it('returns the innermost declaration: a method of a class expression inside a class', () => {
    expect(at(offsetOf(text, 'run()'))).toEqual({
      kind: 'method',
      name: 'run',
      ...spanOf(text, 'run() {}'),
      body: bodyOf(text, '{}', offsetOf(text, 'run()')),
    });
  });

  it('returns a constructor from an offset at its first modifier or its keyword, modifiers included', () => {
    const start = offsetOf(text, 'public constructor');
    const end = offsetOf(text, '}', offsetOf(text, 'this.count = start;')) + 1;
    const expected = {
      kind: 'constructor',
      start,
      end,
      body: { start: offsetOf(text, '{', start), end, braced: true },
      docComment: spanOf(text, '/** Starts at `start`. */'),
    };
    expect(at(start)).toEqual(expected);
    expect(at(offsetOf(text, 'constructor('))).toEqual(expected);
  });

  it('returns a variable declared inside a method body rather than the method', () => {
    expect(at(offsetOf(text, 'parsed ='))).toEqual({ kind: 'variable', name: 'parsed', ...spanOf(text, 'const parsed = Number(n);') });
  });

  it('gives an overload signature no body and the implementation its block', () => {
    expect(at(offsetOf(text, 'add(n: number): number;'))).toEqual({
      kind: 'method',
      name: 'add',
      ...spanOf(text, 'add(n: number): number;'),
    });
    expect(at(offsetOf(text, 'add(n: string)'))).toEqual({ kind: 'method', name: 'add', ...spanOf(text, 'add(n: string): number;') });
    const impl = offsetOf(text, 'add(n: number | string)');
    const end = offsetOf(text, '}', offsetOf(text, 'return (this.count += parsed);')) + 1;
    expect(at(impl)).toEqual({
      kind: 'method',
      name: 'add',
      start: impl,
      end,
      body: { start: offsetOf(text, '{', impl), end, braced: true },
    });
  });

  it('starts a decorated method at its decorator', () => {
    const decl = spanOf(text, '@log() protected async reset(): Promise<void> {}');
    expect(at(offsetOf(text, 'reset'))).toEqual({ kind: 'method', name: 'reset', ...decl, body: bodyOf(text, '{}', decl.start) });
  });

  it('tells a get accessor from a set accessor of the same name', () => {
    const getter = spanOf(text, 'get value(): number {\n    return this.count;\n  }');
    const setter = spanOf(text, 'set value(v: number) {\n    this.count = v;\n  }');
    expect(at(offsetOf(text, 'value(): number'))).toEqual({
      kind: 'get accessor',
      name: 'value',
      ...getter,
      body: bodyOf(text, '{\n    return this.count;\n  }', getter.start),
    });
    expect(at(offsetOf(text, 'value(v'))).toEqual({
      kind: 'set accessor',
      name: 'value',
      ...setter,
      body: bodyOf(text, '{\n    this.count = v;\n  }', setter.start),
    });
  });

  it('names computed members as written and string or numeric members by their value', () => {
    expect(at(offsetOf(text, "'computed'"))?.name).toBe("['computed' + 'Name']");
    expect(at(offsetOf(text, "'computed'"))?.kind).toBe('method');
    expect(at(offsetOf(text, "'quoted-name'"))).toMatchObject({
      kind: 'method',
      name: 'quoted-name',
      ...spanOf(text, "'quoted-name'() {}"),
    });
    expect(at(offsetOf(text, '42()'))).toMatchObject({ kind: 'method', name: '42', ...spanOf(text, '42() {}') });
  });
});
