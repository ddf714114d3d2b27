import { displayPath } from '../rules/paths.js';
import { bridgeError, type BridgeError } from './bridge-error.js';
import { ErrorCode } from './error-codes.js';

/*
 * A language server or compiler that cannot be started or does not answer in time, worded from
 * what the adapter found. (A running server's failures: `ServerFailure`, `rules/server-failures.ts`.)
 */

/** Why a language's server cannot be started: what is missing, as the adapter found it. */
export type MissingServer =
  /** Its npm package is not in the bridge's install. */
  | { readonly kind: 'package'; readonly packageName: string }
  /**
   * Its executable is not on PATH, or (`absolute`) the path named is not an executable file;
   * `install` is the Debian/Ubuntu command that installs it; `typescript`: one of TypeScript's
   * servers, named by LSP_BRIDGE_LSP_COMMAND rather than in `.lsp.json`; `configFile`: the
   * `.lsp.json` whose "command" names it, or (a built-in server) the one of the workspace, where
   * another command can be set.
   */
  | {
      readonly kind: 'executable';
      readonly command: string;
      readonly absolute: boolean;
      readonly install?: string;
      readonly typescript: boolean;
      readonly configFile?: string;
    };

/** LANGUAGE_SERVER_NOT_FOUND: `language` files are served by `server`, which is missing. */
export function serverNotInstalled(language: string, server: string, missing: MissingServer): BridgeError {
  const message = (why: string): string => `${language} files are served by ${server}, which is not installed: ${why}`;
  if (missing.kind === 'package') {
    return bridgeError(
      ErrorCode.LANGUAGE_SERVER_NOT_FOUND,
      message(`its npm package ${missing.packageName} is missing from this install of mcp-lsp-bridge`),
      'Reinstall mcp-lsp-bridge (its dependencies include it).',
    );
  }
  const where = missing.absolute ? `${missing.command} is not an executable file` : `${missing.command} is not on PATH`;
  const install = missing.install === undefined ? `Install ${missing.command}` : `Install it: \`${missing.install}\` (Debian/Ubuntu)`;
  const configure = missing.typescript
    ? 'fix LSP_BRIDGE_LSP_COMMAND'
    : `set its path ("command") in ${missing.configFile ?? "the workspace's .lsp.json"}`;
  return bridgeError(ErrorCode.LANGUAGE_SERVER_NOT_FOUND, message(where), `${install}, or ${configure}; then call again.`);
}

/**
 * A native TypeScript (7 and later) that cannot run: a project's own (`project`) without its
 * platform package, or the bundled one, an optional dependency (`bundledMissing`: the package
 * itself is missing, else its platform package).
 */
export function nativeTypeScriptMissing(
  platformPackage: string,
  from: { readonly project: { readonly version: string | undefined; readonly packageDir: string } } | { readonly bundledMissing: boolean },
): BridgeError {
  if ('project' in from) {
    return bridgeError(
      ErrorCode.LANGUAGE_SERVER_ERROR,
      `The project's typescript ${from.project.version ?? ''} (${from.project.packageDir}) cannot run: its platform package ${platformPackage} is not installed.`,
      "Run the project's package manager install (optional dependencies included), or set LSP_BRIDGE_TYPESCRIPT=bundled.",
    );
  }
  const missing = from.bundledMissing ? 'the optional dependency typescript-7 is' : `its platform package ${platformPackage} is`;
  return bridgeError(
    ErrorCode.LANGUAGE_SERVER_ERROR,
    `TypeScript 7's native compiler (LSP_BRIDGE_LSP_SERVER=tsgo) is not installed: ${missing} missing from this install.`,
    'Reinstall mcp-lsp-bridge with its optional dependencies (without --omit=optional or --no-optional), ' +
      'or unset LSP_BRIDGE_LSP_SERVER to run typescript-language-server.',
  );
}

/** A project's own TypeScript (5.x/6.x) that could not be loaded (`why`: the first line of the loader's error). */
export function projectTypeScriptUnloadable(version: string, packageDir: string, why: string): BridgeError {
  return bridgeError(
    ErrorCode.LANGUAGE_SERVER_ERROR,
    `The project's typescript ${version} (${packageDir}) could not be loaded: ${why}`,
    "Reinstall the project's dependencies, or set LSP_BRIDGE_TYPESCRIPT=bundled to use the bundled compiler.",
  );
}

/** A request the server did not answer within the request timeout. */
export function requestTimedOut(server: string, method: string, timeoutMs: number): BridgeError {
  return bridgeError(
    ErrorCode.LANGUAGE_SERVER_ERROR,
    `${server} did not answer ${method} within ${timeoutMs} ms (LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS)`,
    'Retry: the first request of a large project loads it and can be slow. If it keeps timing out, raise LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS or narrow the request.',
  );
}

/** A file whose diagnostics the server did not publish within the request timeout. */
export function diagnosticsTimedOut(server: string, root: string, file: string, timeoutMs: number): BridgeError {
  return bridgeError(
    ErrorCode.LANGUAGE_SERVER_ERROR,
    `${server} published no diagnostics for ${displayPath(root, file)} within ${timeoutMs} ms`,
    'Retry: the first check of a large project can be slow. If it keeps timing out, raise LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS.',
  );
}

/** A call that reached a server's session for `root` after the session was shut down (the bridge is stopping). */
export function sessionShutDown(server: string, root: string): BridgeError {
  return bridgeError(ErrorCode.LANGUAGE_SERVER_ERROR, `The ${server} session for ${root} was shut down`);
}
