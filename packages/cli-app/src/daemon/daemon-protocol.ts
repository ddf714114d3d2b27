import type { Bridge } from '@mcp-lsp-bridge/bridge';

/** The operations a background server runs: the `Bridge` methods, by name. */
export const DAEMON_OPERATIONS = [
  'findReferences',
  'goToDefinition',
  'renameSymbol',
  'getDiagnostics',
  'hover',
  'documentSymbols',
  'workspaceSymbols',
  'findImplementations',
  'callHierarchy',
  'replaceSymbolBody',
] as const satisfies readonly (keyof Bridge)[];

export type DaemonOperation = (typeof DAEMON_OPERATIONS)[number];

/** Progress of the call in flight on this connection (project-wide diagnostics). */
export const PROGRESS_NOTIFICATION = 'progress';

/** What the background server writes on its stdout once it listens: the CLI waits for it. */
export const READY_LINE = 'ready';
