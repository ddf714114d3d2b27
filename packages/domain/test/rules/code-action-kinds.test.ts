import { describe, expect, it } from 'vitest';
import { actionRank, defaultKinds, diagnosticCode, isOfferedKind, kindWithin, touchesRange } from '../../src/rules/code-action-kinds.js';

describe('code action kinds', () => {
  it('match a kind and every kind below it, not a kind that merely starts alike', () => {
    expect(kindWithin('refactor.extract.function', 'refactor')).toBe(true);
    expect(kindWithin('quickfix', 'quickfix')).toBe(true);
    expect(kindWithin('source.fixAll.ts', 'source.fixAll')).toBe(true);
    expect(kindWithin('source.organizeImportsX', 'source.organizeImports')).toBe(false);
    expect(kindWithin('source.organizeImports', 'source')).toBe(true);
  });

  it('offer no refactoring that moves code to another file', () => {
    expect(isOfferedKind('refactor.move.newFile')).toBe(false);
    expect(isOfferedKind('refactor.move')).toBe(false);
    expect(isOfferedKind('refactor.extract.constant')).toBe(true);
  });

  it('compute fixes and refactorings at a line, fixes only over a whole file', () => {
    expect(defaultKinds(true)).toEqual(['quickfix', 'source.fixAll', 'refactor']);
    expect(defaultKinds(false)).toEqual(['quickfix', 'source.fixAll']);
  });

  it('rank preferred quick fixes, quick fixes, fixes of all of a code, refactorings, then file actions', () => {
    const ranks = ['source.organizeImports', 'refactor.extract', 'source.fixAll', 'quickfix', 'quickfix'].map((k, i) =>
      actionRank(k, i === 4),
    );
    expect(ranks).toEqual([4, 3, 2, 1, 0]);
  });

  it("read TS2304 and 2304 as TypeScript's code 2304, any other code as given", () => {
    expect(diagnosticCode('TS2304')).toBe(2304);
    expect(diagnosticCode(' ts2304 ')).toBe(2304);
    expect(diagnosticCode('2304')).toBe(2304);
    expect(diagnosticCode('UnusedImport')).toBe('UnusedImport');
  });

  it('select the diagnostics a range overlaps or touches', () => {
    const span = { start: 10, length: 5 };
    expect(touchesRange(span, 12, 12)).toBe(true);
    expect(touchesRange(span, 15, 15)).toBe(true);
    expect(touchesRange(span, 10, 10)).toBe(true);
    expect(touchesRange(span, 16, 20)).toBe(false);
    expect(touchesRange(span, 0, 9)).toBe(false);
    expect(touchesRange(span, 0, 100)).toBe(true);
  });
});
