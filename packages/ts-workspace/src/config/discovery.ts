import { bridgeErrorOf, isExternalPath, isSupportedSourceFile } from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import type { FileListing, FileStore } from '@mcp-lsp-bridge/workspace';
import { CONFIG_FILE_NAMES } from './config-defaults.js';
import type { ConfigCache, ParsedConfig } from './config-cache.js';

/** A project file of the workspace: inside the root and not in a dependency (`node_modules`). */
export function isWorkspaceFile(root: string, file: string): boolean {
  return !isExternalPath(root, file);
}

/** AC-1.5.2/1.5.3: the nearest directory with a config wins; in it, tsconfig.json before jsconfig.json. */
export function nearestConfig(files: FileStore, dir: string): string | undefined {
  for (let current = dir; ;) {
    // `current` is normal already (a file's directory, then its parents): joined by hand, not
    // by `path.join`, which normalises again (half of an ownership decision's cost; issue 25).
    const prefix = current.endsWith(path.sep) ? current : `${current}${path.sep}`;
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = `${prefix}${name}`;
      if (files.fileExists(candidate)) return candidate;
    }
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

export interface BrokenConfig {
  /** The broken config itself, so a failure entry names the file to fix (not the workspace root). */
  readonly path: string;
  /** The refusal's message, for a failure entry. */
  readonly reason: string;
  /** The CONFIG_NOT_FOUND refusal itself, to throw when nothing else is usable. */
  readonly error: unknown;
}

export interface WorkspaceConfigs {
  /** Every usable config: found under the root (outside skipped directories) or referenced by one, by path. */
  readonly configs: readonly ParsedConfig[];
  readonly broken: readonly BrokenConfig[];
}

/**
 * Config discovery over a listing of the workspace root: every tsconfig.json, every
 * jsconfig.json without a tsconfig.json beside it (the one a directory's files belong to),
 * and every config those reference (solution configs: Nx, Turborepo), each parsed once.
 */
export function workspaceConfigs(configs: ConfigCache, root: string, listing: FileListing): WorkspaceConfigs {
  const queue: string[] = [];
  for (const file of listing.files()) {
    if (!isWorkspaceFile(root, file)) continue;
    const name = path.basename(file);
    if (name === 'tsconfig.json') queue.push(file);
    else if (name === 'jsconfig.json' && !listing.filesIn(path.dirname(file))?.includes('tsconfig.json')) queue.push(file);
  }
  queue.sort();
  const seen = new Set(queue);
  const usable: ParsedConfig[] = [];
  const broken: BrokenConfig[] = [];
  for (let i = 0; i < queue.length; i++) {
    const configPath = queue[i] as string;
    try {
      const config = configs.get(configPath, root);
      usable.push(config);
      for (const reference of config.references) {
        if (!seen.has(reference)) {
          seen.add(reference);
          queue.push(reference);
        }
      }
    } catch (error) {
      // A refusal makes the config broken; anything else is a bug and is not hidden as one.
      const refusal = bridgeErrorOf(error);
      if (refusal === undefined) throw error;
      broken.push({ path: configPath, reason: refusal.message, error });
    }
  }
  return { configs: usable, broken };
}

/** The inferred project's files: every supported source file of the listing, sorted. */
export function inferredFiles(listing: FileListing): string[] {
  return [...listing.files()].filter((file) => isSupportedSourceFile(file)).sort();
}

/**
 * The source files the workspace's projects check: the workspace files of every usable
 * config, or, when there is no config at all, the inferred project's. None when every
 * config is broken.
 */
export function projectFiles(root: string, found: WorkspaceConfigs, listing: FileListing): string[] {
  if (found.configs.length === 0) return found.broken.length === 0 ? inferredFiles(listing).filter((f) => isWorkspaceFile(root, f)) : [];
  const files = new Set<string>();
  for (const config of found.configs) for (const file of config.parsed.fileNames) if (isWorkspaceFile(root, file)) files.add(file);
  return [...files].sort();
}

/**
 * The workspace's source files no usable config lists (`tests/` outside a tsconfig's `include`),
 * each served by its nearest config's project when asked about (EC-001.5). A search for the uses
 * of a CommonJS export reads them too: they may `require` the module, and a rename that left them
 * out would leave them spelling the old name. None without a config (the inferred project lists
 * every file).
 */
export function unlistedFiles(root: string, found: WorkspaceConfigs, listing: FileListing): string[] {
  if (found.configs.length === 0) return [];
  const listed = new Set(projectFiles(root, found, listing));
  return inferredFiles(listing).filter((file) => isWorkspaceFile(root, file) && !listed.has(file));
}
