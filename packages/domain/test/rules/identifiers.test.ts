import { describe, expect, it } from 'vitest';
import type { NameRules } from '../../src/ports/source-languages.js';
import { MAX_NAME_LENGTH, checkNewName, isIdentifierText } from '../../src/rules/identifiers.js';

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

describe("checkNewName with a language's name rules", () => {
  const PYTHON: NameRules = {
    language: 'Python',
    identifier: /^[\p{XID_Start}_][\p{XID_Continue}]*$/u,
    identifierText: 'a letter or "_" followed by letters, digits or "_"',
    reserved: ['def', 'None', 'class'],
  };

  it.each(['total', '_private', 'naïve', 'function', 'typeof', 'match'])('accepts %s, which the language allows', (name) => {
    expect(checkNewName(name, 'old', PYTHON)).toEqual({ valid: true });
  });

  it.each(['$total', '1st', 'kebab-case', '#private'])('refuses %s as not an identifier of the language, saying what one is', (name) => {
    expect(checkNewName(name, 'old', PYTHON)).toEqual({
      valid: false,
      reason: `"${name}" is not a valid Python identifier (a Python name is a letter or "_" followed by letters, digits or "_", and not a keyword)`,
    });
  });

  it.each(['def', 'None', 'class'])('refuses %s as a reserved word of the language', (name) => {
    const check = checkNewName(name, 'old', PYTHON);
    expect(check.valid).toBe(false);
    if (!check.valid) expect(check.reason).toContain(`"${name}" is a reserved word in Python (a Python name is`);
  });

  it('still refuses an empty or overlong name first', () => {
    expect(checkNewName('', 'old', PYTHON)).toEqual({ valid: false, reason: 'newName is empty' });
    expect(checkNewName('a'.repeat(MAX_NAME_LENGTH + 1), 'old', PYTHON).valid).toBe(false);
  });
});
