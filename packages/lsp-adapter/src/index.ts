export { LspSymbolIndex, type LspSymbolIndexOptions } from './lsp-symbol-index.js';
export { MAX_RESTARTS, RESTART_WINDOW_MS } from './connection/server-session.js';
export * from './profiles.js';
