import type { QueryScope } from '@mcp-lsp-bridge/domain';
import type { DirTree } from './files/dir-tree.js';
import { FileStore } from './files/file-store.js';
import { WorkspaceTrees } from './files/workspace-trees.js';
import type { WatchItem } from './watch/change-journal.js';
import { WorkspaceWatch, type WatchOptions } from './watch/workspace-watch.js';
import { WorkspaceSources } from './workspace-sources.js';

export interface WorkspaceOptions {
  /** Larger files are not read (reported as failures). */
  readonly maxFileBytes: number;
  /** Freshness from file-system events (default: on, on Linux); without it every call checks the disk by stat. */
  readonly watch?: WatchOptions;
}

/** What a port call's scope carries once its view of the disk is taken: every layer it passes through reads the same one. */
const CALL = Symbol('workspace call');

interface CallMark {
  readonly workspace: Workspace;
  readonly root: string;
}

/** A scope that carries the call's view of the disk (`Workspace.begin`): what routers hand on to the backends. */
export type CallScope = QueryScope & { readonly [CALL]?: CallMark };

/**
 * The files of the workspaces a process serves, whatever their language: source texts as
 * they are on disk now, directory listings, the file-event watch and its journal. One per
 * process, shared by every backend and router, so a root is watched, listed and read once
 * (each cache below keeps one entry per path, across roots: nested roots and projects used from
 * two roots share them). A port call starts with `begin`, which waits for the events queued
 * before it, once; after it, everything is as fresh as the disk: what the watcher covers
 * because it reported every change so far, the rest because it is checked against the disk
 * again, once per call (a "generation" of the file store).
 */
export class Workspace {
  readonly watch: WorkspaceWatch;
  readonly files: FileStore;
  /** One recursive listing per root (config discovery, the inferred project, the languages a workspace holds). */
  readonly trees: WorkspaceTrees;
  private readonly sources: WorkspaceSources;
  private disposed = false;

  constructor(options: WorkspaceOptions) {
    this.watch = new WorkspaceWatch(options.watch);
    this.files = new FileStore(options.maxFileBytes, this.watch);
    this.trees = new WorkspaceTrees(this.watch);
    this.sources = new WorkspaceSources((root) => this.listing(root));
  }

  /**
   * Starts a port call on `scope.workspaceRoot`, or joins the call `scope` already belongs to
   * (a router hands the scope it began on to the backend it chose): the events queued before
   * the call are drained once, whatever the number of layers. Returns the scope to hand on.
   */
  async begin<S extends QueryScope>(scope: S): Promise<S> {
    const mark = (scope as CallScope)[CALL];
    if (mark !== undefined && mark.workspace === this && mark.root === scope.workspaceRoot) return scope;
    scope.signal.throwIfAborted();
    await this.beginCall(scope.workspaceRoot);
    scope.signal.throwIfAborted();
    return { ...scope, [CALL]: { workspace: this, root: scope.workspaceRoot } };
  }

  /** Starts a call on `root`: waits until every change that completed before now is known. */
  async beginCall(root: string): Promise<void> {
    this.files.beginCall(this.disposed ? [] : await this.watch.beginCall(root));
  }

  /**
   * What the watcher reported since `cursor` (a journal position a cache kept), or
   * `undefined` when the cache must check everything it holds (no watcher, or it fell too far
   * behind). `head` is the cursor to keep next.
   */
  changesSince(cursor: number): { readonly changes: readonly WatchItem[] | undefined; readonly head: number } {
    return { changes: this.watch.journal.since(cursor), head: this.watch.journal.head };
  }

  /** The recursive listing of `root`, up to date for this call. */
  listing(root: string): DirTree {
    const tree = this.trees.get(root);
    tree.rescan(this.files.currentGeneration);
    return tree;
  }

  /**
   * The workspace's own source files (dependency folders left out) that `accepts` (a set of
   * extensions, by its key), from the root's listing; kept while the listing does not change.
   * `undefined` when the workspace is too large to list.
   */
  sourceFiles(root: string, key: string, accepts: (file: string) => boolean): readonly string[] | undefined {
    return this.sources.of(root, key, accepts);
  }

  /** Closes every watcher. */
  dispose(): void {
    this.disposed = true;
    this.watch.dispose();
  }
}
