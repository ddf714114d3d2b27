import { scriptKindOf } from '@mcp-lsp-bridge/ts-syntax';
import ts = require('typescript');

/*
 * A path's language is decided once, by `scriptKindOf` (ts-syntax: the parser needs it too);
 * everything here derives from it, so "JavaScript" means the same to project ownership, the
 * syntax rules and the language ids a server is told.
 */

/** The LSP language id of a TypeScript or JavaScript file. */
export function languageIdOf(file: string): string {
  switch (scriptKindOf(file)) {
    case ts.ScriptKind.TSX:
      return 'typescriptreact';
    case ts.ScriptKind.JSX:
      return 'javascriptreact';
    case ts.ScriptKind.JS:
      return 'javascript';
    default:
      return 'typescript';
  }
}

/** `.js`, `.jsx`, `.mjs`, `.cjs`: a file that needs `allowJs` to be part of a program. */
export function isJavaScriptFile(file: string): boolean {
  const kind = scriptKindOf(file);
  return kind === ts.ScriptKind.JS || kind === ts.ScriptKind.JSX;
}
