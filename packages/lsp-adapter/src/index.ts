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
export { BUILTIN_PROFILES, C_CPP, GO, PYTHON } from './languages/builtin-profiles.js';
export {
  languageIdIn,
  type LanguageProfile,
  type LanguageFeatures,
  type Lexicon,
  type ServerLaunch,
} from './languages/language-profile.js';
export { ProfileSymbolIndex, type ProfileSymbolIndexOptions } from './languages/profile-symbol-index.js';
export { commandOf, findExecutable, profileServer } from './languages/profile-server.js';
export { CONFIG_FILE, CONFIG_SETTING, GENERIC_LEXICON, LspConfigFiles, lexiconOf, parseConfig } from './languages/lsp-config-file.js';
export { LexicalSyntax } from './languages/lexical-syntax.js';
