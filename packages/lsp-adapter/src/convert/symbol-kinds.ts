import { SYMBOL_KINDS, type SymbolKind } from '@mcp-lsp-bridge/domain';
import type { SymbolKind as LspSymbolKind } from 'vscode-languageserver-protocol/node';

/*
 * The domain names symbol kinds as LSP's `SymbolKind` names them, in LSP's order; the numbers
 * (1-based) are LSP's wire format and stay here.
 */

/** LSP's numeric `SymbolKind` as our name; `variable` for a number LSP does not define. */
export function symbolKindFromLsp(kind: number): SymbolKind {
  return SYMBOL_KINDS[kind - 1] ?? 'variable';
}

export function symbolKindToLsp(kind: SymbolKind): LspSymbolKind {
  return (SYMBOL_KINDS.indexOf(kind) + 1) as LspSymbolKind;
}
