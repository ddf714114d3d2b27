import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { INFERRED_OPTIONS } from '../src/config/config-defaults.js';
import { isJavaScriptFile, languageIdOf } from '../src/syntax/language-ids.js';
import { SyntaxCache } from '../src/syntax/syntax-cache.js';

describe('standalone syntax', () => {
  it('keeps one tree per text, with parent pointers, and parses again when the text changes', () => {
    const syntax = new SyntaxCache(2);
    const first = syntax.get('/w/a.ts', 'export const a = 1;\n');
    expect(syntax.get('/w/a.ts', 'export const a = 1;\n')).toBe(first);
    expect(first.statements[0]?.parent).toBe(first);
    expect(syntax.get('/w/a.ts', 'export const a = 2;\n')).not.toBe(first);
  });

  it("parses a text the file does not hold without evicting the kept tree of the file's own text", () => {
    const syntax = new SyntaxCache(2);
    const onDisk = syntax.get('/w/a.ts', 'export const a = 1;\n');
    const edited = syntax.transient('/w/a.ts', 'declare global { var a: number; }\n');
    expect(edited.text).toBe('declare global { var a: number; }\n');
    expect(edited.statements[0]?.parent).toBe(edited);
    expect(syntax.get('/w/a.ts', 'export const a = 1;\n')).toBe(onDisk);
    expect(syntax.transient('/w/a.ts', 'export const a = 1;\n')).toBe(onDisk);
  });

  it('parses a file as its extension says: JSX in .jsx and .tsx, type annotations only in TypeScript', () => {
    const syntax = new SyntaxCache();
    expect(syntax.get('/w/a.tsx', 'const x = <div/>;\n').languageVariant).toBe(ts.LanguageVariant.JSX);
    expect(syntax.get('/w/a.ts', 'const x = 1;\n').languageVariant).toBe(ts.LanguageVariant.Standard);
  });
});

describe('languages of a path', () => {
  it.each([
    ['a.ts', 'typescript', false],
    ['a.d.ts', 'typescript', false],
    ['a.mts', 'typescript', false],
    ['a.tsx', 'typescriptreact', false],
    ['a.js', 'javascript', true],
    ['a.mjs', 'javascript', true],
    ['a.CJS', 'javascript', true],
    ['a.jsx', 'javascriptreact', true],
  ])('%s is %s (JavaScript: %s)', (file, languageId, javaScript) => {
    expect(languageIdOf(`/w/${file}`)).toBe(languageId);
    expect(isJavaScriptFile(`/w/${file}`)).toBe(javaScript);
  });

  it('infers a workspace without configs as ES modules with JavaScript allowed and permissive checking (EC-001.1)', () => {
    expect(INFERRED_OPTIONS).toMatchObject({ allowJs: true, checkJs: false, strict: false, module: ts.ModuleKind.ESNext });
  });
});
