export { BACKENDS, ConfigError, TYPESCRIPT_SOURCES, loadConfig, type Backend, type BridgeConfig, type TypeScriptSource } from './config.js';
export { stderrLogger, type Logger } from './logger.js';
export { deadlineSignal } from './deadline-signal.js';
export { InFlightCalls } from './in-flight-calls.js';
export { processWorkspaceWrites, WorkspaceWrites } from './workspace-writes.js';
export { createContainer, disposeContainer } from './di/container.js';
export * as tokens from './di/tokens.js';
export * from './create-bridge.js';
export { PRODUCT_VERSION, versionLines } from './versions.js';
