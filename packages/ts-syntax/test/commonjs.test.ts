import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import {
  commonJsExports,
  exportOfValueName,
  exportsCommonJsName,
  isCommonJsExportAlias,
  isCommonJsExportOfName,
  isCommonJsImportAlias,
  nameAt,
  TsSourceSyntax,
} from '../src/index.js';
import { offsetOf } from './spans.js';

const MODULE = [
  "'use strict';",
  'function add(a, b) { return a + b; }',
  'function sub(a, b) { return a - b; }',
  'module.exports = { add, sub };',
  'module.exports.mul = function (a, b) { return a * b; };',
  'exports.scale = function scale(x, k) { return x * k; };',
  'exports.Box = class Box {};',
  'function inner() { module.exports = { hidden }; exports.hidden = 1; }',
].join('\n');

const CONSUMER = [
  "const math = require('./math.js');",
  "const { add, sub: minus } = require('./math.js');",
  'const { other } = math;',
  'const object = { add };',
  'console.log(math.add(1, 2), add(3, 4), minus(5, 6), other, object);',
].join('\n');

function parsed(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
}

function nodeAt(sourceFile: ts.SourceFile, snippet: string): ts.Identifier | ts.PrivateIdentifier {
  const node = nameAt(ts, sourceFile, offsetOf(sourceFile.text, snippet));
  if (node === undefined) throw new Error(`no name at ${snippet}`);
  return node;
}

describe('commonJsExports', () => {
  it('lists the top-level export assignments of a JavaScript file in source order, the value and each property', () => {
    const found = commonJsExports(ts, parsed('lib/math.js', MODULE));
    expect(found.map((e) => [e.form, e.name, e.target.getText()])).toEqual([
      ['value', 'module.exports', 'module.exports'],
      ['property', 'mul', 'mul'],
      ['property', 'scale', 'scale'],
      ['property', 'Box', 'Box'],
    ]);
    expect(found[0]?.value.getText()).toBe('{ add, sub }');
    expect(found[2]?.assignment.getText()).toBe('exports.scale = function scale(x, k) { return x * k; }');
  });

  it('reads `module.exports = exports = {…}` as the object, and nothing of a TypeScript file', () => {
    const chained = commonJsExports(ts, parsed('a.cjs', 'module.exports = exports = { a };\n'));
    expect(chained.map((e) => [e.name, e.value.getText()])).toEqual([['module.exports', '{ a }']]);
    expect(commonJsExports(ts, parsed('a.ts', 'module.exports = { a };\n'))).toEqual([]);
  });

  it('tells whether a file exports a name as a property or as a shorthand member', () => {
    const sourceFile = parsed('lib/math.js', MODULE);
    for (const name of ['add', 'sub', 'mul', 'scale', 'Box']) expect(exportsCommonJsName(ts, sourceFile, name), name).toBe(true);
    for (const name of ['hidden', 'inner', 'exports']) expect(exportsCommonJsName(ts, sourceFile, name), name).toBe(false);
  });
});

