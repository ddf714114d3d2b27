import {
  ConfigError,
  createContainer,
  disposeContainer,
  loadConfig,
  stderrLogger,
  tokens,
  type BridgeConfig,
} from '@mcp-lsp-bridge/bridge';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ToolDefinition, toolsModule } from './di/tools.module.js';
import { createBridgeServer } from './server.js';

function configOrExit(): BridgeConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`mcp-lsp-bridge: ${error.message}\n`);
    process.exit(2);
  }
}

/** The composition root: configuration, the backend, the chosen tools, the stdio transport. */
export async function serve(toolNames: readonly string[]): Promise<void> {
  const config = configOrExit();
  const logger = stderrLogger(config.logLevel);
  const container = await createContainer(config, logger, toolsModule(toolNames));
  const server = createBridgeServer(container.getAll(ToolDefinition), container.get(tokens.BridgePorts), logger, {
    requestTimeoutMs: config.requestTimeoutMs,
  });

  let closing = false;
  const shutdown = async (reason: string): Promise<void> => {
    if (closing) return;
    closing = true;
    logger.info(`shutting down (${reason})`);
    await disposeContainer(container);
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
  logger.info(`ready (backend ${config.backend}, ${toolNames.length} tools)`);
}
