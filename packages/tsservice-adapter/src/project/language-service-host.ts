import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import type { AdapterContext } from '../adapter-context.js';
import { subdirectories, type ProbeWatch } from './probe-watch.js';

/** What a host reads from its project, each time TypeScript asks. */
export interface HostState {
  readonly currentDirectory: string;
  readonly probes: ProbeWatch;
  rootNames(): string[];
  options(): ts.CompilerOptions;
  references(): readonly ts.ProjectReference[] | undefined;
  version(): string;
  overlay(file: string): { readonly text: string; readonly version: string } | undefined;
  resolutionsInvalidated(): boolean;
}

/** Not in `LanguageServiceHost`'s public typings, but the service reads them (see `synchronizeHostDataWorker`). */
type Host = ts.LanguageServiceHost & {
  useSourceOfProjectReferenceRedirect(): boolean;
  hasInvalidatedResolutions(path: ts.Path): boolean;
  hasChangedAutomaticTypeDirectiveNames(): boolean;
};

/**
 * A host over the file store for a service of `api`'s TypeScript (its lib files, its config
 * parser): nothing is cached here, so every answer is as fresh as the store's per-call stat.
 * Every existence question is remembered in the probe watch.
 */
export function createHost(ctx: AdapterContext, api: TypeScriptApi, state: HostState): Host {
  const { files } = ctx;
  const kindOf = (path: string): 'file' | 'directory' | 'none' => {
    const kind = files.stat(path)?.kind;
    return kind === 'file' || kind === 'directory' ? kind : 'none';
  };
  return {
    getProjectVersion: () => state.version(),
    getScriptFileNames: () => state.rootNames(),
    getCompilationSettings: () => state.options(),
    getProjectReferences: () => state.references(),
    getCurrentDirectory: () => state.currentDirectory,
    getDefaultLibFileName: (options) => api.getDefaultLibFilePath(options),
    getNewLine: () => '\n',
    useCaseSensitiveFileNames: () => api.sys.useCaseSensitiveFileNames,
    getCancellationToken: () => ctx.token,
    useSourceOfProjectReferenceRedirect: () => true,
    getParsedCommandLine: (configPath) => ctx.workspace.configsFor(api).tryGet(configPath, '/')?.parsed,
    hasInvalidatedResolutions: () => state.resolutionsInvalidated(),
    hasChangedAutomaticTypeDirectiveNames: () => state.resolutionsInvalidated(),
    getScriptVersion: (file) => state.overlay(file)?.version ?? files.version(file) ?? '',
    getScriptSnapshot: (file) => {
      const text = state.overlay(file)?.text ?? files.compilerText(file);
      return text === undefined ? undefined : api.ScriptSnapshot.fromString(text);
    },
    fileExists: (file) => {
      if (state.overlay(file) !== undefined) return true;
      const kind = kindOf(file);
      state.probes.record(file, kind);
      return kind === 'file';
    },
    directoryExists: (dir) => {
      const kind = kindOf(dir);
      state.probes.record(dir, kind);
      return kind === 'directory';
    },
    readFile: (file) => {
      state.probes.record(file, kindOf(file));
      return state.overlay(file)?.text ?? files.text(file);
    },
    getDirectories: (dir) => {
      const names = subdirectories(dir);
      state.probes.recordListing(dir, names);
      return names;
    },
    readDirectory: (dir, extensions, excludes, includes, depth) => api.sys.readDirectory(dir, extensions, excludes, includes, depth),
    realpath: (path) => files.realpath(path),
  };
}
