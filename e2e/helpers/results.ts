import type { CodeActionsArgs, CodeActionsResult, FormatFileArgs, FormatFileResult } from './code-action-results.js';
import type { AddressArgs, SymbolToolArgs, SymbolToolResults } from './symbol-results.js';

/**
 * The FS-001 output shapes as the contract states them, plus the documented extras
 * (`symbolName`, `oldName`/`newName`, diagnostics `failures`). Declared here rather than
 * imported from the product: the suite checks the product against the contract.
 */

export type ReferenceType = 'declaration' | 'usage';
export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface ReferenceItem {
  filePath: string;
  line: number;
  column: number;
  codeSnippet: string;
  referenceType: ReferenceType;
}

export interface FailureItem {
  filePath: string;
  reason: string;
}

export interface FindReferencesResult {
  success: true;
  symbolName: string;
  references: ReferenceItem[];
  totalCount: number;
  /** Issue 16: the files of every reference found, before the limit. */
  fileCount: number;
  truncated: boolean;
  failures?: FailureItem[];
}

export interface DefinitionItem {
  filePath: string;
  line: number;
  column: number;
  codeSnippet: string;
  isExternal: boolean;
  /** Issue 5: the declaration's node id, when it is in the workspace. */
  nodeId?: string;
}

export interface GoToDefinitionResult {
  success: true;
  symbolName: string;
  definitions: DefinitionItem[];
}

export interface LineChange {
  line: number;
  oldText: string;
  newText: string;
}

export interface FileModification {
  filePath: string;
  changeCount: number;
  changes: LineChange[];
}

export interface RenameSymbolResult {
  success: true;
  oldName: string;
  newName: string;
  filesModified: FileModification[];
  totalChanges: number;
  applied: boolean;
  /** Issue 13: the workspace packages whose build output still has the old name. */
  rebuild?: string[];
  publicApi?: { package: string; entryPoint: string; before: string; after: string }[];
}

export interface CompilerItem {
  version: string;
  source: 'workspace' | 'bundled';
  path: string;
  note?: string;
  projects?: string[];
}

export interface DiagnosticItem {
  filePath: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
  codeSnippet: string;
  /** Issue 15: what produced it, as a language server other than TypeScript's names it. */
  source?: string;
}

