export { InMemoryFileSystem } from './in-memory-file-system.js';
export { FakeSymbolIndex, type FakeSymbol } from './fake-symbol-index.js';
export { RecordingFileWriter } from './recording-file-writer.js';
export { neverAborted } from './signals.js';
export { FakeSourceSyntax } from './fake-source-syntax.js';
export { FakeServerSyntax, toyPythonOutline } from './fake-server-syntax.js';
export { FakeCodeActions, type FakeAction } from './fake-code-actions.js';
