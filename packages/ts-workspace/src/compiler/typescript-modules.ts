import { BUNDLED_TYPESCRIPT, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BundledCompiler } from '@mcp-lsp-bridge/domain';

const require = createRequire(import.meta.url);

/** The TypeScript this package is built with: the in-process backend's fallback. */
export const BUNDLED_JS_COMPILER: BundledCompiler = {
  version: BUNDLED_TYPESCRIPT.version,
  packageDir: path.dirname(require.resolve('typescript/package.json')),
};

/**
 * JavaScript-API TypeScript modules, loaded once per distinct version and shared by every
 * project on that version (two installs of one version are the same code). Loading runs the
 * project's own `typescript`, as its `tsc` would be run; LSP_BRIDGE_TYPESCRIPT=bundled never
 * gets here.
 */
export class TypeScriptModules {
  private readonly byVersion = new Map<string, TypeScriptApi>([[BUNDLED_JS_COMPILER.version, BUNDLED_TYPESCRIPT]]);

  /** The module of the package at `packageDir` (its `main`), or the one already loaded for `version`. */
  load(packageDir: string, version: string): TypeScriptApi {
    let api = this.byVersion.get(version);
    if (api === undefined) {
      const fromPackage = createRequire(path.join(packageDir, 'package.json'));
      api = fromPackage(packageDir) as TypeScriptApi;
      if (api.version !== version) {
        throw new Error(`${packageDir} says it is typescript ${version} but its module is ${api.version}`);
      }
      this.byVersion.set(version, api);
    }
    return api;
  }

  /** Every module loaded so far (the bundled one first). */
  loaded(): TypeScriptApi[] {
    return [...this.byVersion.values()];
  }

  /** TypeScript's OperationCanceledException, thrown by any of the loaded versions. */
  isCancellation(error: unknown): boolean {
    return this.loaded().some((api) => error instanceof api.OperationCanceledException);
  }
}

/** The process's modules: every backend that runs a project's own TypeScript in process shares them. */
export const typescriptModules = new TypeScriptModules();
