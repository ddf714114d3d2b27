// @ts-check
// Never run; only type-checked. Each @ts-expect-error fails the check if the built
// declarations stopped resolving (the types would silently become `any`).
import { BACKENDS, createBridge } from '@mcp-lsp-bridge/bridge';

/** @param {import('@mcp-lsp-bridge/bridge').Bridge} bridge */
export async function declarationsResolve(bridge) {
  // @ts-expect-error line is a number
  await bridge.findReferences({ workspaceRoot: '/w', filePath: 'a.ts', line: '1', column: 1 });
  const diagnostics = await bridge.getDiagnostics({ workspaceRoot: '/w' }, { onProgress: ({ done, total }) => void (done / total) });
  /** @type {number} */
  const errors = diagnostics.success ? diagnostics.errorCount : diagnostics.error.code.length;
  // @ts-expect-error not a backend
  createBridge({ backend: 'clangd' });
  /** @type {readonly string[]} */
  const backends = BACKENDS;
  await using disposed = createBridge({ env: {} });
  return { errors, backends, config: disposed.config.requestTimeoutMs };
}
