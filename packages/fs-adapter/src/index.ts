export { NodeFileSystem } from './node-file-system.js';
export { AtomicFileWriter, tempPathFor } from './atomic-file-writer.js';
export { nodeFsOperations, type FsOperations } from './fs-operations.js';
export { decodeSourceText, formatBytes } from './source-text.js';
export { sameStat, statOf, type StatSignature } from './stat-signature.js';
