/** The refusals of the writer; every message says whether anything changed on disk. */
import { BridgeException, ErrorCode, bridgeError } from '@mcp-lsp-bridge/domain';
import { describeError } from './fs-operations.js';

export function fileChanged(display: string, why: string): BridgeException {
  return new BridgeException(
    bridgeError(
      ErrorCode.FILE_CHANGED,
      `"${display}" changed on disk since the edit was computed (${why}). Nothing was changed.`,
      'The file was changed by someone else (an editor, another call) after the edit was planned: re-read it and call the tool again.',
    ),
  );
}

/** No write-ahead journal can be kept, so the write does not start (it could not be undone after a crash). */
export function journalUnavailable(error: unknown): BridgeException {
  return new BridgeException(
    bridgeError(
      ErrorCode.WRITE_FAILED,
      `Cannot keep the journal that makes this write recoverable after a crash: ${describeError(error)}. Nothing was changed.`,
      'Make ~/.local/state (or $XDG_STATE_HOME) writable, or set LSP_BRIDGE_STATE_DIR to a directory only you can write, then retry.',
    ),
  );
}

export function rootUnresolvable(workspaceRoot: string, error: unknown): BridgeException {
  return new BridgeException(
    bridgeError(
      ErrorCode.WORKSPACE_NOT_FOUND,
      `Workspace "${workspaceRoot}" cannot be resolved: ${describeError(error)}. Nothing was changed.`,
    ),
  );
}

export function notUtf8(display: string): BridgeException {
  return new BridgeException(
    bridgeError(ErrorCode.FILE_UNREADABLE, `"${display}" is not valid UTF-8, so it is not rewritten. Nothing was changed.`),
  );
}

export function writeFailed(message: string): BridgeException {
  return new BridgeException(bridgeError(ErrorCode.WRITE_FAILED, message));
}

export function outside(message: string): BridgeException {
  return new BridgeException(
    bridgeError(
      ErrorCode.PATH_OUTSIDE_WORKSPACE,
      message,
      'Rename only symbols whose every use is in your own source files inside workspaceRoot.',
    ),
  );
}

export function renameFailed(display: string, error: unknown, replacedCount: number, unrestored: readonly string[]): BridgeException {
  const cause = `Cannot replace "${display}": ${describeError(error)}.`;
  if (unrestored.length === 0) {
    if (replacedCount === 0) return writeFailed(`${cause} No file had been replaced yet; no file was changed.`);
    return writeFailed(
      `${cause} The ${replacedCount} file(s) already replaced were restored to their original content; everything was restored and no file was changed.`,
    );
  }
  return new BridgeException(
    bridgeError(
      ErrorCode.WRITE_FAILED,
      `${cause} Restoring failed for ${unrestored.join(', ')}: these files hold the renamed text; every other file was restored.`,
      'Check the files named above (restore them from version control if needed), fix the permissions or disk space, then retry.',
    ),
  );
}
