import { bridgeError, type BridgeError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';

/**
 * More directories than any project a language service can hold: a walk that reaches this
 * was pointed at a home directory or `/`, and would block every call for minutes.
 */
export const MAX_WORKSPACE_DIRECTORIES = 20_000;

/** Larger files are not read (a generated bundle, a data file): the default of `LSP_BRIDGE_MAX_FILE_BYTES`. */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The refusal of a walk that went past `max` directories under `where`. */
export function workspaceTooLarge(where: string, max: number = MAX_WORKSPACE_DIRECTORIES): BridgeError {
  return bridgeError(
    ErrorCode.CONFIG_NOT_FOUND,
    `Scanning ${where} for source files went past ${max} directories: no tsconfig.json or jsconfig.json narrows it to a project`,
    'Pass the project directory as workspaceRoot (not a home directory or "/"), or create a tsconfig.json or jsconfig.json whose "include" lists the source folders.',
  );
}
