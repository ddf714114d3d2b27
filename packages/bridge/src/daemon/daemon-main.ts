#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { backgroundServerSettings } from '@mcp-lsp-bridge/domain';
import { loadConfig } from '../config.js';
import { createBridge } from '../create-bridge.js';
import { stderrLogger } from '../logger.js';
import { PRODUCT_VERSION } from '../product-version.js';
import { daemonFiles, daemonProgram, removeFile } from './daemon-paths.js';
import { ANOTHER_LINE, DAEMON_PROTOCOL, READY_LINE } from './daemon-protocol.js';
import { DaemonServer, STOPPING } from './daemon-server.js';
import { daemonIdleMs } from './daemon-settings.js';

/**
 * A background server of MCP-LSP Bridge: started by a front (the CLI, an MCP server) that
 * found none for its workspace, never by hand. Its stdout tells the starter it listens; its
 * stderr is its log, beside its socket.
 */
const { values } = parseArgs({ options: { socket: { type: 'string' }, root: { type: 'string' }, log: { type: 'string' } }, strict: true });
const { socket, root, log } = values;
if (socket === undefined || root === undefined || log === undefined) {
  process.stderr.write('mcp-lsp-bridge daemon: --socket, --root and --log are required\n');
  process.exit(2);
}

const files = daemonFiles(dirname(socket), basename(socket, '.sock'));
const config = loadConfig(process.env);
const bridge = createBridge({ env: process.env, logger: stderrLogger(config.logLevel) });
const server = new DaemonServer({
  files,
  logFile: log,
  identity: {
    root,
    backend: config.backend,
    settings: Object.fromEntries(backgroundServerSettings({ ...process.env, LSP_BRIDGE_BACKEND: config.backend })),
    program: daemonProgram(),
    version: PRODUCT_VERSION,
    protocol: DAEMON_PROTOCOL,
    idleMs: daemonIdleMs(process.env),
  },
  bridge,
  log: (line) => process.stderr.write(`${line}\n`),
});

/** The log of a server that stopped cleanly and had nothing else to say is not kept: only a trace of trouble is. */
function removeQuietLog(path: string): void {
  try {
    const lines = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    if (lines.every((line) => line.startsWith(STOPPING))) removeFile(path);
  } catch {
    // Gone already.
  }
}

/** Tells the front that started this process that it may connect, and lets go of the pipe. */
function announce(line: string): void {
  process.stdout.write(`${line}\n`, () => process.stdout.destroy());
}

// A bug in one call must not take the server down for every front.
process.on('uncaughtException', (error) => process.stderr.write(`mcp-lsp-bridge daemon: uncaught: ${error.stack ?? error.message}\n`));
process.on('unhandledRejection', (reason) => process.stderr.write(`mcp-lsp-bridge daemon: unhandled rejection: ${String(reason)}\n`));
process.on('SIGTERM', () => void server.stop('SIGTERM'));
process.on('SIGINT', () => void server.stop('SIGINT'));

server.start().then(
  async (outcome) => {
    announce(outcome === 'listening' ? READY_LINE : ANOTHER_LINE);
    if (outcome === 'another') {
      await bridge.dispose();
      process.exit(0);
    }
    await server.done;
    removeQuietLog(log);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`mcp-lsp-bridge daemon: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
