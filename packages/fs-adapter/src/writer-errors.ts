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

/** What undoing the files a write had already replaced did (see `replace-files.ts`). */
export interface Undone {
  /** Files put back to their original bytes. */
  readonly restored: number;
  /** Files that still hold the new text: restoring them failed (with the reason). */
  readonly unrestored: readonly string[];
  /** Files another program wrote after this write replaced them: left as that program wrote them. */
  readonly leftAlone: readonly string[];
}

export function renameFailed(display: string, error: unknown, undone: Undone): BridgeException {
  const cause = `Cannot replace "${display}": ${describeError(error)}.`;
  if (undone.unrestored.length > 0) return restoreFailed(cause, undone);
  if (undone.restored === 0 && undone.leftAlone.length === 0)
    return writeFailed(`${cause} No file had been replaced yet; no file was changed.`);
  return writeFailed(`${cause} ${afterUndo(undone, 'everything was restored and no file was changed')}`);
}

/** A target changed between the write's check and its replacement: what was replaced is undone. */
export function changedWhileWriting(display: string, why: string, undone: Undone): BridgeException {
  const cause = `"${display}" changed on disk since the edit was computed (${why}).`;
  if (undone.unrestored.length > 0) return restoreFailed(cause, undone);
  return changedError(`${cause} ${afterUndo(undone, 'Nothing was changed')}`);
}

/** Files written by another program right after this write replaced them: the rest is undone. */
export function overwrittenAfterWriting(displays: readonly string[], undone: Undone): BridgeException {
  const cause = `${displays.map((d) => `"${d}"`).join(', ')} changed on disk right after this edit replaced ${displays.length === 1 ? 'it' : 'them'}: another program wrote ${displays.length === 1 ? 'it' : 'them'} at the same moment.`;
  if (undone.unrestored.length > 0) return restoreFailed(cause, undone);
  const held = [...displays, ...undone.leftAlone].map((d) => `"${d}"`).join(', ');
  return changedError(
    `${cause} Every other file this edit had replaced was restored to its original content; ${held} ${displays.length + undone.leftAlone.length === 1 ? 'holds' : 'hold'} what that program wrote.`,
  );
}

function afterUndo(undone: Undone, nothingChanged: string): string {
  const restored = undone.restored > 0 ? `The ${undone.restored} file(s) already replaced were restored to their original content; ` : '';
  if (undone.leftAlone.length === 0) return `${restored}${nothingChanged}.`;
  const held = undone.leftAlone.map((d) => `"${d}"`).join(', ');
  return `${restored}${held} ${undone.leftAlone.length === 1 ? 'was' : 'were'} written by another program after this edit replaced ${undone.leftAlone.length === 1 ? 'it' : 'them'} and ${undone.leftAlone.length === 1 ? 'holds' : 'hold'} what that program wrote; every other file is as it was.`;
}

function changedError(message: string): BridgeException {
  return new BridgeException(
    bridgeError(
      ErrorCode.FILE_CHANGED,
      message,
      'Another program (an editor, another tool) wrote these files while the edit was being written: check them, then call the tool again.',
    ),
  );
}

function restoreFailed(cause: string, undone: Undone): BridgeException {
  const left =
    undone.leftAlone.length > 0 ? ` ${undone.leftAlone.join(', ')}: written by another program meanwhile, left as it wrote them.` : '';
  return new BridgeException(
    bridgeError(
      ErrorCode.WRITE_FAILED,
      `${cause} Restoring failed for ${undone.unrestored.join(', ')}: these files hold the renamed text; every other file was restored.${left}`,
      'Check the files named above (restore them from version control if needed), fix the permissions or disk space, then retry.',
    ),
  );
}

/** The lock directory cannot be used, so other bridge processes could write the same files at once: the write does not start. */
export function lockUnavailable(error: unknown): BridgeException {
  return new BridgeException(
    bridgeError(
      ErrorCode.WRITE_FAILED,
      `Cannot take the lock that keeps other bridge processes from writing these files at the same time: ${describeError(error)}. Nothing was changed.`,
      'Make /tmp writable for your user (the locks live in /tmp/mcp-lsp-bridge-<uid>/locks, which must belong to you), then retry.',
    ),
  );
}
