// The languages' descriptions and `.lsp.json`, without the client that talks to their servers:
// what routing a call to its language needs, loaded on every start (the client loads on the first
// call a language server answers: `./index.js`).
export {
  languageIdIn,
  serverName,
  type LanguageProfile,
  type Lexicon,
  type ServerLaunch,
  type ServerSyntaxProfile,
  type TypeScriptServer,
} from './languages/language-profile.js';
export {
  customServer,
  serverByName,
  tsgoServer,
  typescriptLanguageServer,
  workspaceNativeServer,
  type LspServerName,
} from './languages/typescript-profiles.js';
export { BUILTIN_PROFILES, C_CPP, GO, PYTHON } from './languages/builtin-profiles.js';
export { commandOf, findExecutable } from './languages/server-command.js';
export { GENERIC_LEXICON } from './languages/identifier-scan.js';
export { CONFIG_FILE, CONFIG_SETTING, LspConfigFiles, lexiconOf, parseConfig } from './languages/lsp-config-file.js';
export { LexicalSyntax } from './languages/lexical-syntax.js';
