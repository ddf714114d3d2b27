import { BUNDLED_TYPESCRIPT, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import { CompilerLookups } from './compiler/compiler-lookups.js';
import { ConfigCache } from './config/config-cache.js';
import { workspaceConfigs, type WorkspaceConfigs } from './config/discovery.js';
import { checkConfigOf, ownerOf, type ConfigAccess, type Ownership } from './config/project-owner.js';
import { DirTree, type FileListing } from './files/dir-tree.js';
import { FileStore } from './files/file-store.js';
import { WorkspaceTrees } from './files/workspace-trees.js';
import { SyntaxCache } from './syntax/syntax-cache.js';
import type { WatchItem } from './watch/change-journal.js';
import { WorkspaceWatch, type WatchOptions } from './watch/workspace-watch.js';

export interface TsWorkspaceOptions {
  /** Larger files are not read (reported as failures). */
  readonly maxFileBytes: number;
  /** Freshness from file-system events (default: on, on Linux); without it every call checks the disk by stat. */
  readonly watch?: WatchOptions;
}

/**
 * One backend's view of its TypeScript workspaces, whichever service answers the questions
 * of meaning: source texts as they are on disk now, parsed configs, directory listings and
 * standalone syntax trees. Each port call starts with `beginCall`, after which everything is
 * as fresh as the disk: what the watcher covers because it reported every change so far,
 * the rest because it is checked against the disk again (once).
 */
export class TsWorkspace implements ConfigAccess {
  readonly watch: WorkspaceWatch;
  readonly files: FileStore;
  readonly configs: ConfigCache;
  readonly trees: WorkspaceTrees;
  readonly syntax = new SyntaxCache();
  /** Which `typescript` each project's directory resolves, looked at once per call. */
  readonly compilers: CompilerLookups;
  private readonly versionConfigs = new Map<TypeScriptApi, ConfigCache>();
  private readonly discovered = new Map<string, { listing: FileListing; revision: number; found: WorkspaceConfigs }>();

  constructor(options: TsWorkspaceOptions) {
    this.watch = new WorkspaceWatch(options.watch);
    this.files = new FileStore(options.maxFileBytes, this.watch);
    this.configs = new ConfigCache(this.files);
    this.trees = new WorkspaceTrees(this.watch);
    this.compilers = new CompilerLookups(this.files);
  }

  /**
   * The configs as `api` parses them: a project compiled by its own TypeScript reads its
   * config with that version's parser (its options, its defaults, its errors). Discovery and
   * ownership use `configs`, the bundled parser's: which files a config lists does not vary.
   */
  configsFor(api: TypeScriptApi): ConfigCache {
    if (api === BUNDLED_TYPESCRIPT) return this.configs;
    let cache = this.versionConfigs.get(api);
    if (cache === undefined) {
      cache = new ConfigCache(this.files, api);
      this.versionConfigs.set(api, cache);
    }
    return cache;
  }

  /** Starts a port call on `root`: waits until every change that completed before now is known. */
  async beginCall(root: string): Promise<void> {
    this.files.beginCall(await this.watch.beginCall(root));
  }

  /**
   * What the watcher reported since `cursor` (a journal position a cache kept), or
   * `undefined` when the cache must check everything it holds (no watcher, or it fell too far
   * behind). `head` is the cursor to keep next.
   */
  changesSince(cursor: number): { readonly changes: readonly WatchItem[] | undefined; readonly head: number } {
    return { changes: this.watch.journal.since(cursor), head: this.watch.journal.head };
  }

  /** Closes every watcher. */
  dispose(): void {
    this.watch.dispose();
    this.syntax.clear();
  }

  /** The recursive listing of `root`, up to date for this call. */
  listing(root: string): DirTree {
    const tree = this.trees.get(root);
    tree.rescan(this.files.currentGeneration);
    return tree;
  }

  /**
   * Every config of the workspace, usable or broken; `listing` defaults to the root's own.
   * Finding them reads every file name of the listing, so the answer is kept while the
   * listing's revision and every config it found stay the same (a warm call reads no names).
   */
  configsOf(root: string, listing: FileListing = this.listing(root)): WorkspaceConfigs {
    const revision = listing instanceof DirTree ? listing.revision : undefined;
    const known = this.discovered.get(root);
    if (
      known !== undefined &&
      revision !== undefined &&
      known.listing === listing &&
      known.revision === revision &&
      known.found.broken.length === 0 &&
      known.found.configs.every((config) => this.configs.tryGet(config.path, root) === config)
    ) {
      return known.found;
    }
    const found = workspaceConfigs(this.configs, root, listing);
    if (revision !== undefined) this.discovered.set(root, { listing, revision, found });
    return found;
  }

  ownerOf(root: string, file: string): Ownership {
    return ownerOf(this, root, file);
  }

  checkConfigOf(root: string, file: string): void {
    checkConfigOf(this, root, file);
  }

  /** The standalone syntax tree of a file's text on disk; `undefined` when it has none. */
  syntaxOf(file: string): ts.SourceFile | undefined {
    const text = this.files.text(file);
    return text === undefined ? undefined : this.syntax.get(file, text);
  }
}