describe('CommonJS aliases', () => {
  it('takes the members of an all-shorthand `module.exports` object for export aliases, as the binder does', () => {
    const sourceFile = parsed('lib/math.js', MODULE);
    expect(isCommonJsExportAlias(ts, nodeAt(sourceFile, 'add, sub }'))).toBe(true);
    expect(isCommonJsExportAlias(ts, nodeAt(sourceFile, 'sub }'))).toBe(true);
    expect(isCommonJsExportAlias(ts, nodeAt(sourceFile, 'add(a'))).toBe(false);
    expect(isCommonJsExportAlias(ts, nodeAt(sourceFile, 'hidden }'))).toBe(false);
    const mixed = parsed('lib/mixed.js', 'module.exports = { add, sub: sub };\n');
    expect(isCommonJsExportAlias(ts, nodeAt(mixed, 'add,'))).toBe(false);
    const objectLiteral = parsed('consumer.js', CONSUMER);
    expect(isCommonJsExportAlias(ts, nodeAt(objectLiteral, 'add };'))).toBe(false);
  });

  it('takes a shorthand name destructured from `require` for an import alias, not a renamed or plain destructuring', () => {
    const sourceFile = parsed('consumer.js', CONSUMER);
    expect(isCommonJsImportAlias(ts, nodeAt(sourceFile, 'add, sub: minus'))).toBe(true);
    expect(isCommonJsImportAlias(ts, nodeAt(sourceFile, 'minus }'))).toBe(false);
    expect(isCommonJsImportAlias(ts, nodeAt(sourceFile, 'other }'))).toBe(false);
    expect(isCommonJsImportAlias(ts, nodeAt(parsed('consumer.ts', CONSUMER), 'add, sub: minus'))).toBe(false);
  });

  it('says "export" and "import" at them, as at `export { a }` and `import { a }`', () => {
    const syntax = new TsSourceSyntax();
    expect(syntax.plainSpecifierAt('lib/math.js', MODULE, offsetOf(MODULE, 'add, sub }'))).toBe('export');
    expect(syntax.plainSpecifierAt('consumer.js', CONSUMER, offsetOf(CONSUMER, 'add, sub: minus'))).toBe('import');
    expect(syntax.plainSpecifierAt('consumer.js', CONSUMER, offsetOf(CONSUMER, 'add(3'))).toBeUndefined();
    expect(syntax.plainSpecifierAt('consumer.js', CONSUMER, offsetOf(CONSUMER, 'minus }'))).toBeUndefined();
  });
});

describe('exportOfValueName', () => {
  it("leads from a function or class expression's own name to the property it is exported as", () => {
    const sourceFile = parsed('lib/math.js', MODULE);
    const scale = exportOfValueName(ts, nodeAt(sourceFile, 'scale(x'));
    expect(scale?.getStart(sourceFile)).toBe(offsetOf(MODULE, 'scale = function'));
    expect(exportOfValueName(ts, nodeAt(sourceFile, 'Box {}'))?.getStart(sourceFile)).toBe(offsetOf(MODULE, 'Box = class'));
    expect(exportOfValueName(ts, nodeAt(sourceFile, 'add(a'))).toBeUndefined();
    expect(exportOfValueName(ts, nodeAt(sourceFile, 'scale = function'))).toBeUndefined();
  });
});

describe('isCommonJsExportOfName', () => {
  it('takes the property of a top-level `exports.f = f` for an export of what `f` names, nothing else', () => {
    const HELP = [
      'function strip(text) { return text.trim(); }',
      'exports.strip = strip;',
      'module.exports.width = strip;',
      'exports.scale = function scale() {};',
      'function inner() { exports.hidden = strip; }',
      'other.strip = strip;',
    ].join('\n');
    const sourceFile = parsed('lib/help.js', HELP);
    expect(isCommonJsExportOfName(ts, nodeAt(sourceFile, 'strip = strip;'))).toBe(true);
    expect(isCommonJsExportOfName(ts, nodeAt(sourceFile, 'width = strip'))).toBe(true);
    expect(isCommonJsExportOfName(ts, nodeAt(sourceFile, 'strip;\nmodule'))).toBe(false);
    expect(isCommonJsExportOfName(ts, nodeAt(sourceFile, 'scale = function'))).toBe(false);
    expect(isCommonJsExportOfName(ts, nodeAt(sourceFile, 'hidden = strip'))).toBe(false);
    const foreign = nameAt(ts, sourceFile, offsetOf(HELP, 'other.strip') + 'other.'.length);
    expect(foreign?.getText(sourceFile)).toBe('strip');
    expect(foreign !== undefined && isCommonJsExportOfName(ts, foreign)).toBe(false);
    expect(isCommonJsExportOfName(ts, nodeAt(parsed('help.ts', 'exports.strip = strip;\n'), 'strip ='))).toBe(false);
  });
});
