import { describe } from 'vitest';

export type Backend = string;

/** Backends under test: `E2E_BACKENDS=tsservice,lsp`; tsservice by default. */
export const backends: readonly Backend[] = (process.env['E2E_BACKENDS'] ?? 'tsservice')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');

/** Registers the same scenarios once per backend, in a `describe` named after it. */
export function forEachBackend(body: (backend: Backend) => void): void {
  describe.each(backends.map((backend) => [backend]))('backend %s', body);
}
