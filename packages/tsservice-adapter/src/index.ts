export { TsSymbolIndex, type TsSymbolIndexOptions } from './ts-symbol-index.js';
