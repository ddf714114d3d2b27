import { createRequire } from 'node:module';
import path from 'node:path';
import { implicitProjectConfiguration } from '../connection/implicit-project.js';
import type { LanguageProfile } from './language-profile.js';

const require = createRequire(import.meta.url);

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

/** What every TypeScript server shares: TypeScript's files, no dependency folder of its own (node_modules is the domain's). */
const TYPESCRIPT = { displayName: 'TypeScript and JavaScript', extensions: {}, dependencyDirectories: [] } as const;

/** `typescript-language-server --stdio` 5.x over the pinned TypeScript 5.9. */
export const typescriptLanguageServer: LanguageProfile = {
  ...TYPESCRIPT,
  name: 'typescript-language-server',
  server: { kind: 'package', packageName: 'typescript-language-server', script: 'lib/cli.mjs', args: ['--stdio'] },
  initializationOptions: {
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
  },
  settings: {
    typescript: { preferences: TS_PREFERENCES },
    javascript: { preferences: TS_PREFERENCES },
    // A workspace without tsconfig/jsconfig gets the contract's defaults (EC-001.1), as the
    // in-process backend does; the server's own default for such files is strict.
    implicitProjectConfiguration: implicitProjectConfiguration(),
  },
  fatalLog(message) {
    // typescript-language-server logs its tsserver's exit and then answers every request empty.
    const exited = /\[tsserver\] Exited(?:\. Code: (\S+)\. Signal: (\S+)| with error)/.exec(message);
    if (exited === null) return undefined;
    const [, code, signal] = exited;
    return { kind: 'lost-tsserver', ...(code === undefined ? {} : { code }), ...(signal === undefined ? {} : { signal }) };
  },
  typescript: { native: false },
};

/** A native TypeScript's server, `tsc --lsp --stdio`: the bundled one, or a project's own at `packageDir`. */
function nativeServer(name: string, packageDir?: string, version?: string): LanguageProfile {
  // Automatic type acquisition runs `npm install` (types-registry, @types/*) for JavaScript
  // projects: the bridge never reaches the network, so it is off, as for tsserver.
  const section = { preferences: TS_PREFERENCES, disableAutomaticTypeAcquisition: true };
  return {
    ...TYPESCRIPT,
    name,
    server: {
      kind: 'native-typescript',
      ...(packageDir === undefined ? {} : { packageDir }),
      ...(version === undefined ? {} : { version }),
    },
    settings: { typescript: section, javascript: section, 'js/ts': section },
    typescript: { native: true },
  };
}

/** TypeScript 7's native server, `tsc --lsp --stdio`, from the platform package of the bundled `typescript@7`. */
export const tsgoServer: LanguageProfile = nativeServer('tsgo');

/** The native server of a project's own `typescript` (7 and later) at `packageDir`: one per installed version. */
export function workspaceNativeServer(packageDir: string, version: string): LanguageProfile {
  return nativeServer(`tsgo:${packageDir}`, packageDir, version);
}

/** A server for TypeScript's files given as a command line (LSP_BRIDGE_LSP_COMMAND), e.g. a test double. */
export function customServer(commandLine: readonly string[]): LanguageProfile {
  const [command, ...args] = commandLine;
  if (command === undefined) throw new Error('The language server command line is empty');
  return {
    ...TYPESCRIPT,
    name: `custom:${JSON.stringify(commandLine)}`,
    server: { kind: 'executable', command, args },
    typescript: { native: false },
  };
}

export function serverByName(name: LspServerName): LanguageProfile {
  return name === 'tsgo' ? tsgoServer : typescriptLanguageServer;
}
