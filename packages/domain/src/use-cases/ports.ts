import type { FileSystem } from '../ports/file-system.js';
import type { FileWriter } from '../ports/file-writer.js';
import type { SourceLanguages } from '../ports/source-languages.js';
import type { SourceSyntax } from '../ports/source-syntax.js';
import type { SymbolIndex } from '../ports/symbol-index.js';

/** The collaborators every use-case takes first. */
export interface BridgePorts {
  readonly symbols: SymbolIndex;
  readonly files: FileSystem;
  readonly writer: FileWriter;
  readonly syntax: SourceSyntax;
  /** The languages served beyond TypeScript and JavaScript; none: those two only. */
  readonly languages?: SourceLanguages | undefined;
}
