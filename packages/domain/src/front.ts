/*
 * The domain as the fronts (the CLI, the MCP server, the background server's client) need it
 * to start: the operations' names, the catalogue (names, methods, presets, `writes`), the
 * errors, the input bounds and what their parsers, schemas and renderings name. No use-case:
 * each is loaded with its operation's first call (`catalogue.ts`), so a front that sends its
 * calls to a background server never loads one. The index (`.`) is this and the rest.
 */
export * from './catalogue/operation-names.js';
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
// What `--version`, `init` and the set-up check say of a server they cannot find.
export { nativeTypeScriptMissing, serverNotInstalled, type MissingServer } from './errors/server-start-failures.js';
export type * from './model/results.js';
export type * from './model/inputs.js';
export type * from './model/code-actions.js';
export type { Signal } from './model/signal.js';
export type { Progress } from './ports/symbol-queries.js';
export { MAX_CALLS, MAX_COMPLETION_DETAILS, MAX_EDITS, MAX_IMPACT_SYMBOLS, MAX_TYPES } from './model/inputs.js';
export { INPUT_BOUNDS, boundedInput, type InputBound } from './rules/input-bounds.js';
export { SYMBOL_KINDS, isSymbolKind, type DeclarationPlace, type LocatedSymbol, type SymbolKind } from './model/symbols.js';
export { SEVERITIES, isSeverity } from './rules/severity.js';
export { ACTION_KINDS, type ActionKind } from './rules/code-action-kinds.js';
export { DEFAULT_DIAGNOSTICS_BUDGET_MS } from './rules/diagnostics-budget.js';
export { DEFAULT_MAX_FILE_BYTES } from './rules/workspace-limits.js';
export { describePublicApi } from './rules/public-api.js';
export { describeCompiler } from './rules/compilers.js';
export { isLocalDeclaration } from './rules/outline.js';
export { describeSetup, unnamedVersion } from './setup/setup-text.js';
export { shellWord } from './setup/shell-words.js';
export type * from './setup/setup-facts.js';
export type { SetupProblem, SetupReport } from './setup/setup-report.js';
export { PRESET_NAMES, type AnyOperation, type CallContext, type Operation, type PresetName, type Runner } from './catalogue/operation.js';
export {
  CATALOGUE,
  OPERATION_NAMES,
  PRESETS,
  operationNamed,
  type InputOf,
  type OperationByMethod,
  type OperationByName,
  type OperationMethod,
  type OperationName,
  type ResultOf,
} from './catalogue/catalogue.js';
export { FRONT_SETTINGS, backgroundServerLost, backgroundServerSettings, backgroundServerWanted } from './rules/background-server.js';
