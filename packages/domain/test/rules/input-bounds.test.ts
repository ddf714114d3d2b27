import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { boundedInput, INPUT_BOUNDS } from '../../src/rules/input-bounds.js';

describe('boundedInput', () => {
  const bound = INPUT_BOUNDS.referenceLimit;

  it('gives the default when the input is absent', () => {
    expect(boundedInput(bound, undefined)).toBe(bound.default);
  });

  it('keeps a whole number within the range, both ends included', () => {
    expect(boundedInput(bound, bound.min)).toBe(bound.min);
    expect(boundedInput(bound, bound.max)).toBe(bound.max);
    expect(boundedInput(bound, 7)).toBe(7);
  });

  it.each([0, -1, bound.max + 1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s with INVALID_INPUT naming the range', (value) => {
    const refused = boundedInput(bound, value);
    expect(typeof refused).toBe('object');
    if (typeof refused === 'number') return;
    expect(refused.error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(refused.error.message).toContain(`limit must be a whole number from ${bound.min} to ${bound.max}`);
    expect(refused.error.resolution).toContain(`default ${bound.default}`);
  });

  it('names each parameter as callers spell it', () => {
    expect(INPUT_BOUNDS.callDepth.name).toBe('depth');
    expect(INPUT_BOUNDS.workspaceSymbolLimit.max).toBeLessThan(INPUT_BOUNDS.referenceLimit.max);
  });
});
