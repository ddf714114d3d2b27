import { displayPath } from '../rules/paths.js';
import { bridgeError, type BridgeError } from './bridge-error.js';
import { ErrorCode } from './error-codes.js';
import { GET_DIAGNOSTICS, RENAME_SYMBOL } from '../catalogue/operation-names.js';

/*
 * The refusals of an all-or-nothing write, worded from what the writer saw. Every message says
 * whether anything changed on disk. `display` is a target as the writer shows it (relative to
 * the workspace root); `why` is the OS's own description of an error.
 */

/** What the writer found different in a target from the text the edit was computed from. */
export type TargetChange =
  | 'gone'
  | 'not-a-file'
  | 'text-differs'
  /** Read once more right before it was replaced: it could not be. */
  | 'unreadable-now'
  /** Read once more right before it was replaced: its bytes changed. */
  | 'modified-while-writing';

const CHANGES: Readonly<Record<TargetChange, string>> = {
  gone: 'it no longer exists',
  'not-a-file': 'it is not a regular file',
  'text-differs': 'its text differs from the text the edit was computed from',
  'unreadable-now': 'it can no longer be read',
  'modified-while-writing': 'it was modified while the edit was being written',
};

/** What undoing the files a write had already replaced did. */
export interface Undone {
  /** Files put back to their original bytes. */
  readonly restored: number;
  /** Files that still hold the new text: restoring them failed (with the reason). */
  readonly unrestored: readonly string[];
  /** Files another program wrote after this write replaced them: left as that program wrote them. */
  readonly leftAlone: readonly string[];
}

export function targetChanged(display: string, change: TargetChange): BridgeError {
  return bridgeError(
    ErrorCode.FILE_CHANGED,
    `"${display}" changed on disk since the edit was computed (${CHANGES[change]}). Nothing was changed.`,
    'The file was changed by someone else (an editor, another call) after the edit was planned: re-read it and call the tool again.',
  );
}

/**
 * The edit reached one file by two names (a symbolic link and its target, both in the project)
 * with a different change through each: writing either would lose the other.
 */
export function oneFileTwoNames(first: string, second: string): BridgeError {
  return bridgeError(
    ErrorCode.WRITE_FAILED,
    `"${first}" and "${second}" are one file (a link and its target), and the edit changes them differently. Nothing was changed.`,
    `Make the project reach the file by one name (remove the link, or leave one name out of the project's files), then call again; or edit the file by hand and check it with ${GET_DIAGNOSTICS}.`,
  );
}

/** Two projects asked in one call held different texts of one file: one program is stale, so its edits cannot be trusted. */
export function changedWhileComputing(root: string, path: string): BridgeError {
  return bridgeError(
    ErrorCode.FILE_CHANGED,
    `${displayPath(root, path)} changed while the rename was being computed. Nothing was changed.`,
    `Call ${RENAME_SYMBOL} again: the next call sees the file as it is now.`,
  );
}

/** No write-ahead journal can be kept, so the write does not start (it could not be undone after a crash). */
export function journalUnavailable(why: string): BridgeError {
  return bridgeError(
    ErrorCode.WRITE_FAILED,
    `Cannot keep the journal that makes this write recoverable after a crash: ${why}. Nothing was changed.`,
    'Make ~/.local/state (or $XDG_STATE_HOME) writable, or set LSP_BRIDGE_STATE_DIR to a directory only you can write, then retry.',
  );
}

/** The lock directory cannot be used, so other bridge processes could write the same files at once: the write does not start. */
export function lockUnavailable(why: string): BridgeError {
  return bridgeError(
    ErrorCode.WRITE_FAILED,
    `Cannot take the lock that keeps other bridge processes from writing these files at the same time: ${why}. Nothing was changed.`,
    'Make /tmp writable for your user (the locks live in /tmp/mcp-lsp-bridge-<uid>/locks, which must belong to you), then retry.',
  );
}

export function rootUnresolvable(workspaceRoot: string, why: string): BridgeError {
  return bridgeError(ErrorCode.WORKSPACE_NOT_FOUND, `Workspace "${workspaceRoot}" cannot be resolved: ${why}. Nothing was changed.`);
}

export function notUtf8(display: string): BridgeError {
  return bridgeError(ErrorCode.FILE_UNREADABLE, `"${display}" is not valid UTF-8, so it is not rewritten. Nothing was changed.`);
}

