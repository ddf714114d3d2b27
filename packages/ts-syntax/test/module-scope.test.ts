import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { affectsGlobalScope, moduleReferences } from '../src/index.js';

const parse = (text: string, file = 'a.ts'): ts.SourceFile => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

/** The file as a program makes it (bound, `imports` recorded), next to a compiler host of texts. */
function programFile(texts: Record<string, string>, file: string): { program: ts.Program; sourceFile: ts.SourceFile } {
  const options: ts.CompilerOptions = {
    noEmit: true,
    allowJs: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => texts[name.replace(/^\//, '')] ?? read(name);
  host.fileExists = (name) => name.replace(/^\//, '') in texts || ts.sys.fileExists(name);
  host.getCurrentDirectory = () => '/';
  const program = ts.createProgram({ rootNames: Object.keys(texts).map((name) => `/${name}`), options, host });
  program.getTypeChecker();
  const sourceFile = program.getSourceFile(`/${file}`);
  if (sourceFile === undefined) throw new Error(`no ${file}`);
  return { program, sourceFile };
}

describe('affectsGlobalScope', () => {
  it.each([
    ['a script', 'interface A { a: number }', 'a.ts', true],
    ['a module', 'export interface A { a: number }', 'a.ts', false],
    ['a module with declare global', 'export {};\ndeclare global { interface A { a: number } }', 'a.ts', true],
    ['a script of ambient modules only', 'declare module "x" { export const a: number; }', 'a.d.ts', false],
    ['an ambient module augmenting the global scope', 'declare module "x" { global { interface A { a: number } } }', 'a.d.ts', true],
    ['an empty file', '', 'a.ts', false],
    ['a JavaScript script', 'function f() {}', 'a.js', true],
    ['a JavaScript file that requires a module', "const fs = require('fs');\nfunction f() {}", 'a.js', false],
    ['a JavaScript file that assigns module.exports', 'module.exports = function f() {};', 'a.js', false],
  ])('%s, parsed alone and made by a program', (_, text, file, expected) => {
    expect(affectsGlobalScope(ts, parse(text, file))).toBe(expected);
    expect(affectsGlobalScope(ts, programFile({ [file]: text }, file).sourceFile)).toBe(expected);
  });
});

describe('moduleReferences', () => {
  it("lists import(…) types and calls of a program's file, and only statements of a file parsed alone", () => {
    const text = [
      "import { a } from './a.js';",
      "export * from './b.js';",
      "export declare function get(): import('./c.js').C;",
      "const later = import('./d.js');",
    ].join('\n');
    const texts = {
      'e.ts': text,
      'a.ts': 'export const a = 1;',
      'b.ts': 'export const b = 1;',
      'c.ts': 'export interface C {}',
      'd.ts': 'export {};',
    };
    const made = programFile(texts, 'e.ts');
    expect(moduleReferences(ts, made.sourceFile).map((literal) => (literal as ts.StringLiteral).text)).toEqual([
      './a.js',
      './b.js',
      './c.js',
      './d.js',
    ]);
    expect(moduleReferences(ts, parse(text)).map((literal) => (literal as ts.StringLiteral).text)).toEqual(['./a.js', './b.js']);
  });
});
