import { createRequire } from 'node:module';
import path from 'node:path';
import { serverError } from './errors.js';
import { implicitProjectConfiguration } from './implicit-project.js';

const require = createRequire(import.meta.url);

/** How to start one kind of language server and what to tell it at `initialize`. */
export interface ServerSpec {
  /** Part of the key of a running instance: (spec id, workspace root). */
  readonly id: string;
  /** Human-readable, for messages. */
  readonly displayName: string;
  /** Executable and arguments; spawned with `shell: false`. */
  command(): { readonly command: string; readonly args: readonly string[] };
  initializationOptions(root: string): unknown;
  /** The answer to `workspace/configuration` for a section. */
  configuration(section: string | undefined): unknown;
  /** Sent with `workspace/didChangeConfiguration` right after `initialized`, if any. */
  settings?(): unknown;
  /**
   * Why a log line of the server means it can no longer answer correctly, or `undefined`.
   * Some servers outlive the process that does their work and then answer every request
   * empty; such a server is treated as dead (its calls fail, the next call restarts it).
   */
  fatalLog?(message: string): string | undefined;
  /**
   * How the server's answers differ from tsc's, for the adapter to complete. `tsgo` (TypeScript
   * 7's native server): unused-declaration errors come as warnings (their severity is decided
   * from the project's config), kinds are named its own way (they are decided from the syntax,
   * as typescript-language-server names them), and its inferred project is strict with no
   * setting (a workspace without configs is shown the contract's defaults as a config).
   */
  readonly dialect?: 'tsgo';
  /** The language id of a document the server is shown; default TypeScript's (by extension). */
  languageIdOf?(path: string): string;
  /** Variables added to the server's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * How long to let the server act on a file created or deleted behind a consumer's
   * `node_modules` link (a workspace package's first build) before the call's request: tsserver
   * re-resolves a failed import on a one-second timer, so typescript-language-server answers
   * from the unresolved import until then. Paid only on such a change.
   */
  readonly linkedSettleMs?: number;
  /** What to do when the server lacks a feature (a navigation request it declares no capability for). */
  readonly unsupportedResolution?: string;
  /** How long `initialize` may take; default: the request timeout. */
  readonly startupTimeoutMs?: number;
}

export type LspServerName = 'typescript-language-server' | 'tsgo';

/** The pinned `typescript` this package depends on: typescript-language-server runs its tsserver. */
export function pinnedTsserverPath(): string {
  return path.join(path.dirname(require.resolve('typescript/package.json')), 'lib', 'tsserver.js');
}

const TS_PREFERENCES = {
  providePrefixAndSuffixTextForRename: true,
  allowRenameOfImportPath: false,
  includePackageJsonAutoImports: 'off',
  disableSuggestions: false,
  // Workspace symbol search is about the workspace's own declarations, not lib.*.d.ts.
  excludeLibrarySymbolsInNavTo: true,
};

/** `typescript-language-server --stdio` 5.x over the pinned TypeScript 5.9. */
export const typescriptLanguageServer: ServerSpec = {
  id: 'typescript-language-server',
  displayName: 'typescript-language-server',
  // tsserver's failed-lookup invalidation timer is 1,000 ms (`scheduleInvalidateResolutionsOfFailedLookupLocations`).
  linkedSettleMs: 1_500,
  command() {
    const packageDir = path.dirname(require.resolve('typescript-language-server/package.json'));
    return { command: process.execPath, args: [path.join(packageDir, 'lib', 'cli.mjs'), '--stdio'] };
  },
  initializationOptions() {
    return {
      tsserver: {
        path: pinnedTsserverPath(),
        // The syntax server answers semantic requests before the project is loaded,
        // with incomplete results (missing references): every request goes to the full server.
        useSyntaxServer: 'never',
        // File changes come from us (workspace/didChangeWatchedFiles), synchronously
        // before each request, instead of from tsserver's own asynchronous watchers.
        useClientFileWatcher: true,
      },
      disableAutomaticTypingAcquisition: true,
      preferences: TS_PREFERENCES,
      hostInfo: 'mcp-lsp-bridge',
    };
  },
  configuration(section) {
    if (section === 'typescript' || section === 'javascript') return { preferences: TS_PREFERENCES };
    return null;
  },
  fatalLog(message) {
    // typescript-language-server logs its tsserver's exit and then answers every request empty.
    const exited = /\[tsserver\] Exited(?:\. Code: (\S+)\. Signal: (\S+)| with error)/.exec(message);
    if (exited === null) return undefined;
    const [, code, signal] = exited;
    if (code === undefined) return 'lost its tsserver (it exited with an error)';
    return `lost its tsserver (${signal !== undefined && signal !== 'null' ? `signal ${signal}` : `exit code ${code}`})`;
  },
  settings() {
    // A workspace without tsconfig/jsconfig gets the contract's defaults (EC-001.1), as the
    // in-process backend does; the server's own default for such files is strict.
    return { implicitProjectConfiguration: implicitProjectConfiguration() };
  },
};

