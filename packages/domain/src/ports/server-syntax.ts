import type { DeclarationShape } from './source-syntax.js';
import type { DiagnosticRecord, QueryScope } from './symbol-index.js';

/**
 * The syntax of a language the bridge has no parser for, as that language's server reads
 * it: each text is shown to the server in memory (never written to disk), its outline and
 * its syntax errors are taken, and the server is shown the disk's text again. Used to check
 * a replaced body before anything is written.
 */
export interface ServerSyntax {
  /**
   * How the server reads each of `texts` as the content of `path`, in order; `unchecked`
   * (naming the server) when it cannot tell syntax errors from other errors, so nothing
   * it would be asked to check may be written.
   */
  readTexts(scope: QueryScope, path: string, texts: readonly string[]): Promise<readonly ServerReading[] | { readonly unchecked: string }>;
}

/** One text as a language server reads it. */
export interface ServerReading {
  /** The server's syntax errors in the text (not its type or name errors), in order. */
  readonly syntaxErrors: readonly DiagnosticRecord[];
  /** Every declaration of the server's outline, nested ones included, with its name's span. */
  readonly declarations: readonly ServerDeclaration[];
  /** Whether [start, end) of the text holds only whitespace and comments. */
  onlyTrivia(start: number, end: number): boolean;
}

export interface ServerDeclaration extends DeclarationShape {
  readonly nameStart: number;
  readonly nameLength: number;
}
