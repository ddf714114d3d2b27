import path from 'node:path';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import { isJavaScriptFile } from '../syntax/language-ids.js';
import type { ConfigCache, ParsedConfig } from './config-cache.js';

/** A project: one config, or the inferred project of a workspace without any. `key` names it in logs and pools. */
export type ProjectSpec =
  | { readonly kind: 'config'; readonly key: string; readonly configPath: string }
  | { readonly kind: 'inferred'; readonly key: string; readonly root: string };

export function configSpec(configPath: string): ProjectSpec {
  return { kind: 'config', key: configPath, configPath };
}

export function inferredSpec(root: string): ProjectSpec {
  return { kind: 'inferred', key: `inferred:${root}`, root };
}

export interface Ownership {
  readonly spec: ProjectSpec;
  /** A file outside every config's file list, served by adding it to the nearest config's project (EC-001.5). */
  readonly extraRoot?: string;
}

/** What ownership reads: the file store, the parsed configs of one backend, and the nearest config of a directory. */
export interface ConfigAccess {
  readonly files: FileStore;
  readonly configs: ConfigCache;
  /** AC-1.5.2/1.5.3: the nearest config of `dir` (see `nearestConfig`), as the disk is in this call. */
  nearestConfig(dir: string): string | undefined;
}

/**
 * The project that answers for `file`: the nearest config, or the referenced project that
 * lists the file when the nearest is a solution config (Nx, Turborepo), or the inferred
 * project of the workspace when there is no config at all. Throws CONFIG_NOT_FOUND when a
 * config on the way is broken.
 */
export function ownerOf(access: ConfigAccess, root: string, file: string): Ownership {
  const nearest = access.nearestConfig(path.dirname(file));
  if (nearest === undefined) return { spec: inferredSpec(root) };
  const config = access.configs.get(nearest, root);
  if (config.fileNames.has(file)) return { spec: configSpec(nearest) };
  const referenced = referencedConfigListing(access.configs, root, config, file, new Set([nearest]));
  if (referenced !== undefined) return { spec: configSpec(referenced) };
  // A JavaScript file cannot join a project without allowJs; the inferred project takes it.
  if (isJavaScriptFile(file) && config.parsed.options.allowJs !== true) return { spec: inferredSpec(root) };
  return { spec: configSpec(nearest), extraRoot: file };
}

/**
 * Throws CONFIG_NOT_FOUND when the config that governs `file` (the nearest) or any config it
 * references is unusable: a server would quietly fall back to defaults, the contract refuses.
 */
export function checkConfigOf(access: ConfigAccess, root: string, file: string): void {
  const nearest = access.nearestConfig(path.dirname(file));
  if (nearest === undefined) return;
  const seen = new Set<string>();
  const visit = (configPath: string): void => {
    if (seen.has(configPath)) return;
    seen.add(configPath);
    for (const reference of access.configs.get(configPath, root).references) visit(reference);
  };
  visit(nearest);
}

function referencedConfigListing(
  configs: ConfigCache,
  root: string,
  config: ParsedConfig,
  file: string,
  seen: Set<string>,
): string | undefined {
  for (const reference of config.references) {
    if (seen.has(reference)) continue;
    seen.add(reference);
    const referenced = configs.get(reference, root);
    if (referenced.fileNames.has(file)) return reference;
    const deeper = referencedConfigListing(configs, root, referenced, file, seen);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}
