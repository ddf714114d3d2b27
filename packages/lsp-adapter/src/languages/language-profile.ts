import type { NameRules, NamedAfter, ServerExit } from '@mcp-lsp-bridge/domain';
import path from 'node:path';

/**
 * One language server and what the bridge must know to serve its files: how to start it and
 * what to tell it, which files are its, what changes its answers, and how the language is
 * read without the server (identifiers, syntax errors, names). Every server is one: the
 * TypeScript servers (`typescript-profiles.ts`), the built-in languages (`builtin-profiles.ts`)
 * and those of a workspace's `.lsp.json` (`lsp-config-file.ts`); `LspSymbolIndex` serves any.
 * Profiles are data, plus the TypeScript extension for TypeScript's servers.
 */
export interface LanguageProfile {
  /** Key of the profile, e.g. `python`; a `.lsp.json` entry's name. */
  readonly name: string;
  /** The language(s), for messages: `Python`, `TypeScript and JavaScript`. */
  readonly displayName: string;
  /** File extensions (lower case, with the dot) and the LSP language id of each; TypeScript's servers: TypeScript's own. */
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
  /**
   * The server finds uses in files it was never shown, as soon as it answers (gopls loads the
   * whole module before answering). Otherwise (clangd without an index, pyright while it is
   * still discovering the workspace's files, or after a file was created) the workspace's files
   * that spell a name are opened, and awaited checked, before a search for its uses or a rename.
   */
  readonly indexesWorkspace?: boolean;
  /**
   * The server answers `workspace/symbol` only once its first load of the workspace is done
   * (gopls): a new server is asked one before its first call, so no document is opened while it
   * loads (gopls publishes the diagnostics of a document opened then without its version). The
   * wait lasts as long as the server reports progress (a first-time user's empty Go cache).
   */
  readonly awaitsWorkspaceLoad?: boolean;
  /**
   * How the server is made to check a document again: `reopen` (closed and opened as a new
   * version: a server may check nothing it has checked before), `change` (a new version of the
   * same text: gopls publishes the diagnostics of a reopened document without their version, and
   * after a change with it) or `ask` (a new version of the same text with clangd's
   * `forceRebuild` and `wantDiagnostics`: never closed, since a header closed to be reopened is
   * read from the disk by a file compiled meanwhile, the edited header of a rename's check among them).
   */
  readonly recheck?: 'reopen' | 'change' | 'ask';
  /**
   * The server's diagnostics are whole only for a document checked alone: gopls drops the version
   * of documents shown together; pyright, checking several open documents in slices, first
   * publishes a document's version with its parser's diagnostics alone (an error short), then
   * again once checked. Its documents are checked one at a time.
   */
  readonly checksOneAtATime?: boolean;
  /**
   * The server's diagnostics are pulled (`textDocument/diagnostic`) once the client says it can
   * register that request (pyright: it then checks a document whole on each request, several
   * at once, and publishes nothing, where pushing them took a scheduled check per document).
   */
  readonly pullsDiagnostics?: boolean;
  /**
   * clangd: a workspace without a compilation database of its own gets one generated in the
   * bridge's cache directory (see `generatedCompileCommands`), made anew when a source file or
   * header comes or goes (the server is started again then: clangd 14 keeps what it read).
   */
  readonly generatesCompileCommands?: boolean;
  /** How the language spells identifiers, comments and strings; TypeScript's servers read the syntax tree instead. */
  readonly lexicon?: Lexicon;
  /**
   * How the server's syntax errors and the language's blocks are recognised, so a replaced body
   * can be checked by the server before it is written. Absent: bodies in its files are never
   * replaced (a configured server may mark syntax errors in any way, or not at all).
   */
  readonly syntax?: ServerSyntaxProfile;
  /** Whose configuration decides which files a project-wide check covers (pyright's `include`/`exclude`); absent: every file of the language. */
  readonly checkerScope?: 'pyright';
  /** The language indents with tabs whatever a replacement used (Go: gofmt). */
  readonly indentsWithTabs?: boolean;
  /** What a name of the language may be (a rename's new name); absent: a JavaScript identifier. */
  readonly naming?: NameRules;
  /**
   * The server answers no implementations and renames a method alone (pyright): a method's rename
   * also renames the methods of the same name in the classes above and below its class, read from
   * `class Name(Base, …):` headers, each base followed by the server's definition (the facts:
   * `methodFamilyFacts`; the family: the domain's `methodFamily`).
   */
  readonly methodRelatives?: 'class-headers';
  /** Functions named after a symbol, which a rename renames within their names (Go's examples). */
  readonly namedAfter?: NamedAfter;
  /**
   * The configuration files (base names) whose content changes the server's answers. When one
   * is created, changed or deleted, the next call sees it: the server is told with
   * `workspace/didChangeWatchedFiles` if it registered a watcher for the file, else it is
   * started again (see `restartOnConfigChange`).
   */
  readonly configFiles?: readonly string[];
  /** The server applies a configuration file it is told of later than the next request (pyright, on a timer): a change restarts it. */
  readonly restartOnConfigChange?: boolean;
  /**
   * Why a log line of the server means it can no longer answer correctly, or `undefined`.
   * Some servers outlive the process that does their work and then answer every request
   * empty; such a server is treated as dead (its calls fail, the next call restarts it).
   */
  readonly fatalLog?: (message: string) => ServerExit | undefined;
  /** A TypeScript server: its answers are completed from TypeScript's syntax, configs and workspace packages. */
  readonly typescript?: TypeScriptServer;
}

