import type { TextEdit } from './symbol-index.js';

/**
 * What an editor offers at a place in a file: fixes of its diagnostics, refactorings, and
 * actions on the whole file (organize imports, fix all of one diagnostic code). The kinds are
 * LSP's, hierarchical (`refactor` holds `refactor.extract.function`); the four a caller may ask
 * for are `ACTION_KINDS` (rules/code-action-kinds.ts).
 */
export interface CodeActionQuery {
  readonly path: string;
  /** The range asked about, as UTF-16 offsets into the file's text (start === end: a position). */
  readonly start: number;
  readonly end: number;
  /** The kinds to compute (prefixes: `quickfix`, `refactor`, `source.organizeImports`, `source.fixAll`). */
  readonly kinds: readonly string[];
  /** Only the fixes of diagnostics of this code (`2304` for TypeScript's TS2304; a server's own code otherwise). */
  readonly code?: number | string | undefined;
  /** How code the actions insert is laid out (indentation, line breaks). */
  readonly settings: FormatSettings;
}

/** One action the service offers; the domain decides which are listed, in what order, and their ids. */
export interface OfferedAction {
  /**
   * What finds the same action again among those computed for the same text, range and kinds
   * (the service's fix name, fix id or refactoring, with its title): part of the action's id.
   */
  readonly ref: string;
  /** The service's own title, e.g. `Add import from "./shapes"`. */
  readonly title: string;
  /** Its LSP kind: `quickfix`, `source.fixAll`, `refactor.extract.function`, `source.organizeImports`. */
  readonly kind: string;
  /** The code of the diagnostic it fixes (quick fixes and fixes of all of one code). */
  readonly code?: number | string | undefined;
  /** Where the diagnostic a quick fix fixes starts (UTF-16 offset): two fixes may share a title. */
  readonly at?: number | undefined;
  /** The service marks it as the fix to prefer. */
  readonly preferred?: boolean | undefined;
}

export interface CodeActionsAnswer {
  /** The file's text the actions were computed from. */
  readonly text: string;
  readonly actions: readonly OfferedAction[];
  /** Titles of actions only an editor can carry out (a command the server runs against its client, no edits): left out. */
  readonly clientOnly: readonly string[];
}

/** One action's edits, computed again, and the texts they were computed from. */
export interface ActionEdits {
  readonly title: string;
  readonly kind: string;
  readonly edits: readonly TextEdit[];
  /** The text of every file an edit is in, as the edits were computed from it. */
  readonly texts: ReadonlyMap<string, string>;
  /** Files the action would create (a refactoring that moves code to a new file): the domain refuses those. */
  readonly creates?: readonly string[] | undefined;
}

/**
 * How a formatter lays code out, from the project's `.editorconfig` (rules/format-settings.ts):
 * what TypeScript's format options and LSP's `FormattingOptions` both express.
 */
export interface FormatSettings {
  /** Columns one level of indentation takes. */
  readonly indentSize: number;
  /** Columns a tab character stands for. */
  readonly tabSize: number;
  /** Indent with spaces (`indent_style = space`), else with tabs. */
  readonly insertSpaces: boolean;
  /** The line break of inserted lines (`end_of_line`); absent: the file's own. */
  readonly newLine?: '\n' | '\r\n' | undefined;
  readonly trimTrailingWhitespace?: boolean | undefined;
  readonly insertFinalNewline?: boolean | undefined;
}

export interface FormatQuery {
  readonly path: string;
  /** A range to format (UTF-16 offsets); absent: the whole file. */
  readonly range?: { readonly start: number; readonly end: number } | undefined;
  readonly settings: FormatSettings;
}

export interface FormatAnswer {
  /** The text the edits were computed from. */
  readonly text: string;
  readonly edits: readonly TextEdit[];
}
