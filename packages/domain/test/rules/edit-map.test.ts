import { describe, expect, it } from 'vitest';
import type { TextEdit } from '../../src/ports/symbol-index.js';
import { EditMap } from '../../src/rules/edit-map.js';

const text = 'let a = 1; a += a;';
const edit = (start: number, newText: string, length = 1): TextEdit => ({ path: '/w/x.ts', start, length, newText });
// The three occurrences of `a`, found in the fixture text itself.
const occurrences = [...text.matchAll(/\ba\b/g)].map((m) => m.index);

describe('EditMap', () => {
  const map = new EditMap(occurrences.map((start) => edit(start, 'alpha')));

  it('applies the edits of a file', () => {
    expect(map.apply(text)).toBe('let alpha = 1; alpha += alpha;');
  });

  it('moves offsets after an edit by the growth of the edits before them', () => {
    const semicolon = text.indexOf(';');
    expect(map.toNew(semicolon)).toBe('let alpha = 1;'.indexOf(';'));
    expect(map.toOld(map.toNew(semicolon))).toBe(semicolon);
  });

  it('keeps an offset where an edit starts, and maps offsets inside new text back to the edit start', () => {
    const second = occurrences[1] ?? -1;
    const newStart = map.toNew(second);
    expect(map.apply(text).slice(newStart, newStart + 5)).toBe('alpha');
    expect(map.toOld(newStart + 3)).toBe(second);
  });

  it('drops duplicate edits at the same offset', () => {
    expect(new EditMap([edit(4, 'b'), edit(4, 'b')]).edits).toHaveLength(1);
  });

  it('finds the new name after a prefix such as a shorthand property expansion', () => {
    expect(EditMap.nameOffset(edit(0, 'a: alpha'), 'alpha')).toBe(3);
    expect(EditMap.nameOffset(edit(0, 'alphabet as alpha'), 'alpha')).toBe('alphabet as '.length);
  });
});
