import { BUNDLED_TYPESCRIPT } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import type { ConfigCache } from './config-cache.js';
import { INFERRED_OPTIONS } from './config-defaults.js';
import { nearestConfig } from './discovery.js';

/** How the compiler of the files in one directory resolves imports: its nearest tsconfig's options, on the file store. */
export interface ImportResolver {
  /** The real path of the file `specifier` resolves to from `file`, or `undefined`. */
  resolve(file: string, specifier: string): string | undefined;
}

export function importResolver(files: FileStore, configs: ConfigCache, root: string, dir: string): ImportResolver {
  const nearest = nearestConfig(files, dir);
  const options = (nearest === undefined ? undefined : configs.tryGet(nearest, root)?.parsed.options) ?? INFERRED_OPTIONS;
  const host: ts.ModuleResolutionHost = {
    fileExists: (f) => files.fileExists(f),
    readFile: (f) => files.text(f),
    directoryExists: (d) => files.directoryExists(d),
    realpath: (f) => files.realpath(f),
    getCurrentDirectory: () => root,
  };
  return {
    resolve(file, specifier) {
      // Without a mode the resolution is the config's default; an ES import under node16/nodenext resolves as ESM.
      const resolved =
        BUNDLED_TYPESCRIPT.resolveModuleName(specifier, file, options, host).resolvedModule ??
        BUNDLED_TYPESCRIPT.resolveModuleName(specifier, file, options, host, undefined, undefined, BUNDLED_TYPESCRIPT.ModuleKind.ESNext)
          .resolvedModule;
      return resolved === undefined ? undefined : files.realpath(resolved.resolvedFileName);
    },
  };
}