/** What a TypeScript server is, for the TypeScript extension (`src/typescript/`). */
export interface TypeScriptServer {
  /**
   * TypeScript 7's native server answers some things its own way: unused-declaration errors come
   * as warnings (their severity is decided from the project's config), kinds are named its own
   * way (decided from the syntax, as typescript-language-server names them), its inferred project
   * is strict with no setting (a workspace without configs is shown the contract's defaults as a
   * config), and its symbol search leaves out aliases (found in the syntax).
   */
  readonly native: boolean;
}

/** How a server is started. */
export type ServerLaunch =
  /** A Node.js program shipped in an npm package the bridge depends on (resolved from its install, never PATH). */
  | { readonly kind: 'package'; readonly packageName: string; readonly script: string; readonly args: readonly string[] }
  /**
   * An executable looked up on PATH (or an absolute path); `install` is what to run when it is
   * missing; `configuredIn`: the `.lsp.json` that names it.
   */
  | {
      readonly kind: 'executable';
      readonly command: string;
      readonly args: readonly string[];
      readonly install?: string;
      readonly configuredIn?: string;
    }
  /** A native TypeScript's `tsc --lsp --stdio`: the bundled `typescript-7`'s, or (`packageDir`) a project's own. */
  | { readonly kind: 'native-typescript'; readonly packageDir?: string; readonly version?: string };

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

/** The language id of `path` under `profile` (by its longest matching extension), or `undefined`. */
export function languageIdIn(profile: LanguageProfile, path: string): string | undefined {
  const lower = path.toLowerCase();
  let best: [string, string] | undefined;
  for (const [extension, id] of Object.entries(profile.extensions)) {
    if (lower.endsWith(extension) && (best === undefined || extension.length > best[0].length)) best = [extension, id];
  }
  return best?.[1];
}

/** The server as its users know it, for messages: `pyright`, `clangd`, `TypeScript 7 native language server (tsc --lsp)`. */
export function serverName(profile: LanguageProfile): string {
  const launch = profile.server;
  switch (launch.kind) {
    case 'package':
      return launch.packageName;
    case 'executable':
      return path.basename(launch.command);
    case 'native-typescript':
      return launch.packageDir === undefined
        ? 'TypeScript 7 native language server (tsc --lsp)'
        : `TypeScript ${launch.version ?? ''} native language server (the project's, tsc --lsp)`;
  }
}
