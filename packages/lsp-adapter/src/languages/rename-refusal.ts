import { BridgeException, ErrorCode, bridgeError } from '@mcp-lsp-bridge/domain';
import { ServerRequestError } from '../connection/errors.js';

/**
 * What a server says when it refuses a rename because the new name is taken: gopls answers
 * `renaming this func "Scale" to "Double" conflicts with func in same block`, as an error of
 * `textDocument/rename` rather than edits. That is the user's choice of name, not a failure of
 * the server: RENAME_CONFLICT, with the server's reason.
 */
const CONFLICT = /\bconflicts? with\b|\balready declared\b|\bredeclared\b/i;

export function renameConflictOf(error: unknown, serverName: string, file: string, newName: string): BridgeException | undefined {
  if (!(error instanceof ServerRequestError) || !CONFLICT.test(error.rawMessage)) return undefined;
  const reason = error.serverMessage.replace(/\s+/g, ' ').trim();
  return new BridgeException(
    bridgeError(
      ErrorCode.RENAME_CONFLICT,
      `Renaming the symbol in ${file} to "${newName}" would conflict with another declaration: ${serverName} says ${reason}`,
    ),
  );
}
