import type { DiagnosticRecord } from './symbol-index.js';

/**
 * The parser alone: no program, no types, no disk. Answers about a text that may not be
 * on disk yet (a replacement is checked before it is written). Offsets are UTF-16 offsets
 * into `text`; `path` only tells the language variant (TS, TSX, JS, JSX).
 */
export interface SourceSyntax {
  /**
   * Whether this parser reads `path`'s language (absent: it reads every file it is given).
   * Without a parser, nothing that must be parsed to be safe (a replaced body) is done.
   */
  parses?(path: string): boolean;
  /** Syntax errors of `text` parsed as the file `path`, in order. */
  syntaxErrors(path: string, text: string): readonly DiagnosticRecord[];
  /**
   * The innermost declaration whose name contains `offset`, or, for one without a name
   * (a constructor, `export default function () {}`), that starts at `offset`.
   */
  declarationAt(path: string, text: string, offset: number): DeclarationShape | undefined;
  /**
   * The single declaration that makes up [start, end) of `text`, only whitespace and
   * comments around it; `undefined` if that range is not exactly one declaration.
   */
  declarationSpanning(path: string, text: string, start: number, end: number): DeclarationShape | undefined;
  /** Every identifier of `text` spelled `name` (real syntax, not comments or strings). */
  namesSpelled(path: string, text: string, name: string): readonly NameSite[];
  /**
   * Whether the name at `offset` is the only name of an import or export specifier
   * (`import { a }`, `export { a }`, `export { a } from`, not `a as b`): a place where a
   * module's name passes through unchanged, so a rename goes on through it.
   */
  plainSpecifierAt(path: string, text: string, offset: number): 'import' | 'export' | undefined;
  /**
   * The names `text`'s import statements bind, each with what removes it: absent for a
   * language whose imports this parser does not read (the domain then leaves imports alone).
   */
  importBindings?(path: string, text: string): readonly ImportBinding[];
}

/** A name an import statement binds (`a` of `import { a } from`, a default or a namespace import). */
export interface ImportBinding {
  /** The local name, as the file's code spells it. */
  readonly name: string;
  readonly start: number;
  readonly length: number;
  /** The import statement, with its line break: what removes it with all its names. */
  readonly statement: { readonly start: number; readonly end: number };
  /** What removes this name alone, separating comma included, the statement staying valid. */
  readonly alone: { readonly start: number; readonly end: number };
}

export interface NameSite {
  readonly start: number;
  readonly length: number;
  /** The name of a declaration (an import or export alias included) rather than a use. */
  readonly isDeclaration: boolean;
}

export interface DeclarationShape {
  /**
   * What the declaration is, readably: 'function', 'method', 'constructor', 'get accessor',
   * 'set accessor', 'class', 'interface', 'enum', 'namespace', 'type alias', 'variable',
   * 'property', 'enum member'. Two shapes are the same construct when their kinds are equal.
   */
  readonly kind: string;
  /** The name as written, if it has one. */
  readonly name?: string | undefined;
  /**
   * The whole declaration: modifiers and decorators included, leading comments and JSDoc
   * not. For a variable alone in its statement, the statement (`export const f = ...;`).
   */
  readonly start: number;
  readonly end: number;
  /**
   * The body: a block with its braces (functions, methods, accessors, constructors, a
   * function or arrow function assigned to a variable or property), the braces of a class,
   * interface, enum or namespace, or an arrow function's expression body. Absent when the
   * declaration has none (a property, an overload signature, a type alias).
   */
  readonly body?:
    | {
        readonly start: number;
        readonly end: number;
        readonly braced: boolean;
        /**
         * An indented block rather than braces (Python's suite): the body runs from just after
         * the header's `:` to the end of its last statement.
         */
        readonly indented?: boolean | undefined;
      }
    | undefined;
  /**
   * The doc comment (`/** … *\/`) that documents the declaration: the last comment before
   * `start`, with only whitespace between. Absent when the comment right before the
   * declaration is not one (a line comment, a `/* … *\/` block) or there is none.
   */
  readonly docComment?: { readonly start: number; readonly end: number } | undefined;
}
