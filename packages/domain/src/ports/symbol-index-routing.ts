import type { SymbolIndex } from './symbol-index.js';

/** The methods of `SymbolIndex` that are about one file: every router hands them to that file's backend. */
export type FileMethod = Exclude<keyof SymbolIndex, 'simulateEdits' | 'diagnosticsPlan' | 'compilers' | 'searchSymbols'>;

/**
 * Which file a call is about, for each method of the port that is about one file. A router
 * hands such a call, unchanged, to the backend it chooses for that file; the project-wide
 * methods (the others) are shared out and merged by each router. A new port method about a
 * file is one line here, and every router forwards it.
 */
export const FILE_OF_CALL: { readonly [M in FileMethod]: (...args: Parameters<NonNullable<SymbolIndex[M]>>) => string } = {
  sourceText: (_scope, path) => path,
  identifiersIn: (_scope, path) => path,
  definitions: (_scope, at) => at.path,
  typeDefinitions: (_scope, at) => at.path,
  // One symbol's declarations are in files of one language.
  publicExports: (_scope, declarations) => declarations[0]?.path ?? '',
  references: (_scope, at) => at.path,
  renameInfo: (_scope, at) => at.path,
  renameLocations: (_scope, at) => at.path,
  diagnostics: (_scope, path) => path,
  // A plan's file goes back to the backend that planned it: the one its file routes to.
  checkFile: (_scope, path) => path,
  outline: (_scope, path) => path,
  outlineAncestry: (_scope, path) => path,
  hover: (_scope, at) => at.path,
  implementations: (_scope, at) => at.path,
  callItems: (_scope, at) => at.path,
  incomingCalls: (_scope, item) => item.path,
  outgoingCalls: (_scope, item) => item.path,
  typeItems: (_scope, at) => at.path,
  // Subtypes elsewhere are found by the backend of the type's own file, across projects (as callers are).
  supertypes: (_scope, item) => item.path,
  subtypes: (_scope, item) => item.path,
  codeActions: (_scope, query) => query.path,
  codeActionEdits: (_scope, query) => query.path,
  formatEdits: (_scope, query) => query.path,
  completions: (_scope, at) => at.path,
  completionDetails: (_scope, at) => at.path,
  signatureHelp: (_scope, at) => at.path,
};
