import {
  ConfigError,
  createContainer,
  disposeContainer,
  InFlightCalls,
  loadConfig,
  stderrLogger,
  tokens,
  type BridgeConfig,
} from '@mcp-lsp-bridge/bridge';
import { AnswerTrackingTransport } from './answer-tracking-transport.js';
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

/** How long a shutdown waits for cancelled calls to answer; a write in progress is always waited for. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The composition root: configuration, the backend, the chosen tools, the stdio transport. */
export async function serve(toolNames: readonly string[]): Promise<void> {
  const config = configOrExit();
  const logger = stderrLogger(config.logLevel);
  const container = await createContainer(config, logger, toolsModule(toolNames));
  const transport = new AnswerTrackingTransport();
  const calls = new InFlightCalls();
  const server = createBridgeServer(container.getAll(ToolDefinition), container.get(tokens.BridgePorts), logger, {
    requestTimeoutMs: config.requestTimeoutMs,
    calls,
    answerWritten: (id, cancelled) => transport.answerWritten(id, cancelled),
  });

  let closing = false;
  /**
   * SIGTERM, SIGINT or the end of stdin: no new call starts; the running ones are cancelled
   * (a write that has begun replacing files is finished, or rolled back on a failure) and
   * answered; only then does the transport close and the process exit.
   */
  const shutdown = async (reason: string): Promise<void> => {
    if (closing) return;
    closing = true;
    logger.info(`shutting down (${reason})`);
    const settled = await calls.close(`the server is shutting down (${reason})`, SHUTDOWN_GRACE_MS);
    if (!settled) logger.error(`shutting down (${reason}) with calls still running after ${SHUTDOWN_GRACE_MS} ms`);
    await container.get(tokens.FileWriter).drain();
    await server.close().catch(() => undefined);
    await disposeContainer(container);
    await flushed(process.stdout);
    process.exit(0);
  };
  // A bug in one call must not take the server down for the next one.
  process.on('uncaughtException', (error) => logger.error(`uncaught: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) => logger.error(`unhandled rejection: ${String(reason)}`));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.stdin.on('end', () => void shutdown('stdin closed'));
  process.stdin.on('close', () => void shutdown('stdin closed'));

  await server.connect(transport);
  logger.info(`ready (backend ${config.backend}, ${toolNames.length} tools)`);
}

/** Resolves once everything written to `stream` so far is handed to the OS (bounded: a reader that stopped reading must not hold the exit). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    stream.write('', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
