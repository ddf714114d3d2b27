import { describe, expect, it } from 'vitest';
import { nameWithin, namedAfterStem, type NamedAfter } from '../../src/rules/named-after.js';

const EXAMPLES: NamedAfter = { fileSuffix: '_test.go', prefix: 'Example' };

describe('nameWithin', () => {
  it('finds the name after the prefix, alone or before an underscore and a suffix or member', () => {
    expect(nameWithin('ExampleTwice', EXAMPLES, 'Twice')).toBe(7);
    expect(nameWithin('ExampleTwice_square', EXAMPLES, 'Twice')).toBe(7);
    expect(nameWithin('ExampleSize_Area', EXAMPLES, 'Size')).toBe(7);
  });

  it('leaves alone another name that starts the same, a name without the prefix, and an empty name', () => {
    expect(nameWithin('ExampleTwiceOver', EXAMPLES, 'Twice')).toBeUndefined();
    expect(nameWithin('TestTwice', EXAMPLES, 'Twice')).toBeUndefined();
    expect(nameWithin('Example', EXAMPLES, '')).toBeUndefined();
    expect(nameWithin('ExampleSize_Area', EXAMPLES, 'Area')).toBeUndefined();
  });

  it("finds a method's name after its receiver's type, alone or before a suffix", () => {
    expect(nameWithin('ExampleSize_Area', EXAMPLES, 'Area', 'Size')).toBe(12);
    expect(nameWithin('ExampleSize_Area_square', EXAMPLES, 'Area', 'Size')).toBe(12);
    expect(namedAfterStem(EXAMPLES, 'Area', 'Size')).toBe('ExampleSize_Area');
    expect(namedAfterStem(EXAMPLES, 'Twice')).toBe('ExampleTwice');
  });

  it("leaves alone another type's method, a method example for the type itself, and a longer method name", () => {
    expect(nameWithin('ExampleShape_Area', EXAMPLES, 'Area', 'Size')).toBeUndefined();
    expect(nameWithin('ExampleArea', EXAMPLES, 'Area', 'Size')).toBeUndefined();
    expect(nameWithin('ExampleSize_AreaOf', EXAMPLES, 'Area', 'Size')).toBeUndefined();
    expect(nameWithin('ExampleSize_Area', EXAMPLES, 'Area', '')).toBeUndefined();
  });
});