export interface GetDiagnosticsResult {
  success: true;
  diagnostics: DiagnosticItem[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  hintCount: number;
  /** Issue 16: the files with a diagnostic of any severity. */
  fileCount: number;
  failures?: FailureItem[];
  /** Which compiler answered (issue 12): the file's, or the one of most projects. */
  compiler?: CompilerItem;
  /** Every compiler of a project-wide check when several answered. */
  compilers?: CompilerItem[];
}

/** FS-001.7's error codes plus the ones the bridge adds. */
export const ERROR_CODES = [
  'WORKSPACE_NOT_FOUND',
  'FILE_NOT_FOUND',
  'INVALID_POSITION',
  'NO_SYMBOL_AT_POSITION',
  'RENAME_CONFLICT',
  'CONFIG_NOT_FOUND',
  'LANGUAGE_SERVER_ERROR',
  'INVALID_INPUT',
  'PATH_OUTSIDE_WORKSPACE',
  'UNSUPPORTED_FILE_TYPE',
  'FILE_UNREADABLE',
  'INVALID_NEW_NAME',
  'SYMBOL_NOT_RENAMEABLE',
  'FILE_CHANGED',
  'WRITE_FAILED',
  'CANCELLED',
  'SYMBOL_NOT_FOUND',
  'AMBIGUOUS_SYMBOL',
  'INVALID_REPLACEMENT',
  'SYMBOL_IN_USE',
  'LANGUAGE_SERVER_NOT_FOUND',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ToolErrorResult {
  success: false;
  error: { code: string; message: string; resolution: string };
}

/** A position, or (issue 5) a symbol name or node id instead. */
export type PositionArgs = AddressArgs;

export interface FindReferencesArgs extends PositionArgs {
  includeNodeModules?: boolean;
  limit?: number;
}

export interface RenameSymbolArgs extends PositionArgs {
  newName: string;
  dryRun?: boolean;
}

export interface GetDiagnosticsArgs {
  workspaceRoot: string;
  filePath?: string;
  severity?: Severity[];
}

export interface CompletionResult {
  success: true;
  filePath: string;
  line: number;
  column: number;
  prefix: string;
  completions: { name: string; kind: string; type?: string; source?: string }[];
  totalCount: number;
  truncated: boolean;
  incomplete?: true;
  signatureHelp?: {
    signatures: { label: string; parameters: string[]; documentation?: string }[];
    activeSignature: number;
    activeParameter: number;
  };
}

/** safe_delete (issue 26) as docs/tools.md states it. */
export interface SafeDeleteResult {
  success: true;
  symbolName: string;
  filePath: string;
  /** The lines of each declaration removed, its doc comment included. */
  removed: { startLine: number; endLine: number }[];
  /** The imports only the deleted code used, removed with it. */
  importsRemoved: string[];
  applied: boolean;
}

export interface ToolResults extends SymbolToolResults {
  impact: ImpactResult;
  check_edits: CheckEditsResult;
  find_references: FindReferencesResult;
  go_to_definition: GoToDefinitionResult;
  go_to_type_definition: GoToDefinitionResult;
  completion: CompletionResult;
  rename_symbol: RenameSymbolResult;
  get_diagnostics: GetDiagnosticsResult;
  code_actions: CodeActionsResult;
  format_file: FormatFileResult;
  safe_delete: SafeDeleteResult;
}

export interface ToolArgs extends SymbolToolArgs {
  check_edits: {
    workspaceRoot: string;
    edits: { filePath: string; oldText?: string; newText: string }[];
    apply?: boolean;
    force?: boolean;
  };
  impact: PositionArgs & { startLine?: number; endLine?: number; depth?: number; limit?: number };
  find_references: FindReferencesArgs;
  go_to_definition: PositionArgs;
  go_to_type_definition: PositionArgs;
  completion: { workspaceRoot: string; filePath: string; line: number; column: number; prefix?: string; limit?: number };
  rename_symbol: RenameSymbolArgs;
  get_diagnostics: GetDiagnosticsArgs;
  code_actions: CodeActionsArgs;
  format_file: FormatFileArgs;
  safe_delete: PositionArgs & { dryRun?: boolean };
}

export type ToolName = keyof ToolResults;

/** Every tool of the server (`--tools all`), in the order it lists them. */
export const TOOL_NAMES: readonly ToolName[] = [
  'find_references',
  'go_to_definition',
  'go_to_type_definition',
  'completion',
  'rename_symbol',
  'get_diagnostics',
  'check_edits',
  'hover',
  'document_symbols',
  'workspace_symbols',
  'find_implementations',
  'call_hierarchy',
  'type_hierarchy',
  'impact',
  'safe_delete',
  'replace_symbol_body',
  'code_actions',
  'format_file',
];

/** The tools a server offers without --tools (its default preset): what an agent pays for by default. */
export const DEFAULT_TOOLS: readonly ToolName[] = [
  'find_references',
  'go_to_definition',
  'rename_symbol',
  'get_diagnostics',
  'check_edits',
  'hover',
  'document_symbols',
  'workspace_symbols',
  'impact',
  'replace_symbol_body',
];

/** The tools that write files. */
export const WRITING_TOOLS: readonly ToolName[] = [
  'rename_symbol',
  'check_edits',
  'safe_delete',
  'replace_symbol_body',
  'code_actions',
  'format_file',
];

export interface ImpactFile {
  filePath: string;
  count: number;
  lines: number[];
}

export interface ImpactSymbol {
  name: string;
  kind: string;
  nodeId?: string;
  filePath: string;
  line: number;
  column: number;
  referenceCount: number;
  testReferenceCount: number;
  fileCount: number;
  packages: { package: string; count: number; files: ImpactFile[] }[];
  tests: ImpactFile[];
  publicExports: { package: string; entryPoint: string; exportedName: string }[];
  callers: { name: string; kind: string; nodeId?: string; filePath: string; line: number; column: number; depth: number; test: boolean }[];
  callersUnavailable?: string;
  truncated: boolean;
}

export interface ImpactResult {
  success: true;
  symbols: ImpactSymbol[];
  totalReferences: number;
  truncated: boolean;
}

export interface CheckEditsResult {
  success: true;
  files: { filePath: string; startLine: number; linesRemoved: number; linesAdded: number }[];
  errorsAdded: DiagnosticItem[];
  errorsRemoved: DiagnosticItem[];
  filesChecked: number;
  notChecked?: { filePath: string; reason: string }[];
  applied: boolean;
  notApplied?: string;
}
