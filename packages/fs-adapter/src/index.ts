export { NodeFileSystem } from './node-file-system.js';
export { AtomicFileWriter, type AtomicFileWriterOptions } from './atomic-file-writer.js';
export { FileLocks } from './file-locks.js';
export { recoverInterruptedWrites, type RecoveryReport } from './recover-writes.js';
export { STATE_DIR_SETTING, stateDirectories } from './state-directory.js';
export { TEMP_SUFFIX, tempPathFor } from './temp-files.js';
export { nodeFsOperations, type FsOperations } from './fs-operations.js';
export { decodeSourceText, formatBytes } from './source-text.js';
export { sameStat, statOf, type StatSignature } from './stat-signature.js';
