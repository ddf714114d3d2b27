import { describe, expect, it } from 'vitest';
import { bodyOf, offsetOf, spanOf } from './spans.js';
import { TsSourceSyntax } from '../src/ts-source-syntax.js';

const syntax = new TsSourceSyntax();

const text = `/** A shape. */
export interface Shape {
  readonly area: number;
  scale(factor: number): Shape;
}
export type Id = string | number;
export enum Color {
  Red = 1,
  Green,
}
export namespace Geometry.Plane {
  export const origin = 0;
}
declare module 'ambient' {
  export function helper(): void;
}
export function overloaded(a: string): string;
export function overloaded(a: number): number;
export function overloaded(a: unknown): unknown {
  function inner() {}
  return a;
}
// Arrow functions held by constants.
export const arrow = async (x: number) => {
  return x;
};
export const concise = (x: number) => x * 2;
let first = 1, second = function () { return 2; };
export const Anon = class {
  run() {}
};
const api = {
  version: 1,
  start() { return true; },
  stop: () => false,
  get ready() { return true; },
};
`;

const path = '/w/src/shapes.ts';
const at = (offset: number, source = text, file = path) => syntax.declarationAt(file, source, offset);

describe('TsSourceSyntax.declarationAt', () => {
  it('returns an interface with its braces as body, JSDoc left out but located', () => {
    const decl = spanOf(text, 'export interface Shape {\n  readonly area: number;\n  scale(factor: number): Shape;\n}');
    expect(at(offsetOf(text, 'Shape'))).toEqual({
      kind: 'interface',
      name: 'Shape',
      ...decl,
      body: { start: offsetOf(text, '{', decl.start), end: decl.end, braced: true },
      docComment: spanOf(text, '/** A shape. */'),
    });
  });

  it('returns property and method signatures without a body', () => {
    expect(at(offsetOf(text, 'area'))).toEqual({ kind: 'property', name: 'area', ...spanOf(text, 'readonly area: number;') });
    expect(at(offsetOf(text, 'scale'))).toEqual({ kind: 'method', name: 'scale', ...spanOf(text, 'scale(factor: number): Shape;') });
  });

  it('returns a type alias without a body', () => {
    expect(at(offsetOf(text, 'Id ='))).toEqual({ kind: 'type alias', name: 'Id', ...spanOf(text, 'export type Id = string | number;') });
  });

  it('returns an enum with its braces and its members without a body', () => {
    const decl = spanOf(text, 'export enum Color {\n  Red = 1,\n  Green,\n}');
    expect(at(offsetOf(text, 'Color'))).toEqual({
      kind: 'enum',
      name: 'Color',
      ...decl,
      body: bodyOf(text, '{\n  Red = 1,\n  Green,\n}', decl.start),
    });
    expect(at(offsetOf(text, 'Red'))).toEqual({ kind: 'enum member', name: 'Red', ...spanOf(text, 'Red = 1') });
    expect(at(offsetOf(text, 'Green'))).toEqual({ kind: 'enum member', name: 'Green', ...spanOf(text, 'Green') });
  });

  it('returns a dotted namespace as one declaration named by its full name, from either name', () => {
    const decl = spanOf(text, 'export namespace Geometry.Plane {\n  export const origin = 0;\n}');
    const expected = {
      kind: 'namespace',
      name: 'Geometry.Plane',
      ...decl,
      body: bodyOf(text, '{\n  export const origin = 0;\n}', decl.start),
    };
    expect(at(offsetOf(text, 'Geometry'))).toEqual(expected);
    expect(at(offsetOf(text, 'Plane'))).toEqual(expected);
    expect(at(offsetOf(text, 'origin'))).toEqual({ kind: 'variable', name: 'origin', ...spanOf(text, 'export const origin = 0;') });
  });

  it('names an ambient module by its string and gives its function signature no body', () => {
    const decl = spanOf(text, "declare module 'ambient' {\n  export function helper(): void;\n}");
    expect(at(offsetOf(text, "'ambient'"))).toEqual({
      kind: 'namespace',
      name: 'ambient',
      ...decl,
      body: { start: offsetOf(text, '{', decl.start), end: decl.end, braced: true },
    });
    expect(at(offsetOf(text, 'helper'))).toEqual({ kind: 'function', name: 'helper', ...spanOf(text, 'export function helper(): void;') });
  });

  it('gives function overload signatures no body and the implementation its block', () => {
    expect(at(offsetOf(text, 'overloaded'))).toEqual({
      kind: 'function',
      name: 'overloaded',
      ...spanOf(text, 'export function overloaded(a: string): string;'),
    });
    const impl = offsetOf(text, 'export function overloaded(a: unknown)');
    const end = offsetOf(text, '}\n', offsetOf(text, 'return a;')) + 1;
    expect(at(offsetOf(text, 'overloaded', impl))).toEqual({
      kind: 'function',
      name: 'overloaded',
      start: impl,
      end,
      body: { start: offsetOf(text, '{', impl), end, braced: true },
    });
  });

  it('returns a function nested in a function, not the outer one', () => {
    expect(at(offsetOf(text, 'inner'))).toEqual({
      kind: 'function',
      name: 'inner',
      ...spanOf(text, 'function inner() {}'),
      body: bodyOf(text, '{}', offsetOf(text, 'inner')),
    });
  });

  it('returns a constant alone in its statement as the whole statement, comment left out, with the arrow block as body', () => {
    const decl = spanOf(text, 'export const arrow = async (x: number) => {\n  return x;\n};');
    expect(at(offsetOf(text, 'arrow ='))).toEqual({
      kind: 'variable',
      name: 'arrow',
      ...decl,
      body: bodyOf(text, '{\n  return x;\n}', decl.start),
    });
  });

  it('gives a constant holding a concise arrow function its expression as an unbraced body', () => {
    const decl = spanOf(text, 'export const concise = (x: number) => x * 2;');
    expect(at(offsetOf(text, 'concise'))).toEqual({
      kind: 'variable',
      name: 'concise',
      ...decl,
      body: bodyOf(text, 'x * 2', decl.start, false),
    });
  });

  it('returns one variable of a statement declaring several as the declaration alone', () => {
    expect(at(offsetOf(text, 'first'))).toEqual({ kind: 'variable', name: 'first', ...spanOf(text, 'first = 1') });
    const decl = spanOf(text, 'second = function () { return 2; }');
    expect(at(offsetOf(text, 'second'))).toEqual({
      kind: 'variable',
      name: 'second',
      ...decl,
      body: bodyOf(text, '{ return 2; }', decl.start),
    });
  });

  it('calls a constant holding a class expression a class', () => {
    const decl = spanOf(text, 'export const Anon = class {\n  run() {}\n};');
    expect(at(offsetOf(text, 'Anon'))).toEqual({
      kind: 'class',
      name: 'Anon',
      ...decl,
      body: bodyOf(text, '{\n  run() {}\n}', decl.start),
    });
  });

  it('returns the members of an object literal: property, shorthand method, arrow property and getter', () => {
    expect(at(offsetOf(text, 'api'))).toMatchObject({ kind: 'variable', name: 'api', start: offsetOf(text, 'const api') });
    expect(at(offsetOf(text, 'api'))?.body).toBeUndefined();
    expect(at(offsetOf(text, 'version'))).toEqual({ kind: 'property', name: 'version', ...spanOf(text, 'version: 1') });
    const start = spanOf(text, 'start() { return true; }');
    expect(at(offsetOf(text, 'start()'))).toEqual({
      kind: 'method',
      name: 'start',
      ...start,
      body: bodyOf(text, '{ return true; }', start.start),
    });
    const stop = spanOf(text, 'stop: () => false');
    expect(at(offsetOf(text, 'stop'))).toEqual({ kind: 'property', name: 'stop', ...stop, body: bodyOf(text, 'false', stop.start, false) });
    expect(at(offsetOf(text, 'ready'))).toMatchObject({
      kind: 'get accessor',
      name: 'ready',
      ...spanOf(text, 'get ready() { return true; }'),
    });
  });

  it('returns an unnamed default-exported function or class from an offset at its start', () => {
    const fn = 'export default function () {\n  return 1;\n}\n';
    expect(at(0, fn)).toEqual({ kind: 'function', start: 0, end: fn.length - 1, body: bodyOf(fn, '{\n  return 1;\n}', 0) });
    const cls = '// first line\n@sealed\nexport default class {\n  run() {}\n}\n';
    const start = offsetOf(cls, '@sealed');
    const expected = { kind: 'class', start, end: cls.length - 1, body: bodyOf(cls, '{\n  run() {}\n}', start) };
    expect(at(start, cls)).toEqual(expected);
    expect(at(offsetOf(cls, 'class'), cls)).toEqual(expected);
    expect(at(offsetOf(cls, 'run'), cls)?.name).toBe('run');
  });

  it('names a default-exported function that has a name', () => {
    const fn = 'export default function main() {}\n';
    expect(at(offsetOf(fn, 'main'), fn)).toEqual({
      kind: 'function',
      name: 'main',
      start: 0,
      end: fn.length - 1,
      body: bodyOf(fn, '{}', 0),
    });
  });

  it('reads JSX in a .tsx file: a component constant with a JSX expression body', () => {
    const tsx =
      'export const Button = ({ label }: { label: string }) => <button>{label}</button>;\nexport function App() {\n  return <Button label="go" />;\n}\n';
    const decl = spanOf(tsx, 'export const Button = ({ label }: { label: string }) => <button>{label}</button>;');
    expect(at(offsetOf(tsx, 'Button'), tsx, '/w/app.tsx')).toEqual({
      kind: 'variable',
      name: 'Button',
      ...decl,
      body: bodyOf(tsx, '<button>{label}</button>', decl.start, false),
    });
    const app = spanOf(tsx, 'export function App() {\n  return <Button label="go" />;\n}');
    expect(at(offsetOf(tsx, 'App'), tsx, '/w/app.tsx')).toEqual({
      kind: 'function',
      name: 'App',
      ...app,
      body: { start: offsetOf(tsx, '{\n', app.start), end: app.end, braced: true },
    });
    expect(at(offsetOf(tsx, 'Button label'), tsx, '/w/app.tsx')).toBeUndefined();
  });

  it('reads a .jsx file as JavaScript with JSX', () => {
    const jsx = 'export function View(props) {\n  return <div>{props.title}</div>;\n}\n';
    const decl = spanOf(jsx, 'export function View(props) {\n  return <div>{props.title}</div>;\n}');
    expect(at(offsetOf(jsx, 'View'), jsx, '/w/view.jsx')).toEqual({
      kind: 'function',
      name: 'View',
      ...decl,
      body: { start: offsetOf(jsx, '{\n', decl.start), end: decl.end, braced: true },
    });
  });
});
