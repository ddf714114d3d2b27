/**
 * Which files the bridge can serve in a workspace: the extensions of every configured
 * language (the built-in ones, plus those a workspace configures). The adapters know the
 * languages; the domain only decides, from these extensions, whether a file is refused.
 */
export interface SourceLanguages {
  /** Extensions (lower case, with the dot, e.g. `.py`) served in the workspace at `root` (a real path). */
  extensions(root: string): readonly string[];
  /**
   * The `.lsp.json` that configures the servers of the workspace at `root`: the file
   * `LSP_BRIDGE_CONFIG` names, else the workspace's own (where a refusal tells the user to add one).
   */
  configFile?(root: string): string;
  /**
   * How names are spelled in `path`'s language, for a file of a language other than TypeScript
   * and JavaScript whose rules are known; `undefined` otherwise (a JavaScript identifier then).
   */
  nameRules?(root: string, path: string): NameRules | undefined;
  /** Whether `path`'s language indents with tabs whatever a replacement used (Go, as gofmt writes it). */
  indentsWithTabs?(root: string, path: string): boolean;
}

/** A language's lexicon of names: what a rename's new name may be. */
export interface NameRules {
  /** The language, for messages (`Python`). */
  readonly language: string;
  /** Matches a whole identifier of the language. */
  readonly identifier: RegExp;
  /** What an identifier is, in words, for messages. */
  readonly identifierText: string;
  /** Keywords and other words that can never name a symbol. */
  readonly reserved: readonly string[];
}
