export { TsWorkspace } from './ts-workspace.js';
export type { ParsedConfig } from './config/config-cache.js';
export { INFERRED_OPTIONS, JSCONFIG_DEFAULTS } from './config/config-defaults.js';
export {
  inferredFiles,
  isWorkspaceFile,
  projectFiles,
  unlistedFiles,
  type BrokenConfig,
  type WorkspaceConfigs,
} from './config/discovery.js';
export { configSpec, inferredSpec, type Ownership, type ProjectSpec } from './config/project-owner.js';
export { identifiersIn } from './syntax/identifiers.js';
export { isJavaScriptFile, languageIdOf } from './syntax/language-ids.js';
export { SyntaxCache } from './syntax/syntax-cache.js';
export { outlineAncestryOf } from './syntax/outline-ancestry.js';
export { withCommonJsExports } from './syntax/commonjs-outline.js';
export { isPlaceholder } from './syntax/outline.js';
export { compilerUses, projectDir, type CompilerLookups } from './compiler/compiler-lookups.js';
export { declaredTypeScript, findTypeScript, lookUpTypeScript } from './compiler/typescript-package.js';
export { BUNDLED_JS_COMPILER, TypeScriptModules, typescriptModules } from './compiler/typescript-modules.js';
export type { ConfigCache } from './config/config-cache.js';
export { isStackOverflow, overflowsParser } from './syntax/unparsable.js';
export { BuildOutputs, type WorkspaceView } from './packages/build-outputs.js';
export { constructorPlace } from './packages/declaration-chain.js';
export { dependentsOf, packageOf, workspacePackages, type EntryPoint, type WorkspacePackage } from './packages/workspace-packages.js';
export { packageReach, packageReachFacts, type PackageReach } from './packages/package-reach.js';
export { renamePackageFacts, type RenamePackageFacts } from './packages/rename-facts.js';
export { publicExportsOf } from './packages/public-exports.js';
export type { BackendOptions } from './backend-options.js';
export { subtypesOf, supertypesOf, typeItemsAt, type TypeHierarchyFacts } from './types/type-hierarchy.js';
