export { TsSourceSyntax } from './ts-source-syntax.js';