/** A target could not be resolved or read before anything was written. */
export function targetUnreadable(display: string, step: 'resolve' | 'read', why: string): BridgeError {
  return bridgeError(ErrorCode.WRITE_FAILED, `Cannot ${step} "${display}": ${why}. Nothing was changed.`);
}

/** A target's new bytes could not be written to its temp file. */
export function stagingFailed(display: string, temp: string, why: string): BridgeError {
  return bridgeError(ErrorCode.WRITE_FAILED, `Cannot write "${display}" (temp file "${temp}"): ${why}. Nothing was changed.`);
}

/** A target (`requested`) whose real path (`resolved`) is outside the workspace's real root. */
export function writeOutsideWorkspace(requested: string, resolved: string, root: string): BridgeError {
  return outside(`Refusing to write "${requested}": it resolves to "${resolved}", outside the workspace "${root}". Nothing was changed.`);
}

export function writeIntoDependency(display: string): BridgeError {
  return outside(`Refusing to write "${display}": it is inside node_modules, a dependency. Nothing was changed.`);
}

/** Replacing a target with its temp file failed; what the write had replaced before was undone. */
export function replaceFailed(display: string, why: string, undone: Undone): BridgeError {
  const cause = `Cannot replace "${display}": ${why}.`;
  if (undone.unrestored.length > 0) return restoreFailed(cause, undone);
  if (undone.restored === 0 && undone.leftAlone.length === 0)
    return bridgeError(ErrorCode.WRITE_FAILED, `${cause} No file had been replaced yet; no file was changed.`);
  return bridgeError(ErrorCode.WRITE_FAILED, `${cause} ${afterUndo(undone, 'everything was restored and no file was changed')}`);
}

/** A target changed between the write's check and its replacement: what was replaced is undone. */
export function changedWhileWriting(display: string, change: TargetChange, undone: Undone): BridgeError {
  const cause = `"${display}" changed on disk since the edit was computed (${CHANGES[change]}).`;
  if (undone.unrestored.length > 0) return restoreFailed(cause, undone);
  return changedError(`${cause} ${afterUndo(undone, 'Nothing was changed')}`);
}

/** Files written by another program right after this write replaced them: the rest is undone. */
export function overwrittenAfterWriting(displays: readonly string[], undone: Undone): BridgeError {
  const cause = `${displays.map((d) => `"${d}"`).join(', ')} changed on disk right after this edit replaced ${displays.length === 1 ? 'it' : 'them'}: another program wrote ${displays.length === 1 ? 'it' : 'them'} at the same moment.`;
  if (undone.unrestored.length > 0) return restoreFailed(cause, undone);
  const held = [...displays, ...undone.leftAlone].map((d) => `"${d}"`).join(', ');
  return changedError(
    `${cause} Every other file this edit had replaced was restored to its original content; ${held} ${displays.length + undone.leftAlone.length === 1 ? 'holds' : 'hold'} what that program wrote.`,
  );
}

function outside(message: string): BridgeError {
  return bridgeError(
    ErrorCode.PATH_OUTSIDE_WORKSPACE,
    message,
    'Rename only symbols whose every use is in your own source files inside workspaceRoot.',
  );
}

function afterUndo(undone: Undone, nothingChanged: string): string {
  const restored = undone.restored > 0 ? `The ${undone.restored} file(s) already replaced were restored to their original content; ` : '';
  if (undone.leftAlone.length === 0) return `${restored}${nothingChanged}.`;
  const held = undone.leftAlone.map((d) => `"${d}"`).join(', ');
  return `${restored}${held} ${undone.leftAlone.length === 1 ? 'was' : 'were'} written by another program after this edit replaced ${undone.leftAlone.length === 1 ? 'it' : 'them'} and ${undone.leftAlone.length === 1 ? 'holds' : 'hold'} what that program wrote; every other file is as it was.`;
}

function changedError(message: string): BridgeError {
  return bridgeError(
    ErrorCode.FILE_CHANGED,
    message,
    'Another program (an editor, another tool) wrote these files while the edit was being written: check them, then call the tool again.',
  );
}

function restoreFailed(cause: string, undone: Undone): BridgeError {
  const left =
    undone.leftAlone.length > 0 ? ` ${undone.leftAlone.join(', ')}: written by another program meanwhile, left as it wrote them.` : '';
  return bridgeError(
    ErrorCode.WRITE_FAILED,
    `${cause} Restoring failed for ${undone.unrestored.join(', ')}: these files hold the renamed text; every other file was restored.${left}`,
    'Check the files named above (restore them from version control if needed), fix the permissions or disk space, then retry.',
  );
}
