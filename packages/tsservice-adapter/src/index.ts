export { TSSERVICE_POLICY, TsSymbolIndex, type TsSymbolIndexOptions } from './ts-symbol-index.js';
