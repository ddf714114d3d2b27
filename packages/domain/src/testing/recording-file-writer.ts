import { BridgeException, bridgeError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { FileChange, FileWriter } from '../ports/file-writer.js';
import { isWorkspaceSource } from '../rules/paths.js';

/** Records what would be written; can be told to fail, always or for the next writes. */
export class RecordingFileWriter implements FileWriter {
  readonly written: FileChange[][] = [];
  failWith: ErrorCode | undefined;
  /** Refusals of the next writes, in order: each write asked for takes the first one left. */
  readonly refusals: ErrorCode[] = [];
  /** Runs when a write is refused from `refusals`: what another program did meanwhile. */
  onRefusal: (() => void) | undefined;
  /** Every write asked for, refused or not. */
  calls = 0;

  writeAll(workspaceRoot: string, changes: readonly FileChange[]): Promise<void> {
    this.calls++;
    const escaping = changes.find((c) => !isWorkspaceSource(workspaceRoot, c.path));
    if (escaping) {
      return Promise.reject(
        new BridgeException(bridgeError(ErrorCode.PATH_OUTSIDE_WORKSPACE, `${escaping.path} is outside ${workspaceRoot}`)),
      );
    }
    const refusal = this.refusals.shift() ?? this.failWith;
    if (refusal !== undefined) {
      this.onRefusal?.();
      return Promise.reject(new BridgeException(bridgeError(refusal, 'injected failure')));
    }
    this.written.push([...changes]);
    return Promise.resolve();
  }

  drain(): Promise<void> {
    return Promise.resolve();
  }
}
