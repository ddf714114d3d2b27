export { TsSourceSyntax } from './ts-source-syntax.js';
export { symbolKindOfScriptElement } from './symbol-kinds.js';
export { declarationPlace } from './declaration-place.js';
export { DECLARATION_KINDS, isDeclarationName, nameAt, namesOverlapping, namesSpelled, plainSpecifierOf, type NameNode } from './names.js';
export { scriptKindOf } from './parse.js';
