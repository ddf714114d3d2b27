import { BridgeException, bridgeError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { FileChange, FileWriter } from '../ports/file-writer.js';
import { isWorkspaceSource } from '../rules/paths.js';

/** Records what would be written; can be told to fail. */
export class RecordingFileWriter implements FileWriter {
  readonly written: FileChange[][] = [];
  failWith: ErrorCode | undefined;

  writeAll(workspaceRoot: string, changes: readonly FileChange[]): Promise<void> {
    const escaping = changes.find((c) => !isWorkspaceSource(workspaceRoot, c.path));
    if (escaping) {
      return Promise.reject(
        new BridgeException(bridgeError(ErrorCode.PATH_OUTSIDE_WORKSPACE, `${escaping.path} is outside ${workspaceRoot}`)),
      );
    }
    if (this.failWith !== undefined) {
      return Promise.reject(new BridgeException(bridgeError(this.failWith, 'injected failure')));
    }
    this.written.push([...changes]);
    return Promise.resolve();
  }

  drain(): Promise<void> {
    return Promise.resolve();
  }
}
