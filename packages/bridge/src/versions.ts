import { installedVersions } from '@mcp-lsp-bridge/lsp-adapter/installed-versions';
import { builtinServerVersions } from '@mcp-lsp-bridge/setup-adapter/server-versions';
import { PRODUCT_VERSION } from './product-version.js';

/**
 * What `--version` prints: the program and its version, the TypeScript versions it ships
 * (the bundled compilers; a project's own `typescript` answers for it where it has one), then
 * each built-in language's server: pyright's bundled version, clangd and gopls as found on
 * `env`'s PATH and as they say their version (or how to install them).
 */
export function versionLines(program: string, env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const installed = installedVersions();
  const missing = 'not installed';
  const servers = builtinServerVersions(env).map(({ language, server }) =>
    server.path === undefined
      ? `${server.name} ${missing} (${language}${server.install === undefined ? '' : `; ${server.install}`})`
      : `${server.name} ${server.version ?? 'of unknown version'} (${language}; ${server.kind === 'bundled' ? 'bundled' : server.path})`,
  );
  return [
    `${program} ${PRODUCT_VERSION}`,
    `typescript ${installed.typescript ?? missing} (bundled: projects without a typescript of their own, in process; the lsp backend's tsserver)`,
    `typescript-language-server ${installed.typescriptLanguageServer ?? missing} (the lsp backend)`,
    installed.typescriptNative === undefined
      ? `typescript-7 ${missing} (optional; only LSP_BRIDGE_LSP_SERVER=tsgo needs it)`
      : `typescript-7 ${installed.typescriptNative} (bundled native compiler: the lsp backend with LSP_BRIDGE_LSP_SERVER=tsgo)`,
    ...servers,
    "A project's own typescript (5.0 and later) answers for it unless LSP_BRIDGE_TYPESCRIPT=bundled.",
  ];
}
