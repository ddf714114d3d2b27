export { TsWorkspace, type TsWorkspaceOptions } from './ts-workspace.js';
export { ConfigCache, type ParsedConfig } from './config/config-cache.js';
export { CONFIG_FILE_NAMES, INFERRED_OPTIONS, JSCONFIG_DEFAULTS } from './config/config-defaults.js';
export { configException, isFatalConfigError, missingReferenceException, unreadableConfigException } from './config/config-errors.js';
export {
  inferredFiles,
  isWorkspaceFile,
  nearestConfig,
  projectFiles,
  workspaceConfigs,
  type BrokenConfig,
  type WorkspaceConfigs,
} from './config/discovery.js';
export {
  configSpec,
  inferredSpec,
  ownerOf,
  checkConfigOf,
  type ConfigAccess,
  type Ownership,
  type ProjectSpec,
} from './config/project-owner.js';
export { DirTree, type FileListing, type TreeRoot } from './files/dir-tree.js';
export { isSkippedDirectory, readDirectoryListing, type DirectoryListing } from './files/directory-listing.js';
export { FileStore } from './files/file-store.js';
export { RACY_WINDOW_MS, isRacy, type ChangeTimes } from './files/racy-window.js';
export { readSourceFile, type SourceRead } from './files/source-read.js';
export { WorkspaceInventory, type FileChange, type FileChangeKind } from './files/workspace-inventory.js';
export { WorkspaceTrees } from './files/workspace-trees.js';
export { identifiersIn } from './syntax/identifiers.js';
export { isJavaScriptFile, languageIdOf } from './syntax/language-ids.js';
export { SyntaxCache } from './syntax/syntax-cache.js';
export { scriptKindOf } from '@mcp-lsp-bridge/ts-syntax';
