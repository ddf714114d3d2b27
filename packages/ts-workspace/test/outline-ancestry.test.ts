import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OutlineSymbol } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT as ts } from '@mcp-lsp-bridge/ts-syntax';
import type { NamedDeclaration, Node, SourceFile } from 'typescript';
import { describe, expect, it } from 'vitest';
import { outlineAncestryOf } from '../src/syntax/outline-ancestry.js';
import { TsWorkspace } from '../src/ts-workspace.js';
import { TempDir } from './temp-dir.js';

// Declarations the walk must name itself (`/*@named*/` before the name) and shapes it must leave
// to the outline or get right: overloads, merged namespaces, locals in branches, an ES5 class
// in a TypeScript file, object literals, callbacks, dotted and ambient modules, static blocks.
const FIXTURE = [
  'export interface /*@named*/Shape { /*@named*/area(): number; /*@named*/label: string }',
  'export class /*@named*/Circle implements Shape {',
  '  /*@named*/label = "c";',
  '  static /*@named*/unit = 1;',
  '  constructor(private readonly r: number) { const /*@named*/half = r / 2; void half; }',
  '  /*@named*/area(): number { if (this.r > 0) { for (;;) { const /*@named*/twice = () => 2; return twice(); } } return 0; }',
  '  get /*@named*/radius() { return this.r; }',
  '  /*@named*/scale = (k: number) => { const /*@named*/factor = k; return factor; };',
  '  static { const hidden = 1; void hidden; }',
  '  "quoted"() {}',
  '  [Symbol.iterator]() { return [][Symbol.iterator](); }',
  '}',
  'export namespace /*@named*/Shapes { export const /*@named*/unit = new Circle(1); export function /*@named*/make() { let /*@named*/n = 1; return n; } }',
  'export namespace /*@named*/Shapes { export enum /*@named*/Kind { /*@named*/Round, /*@named*/Square, "odd" } }',
  'namespace Outer.Inner { export const deep = 1; }',
  'declare global { interface Window { extra: number } }',
  'declare module "ambient" { export const a: number; }',
  'export function /*@named*/overloaded(a: string): string;',
  'export function /*@named*/overloaded(a: number): number;',
  'export function /*@named*/overloaded(a: unknown): unknown { switch (typeof a) { case "string": { const /*@named*/s = a; return s; } default: return a; } }',
  'function Legacy(this: { x: number }) { this.x = 1; }',
  'Legacy.create = function () { const inner = 1; return inner; };',
  'function  *  Gen() { yield 1; }',
  'Gen .extra = () => 1;',
  'export function /*@named*/plain() { return 1; }',
  'export const /*@named*/config = { port: 1, nested: { deep() { const local = 1; return local; } } };',
  '[1, 2].map((n) => { const inCallback = n; return inCallback; });',
  'export const /*@named*/handler = function named() { const /*@named*/value = 1; return value; };',
  'export type /*@named*/Alias = { inType: string };',
  'export default class { member = 1; }',
  'const { destructured } = { destructured: 1 };',
  'label: for (const item of [1]) { function /*@named*/inLoop() { return item; } inLoop(); break label; }',
  'try { class /*@named*/InTry {} void InTry; } catch { /* none */ }',
  'export abstract class /*@named*/Base { abstract /*@named*/run(): void; declare /*@named*/tag: string; }',
  'let \\u0061bc = 1;',
  '',
].join('\n');

const MARK = '/*@named*/';

/** The outline's own answer (the oracle): the deepest symbol whose name holds `offset`, with its qualified name. */
function outlineAnswer(outline: readonly OutlineSymbol[], offset: number): { name: string; kind: string } | undefined {
  let best: { name: string; kind: string; depth: number } | undefined;
  const visit = (symbols: readonly OutlineSymbol[], prefix: string, depth: number): void => {
    for (const symbol of symbols) {
      const name = prefix === '' ? symbol.name : `${prefix}.${symbol.name}`;
      const end = symbol.nameStart + Math.max(symbol.nameLength, 1);
      if (symbol.nameStart <= offset && offset < end && (best === undefined || depth >= best.depth))
        best = { name, kind: symbol.kind, depth };
      visit(symbol.children, name, depth + 1);
    }
  };
  visit(outline, '', 0);
  return best === undefined ? undefined : { name: best.name, kind: best.kind };
}

/** Every identifier that names a declaration, by its start. */
function declarationNames(sourceFile: SourceFile): number[] {
  const starts: number[] = [];
  const visit = (node: Node): void => {
    if (ts.isIdentifier(node) && (node.parent as NamedDeclaration | undefined)?.name === node) {
      starts.push(node.getStart(sourceFile));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return starts;
}

/** Compares the walk with the outline at every declaration name of `files`; returns the offsets the walk named, per file. */
function compareWithOutline(files: readonly string[]): Map<string, number[]> {
  const program = ts.createProgram(files, { noEmit: true, noResolve: true, types: [] });
  // Bound, as a warm project's program is: the binder sets the parent of every node.
  program.getTypeChecker();
  const named = new Map<string, number[]>();
  for (const file of files) {
    const sourceFile = program.getSourceFile(file);
    if (sourceFile === undefined) throw new Error(`${file} is not in the program`);
    const workspace = TsWorkspace.standalone({ maxFileBytes: 10_000_000 });
    try {
      const outline = workspace.outline(file, () => sourceFile);
      const offsets: number[] = [];
      for (const offset of declarationNames(sourceFile)) {
        const steps = outlineAncestryOf(ts, sourceFile, offset);
        if (steps === undefined) continue;
        const own = steps[steps.length - 1];
        const walked = { name: steps.map((s) => s.name).join('.'), kind: own?.kind };
        expect({ file, offset, ...walked }).toEqual({ file, offset, ...outlineAnswer(outline, offset) });
        offsets.push(offset);
      }
      named.set(file, offsets);
    } finally {
      workspace.dispose();
    }
  }
  return named;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

describe("a declaration's outline entries found by walking up from it", () => {
  it('name each marked declaration as the whole outline does, and nothing else differently', () => {
    using dir = new TempDir();
    const file = dir.write('src/shapes.ts', FIXTURE);
    const named = compareWithOutline([file]).get(file) ?? [];
    const marked: number[] = [];
    for (let at = FIXTURE.indexOf(MARK); at >= 0; at = FIXTURE.indexOf(MARK, at + 1)) marked.push(at + MARK.length);
    expect(named.filter((offset) => marked.includes(offset))).toEqual(marked);
  });

  // Real code of every shape this repository writes; three packages keep the test within its time on a loaded machine.
  it('agree with the whole outline on every declaration of real sources (three packages of this repository)', { timeout: 120_000 }, () => {
    const packages = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const files = ['domain', 'ts-workspace', 'tsservice-adapter'].flatMap((p) => sourcesUnder(join(packages, p, 'src')));
    expect(files.length).toBeGreaterThan(100);
    const named = compareWithOutline(files);
    expect([...named.values()].reduce((n, offsets) => n + offsets.length, 0)).toBeGreaterThan(1000);
  });
});
