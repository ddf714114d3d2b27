#!/usr/bin/env node
import { removeSocket } from './daemon-paths.js';
import { parseArgs } from 'node:util';
import { runDaemon } from './daemon-server.js';

/**
 * The background server of `lsp-bridge`: started by the CLI, never by hand. It answers the
 * CLI's calls over a Unix socket until it has been idle for a while, then exits.
 */
const { values } = parseArgs({ options: { socket: { type: 'string' }, 'idle-ms': { type: 'string' } }, strict: true });
const socket = values.socket;
if (socket === undefined) {
  process.stderr.write('lsp-bridge daemon: --socket is required\n');
  process.exit(2);
}
const idleMs = Number(values['idle-ms'] ?? process.env['LSP_BRIDGE_DAEMON_IDLE_MS'] ?? 15 * 60_000);

runDaemon({ socket, idleMs: Number.isFinite(idleMs) && idleMs > 0 ? idleMs : 15 * 60_000 }).then(
  (outcome) => process.exit(outcome === 'served' ? 0 : 0),
  (error: unknown) => {
    process.stderr.write(`lsp-bridge daemon: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    removeSocket(socket);
    process.exit(1);
  },
);
