export { LspSymbolIndex, type LspSymbolIndexOptions } from './lsp-symbol-index.js';
export {
  customServer,
  serverSpecByName,
  tsgoServer,
  workspaceNativeServer,
  typescriptLanguageServer,
  type LspServerName,
  type ServerSpec,
} from './connection/server-spec.js';
export { MAX_RESTARTS, RESTART_WINDOW_MS } from './connection/server-session.js';
export { shippedNative, shippedTsserver, type ShippedCompiler } from './connection/installed-versions.js';
