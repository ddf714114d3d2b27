import { ConfigError } from '../config.js';

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * A background server exits after this long without a call: 30 minutes. It now serves agent
 * conversations as well as terminals, and an agent pauses between tool calls for longer than
 * a user between two commands (reading, editing, waiting for a test run); since every front
 * of a workspace shares one server, what it holds is one copy per root, not one per client,
 * and `lsp-bridge daemon stop` frees it at once.
 */
export const DEFAULT_DAEMON_IDLE_MS = 30 * 60_000;

/** `LSP_BRIDGE_DAEMON_IDLE_MS`; throws `ConfigError` when it is not a positive integer. */
export function daemonIdleMs(env: Environment): number {
  const raw = env['LSP_BRIDGE_DAEMON_IDLE_MS'];
  if (raw === undefined || raw === '') return DEFAULT_DAEMON_IDLE_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`LSP_BRIDGE_DAEMON_IDLE_MS must be a positive integer, got "${raw}".`);
  return value;
}
