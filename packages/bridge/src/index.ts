// What the fronts need to start, then the rest.
export * from './front.js';
export { processWorkspaceWrites, WorkspaceWrites } from './workspace-writes.js';
export { createContainer, disposeContainer } from './di/container.js';
export * as tokens from './di/tokens.js';
export { versionLines } from './versions.js';
export { findExecutable } from '@mcp-lsp-bridge/lsp-adapter/server-locations';
