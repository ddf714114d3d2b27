import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { declarationPlace } from '../src/index.js';

const TEXT = [
  "import { helper as aidA } from './aid';",
  "export { Subscriber as SubscriberB } from './subscriber';",
  'export class ClassC {',
  '  methodD(paramE: number) {',
  '    const localF = { keyG: 1 };',
  '    class InnerH { fieldI = 1; }',
  '  }',
  '  fieldJ = () => { let localK = 2; };',
  '}',
  'export const constL = 1, constM = { keyN: 2 };',
  'const constO = (argP: string) => argP;',
  'interface ShapeQ { areaR(): number }',
  'enum ColorS { RedT }',
  'namespace SpaceU { export const innerV = 1; }',
  'export default function defaultW() {}',
  'type AliasX = { fieldY: string };',
  "const quoted = { 'key-z': 1 };",
].join('\n');

const sourceFile = ts.createSourceFile('src/a.ts', TEXT, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

function placeOf(name: string): ReturnType<typeof declarationPlace> {
  const at = TEXT.indexOf(name);
  if (at < 0) throw new Error(`${name} is not in the fixture`);
  return declarationPlace(ts, sourceFile, at);
}

describe('declarationPlace', () => {
  it('tells exported top-level declarations from the others at the top of the file', () => {
    expect(['ClassC', 'constL', 'constM', 'defaultW'].map(placeOf)).toEqual(['exported', 'exported', 'exported', 'exported']);
    expect(['constO', 'ShapeQ', 'ColorS', 'SpaceU', 'AliasX'].map(placeOf)).toEqual(Array(5).fill('top-level'));
  });

  it('calls the names of classes, interfaces, enums, object and type literals and namespaces members', () => {
    expect(['methodD', 'fieldJ', 'keyN', 'areaR', 'RedT', 'innerV', 'fieldY'].map(placeOf)).toEqual(Array(7).fill('member'));
  });

  it('calls everything inside a function, method or arrow function local, members of local classes included', () => {
    expect(['paramE', 'localF', 'keyG', 'InnerH', 'fieldI', 'localK', 'argP'].map(placeOf)).toEqual(Array(7).fill('local'));
  });

  it('calls import and export specifiers aliases', () => {
    expect(['aidA', 'SubscriberB'].map(placeOf)).toEqual(['alias', 'alias']);
  });

  it('cannot tell where a quoted name or a non-name is', () => {
    expect(placeOf("'key-z'")).toBeUndefined();
    expect(placeOf('{ keyG')).toBeUndefined();
  });
});
