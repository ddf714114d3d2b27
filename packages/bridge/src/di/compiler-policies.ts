import type { CompilerPolicy, CompilerRuntime } from '@mcp-lsp-bridge/domain';
import { shippedNative, shippedTsserver } from '@mcp-lsp-bridge/lsp-adapter/installed-versions';
import { BUNDLED_JS_COMPILER } from '@mcp-lsp-bridge/ts-workspace';
import type { BridgeConfig } from '../config.js';

/**
 * The bundled compiler that answers, under `auto`, a project without a `typescript` of its own
 * (a JavaScript-only project, or one not installed yet): TypeScript 5.9 in process. It passes
 * the whole contract suite as the reference, answers warm calls fastest through MCP and needs
 * no process; TypeScript 7's native server is faster cold and for whole-project checks but is
 * an optional dependency (docs/backends.md, docs/performance.md).
 */
export const AUTO_FALLBACK: CompilerRuntime = 'js';

/** `LSP_BRIDGE_BACKEND=auto`: a project's own compiler whichever way it runs, else the bundled fallback. */
export function autoPolicy(config: BridgeConfig): CompilerPolicy {
  const native = shippedNative();
  return {
    typescript: config.typescript,
    runtimes: ['js', 'native'],
    bundled: { js: BUNDLED_JS_COMPILER, ...(native === undefined ? {} : { native }) },
    // Without the optional native compiler, the one that is always there.
    fallback: native === undefined ? 'js' : AUTO_FALLBACK,
    backendLabel: 'LSP_BRIDGE_BACKEND=auto',
  };
}

/** The in-process backend's part of `auto` (and of a TypeScript 7 project it is asked about across projects). */
export function inProcessPolicy(config: BridgeConfig, backendLabel: string): CompilerPolicy {
  return { typescript: config.typescript, runtimes: ['js'], bundled: { js: BUNDLED_JS_COMPILER }, fallback: 'js', backendLabel };
}

/**
 * `LSP_BRIDGE_BACKEND=lsp`: its pinned server's compiler for every project (typescript-language-server
 * runs the bundled tsserver, tsgo the bundled TypeScript 7); a custom server's cannot be told.
 */
export function lspPolicy(config: BridgeConfig): CompilerPolicy | undefined {
  if (config.lsp.command !== undefined) return undefined;
  const native = config.lsp.server === 'tsgo';
  const compiler = native ? shippedNative() : shippedTsserver();
  if (compiler === undefined) return undefined;
  return {
    typescript: config.typescript,
    runtimes: [],
    bundled: native ? { native: compiler } : { js: compiler },
    fallback: native ? 'native' : 'js',
    backendLabel: native ? 'LSP_BRIDGE_BACKEND=lsp with LSP_BRIDGE_LSP_SERVER=tsgo' : 'LSP_BRIDGE_BACKEND=lsp',
  };
}
