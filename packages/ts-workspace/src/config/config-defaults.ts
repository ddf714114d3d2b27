import ts = require('typescript');

/**
 * EC-001.1: a workspace without any tsconfig.json or jsconfig.json gets ES modules, every
 * supported extension and permissive checking. The one definition both backends use: the
 * in-process backend compiles the inferred project with these options, and the LSP backend
 * derives what it tells its server from them.
 */
export const INFERRED_OPTIONS: Readonly<ts.CompilerOptions> = {
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

/** Like tsserver, a jsconfig.json implies JavaScript: these are its defaults, under what it sets itself. */
export const JSCONFIG_DEFAULTS: Readonly<ts.CompilerOptions> = {
  allowJs: true,
  maxNodeModuleJsDepth: 2,
  allowSyntheticDefaultImports: true,
  skipLibCheck: true,
  noEmit: true,
};

/** The config file names, in the order one directory's configs win (AC-1.5.3: tsconfig.json before jsconfig.json). */
export const CONFIG_FILE_NAMES = ['tsconfig.json', 'jsconfig.json'] as const;
