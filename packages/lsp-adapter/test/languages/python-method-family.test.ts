import { describe, expect, it } from 'vitest';
import { PYTHON } from '../../src/index.js';
import { offsetOf } from './offsets.js';
import { serverProject } from './server-projects.js';

// Two classes called Shape: Square's base is the one pyright resolves through the import, never the other.
const BASE = `class Shape:
    def area(self) -> float:
        return 0.0


class Label:
    def area(self) -> str:
        return "label"
`;

const OTHER = `class Shape:
    def area(self) -> float:
        return -1.0
`;

const SHAPES = `from base import Shape


class Square(Shape):
    def area(self) -> float:
        return 4.0


class Between(Square):
    pass


class Unit(Between):
    @property
    def unit(self) -> bool:
        return True

    def area(self) -> float:
        return 1.0


def total(shape: Shape) -> float:
    return shape.area()
`;

describe('Python over pyright: a method renamed with its family', () => {
  const { dir, index, scope } = serverProject(PYTHON);
  const base = dir.write('base.py', BASE);
  const other = dir.write('other.py', OTHER);
  const shapes = dir.write('shapes.py', SHAPES);
  const name = (path: string, start: number): string => `${path === base ? 'base' : path === other ? 'other' : 'shapes'}:${start}`;
  // Every `area` of the shapes' lineage, the call through the base included; Label's and the other Shape's are not.
  const family = [
    name(base, offsetOf(BASE, 'area')),
    name(shapes, offsetOf(SHAPES, 'area')),
    name(shapes, offsetOf(SHAPES, 'area', 1)),
    name(shapes, offsetOf(SHAPES, 'area', 2)),
  ].sort();

  it('from the base method, from an override two classes below, and from a call: the same methods, an unrelated class left alone', async () => {
    for (const at of [
      { path: base, offset: offsetOf(BASE, 'area') },
      { path: shapes, offset: offsetOf(SHAPES, 'area', 1) },
      { path: shapes, offset: offsetOf(SHAPES, 'area', 2) },
    ]) {
      const { edits } = await index.renameLocations(scope, at, 'surface');
      expect(edits.map((edit) => name(edit.path, edit.start)).sort()).toEqual(family);
      expect(edits.every((edit) => edit.newText === 'surface')).toBe(true);
    }
  });
});
