import { OPERATION_NAMES } from '@mcp-lsp-bridge/domain/front';
import { callHierarchyTool } from './call-hierarchy.tool.js';
import { checkEditsTool } from './check-edits.tool.js';
import { codeActionsTool } from './code-actions.tool.js';
import { completionTool } from './completion.tool.js';
import { documentSymbolsTool } from './document-symbols.tool.js';
import { findImplementationsTool } from './find-implementations.tool.js';
import { findReferencesTool } from './find-references.tool.js';
import { formatFileTool } from './format-file.tool.js';
import { getDiagnosticsTool } from './get-diagnostics.tool.js';
import { goToDefinitionTool } from './go-to-definition.tool.js';
import { goToTypeDefinitionTool } from './go-to-type-definition.tool.js';
import { hoverTool } from './hover.tool.js';
import { impactTool } from './impact.tool.js';
import { renameSymbolTool } from './rename-symbol.tool.js';
import { replaceSymbolBodyTool } from './replace-symbol-body.tool.js';
import { safeDeleteTool } from './safe-delete.tool.js';
import type { ToolDefinition } from './tool-definition.js';
import { typeHierarchyTool } from './type-hierarchy.tool.js';
import { workspaceSymbolsTool } from './workspace-symbols.tool.js';

const DEFINED = [
  callHierarchyTool,
  checkEditsTool,
  codeActionsTool,
  completionTool,
  documentSymbolsTool,
  findImplementationsTool,
  findReferencesTool,
  formatFileTool,
  getDiagnosticsTool,
  goToDefinitionTool,
  goToTypeDefinitionTool,
  hoverTool,
  impactTool,
  renameSymbolTool,
  replaceSymbolBodyTool,
  safeDeleteTool,
  typeHierarchyTool,
  workspaceSymbolsTool,
];

/** Every operation's tool, in the catalogue's order (the order a client lists them). */
export const ALL_TOOLS: readonly ToolDefinition[] = OPERATION_NAMES.map((name) => {
  const tool = DEFINED.find((defined) => defined.name === name);
  // A new operation without its tool must not ship: the server's own tests load this module.
  if (tool === undefined) throw new Error(`The operation ${name} has no MCP tool: add tools/<name>.tool.ts and list it here`);
  return tool;
});

export const TOOL_NAMES: readonly string[] = ALL_TOOLS.map((tool) => tool.name);
