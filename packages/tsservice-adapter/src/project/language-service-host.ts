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
  /** The compiler asked for this file's text (it parses a file right after asking). */
  textRequested(file: string): void;
}

/**
 * Module resolution for a navigation view: the compiler's own, except that an import of a
 * workspace package by name it cannot resolve (the package is not built yet) resolves to the
 * package's source, when `sourceOf` can tell it. `redirected` hears, per containing file, how
 * many imports it resolved that way.
 */
export interface SourceRedirects {
  sourceOf(specifier: string): string | undefined;
  redirected(containingFile: string, count: number): void;
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
export function createHost(ctx: AdapterContext, api: TypeScriptApi, state: HostState, redirects?: SourceRedirects): Host {
  const { files } = ctx;
  const kindOf = (path: string): 'file' | 'directory' | 'none' => {
    const kind = files.stat(path)?.kind;
    return kind === 'file' || kind === 'directory' ? kind : 'none';
  };
  const host: Host = {
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
      state.textRequested(file);
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
  if (redirects !== undefined) host.resolveModuleNameLiterals = redirectingResolver(api, host, state, redirects);
  return host;
}

type Resolver = NonNullable<ts.LanguageServiceHost['resolveModuleNameLiterals']>;

/** The compiler's resolution (a cache per project version, as a program build has), then `redirects` for what it leaves unresolved. */
function redirectingResolver(api: TypeScriptApi, host: Host, state: HostState, redirects: SourceRedirects): Resolver {
  let cache: { version: string; cache: ts.ModuleResolutionCache } | undefined;
  return (literals, containingFile, redirectedReference, options, containingSourceFile) => {
    const version = state.version();
    if (cache?.version !== version) {
      const canonical = api.sys.useCaseSensitiveFileNames ? (f: string): string => f : (f: string): string => f.toLowerCase();
      cache = { version, cache: api.createModuleResolutionCache(state.currentDirectory, canonical, options) };
    }
    let count = 0;
    const resolved = literals.map((literal) => {
      const mode = api.getModeForUsageLocation(containingSourceFile, literal, options);
      const found = api.resolveModuleName(literal.text, containingFile, options, host, cache?.cache, redirectedReference, mode);
      if (found.resolvedModule !== undefined) return found;
      const source = redirects.sourceOf(literal.text);
      if (source === undefined) return found;
      count++;
      return {
        ...found,
        resolvedModule: { resolvedFileName: source, extension: extensionOf(api, source), isExternalLibraryImport: false },
      };
    });
    redirects.redirected(containingFile, count);
    return resolved;
  };
}

function extensionOf(api: TypeScriptApi, file: string): ts.Extension {
  if (/\.d\.[mc]?ts$/.test(file)) return api.Extension.Dts;
  if (file.endsWith('.tsx')) return api.Extension.Tsx;
  if (file.endsWith('.mts')) return api.Extension.Mts;
  if (file.endsWith('.cts')) return api.Extension.Cts;
  return api.Extension.Ts;
}
