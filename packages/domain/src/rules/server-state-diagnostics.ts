import type { DiagnosticRecord } from '../ports/symbol-index.js';

/**
 * clang's diagnostics about the state of clangd's own caches, not about the code: a file that
 * changed under the preamble or a precompiled header clangd built for it (`file_modified`: "File
 * '…/cJSON.h' modified since it was first processed", which clangd reports intermittently while
 * a header is shown to it edited), a precompiled or AST file out of date or unreadable. clangd
 * names a diagnostic by clang's id without its `err_` prefix. An edit never causes one the code
 * would have, nor fixes one: comparing them would refuse a rename for what the server was doing.
 */
const CACHE_STATE_CODES = new Set([
  'file_modified',
  'fe_ast_file_modified',
  'fe_pch_file_modified',
  'fe_pch_file_overridden',
  'fe_pch_malformed',
  'fe_pch_malformed_block',
  'fe_unable_to_read_pch_file',
  'fe_not_a_pch_file',
  'ast_file_out_of_date',
  'ast_file_invalid',
]);

/** clang's texts of the two that say a file changed under the server (for a server that sends no code). */
const CACHE_STATE_MESSAGE =
  /\bmodified since it was first processed\b|\bhas been modified since the (?:precompiled header|module file|AST file)\b/i;

/** Whether a diagnostic reports the state of the server's caches rather than the code. */
export function isServerStateDiagnostic(diagnostic: DiagnosticRecord): boolean {
  return (typeof diagnostic.code === 'string' && CACHE_STATE_CODES.has(diagnostic.code)) || CACHE_STATE_MESSAGE.test(diagnostic.message);
}

/**
 * The diagnostics about the code: those an edit can cause or fix, which the conflict checks
 * (`renameSymbol`, `checkEdits`, `safeDelete`, `applyCodeAction`, `replaceSymbolBody`) compare.
 */
export function aboutTheCode(diagnostics: readonly DiagnosticRecord[]): DiagnosticRecord[] {
  return diagnostics.filter((d) => !isServerStateDiagnostic(d));
}
