import { BUNDLED_TYPESCRIPT, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import { BridgeException, ErrorCode, bridgeError, type OutlineSymbol } from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';
import { CompilerLookups } from './compiler/compiler-lookups.js';
import { ConfigCache } from './config/config-cache.js';
import { workspaceConfigs, type WorkspaceConfigs } from './config/discovery.js';
import { checkConfigOf, ownerOf, type ConfigAccess, type Ownership } from './config/project-owner.js';
import { DirTree, type FileListing } from './files/dir-tree.js';
import { FileStore } from './files/file-store.js';
import { BuildOutputs, type WorkspaceView } from './packages/build-outputs.js';
import { WorkspaceTrees } from './files/workspace-trees.js';
import { withCommonJsExports } from './syntax/commonjs-outline.js';
import { isJavaScriptFile } from './syntax/language-ids.js';
import { outlineOf } from './syntax/outline.js';
import { SyntaxCache } from './syntax/syntax-cache.js';
import { SyntaxOutlines } from './syntax/syntax-outlines.js';
import { isStackOverflow, overflowsParser, UNPARSABLE_REASON } from './syntax/unparsable.js';

/** Files remembered as parsing without trouble; past this, the memory starts again (bounded in a long run). */
const MAX_REMEMBERED = 100_000;
import type { WatchItem } from './watch/change-journal.js';
import { WorkspaceWatch, type WatchOptions } from './watch/workspace-watch.js';

export interface TsWorkspaceOptions {
  /** Larger files are not read (reported as failures). */
  readonly maxFileBytes: number;
  /** Freshness from file-system events (default: on, on Linux); without it every call checks the disk by stat. */
  readonly watch?: WatchOptions;
}

/** Outlines kept by file version (LRU): the files of the last answers. */
const OUTLINES_KEPT = 128;

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
  readonly syntax: SyntaxCache;
  private readonly outlines: SyntaxOutlines;
  private readonly outlineCache = new Map<string, { version: string; outline: readonly OutlineSymbol[] }>();
  /** Files `markUnparsable` parsed without trouble, by content version: not parsed again until they change. */
  private readonly parsesFine = new Map<string, string>();
  /** Which `typescript` each project's directory resolves, looked at once per call. */
  readonly compilers: CompilerLookups;
  /** Workspace packages and their build output ↔ source, for queries that cross packages. */
  readonly outputs: BuildOutputs;
  private readonly versionConfigs = new Map<TypeScriptApi, ConfigCache>();
  private readonly discovered = new Map<string, { listing: FileListing; revision: number; found: WorkspaceConfigs }>();

  constructor(options: TsWorkspaceOptions) {
    this.watch = new WorkspaceWatch(options.watch);
    this.files = new FileStore(options.maxFileBytes, this.watch);
    this.syntax = new SyntaxCache(undefined, (file, text) => this.files.markUnusable(file, text, UNPARSABLE_REASON));
    this.outlines = new SyntaxOutlines(this.files);
    this.configs = new ConfigCache(this.files);
    this.trees = new WorkspaceTrees(this.watch);
    this.compilers = new CompilerLookups(this.files);
    this.outputs = new BuildOutputs(this.files, this.syntax, this.configs);
  }

  /** The root and its listing, as the build-output lookups take them. */
  view(root: string, listing: FileListing = this.listing(root)): WorkspaceView {
    return { root, listing };
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

  /**
   * After a stack overflow: which of `candidates` (in order; the first found ends the search
   * unless `all`) the parser runs out of stack on. Each found is a failure from now on, served
   * empty, until its content changes.
   */
  markUnparsable(candidates: Iterable<string>, all = false): string[] {
    const found: string[] = [];
    const seen = new Set<string>();
    for (const file of candidates) {
      if (seen.has(file)) continue;
      seen.add(file);
      const text = this.files.text(file);
      const version = this.files.version(file);
      if (text === undefined || version === undefined || this.parsesFine.get(file) === version) continue;
      if (!overflowsParser(file, text)) {
        if (this.parsesFine.size >= MAX_REMEMBERED) this.parsesFine.clear();
        this.parsesFine.set(file, version);
        continue;
      }
      this.files.markUnusable(file, text, UNPARSABLE_REASON);
      found.push(file);
      if (!all) break;
    }
    return found;
  }

  /**
   * The outline of a file's text on disk from its syntax alone (no project, config or scan),
   * as typescript-language-server builds one from the same navigation tree. A text the parser
   * runs out of stack on becomes a failure and the call is refused with FILE_UNREADABLE.
   */
  outline(file: string): readonly OutlineSymbol[] {
    const text = this.files.text(file);
    const version = this.files.version(file);
    const cached = this.outlineCache.get(file);
    if (cached !== undefined && version !== undefined && cached.version === version) return cached.outline;
    try {
      const tree = outlineOf(BUNDLED_TYPESCRIPT, this.outlines.navigationTree(file));
      const outline = text !== undefined && isJavaScriptFile(file) ? withCommonJsExports(this.syntax.get(file, text), tree) : tree;
      // Node ids of every answer come from the outline of the file they are in: kept for the files asked about lately.
      if (version !== undefined) {
        this.outlineCache.delete(file);
        this.outlineCache.set(file, { version, outline });
        if (this.outlineCache.size > OUTLINES_KEPT) this.outlineCache.delete(this.outlineCache.keys().next().value as string);
      }
      return outline;
    } catch (error) {
      if (!isStackOverflow(error) || text === undefined) throw error;
      this.files.markUnusable(file, text, UNPARSABLE_REASON);
      throw new BridgeException(bridgeError(ErrorCode.FILE_UNREADABLE, `${file} cannot be used: it is ${UNPARSABLE_REASON}`));
    }
  }

  /** The standalone syntax tree of a file's text on disk; `undefined` when it has none. */
  syntaxOf(file: string): ts.SourceFile | undefined {
    const text = this.files.text(file);
    return text === undefined ? undefined : this.syntax.get(file, text);
  }
}
