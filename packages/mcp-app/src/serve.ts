import {
  ConfigError,
  createBridge,
  InFlightCalls,
  loadConfig,
  recoverWritesAtStart,
  stderrLogger,
  type Bridge,
  type Logger,
} from '@mcp-lsp-bridge/bridge/front';
import { backgroundFront, prepareBackgroundCalls } from '@mcp-lsp-bridge/bridge/daemon';
import { backgroundServerWanted } from '@mcp-lsp-bridge/domain/front';
import { AnswerTrackingTransport } from './answer-tracking-transport.js';
import { loadTools } from './tools/all-tools.js';
import { createBridgeServer } from './server.js';

function orExit<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`mcp-lsp-bridge: ${error.message}\n`);
    process.exit(2);
  }
}

/** How long a shutdown waits for cancelled calls to answer; a write in progress is always waited for. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface ServeOptions {
  /** `--no-daemon`: every call in this process. */
  readonly noDaemon: boolean;
}

/**
 * Where the calls run: each in the background server of its workspace, which this MCP
 * server shares with the others and with lsp-bridge commands on that workspace (so a new
 * conversation finds it loaded); in this process with `--no-daemon`, `LSP_BRIDGE_DAEMON=off`,
 * under `CI=true`, and for a call whose root is not a directory or whose server cannot be used.
 */
function bridgeFor(background: boolean, logger: Logger): Bridge {
  // The backend loads on the first call it answers: tools/list answers before TypeScript is loaded.
  const inProcess = (): Bridge => createBridge({ env: process.env, logger });
  if (!background) return inProcess();
  return orExit(() => backgroundFront({ env: process.env, inProcess, log: (line) => logger.error(line) }));
}

/** The composition root: configuration, where calls run, the chosen tools, the stdio transport. */
export async function serve(toolNames: readonly string[], options: ServeOptions): Promise<void> {
  const config = orExit(() => loadConfig(process.env));
  const logger = stderrLogger(config.logLevel);
  const background = backgroundServerWanted(process.env, options.noDaemon);
  const bridge = bridgeFor(background, logger);
  const transport = new AnswerTrackingTransport();
  // The socket client loads once the tool list is out (not before: the start stays short), so
  // that a first call finds it loaded.
  if (background) transport.onToolsListed = () => setImmediate(prepareBackgroundCalls);
  const calls = new InFlightCalls();
  // Only the offered tools' modules load: their schemas, not the others'; their renderers with their first answer.
  const tools = await loadTools(toolNames);
  const server = createBridgeServer(tools, bridge.run, logger, {
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
    // Cancels what still runs, finishes a write that has begun, releases the language services.
    await bridge.dispose();
    await server.close().catch(() => undefined);
    await flushed(process.stdout);
    process.exit(0);
  };
  // A log stream whose reader is gone (the client died without closing our stdin first) fails
  // every write with EPIPE: unhandled, that failure is an uncaught exception, whose log line fails
  // again, forever (a server at 20% CPU long after its client). Logs are dropped instead.
  process.stderr.on('error', () => undefined);
  // A bug in one call must not take the server down for the next one.
  process.on('uncaughtException', (error) => logger.error(`uncaught: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) => logger.error(`unhandled rejection: ${String(reason)}`));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.stdin.on('end', () => void shutdown('stdin closed'));
  process.stdin.on('close', () => void shutdown('stdin closed'));

  // A write a killed server left half-done is put right before this one answers anything.
  await recoverWritesAtStart(config, logger);
  await server.connect(transport);
  logger.info(
    `ready (backend ${config.backend}, ${toolNames.length} tools, calls ${background ? 'in background servers where possible' : 'in process'})`,
  );
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
