import ts = require('typescript');

/**
 * A TypeScript module: the one this package is built with, or a project's own `typescript`
 * (another version, loaded at run time). Typed by the bundled version's declarations; the
 * shapes used across versions are the stable ones, but AST kinds (`SyntaxKind` numbers)
 * differ between versions, so a node must only be inspected through the module whose parser
 * or program made it. Code that walks a program's nodes takes this as a collaborator.
 */
export type TypeScriptApi = typeof ts;

/** The bundled TypeScript: the standalone parser (syntax trees of texts, no program) always uses it. */
export const BUNDLED_TYPESCRIPT: TypeScriptApi = ts;

/**
 * `make` computed once per TypeScript module: tables of `SyntaxKind` numbers differ between
 * versions, so each compiler gets its own, built the first time it is asked for.
 */
export function perTypeScript<T>(make: (api: TypeScriptApi) => T): (api: TypeScriptApi) => T {
  const made = new WeakMap<TypeScriptApi, T>();
  return (api) => {
    if (!made.has(api)) made.set(api, make(api));
    return made.get(api) as T;
  };
}
