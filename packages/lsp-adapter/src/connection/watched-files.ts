import type { FileChangeKind } from '@mcp-lsp-bridge/workspace';
import { minimatch } from 'minimatch';
import path from 'node:path';
import { WatchKind, type FileSystemWatcher, type Registration, type Unregistration } from 'vscode-languageserver-protocol/node';
import { pathOf } from '../convert/uris.js';

const KIND_OF_CHANGE: Readonly<Record<FileChangeKind, number>> = {
  created: WatchKind.Create,
  changed: WatchKind.Change,
  deleted: WatchKind.Delete,
};

/**
 * The files a server asked to be told about: its `workspace/didChangeWatchedFiles`
 * registrations, their glob patterns matched as vscode-languageclient matches them (minimatch).
 * A configuration file no registration covers is one the server does not act on when told.
 */
export class WatchedFiles {
  private readonly watchers = new Map<string, readonly FileSystemWatcher[]>();

  register(registration: Registration): void {
    const options = registration.registerOptions as { watchers?: readonly FileSystemWatcher[] } | undefined;
    this.watchers.set(registration.id, options?.watchers ?? []);
  }

  unregister(unregistration: Unregistration): void {
    this.watchers.delete(unregistration.id);
  }

  /** Whether a registration covers `file` changing this way. */
  covers(file: string, change: FileChangeKind): boolean {
    for (const watchers of this.watchers.values())
      for (const { globPattern, kind } of watchers) {
        if (((kind ?? WatchKind.Create | WatchKind.Change | WatchKind.Delete) & KIND_OF_CHANGE[change]) === 0) continue;
        if (typeof globPattern === 'string') {
          if (minimatch(file, globPattern, { dot: true })) return true;
          continue;
        }
        const base = pathOf(typeof globPattern.baseUri === 'string' ? globPattern.baseUri : globPattern.baseUri.uri);
        const relative = path.relative(base, file);
        if (!relative.startsWith('..') && !path.isAbsolute(relative) && minimatch(relative, globPattern.pattern, { dot: true }))
          return true;
      }
    return false;
  }
}
