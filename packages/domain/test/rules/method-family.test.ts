import { describe, expect, it } from 'vitest';
import { methodFamily, type ClassFact, type MethodFact } from '../../src/rules/method-family.js';

// Classes by name; methods `area` by their class, each at its own place in one file.
const FILE = '/w/shapes.py';
const method = (classId: string, start: number): MethodFact => ({ path: FILE, start, length: 4, classId });
const cls = (id: string, ...bases: string[]): ClassFact => ({ id, bases });
const starts = (spans: readonly { start: number }[]): number[] => spans.map((span) => span.start).sort((a, b) => a - b);

// Shape ← Square ← UnitSquare, Shape ← Circle; Label unrelated.
const classes = [cls('Shape'), cls('Square', 'Shape'), cls('UnitSquare', 'Square'), cls('Circle', 'Shape'), cls('Label')];
const shape = method('Shape', 10);
const square = method('Square', 20);
const unit = method('UnitSquare', 30);
const circle = method('Circle', 40);
const label = method('Label', 50);
const methods = [shape, square, unit, circle, label];

describe('methodFamily', () => {
  it('renames the overrides below a base method, transitively, and leaves an unrelated class alone', () => {
    expect(starts(methodFamily({ method: shape, methods, classes }))).toEqual([20, 30, 40]);
  });

  it('from an override, reaches what it overrides and, through it, the other overrides', () => {
    expect(starts(methodFamily({ method: unit, methods, classes }))).toEqual([10, 20, 40]);
    expect(starts(methodFamily({ method: circle, methods, classes }))).toEqual([10, 20, 30]);
  });

  it('relates a grandchild through a class that does not define the method', () => {
    const between = [cls('Base'), cls('Middle', 'Base'), cls('Leaf', 'Middle')];
    const base = method('Base', 10);
    const leaf = method('Leaf', 30);
    expect(methodFamily({ method: leaf, methods: [base, leaf], classes: between })).toEqual([{ path: FILE, start: 10, length: 4 }]);
  });

  it('leaves siblings alone when the base they share does not define the method', () => {
    const siblings = [cls('Base'), cls('Left', 'Base'), cls('Right', 'Base')];
    const left = method('Left', 10);
    expect(methodFamily({ method: left, methods: [left, method('Right', 20)], classes: siblings })).toEqual([]);
  });

  it('leaves a method of the same name alone unless its class is related (names alone relate nothing)', () => {
    // Two classes called Shape: the server resolved Square's base to the first only.
    const twins = [cls('a.py:Shape'), cls('b.py:Shape'), cls('Square', 'a.py:Shape')];
    const sq = method('Square', 30);
    const family = methodFamily({ method: sq, methods: [method('a.py:Shape', 10), method('b.py:Shape', 20), sq], classes: twins });
    expect(starts(family)).toEqual([10]);
  });

  it("reaches another method of the same name in the method's own class only through a related class", () => {
    // A property's getter and setter in Shape, an override in Square.
    const getter = method('Shape', 10);
    const setter = method('Shape', 12);
    expect(starts(methodFamily({ method: getter, methods: [getter, setter, square], classes }))).toEqual([12, 20]);
    expect(methodFamily({ method: getter, methods: [getter, setter], classes })).toEqual([]);
  });

  it('ends on bases that make a cycle, and lists each member once without the method itself', () => {
    const cycle = [cls('A', 'B'), cls('B', 'A')];
    const a = method('A', 10);
    const b = method('B', 20);
    expect(methodFamily({ method: a, methods: [a, b, b], classes: cycle })).toEqual([{ path: FILE, start: 20, length: 4 }]);
  });

  it('relates a method whose class the facts list without bases to its subclasses only', () => {
    const outside = method('Library', 5);
    const mine = method('Mine', 10);
    const family = methodFamily({ method: outside, methods: [mine, label], classes: [cls('Mine', 'Library'), cls('Label')] });
    expect(family).toEqual([{ path: FILE, start: 10, length: 4 }]);
  });
});
