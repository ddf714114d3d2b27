import path from 'node:path';
import ts from 'typescript';
import { configException, isFatalConfigError, missingReferenceException, unreadableConfigException } from './config-errors.js';
import { DirTree, type TreeRoot } from './dir-tree.js';
import type { FileStore } from './file-state.js';

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
  /** Every file the parse read or probed (the config, its `extends` chain), with its version then. */
  inputs: Map<string, string | undefined>;
  tree: DirTree;
  treeRevision: number;
  generation: number;
}

/** Like tsserver, a jsconfig.json implies JavaScript. */
const JSCONFIG_DEFAULTS: ts.CompilerOptions = {
  allowJs: true,
  maxNodeModuleJsDepth: 2,
  allowSyntheticDefaultImports: true,
  skipLibCheck: true,
  noEmit: true,
};

/**
 * Parsed configs, shared by every project and workspace. Once per call an entry is checked
 * against the disk: its input files by version, its include directories by listing.
 */
export class ConfigCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly files: FileStore) {}

  /** The parsed config, or a CONFIG_NOT_FOUND `BridgeException` naming what is broken (relative to `root`). */
  get(configPath: string, root: string): ParsedConfig {
    const generation = this.files.currentGeneration;
    const entry = this.entries.get(configPath);
    if (entry !== undefined) {
      if (entry.generation === generation) return entry.config;
      const inputsSame = [...entry.inputs].every(([file, version]) => this.files.version(file) === version);
      const revision = entry.tree.refresh(generation);
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

  /** For TypeScript's own lookups of referenced projects: `undefined` instead of throwing. */
  tryGet(configPath: string, root: string): ParsedConfig | undefined {
    try {
      return this.get(configPath, root);
    } catch {
      return undefined;
    }
  }

  private load(configPath: string, root: string, generation: number, previousTree: DirTree | undefined): Entry {
    let result = this.parse(configPath, root);
    let tree = previousTree;
    const roots = watchRoots(result.parsed);
    if (tree === undefined || !sameRoots(tree.roots, roots)) {
      // List the include directories before the file list is taken, so a file created in
      // between shows up as a change on the next call instead of being missed for good.
      tree = new DirTree(roots);
      tree.refresh(generation);
      result = this.parse(configPath, root);
    }
    const { parsed, inputs, references } = result;
    const config: ParsedConfig = { path: configPath, parsed, fileNames: new Set(parsed.fileNames), references };
    return { config, inputs, tree, treeRevision: tree.refresh(generation), generation };
  }

  private parse(
    configPath: string,
    root: string,
  ): { parsed: ts.ParsedCommandLine; inputs: Map<string, string | undefined>; references: string[] } {
    const inputs = new Map<string, string | undefined>();
    const files = this.files;
    const host: ts.ParseConfigHost = {
      useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
      readDirectory: (dir, extensions, excludes, includes, depth) => ts.sys.readDirectory(dir, extensions, excludes, includes, depth),
      fileExists: (file) => {
        inputs.set(file, files.version(file));
        return files.fileExists(file);
      },
      readFile: (file) => {
        inputs.set(file, files.version(file));
        return files.text(file);
      },
    };
    const unreadable = files.failure(configPath);
    if (unreadable !== undefined) throw unreadableConfigException(root, configPath, unreadable);
    // The source-file form: TypeScript requires `options.configFile` on referenced projects' command lines.
    const json = ts.readJsonConfigFile(configPath, (file) => host.readFile(file));
    // JSON syntax errors stay on the source file (not in `errors`); the field is internal in the typings.
    const { parseDiagnostics } = json as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] };
    const syntax = parseDiagnostics?.find(isFatalConfigError);
    if (syntax !== undefined) throw configException(root, configPath, syntax);
    const existing = path.basename(configPath) === 'jsconfig.json' ? JSCONFIG_DEFAULTS : undefined;
    const parsed = ts.parseJsonSourceFileConfigFileContent(json, host, path.dirname(configPath), existing, configPath);
    const fatal = parsed.errors.find(isFatalConfigError);
    if (fatal !== undefined) throw configException(root, configPath, fatal);
    const references: string[] = [];
    for (const reference of parsed.projectReferences ?? []) {
      const target = ts.resolveProjectReferencePath(reference);
      inputs.set(target, files.version(target));
      if (!files.fileExists(target)) throw missingReferenceException(root, configPath, target);
      references.push(target);
    }
    return { parsed, inputs, references };
  }
}

function watchRoots(parsed: ts.ParsedCommandLine): TreeRoot[] {
  return Object.entries(parsed.wildcardDirectories ?? {})
    .map(([dir, flags]) => ({ path: dir, recursive: (flags & ts.WatchDirectoryFlags.Recursive) !== 0 }))
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
