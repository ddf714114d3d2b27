import type { Clock } from '../ports/clock.js';
import type { EditorSettings } from '../ports/editor-settings.js';
import type { FileSystem } from '../ports/file-system.js';
import type { FileWriter } from '../ports/file-writer.js';
import type { ServerSyntax } from '../ports/server-syntax.js';
import type { SourceLanguages } from '../ports/source-languages.js';
import type { SourceSyntax } from '../ports/source-syntax.js';
import type { SymbolIndex } from '../ports/symbol-index.js';

/** The collaborators every use-case takes first. */
export interface BridgePorts {
  readonly symbols: SymbolIndex;
  readonly files: FileSystem;
  readonly writer: FileWriter;
  readonly syntax: SourceSyntax;
  /** The languages without a parser in the bridge, read by their servers; none: such files' bodies are never replaced. */
  readonly serverSyntax?: ServerSyntax | undefined;
  /** The languages served beyond TypeScript and JavaScript; none: those two only. */
  readonly languages?: SourceLanguages | undefined;
  /** A file's `.editorconfig` properties; none: every file is laid out as its text suggests. */
  readonly editorSettings?: EditorSettings | undefined;
  /** How long project-wide diagnostics go on starting files, in ms; none: 90 s. */
  readonly diagnosticsBudgetMs?: number | undefined;
  /** The time, for that budget; none: the process's own. */
  readonly clock?: Clock | undefined;
}
