import path from 'node:path';
import { BridgeException, missingReference, unreadableConfig } from '@mcp-lsp-bridge/domain';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import { JSCONFIG_DEFAULTS } from './config-defaults.js';
import { configException, isFatal } from './config-errors.js';

export interface ConfigParse {
  readonly parsed: ts.ParsedCommandLine;
  /** Every file the parse read or probed (the config, its `extends` chain, its references), with its version then. */
  readonly inputs: ReadonlyMap<string, string | undefined>;
  /** Resolved paths of the referenced configs. */
  readonly references: readonly string[];
}

/**
 * Parses a tsconfig.json or jsconfig.json with the parser of the TypeScript that compiles it
 * (`api`: a version's options and defaults are its own), reading through the file store. A config TypeScript would quietly fall back from (bad JSON, a missing `extends`
 * or reference, an unreadable file) is refused with CONFIG_NOT_FOUND naming the broken file
 * relative to `root`.
 */
export function parseConfig(api: TypeScriptApi, files: FileStore, configPath: string, root: string): ConfigParse {
  const inputs = new Map<string, string | undefined>();
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: api.sys.useCaseSensitiveFileNames,
    readDirectory: (dir, extensions, excludes, includes, depth) => api.sys.readDirectory(dir, extensions, excludes, includes, depth),
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
  if (unreadable !== undefined) throw new BridgeException(unreadableConfig(root, configPath, unreadable));
  // The source-file form: TypeScript requires `options.configFile` on referenced projects' command lines.
  const json = api.readJsonConfigFile(configPath, (file) => host.readFile(file));
  // JSON syntax errors stay on the source file (not in `errors`); the field is internal in the typings.
  const { parseDiagnostics } = json as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] };
  const syntax = parseDiagnostics?.find(isFatal);
  if (syntax !== undefined) throw configException(api, root, configPath, syntax);
  const existing = path.basename(configPath) === 'jsconfig.json' ? { ...JSCONFIG_DEFAULTS } : undefined;
  const parsed = api.parseJsonSourceFileConfigFileContent(json, host, path.dirname(configPath), existing, configPath);
  const fatal = parsed.errors.find(isFatal);
  if (fatal !== undefined) throw configException(api, root, configPath, fatal);
  const references: string[] = [];
  for (const reference of parsed.projectReferences ?? []) {
    const target = api.resolveProjectReferencePath(reference);
    inputs.set(target, files.version(target));
    if (!files.fileExists(target)) throw new BridgeException(missingReference(root, configPath, target));
    references.push(target);
  }
  return { parsed, inputs, references };
}
