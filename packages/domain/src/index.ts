export { ErrorCode, defaultResolution } from './errors/error-codes.js';
export {
  BridgeException,
  bridgeError,
  bridgeErrorOf,
  isToolError,
  toolError,
  type BridgeError,
  type ToolError,
} from './errors/bridge-error.js';
export type * from './model/results.js';
export type * from './model/inputs.js';
export { DEFAULT_REFERENCE_LIMIT } from './model/inputs.js';
export type { Signal } from './model/signal.js';
export type * from './ports/symbol-index.js';
export type * from './ports/file-system.js';
export type * from './ports/file-writer.js';
export {
  SUPPORTED_EXTENSIONS,
  displayPath,
  isAbsolutePath,
  isDeclarationFile,
  isDependencyPath,
  isExternalPath,
  isInNodeModules,
  isInsideRoot,
  isSupportedSourceFile,
  normalizePath,
  relativeToRoot,
  resolvePath,
} from './rules/paths.js';
export { LineIndex, type TextPosition, type Utf16Position } from './rules/text-positions.js';
export { checkNewName, isIdentifierText, type NameCheck } from './rules/identifiers.js';
export {
  categoryFromLspSeverity,
  countBySeverity,
  formatDiagnosticCode,
  severityOf,
  type DiagnosticCategory,
  type SeverityCounts,
} from './rules/severity.js';
export { applyLimit, compareLocations, compareReferences, compareStrings, type Limited } from './rules/ordering.js';
export { applyEdits, type EditOutcome } from './rules/text-edits.js';
export { EditMap } from './rules/edit-map.js';
export { dedupeSpans, spanKey } from './rules/spans.js';
export { MAX_WORKSPACE_DIRECTORIES, workspaceTooLarge } from './rules/workspace-limits.js';
export type { BridgePorts } from './use-cases/ports.js';
export { findReferences } from './use-cases/find-references.js';
export { goToDefinition } from './use-cases/go-to-definition.js';
export { renameSymbol } from './use-cases/rename-symbol.js';
export { getDiagnostics, type DiagnosticsOptions } from './use-cases/get-diagnostics.js';
