import path from 'node:path';
import ts = require('typescript');
import type { FileStore } from '../files/file-store.js';
import { JSCONFIG_DEFAULTS } from './config-defaults.js';
import { configException, isFatalConfigError, missingReferenceException, unreadableConfigException } from './config-errors.js';

export interface ConfigParse {
  readonly parsed: ts.ParsedCommandLine;
  /** Every file the parse read or probed (the config, its `extends` chain, its references), with its version then. */
  readonly inputs: ReadonlyMap<string, string | undefined>;
  /** Resolved paths of the referenced configs. */
  readonly references: readonly string[];
}

/**
 * Parses a tsconfig.json or jsconfig.json with TypeScript's own parser, reading through the
 * file store. A config TypeScript would quietly fall back from (bad JSON, a missing `extends`
 * or reference, an unreadable file) is refused with CONFIG_NOT_FOUND naming the broken file
 * relative to `root`.
 */
export function parseConfig(files: FileStore, configPath: string, root: string): ConfigParse {
  const inputs = new Map<string, string | undefined>();
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
  const existing = path.basename(configPath) === 'jsconfig.json' ? { ...JSCONFIG_DEFAULTS } : undefined;
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
