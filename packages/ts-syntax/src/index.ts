export { TsSourceSyntax } from './ts-source-syntax.js';
export { symbolKindOfDeclaration, symbolKindOfScriptElement } from './symbol-kinds.js';
export { declarationPlace } from './declaration-place.js';
export { isDefaultExport, isLocalDeclaration } from './declaration-scope.js';
export { declarationKinds, isDeclarationName, nameAt, namesOverlapping, namesSpelled, plainSpecifierOf, type NameNode } from './names.js';
export { scriptKindOf } from './parse.js';
export { BUNDLED_TYPESCRIPT, perTypeScript, type TypeScriptApi } from './typescript-api.js';
export {
  commonJsExports,
  exportOfValueName,
  exportsCommonJsName,
  isCommonJsExportAlias,
  isCommonJsExportOfName,
  isCommonJsImportAlias,
  type CommonJsExport,
} from './commonjs.js';
export {
  heritageNames,
  heritageOwnerAt,
  typeDeclarationNamedAt,
  typeDeclarationSpan,
  type TypeDeclaration,
  type TypeDeclarationSpan,
} from './heritage.js';
export { affectsGlobalScope, moduleReferences } from './module-scope.js';
