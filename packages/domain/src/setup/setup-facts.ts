import type { BridgeError } from '../errors/bridge-error.js';
import type { CompilerItem } from '../model/results.js';

/**
 * What a set-up check found on the machine and in one workspace: facts an adapter gathered
 * (which files, which executables, what they answered to `--version`), without judgement.
 * `diagnoseSetup` decides what of it is a problem and how to fix it.
 */
export interface SetupFacts {
  /** The workspace root (real path). */
  readonly root: string;
  /** `LSP_BRIDGE_BACKEND` as configured: which backend answers TypeScript and JavaScript. */
  readonly backend: string;
  /** Every language the bridge serves in this workspace (built-in and `.lsp.json`), with how many files it has. */
  readonly languages: readonly LanguageFacts[];
  /** The refusal every call gets while the workspace's `.lsp.json` cannot be used. */
  readonly languageConfigError?: BridgeError;
  /** The workspace has more directories than a listing walks: file counts are missing. */
  readonly listingIncomplete: boolean;
  /** Each TypeScript or JavaScript project (a tsconfig.json, a jsconfig.json, or the root without one) and its compiler. */
  readonly typescriptProjects: readonly TypeScriptProjectFacts[];
  /** The tsconfig.json and jsconfig.json files no project can be made of. */
  readonly brokenProjects: readonly BrokenProject[];
  /** Present when the workspace has C or C++ files. */
  readonly c?: CFacts;
  /** Present when the workspace has Go files. */
  readonly go?: GoFacts;
  /** The background servers of the CLI; absent when this surface cannot list them. */
  readonly backgroundServers?: BackgroundServerFacts;
  /** The package manager whose lock file is at the root (npm without one). */
  readonly packageManager: 'npm' | 'pnpm' | 'yarn' | 'bun';
}

export interface LanguageFacts {
  /** The profile's key: `typescript`, `python`, `c-cpp`, `go`, or the name of a `.lsp.json` entry. */
  readonly name: string;
  /** For people: `TypeScript/JavaScript`, `Python`, `C/C++`, `Go`. */
  readonly displayName: string;
  /** Where the bridge learnt of the language: built in, or the workspace's `.lsp.json`. */
  readonly source: 'builtin' | 'lsp.json';
  /** The extensions it serves (lower case, with the dot). */
  readonly extensions: readonly string[];
  /** How many of the workspace's own files (dependencies left out) are of this language; 0 when the listing is incomplete. */
  readonly fileCount: number;
  readonly server: ServerFacts;
}

/** A program that answers for a language: a language server, a compiler, or a toolchain one needs. */
export interface ServerFacts {
  /** `pyright`, `clangd`, `gopls`, `typescript`, `go`, or a configured command. */
  readonly name: string;
  /** `bundled`: an npm package that comes with the bridge; `path`: an executable found on PATH or at a configured path. */
  readonly kind: 'bundled' | 'path';
  /** Where it is, when found. */
  readonly path?: string;
  /** What it said its version is, when asked and it answered. */
  readonly version?: string;
  /** Why it cannot be run, when it cannot: the message a call about one of its files gets. */
  readonly missing?: string;
  /** Why asking its version failed, when found but it did not answer. */
  readonly versionError?: string;
  /** The command that installs it (Debian/Ubuntu), when the bridge knows one. */
  readonly install?: string;
}

export interface TypeScriptProjectFacts {
  /** The config (relative to the root), or `.` for the files of a root without one. */
  readonly project: string;
  /** The compiler that answers the project under the configured backend; absent when a configured server answers (it cannot be told). */
  readonly compiler?: CompilerItem;
  /** The nearest package.json asking for `typescript`, when one does. */
  readonly declared?: { readonly manifest: string; readonly range: string };
  /** The `typescript` the project resolves from its directory, when one is installed. */
  readonly installed?: { readonly version: string; readonly path: string };
}

/** A config the workspace cannot use, and why: the refusal calls about its files get. */
export interface BrokenProject {
  readonly project: string;
  readonly reason: string;
}

export interface CFacts {
  /** The compilation database clangd finds for the workspace (relative to the root; may be above it), when there is one. */
  readonly compilationDatabase?: string;
  /** The build system its files at the root name. */
  readonly buildSystem?: 'cmake' | 'meson' | 'make';
  /** Directories (relative to the root, `.` for the root) that hold header files. */
  readonly headerDirectories: readonly string[];
}

export interface GoFacts {
  /** `go.work` or `go.mod` at the root or above it (relative to the root), when there is one. */
  readonly module?: string;
  /** `go.mod` files below the root, when none is at the root or above (relative to the root). */
  readonly nestedModules: readonly string[];
  /** Modules the root module requires that are not in the module cache (`path@version`). */
  readonly missingRequirements: readonly string[];
  /** The `go` command gopls runs to load packages. */
  readonly toolchain: ServerFacts;
}

export interface BackgroundServerFacts {
  /** The directory of the user's background servers (their sockets and logs). */
  readonly directory: string;
  readonly servers: readonly BackgroundServer[];
}

export interface BackgroundServer {
  /** The socket it listens on. */
  readonly socket: string;
  /** It accepted a connection just now; a socket nobody listens on is left by one that died. */
  readonly live: boolean;
  readonly pid?: number;
  /** When its socket was made (ISO 8601). */
  readonly since?: string;
}
