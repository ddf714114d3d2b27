import type { ServiceIdentifier } from 'inversify';
import { ContainerModule } from 'inversify';
import { findReferencesTool } from '../tools/find-references.tool.js';
import { getDiagnosticsTool } from '../tools/get-diagnostics.tool.js';
import { goToDefinitionTool } from '../tools/go-to-definition.tool.js';
import { renameSymbolTool } from '../tools/rename-symbol.tool.js';
import type { ToolDefinition as Tool } from '../tools/tool-definition.js';

/** Multi-binding: every tool the server offers. Adding a tool is adding a binding here. */
export const ToolDefinition: ServiceIdentifier<Tool> = Symbol('ToolDefinition');

export const toolsModule = new ContainerModule(({ bind }) => {
  for (const tool of [findReferencesTool, goToDefinitionTool, renameSymbolTool, getDiagnosticsTool]) {
    bind(ToolDefinition).toConstantValue(tool);
  }
});
