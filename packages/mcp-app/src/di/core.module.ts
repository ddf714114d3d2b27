import { NodeFileSystem, AtomicFileWriter } from '@mcp-lsp-bridge/fs-adapter';
import { ContainerModule } from 'inversify';
import { findReferencesTool } from '../tools/find-references.tool.js';
import { getDiagnosticsTool } from '../tools/get-diagnostics.tool.js';
import { goToDefinitionTool } from '../tools/go-to-definition.tool.js';
import { renameSymbolTool } from '../tools/rename-symbol.tool.js';
import * as T from './tokens.js';

/** What every backend shares: the file system ports, the ports bundle and the tools. */
export const coreModule = new ContainerModule(({ bind }) => {
  bind(T.FileSystem).toConstantValue(new NodeFileSystem());
  bind(T.FileWriter).toConstantValue(new AtomicFileWriter());
  bind(T.BridgePorts)
    .toDynamicValue((ctx) => ({ symbols: ctx.get(T.SymbolIndex), files: ctx.get(T.FileSystem), writer: ctx.get(T.FileWriter) }))
    .inSingletonScope();
  for (const tool of [findReferencesTool, goToDefinitionTool, renameSymbolTool, getDiagnosticsTool]) {
    bind(T.ToolDefinition).toConstantValue(tool);
  }
});
