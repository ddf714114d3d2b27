// What the fronts need to start (names, catalogue, errors, input bounds), then the rest.
export * from './front.js';
export {
  ServerFailureException,
  serverFailureOf,
  type ServerExit,
  type ServerFailure,
  type ServerFailureKind,
} from './errors/server-failure.js';
export {
  outsideServerBuild,
  refusedAsRenamedAlone,
  renameUnavailableReason,
  serverExitText,
  serverFailureError,
  serverRenameRefusal,
} from './rules/server-failures.js';
export { conciseServerMessage } from './rules/server-message.js';
export { nameWithin, namedAfterStem, type NamedAfter } from './rules/named-after.js';
export { referencesLeftOut, type SpelledReference } from './rules/references-left-out.js';
export { goFilesOutsideBuild, goModRequirements, moduleCachePath, type GoRequirement } from './rules/go-modules.js';
export {
  FIRST_NATIVE_MAJOR,
  OLDEST_JS_VERSION,
  chooseCompiler,
  runtimeOf,
  sameCompiler,
  type BundledCompiler,
  type CompilerChoice,
  type CompilerPolicy,
  type CompilerRuntime,
  type TypeScriptDeclaration,
  type TypeScriptLookup,
  type TypeScriptPackage,
} from './rules/compiler-choice.js';
export { methodFamily, type ClassFact, type MethodFact, type MethodFamilyFacts } from './rules/method-family.js';
export {
  deletedDuringCall,
  fileFaultReason,
  formatBytes,
  notAddedReason,
  notInProject,
  pathInaccessible,
  thrownReason,
  unparsableFile,
  unshownImporterReason,
  unusableFile,
  type FileFault,
} from './errors/file-failures.js';
export {
  changedWhileComputing,
  changedWhileWriting,
  journalUnavailable,
  lockUnavailable,
  notUtf8,
  oneFileTwoNames,
  overwrittenAfterWriting,
  replaceFailed,
  rootUnresolvable,
  stagingFailed,
  targetChanged,
  targetUnreadable,
  writeIntoDependency,
  writeOutsideWorkspace,
  type TargetChange,
  type Undone,
} from './errors/write-failures.js';
export {
  LSP_CONFIG_RULES,
  isFatalConfigError,
  missingReference,
  unreadableConfig,
  unusableConfig,
  unusableLspConfig,
  type ConfigDiagnostic,
  type LspConfigProblem,
} from './errors/config-failures.js';
export { diagnosticsTimedOut, projectTypeScriptUnloadable, requestTimedOut, sessionShutDown } from './errors/server-start-failures.js';
export type * from './ports/symbol-index.js';
export type * from './ports/file-system.js';
export type * from './ports/file-writer.js';
export type * from './ports/source-syntax.js';
export type * from './ports/server-syntax.js';
export type * from './ports/source-languages.js';
export type * from './ports/code-actions.js';
export type * from './ports/completions.js';
export { COMPLETION_KINDS, type CompletionKind } from './model/completion-kinds.js';
export type * from './ports/editor-settings.js';
export type * from './ports/clock.js';
export {
  DEPENDENCY_DIRECTORIES,
  SUPPORTED_EXTENSIONS,
  displayPath,
  isAbsolutePath,
  isDeclarationFile,
  isDependencyPath,
  isExternalPath,
  isInDependencyDirectory,
  isInNodeModules,
  isInsideRoot,
  isWorkspaceSource,
  isSupportedSourceFile,
  normalizePath,
  relativeToRoot,
  resolvePath,
} from './rules/paths.js';
export { LineIndex, type TextPosition, type Utf16Position } from './rules/text-positions.js';
export { checkNewName, isIdentifierText, type NameCheck } from './rules/identifiers.js';
export { quoted } from './rules/brief-text.js';
export { countBySeverity, formatDiagnosticCode, severityOf, type DiagnosticCategory, type SeverityCounts } from './rules/severity.js';
export { applyLimit, compareLocations, compareReferences, compareStrings, type Limited } from './rules/ordering.js';
export { applyEdits, type EditOutcome } from './rules/text-edits.js';
export { EditMap } from './rules/edit-map.js';
export { mergeCallEdges } from './rules/call-edges.js';
export { dedupeSpans, spanKey } from './rules/spans.js';
export { simulationParts, type SimulationPart } from './rules/simulation-parts.js';
export { dependentsOf, type DependencyFacts } from './rules/dependents.js';
export { MAX_WORKSPACE_DIRECTORIES, workspaceTooLarge } from './rules/workspace-limits.js';
export { publicApiChanges } from './rules/public-api.js';
export { compilerReport, type CompilerReport } from './rules/compilers.js';
export { isOfferedKind, kindWithin, touchesRange } from './rules/code-action-kinds.js';
export {
  chosenFix,
  chosenRefactor,
  offeredTsActions,
  parseTsActionRef,
  ORGANIZE_IMPORTS_TITLE,
  type TsActionRef,
  type TsDiagnosticFact,
  type TsFixFact,
  type TsRefactorFact,
} from './rules/typescript-actions.js';
export { decodeActionId, encodeActionId, textHash, type ActionAddress } from './rules/action-ids.js';
export { detectIndentation, formatSettings } from './rules/format-settings.js';
export type { BridgePorts } from './use-cases/ports.js';
export { planRename, type RenamePlan } from './use-cases/rename-plan.js';
export { simulateRename } from './use-cases/rename-simulation.js';
export { renameConflicts, newErrors, type RenameConflict } from './rules/rename-conflicts.js';
export { unreachedPackages } from './rules/package-reach.js';
export { projectDiagnostics, type DiagnosticsBudget } from './use-cases/project-diagnostics.js';
export { serviceRefusal } from './rules/diagnostics-budget.js';
export { isTestPath } from './rules/test-code.js';
export { formatNodeId, parseNodeId, NODE_ID_EXAMPLE, type NodeIdParts } from './rules/node-ids.js';
export { defineOperation } from './catalogue/operation.js';
export { FILE_OF_CALL, type FileMethod } from './ports/symbol-index-routing.js';
export { resolveWorkspace } from './use-cases/resolve-target.js';
export { diagnoseSetup } from './setup/setup-report.js';
