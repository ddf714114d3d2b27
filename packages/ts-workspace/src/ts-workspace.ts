import { BUNDLED_TYPESCRIPT, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import { CompilerLookups } from './compiler/compiler-lookups.js';
import { ConfigCache } from './config/config-cache.js';
import { workspaceConfigs, type WorkspaceConfigs } from './config/discovery.js';
import { checkConfigOf, ownerOf, type ConfigAccess, type Ownership } from './config/project-owner.js';
import type { DirTree, FileListing } from './files/dir-tree.js';
import { FileStore } from './files/file-store.js';
import { BuildOutputs, type WorkspaceView } from './packages/build-outputs.js';
import { WorkspaceTrees } from './files/workspace-trees.js';
import { SyntaxCache } from './syntax/syntax-cache.js';

export interface TsWorkspaceOptions {
  /** Larger files are not read (reported as failures). */
  readonly maxFileBytes: number;
}

/**
 * One backend's view of its TypeScript workspaces, whichever service answers the questions
 * of meaning: source texts as they are on disk now, parsed configs, directory listings and
 * standalone syntax trees. Each port call starts with `beginCall`, after which everything is
 * checked against the disk again (once).
 */
export class TsWorkspace implements ConfigAccess {
  readonly files: FileStore;
  readonly configs: ConfigCache;
  readonly trees = new WorkspaceTrees();
  readonly syntax = new SyntaxCache();
  /** Which `typescript` each project's directory resolves, looked at once per call. */
  readonly compilers: CompilerLookups;
  /** Workspace packages and their build output ↔ source, for queries that cross packages. */
  readonly outputs: BuildOutputs;
  private readonly versionConfigs = new Map<TypeScriptApi, ConfigCache>();

  constructor(options: TsWorkspaceOptions) {
    this.files = new FileStore(options.maxFileBytes);
    this.configs = new ConfigCache(this.files);
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

  beginCall(): void {
    this.files.beginCall();
  }

  /** The recursive listing of `root`, up to date for this call. */
  listing(root: string): DirTree {
    const tree = this.trees.get(root);
    tree.rescan(this.files.currentGeneration);
    return tree;
  }

  /** Every config of the workspace, usable or broken; `listing` defaults to the root's own. */
  configsOf(root: string, listing: FileListing = this.listing(root)): WorkspaceConfigs {
    return workspaceConfigs(this.configs, root, listing);
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
