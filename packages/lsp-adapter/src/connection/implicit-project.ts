import { INFERRED_OPTIONS } from '@mcp-lsp-bridge/ts-workspace';
import ts = require('typescript');

/**
 * typescript-language-server's `implicitProjectConfiguration` setting, derived from the one
 * definition of a config-less workspace's options (EC-001.1) that the in-process backend
 * compiles with. The server takes only these fields (its `getInferredProjectCompilerOptions`);
 * the strict family is spelled out because its own defaults are strict. It sets the rest
 * itself: `allowJs`, `allowNonTsExtensions` and bundler resolution as ours are, `jsx`
 * (react-jsx, ours: preserve) and a few emit-only options where ours differ.
 */
export function implicitProjectConfiguration(options: ts.CompilerOptions = INFERRED_OPTIONS): Record<string, unknown> {
  const strict = options.strict === true;
  return {
    checkJs: options.checkJs === true,
    experimentalDecorators: options.experimentalDecorators === true,
    strict,
    strictNullChecks: options.strictNullChecks ?? strict,
    strictFunctionTypes: options.strictFunctionTypes ?? strict,
    module: options.module === undefined ? undefined : ts.ModuleKind[options.module],
    target: options.target === undefined ? undefined : ts.ScriptTarget[options.target],
  };
}

/**
 * The contract's defaults for a workspace without any config (EC-001.1) as a tsconfig.json,
 * for a server whose inferred project cannot be configured (TypeScript 7's native server is
 * strict there and has no setting): it is shown this config, in memory, at the workspace root.
 */
export function inferredProjectConfig(options: ts.CompilerOptions = INFERRED_OPTIONS): string {
  const name = (names: Readonly<Record<number, string | undefined>>, value: number | undefined): string | undefined =>
    value === undefined ? undefined : names[value]?.toLowerCase();
  const compilerOptions = {
    allowJs: options.allowJs,
    checkJs: options.checkJs,
    strict: options.strict,
    skipLibCheck: options.skipLibCheck,
    noEmit: options.noEmit,
    module: name(ts.ModuleKind, options.module),
    moduleResolution: name(ts.ModuleResolutionKind, options.moduleResolution),
    target: name(ts.ScriptTarget, options.target),
    jsx: name(ts.JsxEmit, options.jsx),
  };
  return `${JSON.stringify({ compilerOptions }, null, 2)}\n`;
}
