import type { WorkspaceOptions } from '@mcp-lsp-bridge/workspace';
import type { BridgeConfig } from '../config.js';

/** The workspace's settings: the size limit, and its watch (an unset limit keeps the watcher's default). */
export function workspaceOptions(config: BridgeConfig, log: (message: string) => void): WorkspaceOptions {
  const { enabled, burstLimit } = config.watch;
  return { maxFileBytes: config.maxFileBytes, watch: burstLimit === undefined ? { enabled, log } : { enabled, burstLimit, log } };
}
