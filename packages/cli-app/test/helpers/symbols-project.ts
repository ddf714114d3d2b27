import type { ProjectFiles } from './fixture.js';

/**
 * A small project for the symbol commands: a class with a documented method called from
 * three places, an interface with two implementations, and functions that call others.
 * Function bodies declare no locals, so each file's outline is exactly what is listed here;
 * no value is typed as a Shape, so only the classes implement it.
 */
export const SYMBOLS_PROJECT: ProjectFiles = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' },
    include: ['src'],
  }),
  'src/calc.ts': [
    'export class Calculator {',
    '  /** Adds two numbers. */',
    '  add(a: number, b: number): number {',
    '    return a + b;',
    '  }',
    '  twice(a: number): number {',
    '    return this.add(a, a);',
    '  }',
    '}',
    '',
    'export function total(a: number, b: number): number {',
    '  return new Calculator().add(a, b);',
    '}',
    '',
  ].join('\n'),
  'src/shapes.ts': [
    'export interface Shape {',
    '  area(): number;',
    '}',
    '',
    'export class Circle implements Shape {',
    '  constructor(private readonly radius: number) {}',
    '  area(): number {',
    '    return 3 * this.radius * this.radius;',
    '  }',
    '}',
    '',
    'export class Square implements Shape {',
    '  constructor(private readonly side: number) {}',
    '  area(): number {',
    '    return this.side * this.side;',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/app.ts': [
    "import { Calculator, total } from './calc';",
    "import { Circle, Square } from './shapes';",
    '',
    'export function main(): number {',
    '  return total(1, 2) + new Calculator().add(3, 4);',
    '}',
    '',
    'export function summary(): string {',
    '  return label(total(1, 2));',
    '}',
    '',
    'function label(value: number): string {',
    '  return `total ${value}`;',
    '}',
    '',
    'export const shapes = [new Circle(1), new Square(2)];',
    '',
  ].join('\n'),
};

export interface Place {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  /** The whole line. */
  readonly lineText: string;
}

/** Where the `nth` (0-based) occurrence of `needle` in a file of the project starts, 1-based. */
export function place(file: string, needle: string, nth = 0): Place {
  const lines = (SYMBOLS_PROJECT[file] ?? '').split('\n');
  let seen = 0;
  for (const [index, lineText] of lines.entries()) {
    for (let from = lineText.indexOf(needle); from !== -1; from = lineText.indexOf(needle, from + 1)) {
      if (seen++ === nth) return { filePath: file, line: index + 1, column: Array.from(lineText.slice(0, from)).length + 1, lineText };
    }
  }
  throw new Error(`no ${String(nth + 1)}. "${needle}" in ${file}`);
}

/** `file:line:col` of a place, as the CLI prints and takes it. */
export function location(p: Place): string {
  return `${p.filePath}:${p.line}:${p.column}`;
}

/** The 1-based line of the `nth` line of a file that is exactly `text` (a closing brace, say). */
export function lineOf(file: string, text: string, nth = 0): number {
  const lines = (SYMBOLS_PROJECT[file] ?? '').split('\n');
  const found = lines.flatMap((line, index) => (line === text ? [index + 1] : []))[nth];
  if (found === undefined) throw new Error(`no line "${text}" in ${file}`);
  return found;
}
