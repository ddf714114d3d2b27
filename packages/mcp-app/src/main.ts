#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError, loadConfig } from './config.js';
import { createContainer } from './di/container.js';
import * as T from './di/tokens.js';
import { stderrLogger } from './logger.js';
import { createBridgeServer } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`mcp-lsp-bridge: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = stderrLogger(config.logLevel);
  const container = createContainer(config, logger);
  const server = createBridgeServer(container.getAll(T.ToolDefinition), container.get(T.BridgePorts), logger, {
    requestTimeoutMs: config.requestTimeoutMs,
  });

  let closing = false;
  const shutdown = async (reason: string): Promise<void> => {
    if (closing) return;
    closing = true;
    logger.info(`shutting down (${reason})`);
    for (const disposable of container.getAll(T.Disposable)) await disposable.dispose();
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  // A bug in one call must not take the server down for the next one.
  process.on('uncaughtException', (error) => logger.error(`uncaught: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) => logger.error(`unhandled rejection: ${String(reason)}`));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.stdin.on('end', () => void shutdown('stdin closed'));
  process.stdin.on('close', () => void shutdown('stdin closed'));

  await server.connect(new StdioServerTransport());
  logger.info(`ready (backend ${config.backend})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`mcp-lsp-bridge: fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
