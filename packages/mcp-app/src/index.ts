export { createBridgeServer, instructions, SERVER_INFO, type ServerOptions } from './server.js';
export { loadTools, TOOL_NAMES } from './tools/all-tools.js';
export { parseServerArgs, usage, type ServerArgs } from './server-args.js';
export type { ToolDefinition } from './tools/tool-definition.js';
