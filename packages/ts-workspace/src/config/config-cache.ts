import { BUNDLED_TYPESCRIPT, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import { DirTree, type FileStore, type TreeRoot } from '@mcp-lsp-bridge/workspace';
import { parseConfig } from './parse-config.js';

/** A parsed tsconfig/jsconfig. Its identity changes only when its content or file list does. */
export interface ParsedConfig {
  readonly path: string;
  readonly parsed: ts.ParsedCommandLine;
  readonly fileNames: ReadonlySet<string>;
  /** Resolved paths of the referenced configs. */
  readonly references: readonly string[];
}

interface Entry {
  config: ParsedConfig;
  inputs: ReadonlyMap<string, string | undefined>;
  /** The config's include directories, whose listing its file list comes from. */
  tree: DirTree;
  treeRevision: number;
  generation: number;
}

/**
 * Parsed configs, shared by every project and workspace of a backend, as one TypeScript
 * version (`api`) parses them. Once per call an entry is checked against the disk: its input
 * files by version, its include directories by listing.
 */
export class ConfigCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly files: FileStore,
    private readonly api: TypeScriptApi = BUNDLED_TYPESCRIPT,
  ) {}

  /** The parsed config, or a CONFIG_NOT_FOUND `BridgeException` naming what is broken (relative to `root`). */
  get(configPath: string, root: string): ParsedConfig {
    const generation = this.files.currentGeneration;
    const entry = this.entries.get(configPath);
    if (entry !== undefined) {
      if (entry.generation === generation) return entry.config;
      const inputsSame = [...entry.inputs].every(([file, version]) => this.files.version(file) === version);
      const revision = entry.tree.rescan(generation);
      if (inputsSame && revision === entry.treeRevision) {
        entry.generation = generation;
        return entry.config;
      }
    }
    let fresh: Entry;
    try {
      fresh = this.load(configPath, root, generation, entry?.tree);
    } catch (error) {
      this.entries.delete(configPath);
      throw error;
    }
    if (entry !== undefined && sameConfig(entry.config, fresh.config)) fresh.config = entry.config;
    this.entries.set(configPath, fresh);
    return fresh.config;
  }

  /** For lookups that must not fail (TypeScript's own of referenced projects): `undefined` instead of throwing. */
  tryGet(configPath: string, root: string): ParsedConfig | undefined {
    try {
      return this.get(configPath, root);
    } catch {
      return undefined;
    }
  }

  private load(configPath: string, root: string, generation: number, previousTree: DirTree | undefined): Entry {
    let result = parseConfig(this.api, this.files, configPath, root);
    let tree = previousTree;
    const roots = watchRoots(this.api, result.parsed);
    if (tree === undefined || !sameRoots(tree.roots, roots)) {
      // List the include directories before the file list is taken, so a file created in
      // between shows up as a change on the next call instead of being missed for good.
      tree = new DirTree(roots, undefined, this.files.watch);
      tree.rescan(generation);
      result = parseConfig(this.api, this.files, configPath, root);
    }
    const { parsed, inputs, references } = result;
    const config: ParsedConfig = { path: configPath, parsed, fileNames: new Set(parsed.fileNames), references };
    return { config, inputs, tree, treeRevision: tree.rescan(generation), generation };
  }
}

function watchRoots(api: TypeScriptApi, parsed: ts.ParsedCommandLine): TreeRoot[] {
  return Object.entries(parsed.wildcardDirectories ?? {})
    .map(([dir, flags]) => ({ path: dir, recursive: (flags & api.WatchDirectoryFlags.Recursive) !== 0 }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function sameRoots(a: readonly TreeRoot[], b: readonly TreeRoot[]): boolean {
  return (
    a.length === b.length &&
    a.every((root, i) => {
      const other = b[i];
      return other !== undefined && root.path === other.path && root.recursive === other.recursive;
    })
  );
}

function optionsKey(options: ts.CompilerOptions): string {
  return JSON.stringify(options, (key, value: unknown) => (key === 'configFile' ? undefined : value));
}

function sameConfig(a: ParsedConfig, b: ParsedConfig): boolean {
  return (
    a.parsed.fileNames.length === b.parsed.fileNames.length &&
    a.parsed.fileNames.every((name, i) => name === b.parsed.fileNames[i]) &&
    JSON.stringify(a.parsed.raw) === JSON.stringify(b.parsed.raw) &&
    optionsKey(a.parsed.options) === optionsKey(b.parsed.options) &&
    a.references.join('\0') === b.references.join('\0')
  );
}
