export { TsSourceSyntax } from './ts-source-syntax.js';
export { symbolKindOfScriptElement } from './symbol-kinds.js';
