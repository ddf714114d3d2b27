import type { Signal } from '../model/signal.js';

export type PathKind = 'file' | 'directory' | 'other';

/** What the use-cases need to know about paths before they ask a language service anything. */
export interface FileSystem {
  /** The canonical path with every symlink resolved, or `undefined` when nothing is there. */
  realPath(path: string, signal: Signal): Promise<string | undefined>;
  /** The kind of what is at `path` (following symlinks), or `undefined` when nothing is there. */
  kindOf(path: string, signal: Signal): Promise<PathKind | undefined>;
}
