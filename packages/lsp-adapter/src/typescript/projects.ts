import {
  BridgeException,
  ErrorCode,
  bridgeError,
  bridgeErrorOf,
  displayPath,
  isInNodeModules,
  isInsideRoot,
  isSupportedSourceFile,
  relativeToRoot,
} from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import ts from 'typescript';
import { sameStat, statOf, type SourceFiles, type StatSignature } from '../source-files.js';

/**
 * The projects of a TypeScript workspace as the language server will see them: which
 * tsconfig/jsconfig files exist, which files each lists, and whether the config of a file is
 * usable. A server quietly falls back to defaults on a broken config; the contract says
 * CONFIG_NOT_FOUND, naming the file, so configs are checked here with TypeScript's own parser.
 */
export interface ParsedConfig {
  readonly path: string;
  readonly fileNames: readonly string[];
  readonly references: readonly string[];
}

interface CacheEntry {
  readonly config: ParsedConfig | BridgeException;
  readonly inputs: ReadonlyMap<string, StatSignature | undefined>;
  readonly revision: number;
}

export class TypeScriptProjects {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly sources: SourceFiles) {}

  /** The parsed config, or a CONFIG_NOT_FOUND `BridgeException` naming what is broken. */
  config(configPath: string, root: string, revision: number): ParsedConfig {
    const cached = this.cache.get(configPath);
    if (cached !== undefined && cached.revision === revision && [...cached.inputs].every(([file, stat]) => sameInput(stat, statOf(file)))) {
      if (cached.config instanceof BridgeException) throw cached.config;
      return cached.config;
    }
    const inputs = new Map<string, StatSignature | undefined>();
    let config: ParsedConfig | BridgeException;
    try {
      config = this.parse(configPath, root, inputs);
    } catch (error) {
      if (bridgeErrorOf(error) === undefined) throw error;
      config = error as BridgeException;
    }
    this.cache.set(configPath, { config, inputs, revision });
    if (config instanceof BridgeException) throw config;
    return config;
  }

  /** Throws CONFIG_NOT_FOUND when the config that governs `file` (or one it references) is unusable. */
  checkConfigOf(file: string, root: string, revision: number): void {
    const nearest = nearestConfig(path.dirname(file));
    if (nearest === undefined) return;
    const seen = new Set<string>();
    const visit = (configPath: string): void => {
      if (seen.has(configPath)) return;
      seen.add(configPath);
      for (const reference of this.config(configPath, root, revision).references) visit(reference);
    };
    visit(nearest);
  }

  /**
   * Every usable config of the workspace (found under the root outside dependencies, or
   * referenced by one) and the broken ones; `files` are the workspace files the server checks.
   */
  workspace(
    root: string,
    knownFiles: readonly string[],
    revision: number,
  ): { configs: ParsedConfig[]; broken: BridgeException[]; files: string[] } {
    const queue: string[] = [];
    const dirsWithTsconfig = new Set(knownFiles.filter((f) => path.basename(f) === 'tsconfig.json').map((f) => path.dirname(f)));
    for (const file of knownFiles) {
      if (!isWorkspaceFile(root, file)) continue;
      const name = path.basename(file);
      if (name === 'tsconfig.json' || (name === 'jsconfig.json' && !dirsWithTsconfig.has(path.dirname(file)))) queue.push(file);
    }
    queue.sort();
    const seen = new Set(queue);
    const configs: ParsedConfig[] = [];
    const broken: BridgeException[] = [];
    for (let i = 0; i < queue.length; i++) {
      const configPath = queue[i] as string;
      try {
        const config = this.config(configPath, root, revision);
        configs.push(config);
        for (const reference of config.references) {
          if (!seen.has(reference)) {
            seen.add(reference);
            queue.push(reference);
          }
        }
      } catch (error) {
        if (bridgeErrorOf(error) === undefined) throw error;
        broken.push(error as BridgeException);
      }
    }
    const files = new Set<string>();
    if (configs.length === 0 && broken.length === 0) {
      for (const file of knownFiles) if (isWorkspaceFile(root, file) && isSupportedSourceFile(file)) files.add(file);
    }
    for (const config of configs) for (const file of config.fileNames) if (isWorkspaceFile(root, file)) files.add(file);
    return { configs, broken, files: [...files].sort() };
  }

  private parse(configPath: string, root: string, inputs: Map<string, StatSignature | undefined>): ParsedConfig {
    const sources = this.sources;
    const record = (file: string): void => {
      if (!inputs.has(file)) inputs.set(file, statOf(file));
    };
    const host: ts.ParseConfigHost = {
      useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
      readDirectory: (dir, extensions, excludes, includes, depth) => ts.sys.readDirectory(dir, extensions, excludes, includes, depth),
      fileExists: (file) => {
        record(file);
        return statOf(file)?.kind === 'file';
      },
      readFile: (file) => {
        record(file);
        return sources.text(file);
      },
    };
    record(configPath);
    const unreadable = sources.failure(configPath);
    if (unreadable !== undefined)
      throw refuse(
        `${displayPath(root, configPath)} cannot be read: ${unreadable}`,
        `Make ${displayPath(root, configPath)} a readable JSON file, then retry.`,
      );
    const json = ts.readJsonConfigFile(configPath, (file) => host.readFile(file));
    const { parseDiagnostics } = json as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] };
    const syntax = parseDiagnostics?.find(isFatalConfigError);
    if (syntax !== undefined) throw configException(root, configPath, syntax);
    const existing =
      path.basename(configPath) === 'jsconfig.json'
        ? { allowJs: true, maxNodeModuleJsDepth: 2, allowSyntheticDefaultImports: true, skipLibCheck: true, noEmit: true }
        : undefined;
    const parsed = ts.parseJsonSourceFileConfigFileContent(json, host, path.dirname(configPath), existing, configPath);
    const fatal = parsed.errors.find(isFatalConfigError);
    if (fatal !== undefined) throw configException(root, configPath, fatal);
    const references: string[] = [];
    for (const reference of parsed.projectReferences ?? []) {
      const target = ts.resolveProjectReferencePath(reference);
      record(target);
      if (statOf(target)?.kind !== 'file') {
        const config = displayPath(root, configPath);
        throw refuse(
          `${config} references ${displayPath(root, target)}, which does not exist`,
          `Create ${displayPath(root, target)} or fix the "references" entry of ${config}, then retry.`,
        );
      }
      references.push(target);
    }
    return { path: configPath, fileNames: parsed.fileNames.map((f) => path.resolve(f)), references };
  }
}

