/** The result shapes of every tool (FS-001's field for field), by family. */
export type * from './reference-results.js';
export type * from './symbol-results.js';
export type * from './edit-results.js';
export type * from './diagnostic-results.js';
