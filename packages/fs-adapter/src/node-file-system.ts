import { BridgeException, pathInaccessible, type FileSystem, type PathKind, type Signal } from '@mcp-lsp-bridge/domain';
import fs from 'node:fs';
import { describeError, isMissing, type FsOperations } from './fs-operations.js';

/**
 * Answered at once rather than on the thread pool: resolving the root and the file of every
 * call is a few system calls on local paths (microseconds), and the pool's round trip costs
 * more than that on each of them.
 */
const direct: Pick<FsOperations, 'realpath' | 'stat'> = {
  realpath: (path) => new Promise((resolve) => resolve(fs.realpathSync.native(path))),
  stat: (path) => new Promise((resolve) => resolve(fs.statSync(path))),
};

/** The domain's `FileSystem` on the real disk. */
export class NodeFileSystem implements FileSystem {
  constructor(private readonly fs: Pick<FsOperations, 'realpath' | 'stat'> = direct) {}

  async realPath(path: string, signal: Signal): Promise<string | undefined> {
    signal.throwIfAborted();
    try {
      return await this.fs.realpath(path);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw unreadable(path, error);
    }
  }

  async kindOf(path: string, signal: Signal): Promise<PathKind | undefined> {
    signal.throwIfAborted();
    try {
      const stats = await this.fs.stat(path);
      return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw unreadable(path, error);
    }
  }
}

// Something is there but we may not look at it (EACCES and the like): a refusal the user
// can act on, not a language-service failure.
function unreadable(path: string, error: unknown): BridgeException {
  return new BridgeException(pathInaccessible(path, describeError(error)));
}
