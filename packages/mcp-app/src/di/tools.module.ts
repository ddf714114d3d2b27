import type { ServiceIdentifier } from 'inversify';
import { ContainerModule } from 'inversify';
import { callHierarchyTool } from '../tools/call-hierarchy.tool.js';
import { documentSymbolsTool } from '../tools/document-symbols.tool.js';
import { findImplementationsTool } from '../tools/find-implementations.tool.js';
import { findReferencesTool } from '../tools/find-references.tool.js';
import { getDiagnosticsTool } from '../tools/get-diagnostics.tool.js';
import { goToDefinitionTool } from '../tools/go-to-definition.tool.js';
import { hoverTool } from '../tools/hover.tool.js';
import { renameSymbolTool } from '../tools/rename-symbol.tool.js';
import { replaceSymbolBodyTool } from '../tools/replace-symbol-body.tool.js';
import type { ToolDefinition as Tool } from '../tools/tool-definition.js';
import { workspaceSymbolsTool } from '../tools/workspace-symbols.tool.js';

/** Multi-binding: every tool the server offers. Adding a tool is adding a binding here. */
export const ToolDefinition: ServiceIdentifier<Tool> = Symbol('ToolDefinition');

/** Every tool, in the order a client lists them. */
export const ALL_TOOLS: readonly Tool[] = [
  findReferencesTool,
  goToDefinitionTool,
  renameSymbolTool,
  getDiagnosticsTool,
  hoverTool,
  documentSymbolsTool,
  workspaceSymbolsTool,
  findImplementationsTool,
  callHierarchyTool,
  replaceSymbolBodyTool,
];

export const TOOL_NAMES: readonly string[] = ALL_TOOLS.map((tool) => tool.name);

/** Binds the named tools (all of them by default); names are checked by `parseServerArgs` first. */
export function toolsModule(names: readonly string[] = TOOL_NAMES): ContainerModule {
  const selected = ALL_TOOLS.filter((tool) => names.includes(tool.name));
  return new ContainerModule(({ bind }) => {
    for (const tool of selected) bind(ToolDefinition).toConstantValue(tool);
  });
}
