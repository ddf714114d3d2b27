/** Start-up configuration, from the environment and the command line. */
import { isAbsolute } from 'node:path';
import { DEFAULT_DIAGNOSTICS_BUDGET_MS, DEFAULT_MAX_FILE_BYTES } from '@mcp-lsp-bridge/domain/front';
// Not the package's index: a CLI command answered by the background server loads this, and
// the index loads the whole file writer (issue 25).
import { STATE_DIR_SETTING, stateDirectories } from '@mcp-lsp-bridge/fs-adapter/state-directory';

/**
 * `auto` (the default): each project is answered by its own compiler, in process for a
 * `typescript` with the JavaScript API, over its native server for TypeScript 7 and later.
 * `tsservice` and `lsp` force one way of running the compiler for every project.
 */
export const BACKENDS = ['auto', 'tsservice', 'lsp'] as const;
export type Backend = (typeof BACKENDS)[number];

/** `LSP_BRIDGE_TYPESCRIPT`: the project's own `typescript` where the backend can run it (the default), or always the bundled one. */
export const TYPESCRIPT_SOURCES = ['workspace', 'bundled'] as const;
export type TypeScriptSource = (typeof TYPESCRIPT_SOURCES)[number];

/** The language servers the `lsp` backend can run. */
export const LSP_SERVERS = ['typescript-language-server', 'tsgo'] as const;
export type LspServer = (typeof LSP_SERVERS)[number];

/** Settings of the `lsp` backend. */
export interface LspConfig {
  /** Which server to run (`LSP_BRIDGE_LSP_SERVER`). */
  readonly server: LspServer;
  /** A custom server command line instead (`LSP_BRIDGE_LSP_COMMAND`, a JSON array of strings). */
  readonly command: readonly string[] | undefined;
  /** One LSP request unanswered after this long fails (`LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS`). */
  readonly requestTimeoutMs: number;
  /** A server unused this long is stopped (`LSP_BRIDGE_LSP_IDLE_TIMEOUT_MS`). */
  readonly idleTimeoutMs: number;
  /** Language servers running at once, one per workspace root (`LSP_BRIDGE_LSP_MAX_SERVERS`). */
  readonly maxServers: number;
}

/** Freshness from file-system events. */
export interface WatchConfig {
  /** Watch the workspace instead of checking every file on every call (`LSP_BRIDGE_WATCH`, on by default; Linux only). */
  readonly enabled: boolean;
  /** A burst of this many events is taken for lost events and answered by one stat scan (`LSP_BRIDGE_WATCH_BURST_LIMIT`; default: half the kernel's queue). */
  readonly burstLimit: number | undefined;
}

export interface BridgeConfig {
  readonly backend: Backend;
  /** Whose `typescript` answers: the project's own (`workspace`) or the bridge's (`bundled`). */
  readonly typescript: TypeScriptSource;
  /** How many language-service projects stay warm at once. */
  readonly maxProjects: number;
  /** Files larger than this are not loaded. */
  readonly maxFileBytes: number;
  readonly logLevel: 'error' | 'info' | 'debug';
  /** A call still running after this long fails with LANGUAGE_SERVER_ERROR (timed out). */
  readonly requestTimeoutMs: number;
  /** Project-wide diagnostics start no file after this long, on every backend (`LSP_BRIDGE_DIAGNOSTICS_BUDGET_MS`). */
  readonly diagnosticsBudgetMs: number;
  readonly watch: WatchConfig;
  /**
   * Where the per-user state (the journals that make an interrupted write recoverable) may
   * live, in order of preference: `LSP_BRIDGE_STATE_DIR`, else `$XDG_STATE_HOME/mcp-lsp-bridge`,
   * `~/.local/state/mcp-lsp-bridge`, `<tmpdir>/mcp-lsp-bridge-<uid>/state`.
   */
  readonly stateDirectories: readonly string[];
  readonly lsp: LspConfig;
  /** A `.lsp.json` to use for every workspace instead of `<workspaceRoot>/.lsp.json` (`LSP_BRIDGE_CONFIG`). */
  readonly languageConfig: string | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: Readonly<Record<string, string | undefined>>): BridgeConfig {
  const backend = setting(env, 'LSP_BRIDGE_BACKEND') ?? 'auto';
  if (!isBackend(backend)) {
    throw new ConfigError(`Unknown LSP_BRIDGE_BACKEND "${backend}". Supported backends: ${BACKENDS.join(', ')}.`);
  }
  const typescript = setting(env, 'LSP_BRIDGE_TYPESCRIPT') ?? 'workspace';
  if (!(TYPESCRIPT_SOURCES as readonly string[]).includes(typescript)) {
    throw new ConfigError(
      `Unknown LSP_BRIDGE_TYPESCRIPT "${typescript}". Use workspace (the project's own typescript, the default) or bundled (the bridge's).`,
    );
  }
  const logLevel = setting(env, 'LSP_BRIDGE_LOG_LEVEL') ?? 'error';
  if (logLevel !== 'error' && logLevel !== 'info' && logLevel !== 'debug') {
    throw new ConfigError(`Unknown LSP_BRIDGE_LOG_LEVEL "${logLevel}". Use error, info or debug.`);
  }
  return {
    backend,
    typescript: typescript as TypeScriptSource,
    maxProjects: positiveInt(env, 'LSP_BRIDGE_MAX_PROJECTS', 8),
    maxFileBytes: positiveInt(env, 'LSP_BRIDGE_MAX_FILE_BYTES', DEFAULT_MAX_FILE_BYTES),
    logLevel,
    requestTimeoutMs: positiveInt(env, 'LSP_BRIDGE_REQUEST_TIMEOUT_MS', 120_000),
    diagnosticsBudgetMs: positiveInt(env, 'LSP_BRIDGE_DIAGNOSTICS_BUDGET_MS', DEFAULT_DIAGNOSTICS_BUDGET_MS),
    watch: loadWatchConfig(env),
    stateDirectories: stateDirectoriesOf(env),
    lsp: loadLspConfig(env),
    languageConfig: env['LSP_BRIDGE_CONFIG'] === '' ? undefined : env['LSP_BRIDGE_CONFIG'],
  };
}