/** AC-1.5.2/1.5.3: the nearest directory with a config wins; in it, tsconfig.json before jsconfig.json. */
export function nearestConfig(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const candidate = path.join(current, name);
      if (statOf(candidate)?.kind === 'file') return candidate;
    }
    if (path.dirname(current) === current) return undefined;
  }
}

/** A project file of the workspace (inside the root, not a dependency). */
export function isWorkspaceFile(root: string, file: string): boolean {
  return isInsideRoot(root, file) && !isInNodeModules(relativeToRoot(root, file));
}

function sameInput(a: StatSignature | undefined, b: StatSignature | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return sameStat(a, b);
}

/**
 * Config diagnostics that make a config unusable (the same rules as the tsservice backend):
 * JSON syntax errors (1xxx), TS5092 (root not an object), TS5083/TS6053 (a missing `extends`
 * target), TS18000 (an `extends` cycle).
 */
function isFatalConfigError(diagnostic: ts.Diagnostic): boolean {
  const { code } = diagnostic;
  return (code >= 1000 && code < 2000) || code === 5083 || code === 5092 || code === 6053 || code === 18000;
}

function configException(root: string, configPath: string, diagnostic: ts.Diagnostic): BridgeException {
  const config = displayPath(root, configPath);
  const text = relativize(root, ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
  if (diagnostic.code >= 1000 && diagnostic.code < 2000) {
    const broken = diagnostic.file?.fileName ?? configPath;
    const where = diagnostic.file && diagnostic.start !== undefined ? ` at ${lineColumn(diagnostic.file, diagnostic.start)}` : '';
    const via = broken === configPath ? '' : ` (extended by ${config})`;
    return refuse(
      `${displayPath(root, broken)}${via} is not valid JSON${where}: ${text}`,
      `Fix the JSON syntax of ${displayPath(root, broken)}, then retry.`,
    );
  }
  if (diagnostic.code === 5083 || diagnostic.code === 6053) {
    return refuse(
      `${config} cannot be used: the file it extends was not found (${text})`,
      `Create the missing file or fix the "extends" entry of ${config}, then retry.`,
    );
  }
  if (diagnostic.code === 18000)
    return refuse(`${config} cannot be used: ${text}`, `Remove the "extends" cycle starting at ${config}, then retry.`);
  return refuse(`${config} cannot be used: ${text}`, `Fix ${config}, then retry.`);
}

function refuse(message: string, resolution: string): BridgeException {
  return new BridgeException(bridgeError(ErrorCode.CONFIG_NOT_FOUND, message, resolution));
}

function lineColumn(file: ts.SourceFile, offset: number): string {
  const { line, character } = file.getLineAndCharacterOfPosition(offset);
  return `line ${line + 1}, column ${character + 1}`;
}

function relativize(root: string, text: string): string {
  return root === '/' ? text : text.split(`${root}/`).join('');
}
