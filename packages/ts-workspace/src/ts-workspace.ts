import { BUNDLED_TYPESCRIPT, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import { BridgeException, unparsableFile, type OutlineSymbol, type QueryScope } from '@mcp-lsp-bridge/domain';
import {
  DirTree,
  Workspace,
  type FileListing,
  type FileStore,
  type WatchItem,
  type WorkspaceOptions,
  type WorkspaceTrees,
  type WorkspaceWatch,
} from '@mcp-lsp-bridge/workspace';
import path from 'node:path';
import type ts from 'typescript';
import { CompilerLookups } from './compiler/compiler-lookups.js';
import { ConfigCache } from './config/config-cache.js';
import { nearestConfig, projectFiles, workspaceConfigs, type WorkspaceConfigs } from './config/discovery.js';
import { UnlistedImporters } from './config/unlisted-importers.js';
import { checkConfigOf, ownerOf, type ConfigAccess, type Ownership } from './config/project-owner.js';
import { BuildOutputs, type WorkspaceView } from './packages/build-outputs.js';
import { withCommonJsExports } from './syntax/commonjs-outline.js';
import { isJavaScriptFile } from './syntax/language-ids.js';
import { outlineOf } from './syntax/outline.js';
import { SyntaxCache } from './syntax/syntax-cache.js';
import { SyntaxOutlines } from './syntax/syntax-outlines.js';
import { isStackOverflow, overflowsParser, UNPARSABLE } from './syntax/unparsable.js';

/** Files remembered as parsing without trouble; past this, the memory starts again (bounded in a long run). */
const MAX_REMEMBERED = 100_000;

/** Outlines kept by file version (LRU): the files of the last answers. */
const OUTLINES_KEPT = 128;

/** TypeScript's own lib files: they never change while we run. */
const LIB_DIR = path.dirname(BUNDLED_TYPESCRIPT.getDefaultLibFilePath({}));

/** Ownership answers kept for the current call (the files one call asks about). */
const OWNERS_KEPT = 1024;

/**
 * What both TypeScript backends and the router of `auto` agree the TypeScript projects of a
 * workspace are, over its files (`Workspace`, language-neutral and shared): parsed configs,
 * which project owns a file, which compiler answers it, build output mapped to source, and
 * standalone syntax trees and outlines. One per process, shared by every backend, so a file's
 * project is decided once per call whichever layer asks.
 */
export class TsWorkspace implements ConfigAccess {
  readonly watch: WorkspaceWatch;
  readonly files: FileStore;
  readonly configs: ConfigCache;
  readonly trees: WorkspaceTrees;
  /** Which project owns a file, decided once per call (the file store's generation) whoever asks. */
  private readonly owners = new Map<string, Ownership>();
  /** Each directory's nearest config, in the same call: ownership and the config check both walk up from a file. */
  private readonly nearest = new Map<string, string | undefined>();
  private ownersGeneration = -1;
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
  /** The source files of each discovery's projects: `configsOf` answers the same object while nothing changed. */
  private readonly filesOfProjects = new WeakMap<WorkspaceConfigs, { listing: FileListing; revision: number; files: readonly string[] }>();
  private readonly unlisted: UnlistedImporters;

  /**
   * Over the process's shared `workspace`; `owned`: this view made it (a backend used on its
   * own), so disposing of the view closes its watches too.
   */
  constructor(
    readonly workspace: Workspace,
    private readonly owned = false,
  ) {
    this.watch = workspace.watch;
    this.files = workspace.files;
    // TypeScript's own lib files never change while we run: stat'ed once.
    this.files.markStable(LIB_DIR);
    this.syntax = new SyntaxCache(undefined, (file, text) => this.files.markUnusable(file, text, UNPARSABLE));
    this.outlines = new SyntaxOutlines(this.files);
    this.configs = new ConfigCache(this.files);
    this.trees = workspace.trees;
    this.compilers = new CompilerLookups(this.files);
    this.outputs = new BuildOutputs(this.files, this.syntax, this.configs);
    this.unlisted = new UnlistedImporters(this.files, this.configs);
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

  /** A view over a workspace of its own (a backend used without the composition's shared one). */
  static standalone(options: WorkspaceOptions): TsWorkspace {
    return new TsWorkspace(new Workspace(options), true);
  }

  /** Starts a port call, or joins the one `scope` carries (see `Workspace.begin`). */
  begin<S extends QueryScope>(scope: S): Promise<S> {
    return this.workspace.begin(scope);
  }

  /** What the watcher reported since `cursor` (see `Workspace.changesSince`). */
  changesSince(cursor: number): { readonly changes: readonly WatchItem[] | undefined; readonly head: number } {
    return this.workspace.changesSince(cursor);
  }

  /** Drops the syntax trees; closes the watches only of a workspace of its own. */
  dispose(): void {
    if (this.owned) this.workspace.dispose();
    this.syntax.clear();
  }

  /** The recursive listing of `root`, up to date for this call. */
  listing(root: string): DirTree {
    return this.workspace.listing(root);
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

  /**
   * The workspace's own source files that `found`'s projects check (see `projectFiles`), kept
   * while the listing's revision and the discovery stay the same: a warm call over a language
   * server asks for them, and walking every config's file list cost about 1 ms of each
   * `find_references` over TypeScript 7's server on rxjs (issue 25).
   */
  projectFilesOf(root: string, found: WorkspaceConfigs, listing: FileListing = this.listing(root)): readonly string[] {
    const revision = listing instanceof DirTree ? listing.revision : undefined;
    const kept = this.filesOfProjects.get(found);
    if (kept !== undefined && revision !== undefined && kept.listing === listing && kept.revision === revision) return kept.files;
    const files = projectFiles(root, found, listing);
    if (revision !== undefined) this.filesOfProjects.set(found, { listing, revision, files });
    return files;
  }

  /** The workspace files no config lists that import a project's file (see `UnlistedImporters`); `listing` defaults to the root's own. */
  unlistedImporters(root: string, listing: FileListing = this.listing(root)): readonly string[] {
    return this.unlisted.importers(root, this.configsOf(root, listing), listing);
  }

  /** The files of `among` that import `target` (an `import`, `export … from`, `import()` or `require`, as their compiler resolves it). */
  importersOf(root: string, among: readonly string[], target: string, listing: FileListing = this.listing(root)): string[] {
    return this.unlisted.importersAmong(root, this.configsOf(root, listing), listing, among, this.files.realpath(target));
  }

  /** The project that owns `file` (see `ownerOf`), decided once per call. */
  ownerOf(root: string, file: string): Ownership {
    this.sameCall();
    const key = `${root}\0${file}`;
    let owner = this.owners.get(key);
    if (owner === undefined) {
      owner = ownerOf(this, root, file);
      if (this.owners.size < OWNERS_KEPT) this.owners.set(key, owner);
    }
    return owner;
  }

  checkConfigOf(root: string, file: string): void {
    checkConfigOf(this, root, file);
  }

  /** The nearest config of `dir` (see `nearestConfig`), looked for once per call. */
  nearestConfig(dir: string): string | undefined {
    this.sameCall();
    if (this.nearest.has(dir)) return this.nearest.get(dir);
    const found = nearestConfig(this.files, dir);
    if (this.nearest.size < OWNERS_KEPT) this.nearest.set(dir, found);
    return found;
  }

  /** Forgets what was decided in an earlier call (the file store's generation). */
  private sameCall(): void {
    const generation = this.files.currentGeneration;
    if (this.ownersGeneration === generation) return;
    this.owners.clear();
    this.nearest.clear();
    this.ownersGeneration = generation;
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
      this.files.markUnusable(file, text, UNPARSABLE);
      found.push(file);
      if (!all) break;
    }
    return found;
  }

  /**
   * The outline of a file's text on disk from its syntax alone (no project, config or scan),
   * as typescript-language-server builds one from the same navigation tree. A text the parser
   * runs out of stack on becomes a failure and the call is refused with FILE_UNREADABLE.
   * `parsedTree`: the bundled compiler's syntax tree of the file in a warm program, if there is one.
   */
  outline(file: string, parsedTree?: () => ts.SourceFile | undefined): readonly OutlineSymbol[] {
    const text = this.files.text(file);
    const version = this.files.version(file);
    const cached = this.outlineCache.get(file);
    if (cached !== undefined && version !== undefined && cached.version === version) return cached.outline;
    try {
      // A program's tree is used only for the text on disk now, as the bundled parser made it.
      const parsed = parsedTree?.();
      const reused = parsed !== undefined && parsed.text === text ? parsed : undefined;
      const tree = outlineOf(BUNDLED_TYPESCRIPT, this.outlines.navigationTree(file, reused));
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
      this.files.markUnusable(file, text, UNPARSABLE);
      throw new BridgeException(unparsableFile(file));
    }
  }

  /** The standalone syntax tree of a file's text on disk; `undefined` when it has none. */
  syntaxOf(file: string): ts.SourceFile | undefined {
    const text = this.files.text(file);
    return text === undefined ? undefined : this.syntax.get(file, text);
  }
}
