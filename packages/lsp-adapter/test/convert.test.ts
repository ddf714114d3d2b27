import { SYMBOL_KINDS, severityOf } from '@mcp-lsp-bridge/domain';
import { SymbolKind } from 'vscode-languageserver-protocol/node';
import { describe, expect, it } from 'vitest';
import { categoryFromLspSeverity } from '../src/convert/diagnostic-records.js';
import { symbolKindFromLsp, symbolKindToLsp } from '../src/convert/symbol-kinds.js';

describe('categoryFromLspSeverity', () => {
  it.each([
    [1, 'error'],
    [2, 'warning'],
    [3, 'message'],
    [4, 'suggestion'],
  ] as const)('maps LSP DiagnosticSeverity %i to %s', (lsp, category) => {
    expect(categoryFromLspSeverity(lsp)).toBe(category);
  });

  it('treats a missing or unknown severity as an error', () => {
    expect(categoryFromLspSeverity(undefined)).toBe('error');
    expect(categoryFromLspSeverity(7)).toBe('error');
  });

  it('gives the FS-001 severities for the four LSP severities', () => {
    expect([1, 2, 3, 4].map((n) => severityOf(categoryFromLspSeverity(n)))).toEqual(['error', 'warning', 'info', 'hint']);
  });
});

describe('symbol kinds on the wire', () => {
  it.each([
    [SymbolKind.File, 'file'],
    [SymbolKind.Class, 'class'],
    [SymbolKind.Method, 'method'],
    [SymbolKind.Function, 'function'],
    [SymbolKind.Variable, 'variable'],
    [SymbolKind.EnumMember, 'enumMember'],
    [SymbolKind.TypeParameter, 'typeParameter'],
  ] as const)('reads LSP SymbolKind %i as %s, and writes it back', (lsp, kind) => {
    expect(symbolKindFromLsp(lsp)).toBe(kind);
    expect(symbolKindToLsp(kind)).toBe(lsp);
  });

  it('reads a number LSP does not define as a variable', () => {
    expect(symbolKindFromLsp(0)).toBe('variable');
    expect(symbolKindFromLsp(27)).toBe('variable');
  });

  it('round-trips every kind', () => {
    for (const kind of SYMBOL_KINDS) expect(symbolKindFromLsp(symbolKindToLsp(kind))).toBe(kind);
  });
});
