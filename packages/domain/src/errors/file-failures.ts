import { quoted } from '../rules/brief-text.js';
import { displayPath, relativeToRoot } from '../rules/paths.js';
import { bridgeError, bridgeErrorOf, type BridgeError } from './bridge-error.js';
import { ErrorCode } from './error-codes.js';

/**
 * Why a file cannot be used as source text, as an adapter found it: facts, never words. The
 * reason a user reads (a failure entry, a refusal) is worded here, once for every backend.
 */
export type FileFault =
  /** Larger than the limit as the user configured it (`LSP_BRIDGE_MAX_FILE_BYTES`). */
  | { readonly kind: 'too-large'; readonly limitBytes: number }
  /** Reading it failed: the OS's error code (`EACCES`), else the error as text. */
  | { readonly kind: 'unreadable'; readonly code: string }
  /** It contains NUL bytes. */
  | { readonly kind: 'binary' }
  /** The parser ran out of stack on it (a generated file nested thousands deep). */
  | { readonly kind: 'unparsable' };

const UNPARSABLE_REASON = 'nested too deeply to parse (the parser ran out of stack)';

/** The reason a failure entry gives for a file that cannot be used. */
export function fileFaultReason(fault: FileFault): string {
  switch (fault.kind) {
    case 'too-large':
      return `file is larger than ${formatBytes(fault.limitBytes)}`;
    case 'unreadable':
      return `cannot read the file (${fault.code})`;
    case 'binary':
      return 'binary file (contains NUL bytes)';
    case 'unparsable':
      return UNPARSABLE_REASON;
  }
}

/** A size limit as people write it: `10 MiB`, `512 KiB`, `300 bytes`. */
export function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  if (Number.isInteger(mib)) return `${mib} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Something is at `path` but it may not be looked at (EACCES and the like): a refusal the user can act on. */
export function pathInaccessible(path: string, why: string): BridgeError {
  return bridgeError(
    ErrorCode.FILE_UNREADABLE,
    `Cannot access ${quoted(path)}: ${why}`,
    'Check the permissions of the path and its parent directories.',
  );
}

/**
 * A call about a file that cannot be used as source text (`reason`: its failure entry's), refused
 * rather than answered as if the file were empty: `check` for its diagnostics, `use` for anything else.
 */
export function unusableFile(root: string, file: string, reason: string, purpose: 'check' | 'use'): BridgeError {
  return bridgeError(ErrorCode.FILE_UNREADABLE, `Cannot ${purpose} ${displayPath(root, file)}: ${reason}`);
}

/** A file the parser ran out of stack on, met where no workspace root is known (`file` absolute). */
export function unparsableFile(file: string): BridgeError {
  return bridgeError(ErrorCode.FILE_UNREADABLE, `${file} cannot be used: it is ${UNPARSABLE_REASON}`);
}

/** Another process deleted the file between the call's resolving it and reading it: the disk changed, nothing failed. */
export function deletedDuringCall(root: string, file: string): BridgeError {
  return bridgeError(
    ErrorCode.FILE_NOT_FOUND,
    `"${relativeToRoot(root, file)}" was deleted while the call ran`,
    'Files changed on disk during the call; call again.',
  );
}

/** A file the project that owns it still leaves out of its program after joining it. */
export function notInProject(root: string, file: string, project: string): BridgeError {
  return bridgeError(
    ErrorCode.LANGUAGE_SERVER_ERROR,
    `${displayPath(root, file)} could not be added to the project of ${project}`,
    'Add the file to the "include" (or "files") of its tsconfig.json or jsconfig.json, then retry.',
  );
}

/** The failure entry of a file no config lists that could not join the project (`project`: its config) that serves it. */
export function notAddedReason(project: string): string {
  return `it could not be added to the project of ${project}`;
}

/** The failure entry of a file a call had to leave out because reading or joining it threw: a refusal's message, else the error's. */
export function thrownReason(thrown: unknown): string {
  return bridgeErrorOf(thrown)?.message ?? (thrown instanceof Error ? thrown.message : String(thrown));
}

/** The failure entry of a file no config lists past the number (`budget`) a server can be shown open. */
export function unshownImporterReason(budget: number): string {
  return `it imports a project's file, but no config lists it and more than ${budget} such files spell the name: the server could not be shown them all`;
}
