import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import { isSymbolKind, SYMBOL_KINDS, type SymbolKind } from '../model/symbols.js';
import { quoted } from '../rules/brief-text.js';

/** The `kinds` a caller asked for (empty when none: every kind), or INVALID_INPUT naming the known ones. */
export function symbolKinds(asked: readonly string[] | undefined): Set<SymbolKind> | ToolError {
  const unknown = (asked ?? []).filter((k) => !isSymbolKind(k));
  if (unknown.length > 0) {
    return toolError(
      ErrorCode.INVALID_INPUT,
      `Unknown symbol kind${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).map(quoted).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`,
      `Use kinds from: ${SYMBOL_KINDS.join(', ')}.`,
    );
  }
  return new Set((asked ?? []).filter(isSymbolKind));
}
