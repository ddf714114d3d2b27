import { describe, expect, it } from 'vitest';
import { checkNewName, isIdentifierText } from '../../src/rules/identifiers.js';

describe('checkNewName', () => {
  it.each(['bar', '_private', '$', '$el', 'x1', 'camelCase', 'PascalCase', 'café', '名前', 'Ωmega', 'a\u200db'])('accepts %s', (name) => {
    expect(checkNewName(name)).toEqual({ valid: true });
  });

  it.each(['1st', 'foo-bar', 'foo bar', 'foo.bar', 'a+b', '😀', '"quoted"', ' padded'])('refuses %s as not an identifier', (name) => {
    const check = checkNewName(name);
    expect(check.valid).toBe(false);
    if (!check.valid) expect(check.reason).toContain('not a valid identifier');
  });

  it('refuses an empty name', () => {
    expect(checkNewName('')).toEqual({ valid: false, reason: 'newName is empty' });
  });

  it.each([
    'class',
    'const',
    'function',
    'return',
    'typeof',
    'null',
    'true',
    'enum',
    'let',
    'static',
    'yield',
    'await',
    'implements',
    'interface',
    'arguments',
    'eval',
  ])('refuses the reserved word %s', (name) => {
    const check = checkNewName(name);
    expect(check.valid).toBe(false);
    if (!check.valid) expect(check.reason).toContain('reserved word');
  });

  it('accepts contextual keywords that can name a binding', () => {
    for (const name of ['type', 'as', 'of', 'async', 'get', 'set', 'from', 'undefined']) expect(checkNewName(name).valid).toBe(true);
  });

  it('accepts a #private name for a #private member', () => {
    expect(checkNewName('#count', '#total')).toEqual({ valid: true });
  });

  it('accepts a reserved word as a #private name, as JavaScript does (this.#class)', () => {
    expect(checkNewName('#class', '#kind')).toEqual({ valid: true });
    expect(checkNewName('#default', '#kind')).toEqual({ valid: true });
  });

  it('refuses a #private name for a member that is not #private', () => {
    const check = checkNewName('#count', 'count');
    expect(check.valid).toBe(false);
    if (!check.valid) expect(check.reason).toContain('is not a #private member');
  });

  it('refuses a plain name for a #private member', () => {
    const check = checkNewName('count', '#count');
    expect(check.valid).toBe(false);
    if (!check.valid) expect(check.reason).toContain('must start with "#"');
  });

  it.each(['#', '#1a', '##a', '#a-b'])('refuses the malformed #private name %s', (name) => {
    expect(checkNewName(name, '#old').valid).toBe(false);
  });
});

describe('isIdentifierText', () => {
  it('accepts identifiers and #private names', () => {
    expect(isIdentifierText('foo')).toBe(true);
    expect(isIdentifierText('#foo')).toBe(true);
    expect(isIdentifierText('名前')).toBe(true);
  });

  it('refuses numbers, punctuation and empty text', () => {
    expect(isIdentifierText('42')).toBe(false);
    expect(isIdentifierText('=>')).toBe(false);
    expect(isIdentifierText('')).toBe(false);
  });
});
