import { describe } from 'vitest';

export type Backend = string;

/**
 * Backends under test, each of which passes the whole contract suite: `auto` (the default: each
 * project's own compiler, the bundled one for fixtures without), `tsservice`, `lsp`
 * (typescript-language-server) and `tsgo` (the lsp backend over TypeScript 7's native server).
 * `E2E_BACKENDS=tsservice,lsp` narrows the run.
 */
export const backends: readonly Backend[] = (process.env['E2E_BACKENDS'] ?? 'auto,tsservice,lsp,tsgo')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');

/** The environment that selects a backend of the suite in the server. */
export function backendEnvironment(backend: Backend): Record<string, string> {
  if (backend === 'tsgo') return { LSP_BRIDGE_BACKEND: 'lsp', LSP_BRIDGE_LSP_SERVER: 'tsgo' };
  return { LSP_BRIDGE_BACKEND: backend };
}

/** Registers the same scenarios once per backend, in a `describe` named after it. */
export function forEachBackend(body: (backend: Backend) => void): void {
  describe.each(backends.map((backend) => [backend]))('backend %s', body);
}
