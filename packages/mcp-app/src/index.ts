export { createBridgeServer, instructions, SERVER_INFO, type ServerOptions } from './server.js';
export { ALL_TOOLS, TOOL_NAMES, ToolDefinition as ToolDefinitionToken, toolsModule } from './di/tools.module.js';
export { parseServerArgs, usage, type ServerArgs } from './server-args.js';
export type { ToolDefinition, ToolContext } from './tools/tool-definition.js';
