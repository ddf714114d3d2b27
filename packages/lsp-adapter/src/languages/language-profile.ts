import type { NameRules } from '@mcp-lsp-bridge/domain';

/**
 * What the bridge must know to serve one language through its language server: which files
 * are its, how to start the server and what to tell it, where dependencies live, what the
 * server offers, and how the language spells identifiers and comments (to find the name at a
 * position without a parser). Profiles are data; the built-in ones are in `builtin-profiles.ts`,
 * others come from a workspace's `.lsp.json`.
 */
export interface LanguageProfile {
  /** Key of the profile, e.g. `python`; a `.lsp.json` entry's name. */
  readonly name: string;
  /** For messages, e.g. `Python`. */
  readonly displayName: string;
  /** File extensions (lower case, with the dot) and the LSP language id of each. */
  readonly extensions: Readonly<Record<string, string>>;
  readonly server: ServerLaunch;
  /** Sent as `initializationOptions` with `initialize`. */
  readonly initializationOptions?: unknown;
  /**
   * The server's settings, by section (`python.analysis`): the answer to `workspace/configuration`
   * and the content of `workspace/didChangeConfiguration`.
   */
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly env?: Readonly<Record<string, string>>;
  /** How long the server may take to answer `initialize`; default: the request timeout. */
  readonly startupTimeoutMs?: number;
  /**
   * Folders inside a workspace that hold dependencies rather than the project's own code: they
   * must be among the domain's `DEPENDENCY_DIRECTORIES` (a test keeps both in step).
   */
  readonly dependencyDirectories: readonly string[];
  /** What the server is known to offer (documentation; each call checks the server's declared capabilities). */
  readonly features?: LanguageFeatures;
  /**
   * The server finds uses in files it was never shown, as soon as it answers (gopls loads the
   * whole module before answering). Otherwise (clangd without an index, pyright while it is
   * still discovering the workspace's files, or after a file was created) the workspace's files
   * that spell a name are opened, and awaited checked, before a search for its uses or a rename.
   */
  readonly indexesWorkspace?: boolean;
  readonly lexicon: Lexicon;
  /**
   * How the server's syntax errors and the language's blocks are recognised, so a replaced body
   * can be checked by the server before it is written. Absent: bodies in its files are never
   * replaced (a configured server may mark syntax errors in any way, or not at all).
   */
  readonly syntax?: ServerSyntaxProfile;
  /** What a name of the language may be (a rename's new name); absent: a JavaScript identifier. */
  readonly naming?: NameRules;
}

export interface ServerSyntaxProfile {
  /** What marks an error diagnostic of this server as a syntax error; every field given must match. */
  readonly errors: {
    readonly source?: string;
    /** clangd's diagnostic categories (sent when the client declares `categorySupport`). */
    readonly categories?: readonly string[];
    /** The server gives its other errors a code (a rule name) and its syntax errors none. */
    readonly withoutCode?: boolean;
  };
  /** How a declaration's body is written: a `{…}` block, or an indented block after the header's `:`. */
  readonly blocks: 'braces' | 'indentation';
  /** Keywords the server's outline leaves out of a declaration's range (gopls starts `type T struct{…}` at `T`). */
  readonly leadingKeywords?: readonly string[];
}

/** How a server is started. */
export type ServerLaunch =
  /** A Node.js program shipped in an npm package the bridge depends on (resolved from its install, never PATH). */
  | { readonly kind: 'package'; readonly packageName: string; readonly script: string; readonly args: readonly string[] }
  /** An executable looked up on PATH (or an absolute path); `install` is what to run when it is missing. */
  | { readonly kind: 'executable'; readonly command: string; readonly args: readonly string[]; readonly install?: string };

export interface LanguageFeatures {
  readonly diagnostics: 'push' | 'pull';
  readonly callHierarchy: boolean;
  readonly implementations: boolean;
  readonly prepareRename: boolean;
}

/** Enough of a language's spelling to tell identifiers from keywords, comments and strings. */
export interface Lexicon {
  /** Line comment starters (`#`, `//`). */
  readonly lineComments: readonly string[];
  /** Block comments as [open, close]. */
  readonly blockComments: readonly (readonly [string, string])[];
  /** String delimiters, longest first (`"""` before `"`); a backslash escapes within all but `raw` ones. */
  readonly strings: readonly { readonly open: string; readonly close: string; readonly raw?: boolean }[];
  /** Letters that may prefix a string and belong to it (Python's `f"…"`, `rb'…'`): not a name. */
  readonly stringPrefix?: RegExp;
  readonly keywords: readonly string[];
}

/** The language id of `path` under `profile` (by its longest matching extension), or `undefined`. */
export function languageIdIn(profile: LanguageProfile, path: string): string | undefined {
  const lower = path.toLowerCase();
  let best: [string, string] | undefined;
  for (const [extension, id] of Object.entries(profile.extensions)) {
    if (lower.endsWith(extension) && (best === undefined || extension.length > best[0].length)) best = [extension, id];
  }
  return best?.[1];
}
