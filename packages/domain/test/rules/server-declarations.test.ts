import { describe, expect, it } from 'vitest';
import type { ServerDeclaration, ServerReading } from '../../src/ports/server-syntax.js';
import { declarationAtIn, declarationSpanningIn } from '../../src/rules/server-declarations.js';

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
