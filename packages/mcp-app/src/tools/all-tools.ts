import {
  CALL_HIERARCHY,
  CHECK_EDITS,
  CODE_ACTIONS,
  COMPLETION,
  DOCUMENT_SYMBOLS,
  FIND_IMPLEMENTATIONS,
  FIND_REFERENCES,
  FORMAT_FILE,
  GET_DIAGNOSTICS,
  GO_TO_DEFINITION,
  GO_TO_TYPE_DEFINITION,
  HOVER,
  IMPACT,
  RENAME_SYMBOL,
  REPLACE_SYMBOL_BODY,
  SAFE_DELETE,
  TYPE_HIERARCHY,
  WORKSPACE_SYMBOLS,
  OPERATION_NAMES,
  type OperationName,
} from '@mcp-lsp-bridge/domain/front';
import type { ToolDefinition } from './tool-definition.js';

/**
 * Each operation's tool, imported when a server offers it: a server that offers some tools
 * (`--tools`, the default preset) never loads the schemas and descriptions of the others.
 * The mapped type makes an operation without its tool a compile error.
 */
const TOOLS: { readonly [Name in OperationName]: () => Promise<ToolDefinition> } = {
  [CALL_HIERARCHY]: async () => (await import('./call-hierarchy.tool.js')).callHierarchyTool,
  [CHECK_EDITS]: async () => (await import('./check-edits.tool.js')).checkEditsTool,
  [CODE_ACTIONS]: async () => (await import('./code-actions.tool.js')).codeActionsTool,
  [COMPLETION]: async () => (await import('./completion.tool.js')).completionTool,
  [DOCUMENT_SYMBOLS]: async () => (await import('./document-symbols.tool.js')).documentSymbolsTool,
  [FIND_IMPLEMENTATIONS]: async () => (await import('./find-implementations.tool.js')).findImplementationsTool,
  [FIND_REFERENCES]: async () => (await import('./find-references.tool.js')).findReferencesTool,
  [FORMAT_FILE]: async () => (await import('./format-file.tool.js')).formatFileTool,
  [GET_DIAGNOSTICS]: async () => (await import('./get-diagnostics.tool.js')).getDiagnosticsTool,
  [GO_TO_DEFINITION]: async () => (await import('./go-to-definition.tool.js')).goToDefinitionTool,
  [GO_TO_TYPE_DEFINITION]: async () => (await import('./go-to-type-definition.tool.js')).goToTypeDefinitionTool,
  [HOVER]: async () => (await import('./hover.tool.js')).hoverTool,
  [IMPACT]: async () => (await import('./impact.tool.js')).impactTool,
  [RENAME_SYMBOL]: async () => (await import('./rename-symbol.tool.js')).renameSymbolTool,
  [REPLACE_SYMBOL_BODY]: async () => (await import('./replace-symbol-body.tool.js')).replaceSymbolBodyTool,
  [SAFE_DELETE]: async () => (await import('./safe-delete.tool.js')).safeDeleteTool,
  [TYPE_HIERARCHY]: async () => (await import('./type-hierarchy.tool.js')).typeHierarchyTool,
  [WORKSPACE_SYMBOLS]: async () => (await import('./workspace-symbols.tool.js')).workspaceSymbolsTool,
};

/** Every operation's tool name, in the catalogue's order (the order a client lists them). */
export const TOOL_NAMES: readonly OperationName[] = OPERATION_NAMES;

/** The tools of `names` (tool names; others are ignored), in the catalogue's order. */
export function loadTools(names: readonly string[]): Promise<ToolDefinition[]> {
  return Promise.all(OPERATION_NAMES.filter((name) => names.includes(name)).map((name) => TOOLS[name]()));
}
