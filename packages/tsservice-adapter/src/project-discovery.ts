import { bridgeErrorOf, isInNodeModules, isInsideRoot, isSupportedSourceFile, relativeToRoot } from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import ts from 'typescript';
import type { ParsedConfig } from './config-cache.js';
import type { AdapterContext } from './context.js';

export type ProjectSpec =
  | { readonly kind: 'config'; readonly key: string; readonly configPath: string }
  | { readonly kind: 'inferred'; readonly key: string; readonly root: string };

export interface Ownership {
  readonly spec: ProjectSpec;
  /** A file outside every config's file list, served by adding it to the nearest config's project (EC-001.5). */
  readonly extraRoot?: string;
}

/** EC-001.1: no config anywhere → ES modules, every supported extension, permissive checking. */
export const INFERRED_OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  checkJs: false,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  jsx: ts.JsxEmit.Preserve,
  strict: false,
  skipLibCheck: true,
  noEmit: true,
  allowNonTsExtensions: true,
};

export function configSpec(configPath: string): ProjectSpec {
  return { kind: 'config', key: configPath, configPath };
}

export function inferredSpec(root: string): ProjectSpec {
  return { kind: 'inferred', key: `inferred:${root}`, root };
}

/** AC-1.5.2/1.5.3: the nearest directory with a config wins; in it, tsconfig.json before jsconfig.json. */
export function nearestConfig(ctx: AdapterContext, dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const candidate = path.join(current, name);
      if (ctx.files.fileExists(candidate)) return candidate;
    }
    if (path.dirname(current) === current) return undefined;
  }
}

/**
 * The project that answers for `file`: the nearest config, or the referenced project that
 * lists the file when the nearest is a solution config (Nx, Turborepo), or the inferred
 * project of the workspace when there is no config at all.
 */
export function ownerOf(ctx: AdapterContext, root: string, file: string): Ownership {
  const nearest = nearestConfig(ctx, path.dirname(file));
  if (nearest === undefined) return { spec: inferredSpec(root) };
  const config = ctx.configs.get(nearest, root);
  if (config.fileNames.has(file)) return { spec: configSpec(nearest) };
  const referenced = findInReferences(ctx, root, config, file, new Set([nearest]));
  if (referenced !== undefined) return { spec: configSpec(referenced) };
  // A JavaScript file cannot join a project without allowJs; the inferred project takes it.
  if (isJavaScript(file) && config.parsed.options.allowJs !== true) return { spec: inferredSpec(root) };
  return { spec: configSpec(nearest), extraRoot: file };
}

function findInReferences(ctx: AdapterContext, root: string, config: ParsedConfig, file: string, seen: Set<string>): string | undefined {
  for (const reference of config.references) {
    if (seen.has(reference)) continue;
    seen.add(reference);
    const referenced = ctx.configs.get(reference, root);
    if (referenced.fileNames.has(file)) return reference;
    const deeper = findInReferences(ctx, root, referenced, file, seen);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

function isJavaScript(file: string): boolean {
  return /\.(?:js|jsx|mjs|cjs)$/i.test(file);
}

export interface WorkspaceConfigs {
  /** Every usable config: found under the root (not in node_modules or dot-directories) or referenced by one. */
  readonly configs: readonly string[];
  readonly broken: readonly { readonly path: string; readonly reason: string; readonly error: unknown }[];
}

/** Config discovery; the listing is refreshed by directory stats, the parses are cached. */
export function workspaceConfigs(ctx: AdapterContext, root: string): WorkspaceConfigs {
  const tree = ctx.trees.get(root);
  tree.refresh(ctx.files.currentGeneration);
  const queue: string[] = [];
  for (const file of tree.files()) {
    const name = path.basename(file);
    if (name === 'tsconfig.json') queue.push(file);
    else if (name === 'jsconfig.json' && !tree.filesIn(path.dirname(file))?.includes('tsconfig.json')) queue.push(file);
  }
  queue.sort();
  const seen = new Set(queue);
  const configs: string[] = [];
  const broken: { path: string; reason: string; error: unknown }[] = [];
  for (let i = 0; i < queue.length; i++) {
    const configPath = queue[i] as string;
    try {
      const config = ctx.configs.get(configPath, root);
      configs.push(configPath);
      for (const reference of config.references) {
        if (!seen.has(reference)) {
          seen.add(reference);
          queue.push(reference);
        }
      }
    } catch (error) {
      broken.push({ path: configPath, reason: bridgeErrorOf(error)?.message ?? String(error), error });
    }
  }
  return { configs, broken };
}

/** The inferred project's files: every supported source file under the root. */
export function inferredFiles(ctx: AdapterContext, root: string): string[] {
  const tree = ctx.trees.get(root);
  tree.refresh(ctx.files.currentGeneration);
  return [...tree.files()].filter((file) => isSupportedSourceFile(file)).sort();
}

/** A project file of the workspace (inside the root, not a dependency). */
export function isWorkspaceFile(root: string, file: string): boolean {
  return isInsideRoot(root, file) && !isInNodeModules(relativeToRoot(root, file));
}
