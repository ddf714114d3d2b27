import { describe, expect, it } from 'vitest';
import type { ServerDeclaration, ServerReading } from '../../src/ports/server-syntax.js';
import { declarationAtIn, declarationSpanningIn, leadingCommentIn } from '../../src/rules/server-declarations.js';

// `struct S { int f(void) { return 1; } };  // c` with hand-made spans.
const TEXT = '/* a */ struct S { int f(void) { return 1; } }; // c';
const S: ServerDeclaration = { kind: 'struct', name: 'S', start: 8, end: 46, nameStart: 15, nameLength: 1 };
const F: ServerDeclaration = { kind: 'method', name: 'f', start: 19, end: 44, nameStart: 23, nameLength: 1 };

function reading(declarations: readonly ServerDeclaration[]): ServerReading {
  return {
    syntaxErrors: [],
    declarations,
    onlyTrivia: (start, end) => /^\s*(\/\*.*?\*\/|\/\/.*|;)?\s*$/.test(TEXT.slice(start, end)) && !TEXT.slice(start, end).includes(';'),
  };
}

describe('declarationAtIn', () => {
  it('finds the innermost declaration whose name holds the offset', () => {
    expect(declarationAtIn(reading([S, F]), 23)).toBe(F);
    expect(declarationAtIn(reading([S, F]), 16)).toBe(S);
  });

  it('finds a declaration by its start, and none elsewhere', () => {
    expect(declarationAtIn(reading([S, F]), 19)).toBe(F);
    expect(declarationAtIn(reading([S, F]), 30)).toBeUndefined();
  });
});

describe('declarationSpanningIn', () => {
  it('takes the single outermost declaration of the range, comments around it allowed', () => {
    expect(declarationSpanningIn(reading([S, F]), 0, 46)).toBe(S);
  });

  it('refuses a range with code beside the declaration, or two declarations', () => {
    expect(declarationSpanningIn(reading([S, F]), 0, 47)).toBeUndefined();
    const G: ServerDeclaration = { kind: 'struct', name: 'G', start: 50, end: 52, nameStart: 50, nameLength: 1 };
    expect(declarationSpanningIn(reading([S, F, G]), 0, 52)).toBeUndefined();
  });
});

describe('leadingCommentIn', () => {
  /** A reading of `text` whose trivia are `//` lines and one-or-more-line `/* … *\/` blocks, as a lexer reads them. */
  function lexical(text: string): ServerReading {
    return {
      syntaxErrors: [],
      declarations: [],
      onlyTrivia: (start, end) => /^(\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/.test(text.slice(start, end)),
    };
  }
  const at = (text: string): number => text.indexOf('func F');
  const comment = (text: string): string | undefined => {
    const found = leadingCommentIn(lexical(text), text, at(text));
    return found === undefined ? undefined : text.slice(found.start, found.end);
  };

  it('takes the comment lines right above the declaration, up to a blank line or code', () => {
    expect(comment('x := 1\n\n// Not this.\n\n// F does it.\n// Twice.\nfunc F() {}\n')).toBe('// F does it.\n// Twice.');
    expect(comment('x := 1\n// F does it.\nfunc F() {}\n')).toBe('// F does it.');
    expect(comment('  /* F\n   * does it. */\n  func F() {}\n')).toBe('/* F\n   * does it. */');
  });

  it('finds none with a blank line or code right above, or code before the declaration on its line', () => {
    expect(comment('// About x.\n\nfunc F() {}\n')).toBeUndefined();
    expect(comment('var x = 1 // c\nfunc F() {}\n')).toBeUndefined();
    expect(comment('// c\nx; func F() {}\n')).toBeUndefined();
  });
});
