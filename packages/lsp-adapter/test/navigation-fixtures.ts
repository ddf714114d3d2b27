import type { OutlineSymbol, SourceSpan } from '@mcp-lsp-bridge/domain';
import { TempDir } from './fixtures.js';

/** The navigation suites' workspace: two projects, `app` (five files) and `tools`. */

export const CALCULATOR = `/** Adds and multiplies. */
export class Calculator {
  private total = 0;
  constructor(readonly label: string) {}
  /**
   * Adds \`a\` to the total.
   * @param a the amount to add
   */
  add(a: number): number {
    this.total += a;
    return this.total;
  }
  get value(): number {
    return this.total;
  }
}

// π ≈ 3.14 🥧: characters outside the BMP before the namespace move UTF-16 offsets.
export namespace Geometry {
  export const pi = 3.14;
  export function area(r: number): number {
    return pi * r * r;
  }
}

export function parse(text: string): number;
export function parse(text: string, radix: number): number;
export function parse(text: string, radix = 10): number {
  return Number.parseInt(text, radix);
}
`;

export const SHAPES = `export interface Shape {
  area(): number;
}

export class Square implements Shape {
  constructor(private readonly side: number) {}
  area(): number {
    return this.side ** 2;
  }
}
`;

export const CIRCLE = `import type { Shape } from './shapes';

export class Circle implements Shape {
  area(): number {
    return 3;
  }
}
`;

export const CALLS = `import { Calculator } from './calculator';

export function total(values: number[]): number {
  const calc = new Calculator('t');
  for (const v of values) calc.add(v);
  return helper(calc.value);
}

function helper(n: number): number {
  return Math.round(n);
}

export function twice(): number {
  return total([1]) + total([2]);
}
`;

export const MAIN = `import { total } from './calls';

export const result = total([3]);
`;

export const TOOLS = `export function squareRoot(n: number): number {
  return Math.sqrt(n);
}

export class SquareTool {
  area(): number {
    return 0;
  }
}
`;

export const MODULE = `import { Calculator } from './calculator';
import * as shapes from './shapes';

(function () {
  function setup(): void {}
  setup();
})();

export { Calculator as Calc };
export const made: shapes.Shape | Calculator = new Calculator('m');
`;

/** The offset of `needle` in `text` (the n-th occurrence), failing loudly when it is missing. */
export function at(text: string, needle: string, occurrence = 1): number {
  let offset = -1;
  for (let i = 0; i < occurrence; i++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`${needle} (#${occurrence}) is not in the fixture`);
  }
  return offset;
}

/** From `start` to the end of the line holding the first `end` after it. */
export function spanTo(text: string, start: number, end: string): number {
  return at(text.slice(start), end) + end.length;
}

export function byPosition(a: SourceSpan, b: SourceSpan): number {
  return a.path.localeCompare(b.path) || a.start - b.start;
}

/** An outline as `kind name` strings, nested like the outline. */
export function shape(symbols: readonly OutlineSymbol[]): unknown[] {
  return symbols.map((s) => (s.children.length === 0 ? `${s.kind} ${s.name}` : [`${s.kind} ${s.name}`, shape(s.children)]));
}

export interface NavigationWorkspace {
  readonly dir: TempDir;
  readonly calculator: string;
  readonly shapes: string;
  readonly circle: string;
  readonly calls: string;
  readonly main: string;
  readonly tools: string;
  readonly module: string;
}

export function navigationWorkspace(): NavigationWorkspace {
  const dir = new TempDir();
  const project = { compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] };
  dir.write('app/tsconfig.json', JSON.stringify(project));
  dir.write('tools/tsconfig.json', JSON.stringify(project));
  // Declaration files are not the workspace's own declarations: never a search result.
  dir.write('app/src/globals.d.ts', 'declare const squareFromDeclarations: number;\n');
  return {
    dir,
    calculator: dir.write('app/src/calculator.ts', CALCULATOR),
    shapes: dir.write('app/src/shapes.ts', SHAPES),
    circle: dir.write('app/src/circle.ts', CIRCLE),
    calls: dir.write('app/src/calls.ts', CALLS),
    main: dir.write('app/src/main.ts', MAIN),
    tools: dir.write('tools/src/tools.ts', TOOLS),
    module: dir.write('app/src/module.ts', MODULE),
  };
}
