import { describe, expect, it } from 'vitest';
import { linesOf, offsetOf, spanOf } from './spans.js';
import { TsSourceSyntax } from '../src/ts-source-syntax.js';

const syntax = new TsSourceSyntax();
const path = '/w/src/service.ts';

const text = `import { log } from '../src/log';

// The service.
export class Service {
  private readonly cache = new Map<string, number>();

  /** Looks a key up. */
  @log()
  lookup(key: string): number | undefined {
    return this.cache.get(key);
  }

  store(key: string, value: number): void {
    this.cache.set(key, value);
  }

  size(): number;
  size(unit: string): number;
  size(_unit?: string): number {
    return this.cache.size;
  }
}

console.log('loaded');

/* Block comment. */ export const handler = (event: string) => {
  return event.length;
} // trailing comment

let a = 1, b = 2;
`;

const spanning = (start: number, end: number, source = text, file = path) => syntax.declarationSpanning(file, source, start, end);

describe('TsSourceSyntax.declarationSpanning', () => {
  it('accepts the lines of one method in a class body, its JSDoc and indentation around it', () => {
    const region = linesOf(text, '/** Looks a key up. */', 'return this.cache.get(key);\n  }');
    const shape = spanning(region.start, region.end);
    expect(shape).toEqual(syntax.declarationAt(path, text, offsetOf(text, 'lookup')));
    expect(shape).toMatchObject({ kind: 'method', name: 'lookup', start: offsetOf(text, '@log()') });
  });

  it('accepts exactly the declaration span, decorators included', () => {
    const method = spanOf(text, 'store(key: string, value: number): void {\n    this.cache.set(key, value);\n  }');
    expect(spanning(method.start, method.end)).toMatchObject({ kind: 'method', name: 'store', ...method });
  });

  it('accepts a class property, its `;` being part of it', () => {
    const region = linesOf(text, 'private readonly cache');
    expect(spanning(region.start, region.end)).toEqual({
      kind: 'property',
      name: 'cache',
      ...spanOf(text, 'private readonly cache = new Map<string, number>();'),
    });
  });

  it('accepts one overload signature alone, without a body', () => {
    const region = linesOf(text, 'size(): number;');
    expect(spanning(region.start, region.end)).toEqual({ kind: 'method', name: 'size', ...spanOf(text, 'size(): number;') });
  });

  it('refuses two methods', () => {
    const region = linesOf(text, '/** Looks a key up. */', 'this.cache.set(key, value);\n  }');
    expect(spanning(region.start, region.end)).toBeUndefined();
  });

  it('refuses overload signatures together with their implementation', () => {
    const region = linesOf(text, 'size(): number;', 'return this.cache.size;\n  }');
    expect(spanning(region.start, region.end)).toBeUndefined();
  });

  it('refuses a statement that is not a declaration', () => {
    const region = linesOf(text, "console.log('loaded');");
    expect(spanning(region.start, region.end)).toBeUndefined();
  });

  it('refuses a declaration with other code left in the range', () => {
    const classThenCall = { start: offsetOf(text, 'export class Service'), end: linesOf(text, "console.log('loaded');").end };
    expect(spanning(classThenCall.start, classThenCall.end)).toBeUndefined();
    const store = linesOf(text, 'store(key', 'this.cache.set(key, value);\n  }');
    const closingBraceOfLookup = spanOf(text, 'return this.cache.get(key);\n  }').end - 1;
    expect(spanning(closingBraceOfLookup, store.end)).toBeUndefined();
  });

  it('refuses a range that cuts a declaration', () => {
    const method = spanOf(text, 'store(key: string, value: number): void {');
    expect(spanning(method.start, method.end)).toBeUndefined();
    expect(spanning(method.start + 1, offsetOf(text, '}', method.start) + 1)).toBeUndefined();
  });

  it('refuses a range holding only whitespace and comments', () => {
    const region = linesOf(text, '// The service.');
    expect(spanning(region.start, region.end)).toBeUndefined();
    expect(spanning(0, 0)).toBeUndefined();
  });

  it('accepts a whole top-level class', () => {
    const cls = { start: offsetOf(text, 'export class Service'), end: offsetOf(text, '}\n\nconsole.log') + 1 };
    expect(spanning(offsetOf(text, '// The service.'), cls.end + 1)).toEqual({
      kind: 'class',
      name: 'Service',
      ...cls,
      body: { start: offsetOf(text, '{', cls.start), end: cls.end, braced: true },
    });
  });

  it('accepts a top-level constant statement with comments on both sides', () => {
    const region = linesOf(text, '/* Block comment. */', '} // trailing comment');
    const decl = spanOf(text, 'export const handler = (event: string) => {\n  return event.length;\n}');
    expect(spanning(region.start, region.end)).toEqual({
      kind: 'variable',
      name: 'handler',
      ...decl,
      body: { start: offsetOf(text, '{', decl.start), end: decl.end, braced: true },
    });
  });

  it('accepts one variable of several with the `;` after it, and refuses the statement declaring both', () => {
    expect(spanning(offsetOf(text, 'b = 2'), offsetOf(text, 'b = 2;') + 'b = 2;'.length)).toEqual({
      kind: 'variable',
      name: 'b',
      ...spanOf(text, 'b = 2'),
    });
    const statement = linesOf(text, 'let a = 1, b = 2;');
    expect(spanning(statement.start, statement.end)).toBeUndefined();
  });

  it('accepts one member of an object literal with the `,` after it', () => {
    const source = 'const api = {\n  start() {\n    return true;\n  },\n  stop: () => false,\n};\n';
    const region = linesOf(source, 'start() {', '},');
    expect(spanning(region.start, region.end, source)).toMatchObject({
      kind: 'method',
      name: 'start',
      ...spanOf(source, 'start() {\n    return true;\n  }'),
    });
    const both = linesOf(source, 'start() {', 'stop: () => false,');
    expect(spanning(both.start, both.end, source)).toBeUndefined();
  });

  it('accepts a method replaced into a class body even when the new text renames it', () => {
    const before = text.slice(0, offsetOf(text, 'store('));
    const after = text.slice(offsetOf(text, '\n', offsetOf(text, 'this.cache.set')) + 4);
    const replacement = 'save(key: string): void {\n    this.cache.delete(key);\n  }';
    const edited = before + replacement + after;
    const start = before.length;
    expect(spanning(start, start + replacement.length, edited)).toMatchObject({
      kind: 'method',
      name: 'save',
      start,
      end: start + replacement.length,
    });
  });

  it('reads a .tsx file as JSX', () => {
    const tsx = 'export function App() {\n  return <main>{1}</main>;\n}\n';
    expect(spanning(0, tsx.length, tsx, '/w/app.tsx')).toMatchObject({ kind: 'function', name: 'App', start: 0, end: tsx.length - 1 });
  });
});
