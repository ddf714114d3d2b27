export { createBridgeServer, SERVER_INFO, type ServerOptions } from './server.js';
export { createContainer } from './di/container.js';
export { loadConfig, ConfigError, BACKENDS, type AppConfig, type Backend } from './config.js';
export type { ToolDefinition, ToolContext } from './tools/tool-definition.js';