/** The platform package a native TypeScript (7 and later) runs from: its `tsc` executable. */
const PLATFORM_PACKAGE = `@typescript/typescript-${process.platform}-${process.arch}`;

/** The `tsc` executable of the native TypeScript at `packageDir`, or `undefined` when its platform package is missing. */
function nativeExecutable(packageDir: string): string | undefined {
  const platformDir = resolvedDir(createRequire(path.join(packageDir, 'package.json')), `${PLATFORM_PACKAGE}/package.json`);
  return platformDir === undefined ? undefined : path.join(platformDir, 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
}

/** A native TypeScript's server, `tsc --lsp --stdio`; `executable` finds it (or refuses, saying why) when it is started. */
function nativeServerSpec(id: string, displayName: string, executable: () => string): ServerSpec {
  return {
    id,
    displayName,
    dialect: 'tsgo',
    command: () => ({ command: executable(), args: ['--lsp', '--stdio'] }),
    initializationOptions: () => ({}),
    configuration(section) {
      // Automatic type acquisition runs `npm install` (types-registry, @types/*) for JavaScript
      // projects: the bridge never reaches the network, so it is off, as for tsserver.
      if (section === 'typescript' || section === 'javascript' || section === 'js/ts') {
        return { preferences: TS_PREFERENCES, disableAutomaticTypeAcquisition: true };
      }
      return null;
    },
  };
}

/** TypeScript 7's native server, `tsc --lsp --stdio`, from the platform package of the bundled `typescript@7`. */
export const tsgoServer: ServerSpec = nativeServerSpec('tsgo', 'TypeScript 7 native language server (tsc --lsp)', () => {
  // An optional dependency: an install with --omit=optional, or on a platform TypeScript 7
  // has no build for, lacks it, and the user must learn why rather than read a resolve error.
  const packageDir = resolvedDir(require, 'typescript-7/package.json');
  const exe = packageDir === undefined ? undefined : nativeExecutable(packageDir);
  if (exe === undefined) {
    const missing = packageDir === undefined ? 'the optional dependency typescript-7 is' : `its platform package ${PLATFORM_PACKAGE} is`;
    throw serverError(
      `TypeScript 7's native compiler (LSP_BRIDGE_LSP_SERVER=tsgo) is not installed: ${missing} missing from this install.`,
      'Reinstall mcp-lsp-bridge with its optional dependencies (without --omit=optional or --no-optional), ' +
        'or unset LSP_BRIDGE_LSP_SERVER to run typescript-language-server.',
    );
  }
  return exe;
});

/** The native server of a project's own `typescript` (7 and later) at `packageDir`: one per installed version. */
export function workspaceNativeServer(packageDir: string, version: string): ServerSpec {
  return nativeServerSpec(`tsgo:${packageDir}`, `TypeScript ${version} native language server (the project's, tsc --lsp)`, () => {
    const exe = nativeExecutable(packageDir);
    if (exe === undefined) {
      throw serverError(
        `The project's typescript ${version} (${packageDir}) cannot run: its platform package ${PLATFORM_PACKAGE} is not installed.`,
        "Run the project's package manager install (optional dependencies included), or set LSP_BRIDGE_TYPESCRIPT=bundled.",
      );
    }
    return exe;
  });
}

/** A server given as a command line (JSON array), e.g. for another language or a test double. */
export function customServer(commandLine: readonly string[]): ServerSpec {
  const [command, ...args] = commandLine;
  if (command === undefined) throw new Error('The language server command line is empty');
  return {
    id: `custom:${JSON.stringify(commandLine)}`,
    displayName: path.basename(command),
    command: () => ({ command, args }),
    initializationOptions: () => ({}),
    configuration: () => null,
  };
}

export function serverSpecByName(name: LspServerName): ServerSpec {
  return name === 'tsgo' ? tsgoServer : typescriptLanguageServer;
}

/** The directory of a package resolved by `resolver`, or `undefined` when it is not installed. */
function resolvedDir(resolver: NodeJS.Require, request: string): string | undefined {
  try {
    return path.dirname(resolver.resolve(request));
  } catch {
    return undefined;
  }
}