function loadWatchConfig(env: Readonly<Record<string, string | undefined>>): WatchConfig {
  const setting = (env['LSP_BRIDGE_WATCH'] ?? 'on').toLowerCase();
  if (!['on', 'off', '1', '0', 'true', 'false', ''].includes(setting)) {
    throw new ConfigError(`Unknown LSP_BRIDGE_WATCH "${env['LSP_BRIDGE_WATCH'] ?? ''}". Use on or off.`);
  }
  const burstLimit = env['LSP_BRIDGE_WATCH_BURST_LIMIT'];
  return {
    enabled: setting !== 'off' && setting !== '0' && setting !== 'false',
    burstLimit: burstLimit === undefined || burstLimit === '' ? undefined : positiveInt(env, 'LSP_BRIDGE_WATCH_BURST_LIMIT', 1),
  };
}

function loadLspConfig(env: Readonly<Record<string, string | undefined>>): LspConfig {
  const server = setting(env, 'LSP_BRIDGE_LSP_SERVER') ?? 'typescript-language-server';
  if (!(LSP_SERVERS as readonly string[]).includes(server)) {
    throw new ConfigError(`Unknown LSP_BRIDGE_LSP_SERVER "${server}". Supported servers: ${LSP_SERVERS.join(', ')}.`);
  }
  return {
    server: server as LspServer,
    command: commandLine(env['LSP_BRIDGE_LSP_COMMAND']),
    requestTimeoutMs: positiveInt(env, 'LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS', 60_000),
    idleTimeoutMs: positiveInt(env, 'LSP_BRIDGE_LSP_IDLE_TIMEOUT_MS', 10 * 60_000),
    maxServers: positiveInt(env, 'LSP_BRIDGE_LSP_MAX_SERVERS', 4),
  };
}

function commandLine(raw: string | undefined): readonly string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((part): part is string => typeof part === 'string' && part !== '')) {
    throw new ConfigError(
      `LSP_BRIDGE_LSP_COMMAND must be a JSON array of strings (the command and its arguments), got ${JSON.stringify(raw)}.`,
    );
  }
  return parsed;
}

function stateDirectoriesOf(env: Readonly<Record<string, string | undefined>>): readonly string[] {
  const explicit = env[STATE_DIR_SETTING];
  if (explicit !== undefined && explicit !== '' && !isAbsolute(explicit)) {
    throw new ConfigError(`${STATE_DIR_SETTING} must be an absolute path, got "${explicit}".`);
  }
  return stateDirectories(env);
}

function isBackend(value: string): value is Backend {
  return (BACKENDS as readonly string[]).includes(value);
}

/** A setting's value; an empty one is unset, as for every setting (`LSP_BRIDGE_BACKEND=` runs the default). */
function setting(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const raw = env[name];
  return raw === '' ? undefined : raw;
}

function positiveInt(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive integer, got "${raw}".`);
  return value;
}
