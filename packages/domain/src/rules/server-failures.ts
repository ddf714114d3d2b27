import { bridgeError, type BridgeError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { ServerExit, ServerFailure } from '../errors/server-failure.js';
import { FIND_REFERENCES, GET_DIAGNOSTICS } from '../catalogue/operation-names.js';

/**
 * How a language server's failure is worded. The resolution fits the server: a language that
 * another backend serves (TypeScript and JavaScript) may switch to it; any other language has
 * its server alone, so its user is told where to look and how to name another server.
 */
export function serverFailureError(failure: ServerFailure): BridgeError {
  const { server, what } = failure;
  switch (what.kind) {
    case 'refused':
      if (outsideServerBuild(failure))
        return serverError(
          `${server} cannot answer ${what.method} there: the file is outside the build it loads (${OUTSIDE_BUILD_CAUSES}), so it has no answers about its names (${server}: ${what.message})`,
          `Ask where this build has the symbol (its declaration, or a use in a file without that constraint; ${FIND_REFERENCES} lists the files it could not search), or run the bridge with that build's settings in its environment, which ${server} reads (Go: GOOS=windows, GOARCH=arm64, GOFLAGS=-tags=integration).`,
        );
      return serverError(
        `${server} failed ${what.method}: ${what.message}`,
        `Retry the call. If ${server} keeps refusing it, ${persisting(failure)}.`,
      );
    case 'gone':
      return serverError(
        `${server} ${serverExitText(what.exit)}${what.method === undefined ? '' : ` (during ${what.method})`}`,
        `Retry the call: ${server} is started again on the next call. If it keeps failing, ${persisting(failure)}.`,
      );
    case 'crashing':
      return serverError(
        `${server} crashed ${what.crashes} times within ${what.windowMinutes} minutes (last: ${what.last}); it is not restarted again before ${what.until}`,
        `${capitalised(persisting(failure))}; restarting the MCP server resets the limit.`,
      );
    case 'unsupported':
      return serverError(
        `${server} does not support ${what.method} (${what.capability === undefined ? 'it answered "method not found"' : `it declares no ${what.capability}`})`,
        failure.otherBackend
          ? 'Use a language server that offers it (LSP_BRIDGE_LSP_SERVER=typescript-language-server) or the in-process backend (LSP_BRIDGE_BACKEND=tsservice).'
          : `${server} (the ${failure.language} language server) does not offer this; no other server is configured for ${failure.language} files (see docs/languages.md).`,
      );
  }
}

/** What `newName` conflicting with a declaration sounds like in a server's refusal of a rename (gopls: "conflicts with func in same block"). */
const TAKEN_NAME = /\bconflicts? with\b|\balready declared\b|\bredeclared\b/i;

/**
 * What a rename that would break the program sounds like in a server's refusal (gopls: a method
 * that implements an interface, "would make *T no longer assignable to interface Value").
 */
const BREAKS_PROGRAM = /\bno longer assignable\b/i;

/**
 * Whether a server refused to rename one member of a method family because renaming it alone
 * would break the program (gopls, for a method whose interface is renamed with it: "would make
 * pathStep no longer assignable to interface PathStep"): renamed with the whole family it does
 * not, so its references are renamed instead, and the family's check judges the result.
 */
export function refusedAsRenamedAlone(failure: ServerFailure): boolean {
  const { what } = failure;
  return what.kind === 'refused' && what.method === 'textDocument/rename' && BREAKS_PROGRAM.test(what.message);
}

/** What a server's refusal to rename in a package that does not compile sounds like (gopls: `not possible because "…/cmpopts" has errors`). */
const BLOCKED_BY_ERRORS = /\bnot possible because\b.*\bhas errors\b/i;

/**
 * A server that refuses a rename because the new name is taken, or because the renamed program
 * would not build (gopls answers `textDocument/rename` with an error rather than edits), refuses
 * it for the user's choice, not for a failure of its own: RENAME_CONFLICT, with the server's
 * reason, once. Retrying, or another server, would not help; nor does it when the server renames
 * only in packages that compile and one does not: the errors are to be fixed first.
 */
export function serverRenameRefusal(failure: ServerFailure, file: string, newName: string): BridgeError | undefined {
  const { what } = failure;
  if (what.kind !== 'refused' || what.method !== 'textDocument/rename') return undefined;
  if (TAKEN_NAME.test(what.message))
    return bridgeError(
      ErrorCode.RENAME_CONFLICT,
      `Renaming the symbol in ${file} to "${newName}" would conflict with another declaration: ${failure.server} says ${what.message}`,
    );
  if (BLOCKED_BY_ERRORS.test(what.message))
    return bridgeError(
      ErrorCode.LANGUAGE_SERVER_ERROR,
      `${failure.server} cannot rename the symbol in ${file}: ${what.message}`,
      `${failure.server} renames only in packages that compile: fix the errors in the package it names (${GET_DIAGNOSTICS} lists them), then call again.`,
    );
  if (BREAKS_PROGRAM.test(what.message))
    return bridgeError(
      ErrorCode.RENAME_CONFLICT,
      `Renaming the symbol in ${file} to "${newName}" would break the program: ${failure.server} says ${what.message}`,
      'Rename what the server names along with it (the interface method, for a method that implements one), or leave the name as it is.',
    );
  return undefined;
}

/**
 * What leaves a file out of a language server's build, for messages about such files: one
 * wording for every tool that meets them (a rename, references, a deletion, a question there).
 */
export const OUTSIDE_BUILD_CAUSES = 'a build constraint: another operating system or architecture, a newer language version, a build tag';

/**
 * What a server's refusal to answer about a file its build leaves out sounds like (gopls, for a
 * file a build constraint excludes: "no package metadata for file …_go1.21_test.go").
 */
const OUTSIDE_BUILD = /\bno package metadata for file\b/i;

/**
 * Whether the server refused a question about a name because the name's file is outside the
 * build it loads (a build constraint, another GOOS): that name refers to nothing the build has,
 * so a rename's check counts it as referring to nothing, as the server's own rename does.
 */
export function outsideServerBuild(failure: ServerFailure): boolean {
  return failure.what.kind === 'refused' && OUTSIDE_BUILD.test(failure.what.message);
}

/**
 * Why a server cannot rename what is at a position, when it gave no reason of its own: it offers
 * no rename (`unsupported`), the position spells no name (`no-name`), or its prepareRename found
 * nothing there (`nothing-there`).
 */
export function renameUnavailableReason(server: string, why: 'unsupported' | 'no-name' | 'nothing-there'): string {
  switch (why) {
    case 'unsupported':
      return `${server} does not support rename`;
    case 'no-name':
      return 'no name at this position';
    case 'nothing-there':
      return 'the language server finds nothing to rename at this position';
  }
}

/**
 * What to do when a language server refuses to rename a symbol of the workspace for what it is
 * (clangd 14: "symbol is not a supported kind"), not for where it is declared.
 */
export function serverRefusedRenameResolution(server: string): string {
  return `${server} will not rename this symbol (its reason is above). Rename its declaration and every reference by hand (${FIND_REFERENCES} lists them), then check with ${GET_DIAGNOSTICS}.`;
}

/** How a server's end reads after its name ("clangd exited with code 3"): in errors, logs and the record of its crashes. */
export function serverExitText(exit: ServerExit): string {
  switch (exit.kind) {
    case 'not-started':
      return `could not be started (${exit.error})`;
    case 'exited':
      return `exited with code ${exit.code ?? 'unknown'}`;
    case 'signalled':
      return `exited on signal ${exit.signal}`;
    case 'connection-closed':
      return 'closed its connection';
    case 'lost-tsserver':
      if (exit.code === undefined) return 'lost its tsserver (it exited with an error)';
      return `lost its tsserver (${exit.signal !== undefined && exit.signal !== 'null' ? `signal ${exit.signal}` : `exit code ${exit.code}`})`;
    case 'not-running':
      return 'is not running';
  }
}

/** What to check when the server keeps failing, and the way out there is. */
function persisting({ server, language, otherBackend, configFile }: ServerFailure): string {
  return otherBackend
    ? `check the project configuration (LSP_BRIDGE_LOG_LEVEL=debug shows ${server}'s output), or switch LSP_BRIDGE_BACKEND to tsservice`
    : `check the ${language} project's configuration (LSP_BRIDGE_LOG_LEVEL=debug shows ${server}'s output), or name another ${language} server in ${configFile ?? "the workspace's .lsp.json"}`;
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function serverError(message: string, resolution: string): BridgeError {
  return bridgeError(ErrorCode.LANGUAGE_SERVER_ERROR, message, resolution);
}
