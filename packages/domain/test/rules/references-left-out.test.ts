import { describe, expect, it } from 'vitest';
import type { TextEdit } from '../../src/ports/symbol-index.js';
import { referencesLeftOut } from '../../src/rules/references-left-out.js';

const INIT = '/w/pkg/__init__.py';
const IMPL = '/w/pkg/_impl.py';
// `from ._impl import f` then `__all__ = ["f"]`: the import at 19, the string's content at 32.
const rename: TextEdit[] = [
  { path: IMPL, start: 4, length: 1, newText: 'g' },
  { path: INIT, start: 19, length: 1, newText: 'g' },
];

describe('referencesLeftOut', () => {
  it('renames a reference spelled as the name that no edit of the rename reaches, once', () => {
    const entry = { path: INIT, start: 32, length: 1, text: 'f' };
    expect(referencesLeftOut([entry, entry], rename, 'f', 'g')).toEqual([{ path: INIT, start: 32, length: 1, newText: 'g' }]);
  });

  it("renames a string's content when the server's span holds the quotes", () => {
    for (const text of ['"f"', "'f'"])
      expect(referencesLeftOut([{ path: INIT, start: 31, length: 3, text }], rename, 'f', 'g')).toEqual([
        { path: INIT, start: 32, length: 1, newText: 'g' },
      ]);
  });

  it('adds nothing for the references the rename edits, inside a wider edit too', () => {
    const wide: TextEdit[] = [{ path: INIT, start: 19, length: 6, newText: 'g as g' }];
    const covered = [
      { path: IMPL, start: 4, length: 1, text: 'f' },
      { path: INIT, start: 19, length: 1, text: 'f' },
      { path: INIT, start: 24, length: 1, text: 'f' },
    ];
    expect(referencesLeftOut(covered, [...rename, ...wide], 'f', 'g')).toEqual([]);
  });

  it('leaves alone a reference spelled otherwise (an alias, a wider expression, a string with more), and an empty name', () => {
    const other = [
      { path: INIT, start: 40, length: 5, text: 'alias' },
      { path: INIT, start: 50, length: 5, text: 'pkg.f' },
      { path: INIT, start: 60, length: 4, text: '"f "' },
      { path: INIT, start: 70, length: 3, text: '"f\'' },
    ];
    expect(referencesLeftOut(other, rename, 'f', 'g')).toEqual([]);
    expect(referencesLeftOut([{ path: INIT, start: 32, length: 0, text: '' }], [], '', 'g')).toEqual([]);
  });
});
