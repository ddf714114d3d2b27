export { createBridgeServer, SERVER_INFO, type ServerOptions } from './server.js';
export { ToolDefinition as ToolDefinitionToken, toolsModule } from './di/tools.module.js';
export type { ToolDefinition, ToolContext } from './tools/tool-definition.js';
