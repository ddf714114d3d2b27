/** Start-up configuration, from the environment and the command line. */

export const BACKENDS = ['tsservice'] as const;
export type Backend = (typeof BACKENDS)[number];

export interface BridgeConfig {
  readonly backend: Backend;
  /** How many language-service projects stay warm at once. */
  readonly maxProjects: number;
  /** Files larger than this are not loaded. */
  readonly maxFileBytes: number;
  readonly logLevel: 'error' | 'info' | 'debug';
  /** A call still running after this long fails with LANGUAGE_SERVER_ERROR (timed out). */
  readonly requestTimeoutMs: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: Readonly<Record<string, string | undefined>>): BridgeConfig {
  const backend = env['LSP_BRIDGE_BACKEND'] ?? 'tsservice';
  if (!isBackend(backend)) {
    throw new ConfigError(`Unknown LSP_BRIDGE_BACKEND "${backend}". Supported backends: ${BACKENDS.join(', ')}.`);
  }
  const logLevel = env['LSP_BRIDGE_LOG_LEVEL'] ?? 'error';
  if (logLevel !== 'error' && logLevel !== 'info' && logLevel !== 'debug') {
    throw new ConfigError(`Unknown LSP_BRIDGE_LOG_LEVEL "${logLevel}". Use error, info or debug.`);
  }
  return {
    backend,
    maxProjects: positiveInt(env, 'LSP_BRIDGE_MAX_PROJECTS', 8),
    maxFileBytes: positiveInt(env, 'LSP_BRIDGE_MAX_FILE_BYTES', 10 * 1024 * 1024),
    logLevel,
    requestTimeoutMs: positiveInt(env, 'LSP_BRIDGE_REQUEST_TIMEOUT_MS', 120_000),
  };
}

function isBackend(value: string): value is Backend {
  return (BACKENDS as readonly string[]).includes(value);
}

function positiveInt(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive integer, got "${raw}".`);
  return value;
}
