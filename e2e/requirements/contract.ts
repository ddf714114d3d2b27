/** FS-001's acceptance criteria, edge cases, business and data rules: the four tools it specifies. */
export const contract = {
  // FS-001.1 find_references
  'AC-1.1.1': 'find_references returns all references within project source files',
  'AC-1.1.2': 'find_references excludes node_modules references by default',
  'AC-1.1.3': 'find_references includes node_modules references when includeNodeModules is true',
  'AC-1.1.4': 'references: declarations first, then usages sorted by file path',
  'AC-1.1.5': 'at most 500 references by default; truncated flag when more exist',
  'AC-1.1.6': 'each reference is typed declaration or usage',
  'AC-1.1.7': 'partial references with a failure list when some files cannot be processed',
  // FS-001.2 go_to_definition
  'AC-1.2.1': 'returns the definition location of the symbol at the position',
  'AC-1.2.2': 'returns multiple definitions for overloads and declaration merging',
  'AC-1.2.3': 'definitions in .d.ts files are marked isExternal',
  'AC-1.2.4': 'no definition: empty definitions with success true',
  'AC-1.2.5': 'definitions in node_modules, marked isExternal',
  // FS-001.3 rename_symbol
  'AC-1.3.1': 'rename modifies files on disk',
  'AC-1.3.2': 'rename updates every reference in the project',
  'AC-1.3.3': 'rename does not modify files outside workspaceRoot',
  'AC-1.3.4': 'rename lists every file and line it modified',
  'AC-1.3.5': 'rename reports the total number of changes',
  'AC-1.3.6': 'rename fails with RENAME_CONFLICT when newName conflicts in scope',
  // FS-001.4 get_diagnostics
  'AC-1.4.1': 'diagnostics of every severity the compiler produces are returned',
  'AC-1.4.2': 'single-file diagnostics when filePath is given',
  'AC-1.4.3': 'project-wide diagnostics when filePath is omitted',
  'AC-1.4.4': 'each diagnostic has its code (TSnnnn)',
  'AC-1.4.5': 'summary counts by severity',
  // FS-001.5 configuration
  'AC-1.5.1': 'workspaceRoot with every call; no initialization step',
  'AC-1.5.2': 'monorepos: the nearest tsconfig of the queried file applies',
  'AC-1.5.3': 'jsconfig.json is used when there is no tsconfig.json',
  'AC-1.5.4': 'sensible defaults without any config file',
  // FS-001.6 file types
  'AC-1.6.1': 'every listed extension is processed by every tool',
  'AC-1.6.2': 'output paths are relative to workspaceRoot unless external',
  // FS-001.7 errors
  'AC-1.7.1': 'every error has code, message and resolution',
  'AC-1.7.2': 'error codes are consistent across tools and from the documented set',
  'AC-1.7.3': 'resolutions are actionable and specific to the error',
  // FS-001.8 partial failures
  'AC-1.8.1': 'find_references returns partial results when some files fail',
  'AC-1.8.2': 'project-wide get_diagnostics returns partial results when some files fail',
  'AC-1.8.3': 'failures carry file path and reason',
  'AC-1.8.4': 'success is true when any results were obtained',
  // Edge cases
  'EC-001.1': 'no config file: default configuration',
  'EC-001.2': 'syntax errors: tools keep working, diagnostics report them',
  'EC-001.3': 'position in a comment or string: NO_SYMBOL_AT_POSITION',
  'EC-001.4': 'very large projects: correct, limited results and fresh cached state',
  'EC-001.5': 'a file outside the tsconfig include is processed anyway',
  // Business rules
  'BS-001.1': 'paths relative to workspaceRoot except external definitions (absolute)',
  'BS-001.2': 'lines and columns are 1-based',
  'BS-001.3': 'references: declaration first, then usages alphabetically by path',
  'BS-001.4': 'rename never modifies files outside workspaceRoot',
  'BS-001.5': 'find_references returns at most 500 results by default with truncated',
  // Data rules
  'DR-001.2': 'code snippets are the whole line with its indentation',
  'DR-001.3': 'workspaceRoot must be an existing, readable directory',
} as const satisfies Record<string, string>;
