/**
 * Every requirement the suite verifies: FS-001's acceptance criteria, edge cases, business
 * and data rules, and the rules the bridge adds. Each id needs at least one
 * `verifies(id, ...)` in `scenarios/`; `requirements-coverage.test.ts` enforces it.
 *
 * Not listed, because no black-box test can trigger them deterministically:
 * FILE_CHANGED on its own (a write racing the rename between planning and writing; R-WRITE-CONCURRENT
 * accepts it or success, whichever the race gives) and
 * LANGUAGE_SERVER_ERROR (needs the language service itself to fail; the lsp backend's fault
 * tests, R-LSP-*, cause it by killing or silencing its language server).
 */
export const requirements = {
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

  // Rules the bridge adds: paths
  'R-PATH-DOTDOT': 'a filePath whose ".." climbs out of the root is PATH_OUTSIDE_WORKSPACE',
  'R-PATH-SEGMENT': 'containment is judged on whole path segments (app vs app-evil)',
  'R-PATH-SYMLINK': 'a symlink inside the root that leads outside it is PATH_OUTSIDE_WORKSPACE',
  'R-PATH-ABSOLUTE-INPUT': 'an absolute filePath inside the root is accepted; output stays relative',
  'R-PATH-SPECIAL-CHARS': 'workspace paths with spaces, non-ASCII characters or a trailing slash work',
  'R-PATH-ROOT-SYMLINK': 'a workspaceRoot reached through a symlink answers like the real root',
  // Positions
  'R-POS-CODEPOINT': 'columns count Unicode code points, in input and output',
  // Freshness
  'R-FRESH-EDIT': 'files edited on disk between calls are seen by the next call',
  'R-FRESH-CREATE': 'files created between calls are seen by the next call',
  'R-FRESH-DELETE': 'files deleted between calls are gone in the next call',
  'R-FRESH-CONFIG': 'a tsconfig edited between calls applies to the next call',
  'R-FRESH-AT-ONCE': 'a file written with plain fs right before a call is seen by that call, every time (500 rounds)',
  'R-FRESH-CHECKOUT': 'a git checkout of another branch changing 200 files is seen by the next call',
  'R-FRESH-DIRECTORIES': 'a directory deleted and made again, or renamed, is seen by the next call',
  'R-FRESH-SAME-STAT': 'a file edited twice within the mtime granularity, keeping its size, is seen each time',
  'R-FRESH-FALLBACK': 'answers stay fresh when the watcher falls back to checking by stat (lost events, watching off)',
  'R-FRESH-RESOURCES': 'no watcher or descriptor outlives the server; descriptors stay flat across 1,000 calls',
  // Rename
  'R-RENAME-ATOMIC': 'a rename writes every file or none',
  'R-RENAME-BOM-CRLF': "a rename keeps each file's byte-order mark and line breaks",
  'R-RENAME-SHADOW': 'a rename whose new name would capture a reference is RENAME_CONFLICT',
  // Errors beyond FS-001.7's table (and its table's codes that have no AC of their own)
  'R-ERR-WORKSPACE_NOT_FOUND': 'missing, relative or non-directory workspaceRoot: WORKSPACE_NOT_FOUND',
  'R-ERR-FILE_NOT_FOUND': 'missing file: FILE_NOT_FOUND',
  'R-ERR-INVALID_POSITION': 'line or column out of bounds: INVALID_POSITION',
  'R-ERR-NO_SYMBOL_AT_POSITION': 'whitespace, punctuation or keyword: NO_SYMBOL_AT_POSITION listing the identifiers on the line',
  'R-ERR-INVALID_INPUT': 'arguments of the wrong type or range: INVALID_INPUT (or a protocol error)',
  'R-ERR-PATH_OUTSIDE_WORKSPACE': 'a file outside the workspace: PATH_OUTSIDE_WORKSPACE',
  'R-ERR-UNSUPPORTED_FILE_TYPE': 'a file that is not TS/JS: UNSUPPORTED_FILE_TYPE',
  'R-ERR-FILE_UNREADABLE': 'a binary target file: FILE_UNREADABLE',
  'R-ERR-INVALID_NEW_NAME': 'newName not an identifier, reserved, or unchanged: INVALID_NEW_NAME',
  'R-ERR-SYMBOL_NOT_RENAMEABLE': 'symbols of node_modules or the standard library: SYMBOL_NOT_RENAMEABLE',
  'R-ERR-WRITE_FAILED': 'a write that fails: WRITE_FAILED and no file changed',
  'R-ERR-CANCELLED': 'a cancelled call ends on the client and the server keeps serving',
  'R-CONFIG-BROKEN': 'unusable config (invalid JSON, missing extends/references target): CONFIG_NOT_FOUND naming the file',
  // Projects
  'R-CONFIG-EXTENDS': 'extends naming a package in node_modules, or a list of configs, is applied',
  'R-CONFIG-MIXED': 'mixed TS/JS projects: references and definitions across both',
  'R-MONOREPO-CROSS-PROJECT': 'references and definitions cross project boundaries in both directions',
  'R-MONOREPO-RENAME': 'a rename crosses project boundaries, started from the declaring package or from a consumer',
  'R-MONOREPO-WORKSPACE-DEP': 'a workspace package reached through a node_modules symlink counts as project source',
  // Protocol
  'R-PROTOCOL-TOOLS-LIST': "tools/list: every tool (FS-001's four and issue 5's six) with input and output schemas and annotations",
  'R-PROTOCOL-SHAPE': 'structuredContent is exactly the FS-001 object plus the documented extras',
  'R-PROTOCOL-STDOUT-CLEAN': 'stdout carries only JSON-RPC messages',
  'R-PROTOCOL-STDIN-EXIT': 'the server exits when stdin closes',
  'R-NO-CRASH': 'malformed calls are refused and the server keeps answering',
  'R-BACKEND-UNKNOWN': 'an unknown LSP_BRIDGE_BACKEND stops the server at start-up with a clear message',
  'R-TEXT-CONTENT': 'the text content renders counts, truncation, failures and modified files',
  'R-REFS-LIMIT': 'find_references honours its limit argument',
  'R-PROTOCOL-PROGRESS': 'project-wide get_diagnostics sends notifications/progress when the call carries a progressToken',
  'R-TIMEOUT': 'a call that runs past LSP_BRIDGE_REQUEST_TIMEOUT_MS stops with LANGUAGE_SERVER_ERROR and the server keeps serving',
  'R-WORKSPACE-TOO-LARGE':
    'a config-less workspaceRoot past 20,000 directories (a home directory, /) is refused with CONFIG_NOT_FOUND instead of blocking the server',
  'R-CONCURRENT-CALLS': 'concurrent calls, on one workspace or several, each get their own correct answer',
  // The lsp backend's language server process
  'R-LSP-CRASH': 'a killed language server fails the call in flight with LANGUAGE_SERVER_ERROR; a later call is served by a new one',
  'R-LSP-TIMEOUT': 'a language server that never answers gives LANGUAGE_SERVER_ERROR within the request timeout, without hanging',
  'R-LSP-NEVER-EMPTY':
    'a language server (or the type checker under it) that died never yields an empty success or a user-error code: LANGUAGE_SERVER_ERROR, or the complete answer of a restarted server',
  'R-LSP-FROZEN': 'a frozen language server gives LANGUAGE_SERVER_ERROR (timed out) within the request timeout, whatever the address form',
  'R-LSP-CONCURRENT': 'calls of one workspace run together on a language server: a slow call does not hold a quick one up',
  'R-LSP-NO-ORPHANS': 'no language-server process outlives the MCP server (stdin closed, SIGTERM, SIGINT)',

  // Issue 5: symbol addressing
  'I5-ADDR-SYMBOL': 'every position-taking tool accepts filePath + symbol (a name or qualified name) and answers as at the position',
  'I5-ADDR-NODEID': 'every position-taking tool accepts a nodeId (kind:path:Qualified.name) and answers as at the position',
  'I5-ADDR-VALIDATION':
    'exactly one addressing form: none, two, line without column, a malformed nodeId or an unknown kind is INVALID_INPUT',
  'I5-ADDR-AMBIGUOUS':
    'a name matching several symbols is AMBIGUOUS_SYMBOL listing each candidate nodeId, kind and line; overloads are one symbol',
  'I5-ADDR-NOT-FOUND': 'a name or nodeId matching nothing is SYMBOL_NOT_FOUND suggesting the closest names of the file',
  'I5-NODEID-CHAIN': 'results that point at declarations carry a nodeId that addresses them in the next call',
  // Issue 5: navigation tools
  'I5-HOVER': 'hover: the type signature and the documentation comment of a symbol',
  'I5-DOCUMENT-SYMBOLS': 'document_symbols: the outline of a file with names, kinds, node ids, line ranges and nesting',
  'I5-WORKSPACE-SYMBOLS': 'workspace_symbols: ranked search across files, kind filter, limit with truncation, no node_modules',
  'I5-IMPLEMENTATIONS': 'find_implementations: implementing classes and overriding members, by path and line, with node ids',
  'I5-CALLS-INCOMING': 'call_hierarchy incoming: callers across files with their call sites',
  'I5-CALLS-OUTGOING': 'call_hierarchy outgoing: callees with the call sites in the function',
  'I5-CALLS-DEPTH': 'call_hierarchy depth: nested levels, recursion marked and not followed, non-callables give no calls',
  // Issue 5: editing
  'I5-REPLACE-BODY': 'replace_symbol_body replace-body: only the body is rewritten on disk, signature and the rest of the file kept',
  'I5-REPLACE-NODE': 'replace_symbol_body replace-node: the whole declaration is replaced by one of the same construct',
  'I5-REPLACE-SYNTAX':
    'a replacement with syntax errors, of another construct, or a body for a bodiless declaration is refused; nothing written',
  'I5-REPLACE-DIAGNOSTICS':
    'replace_symbol_body reports the diagnostics the edit introduced in the file, and the next calls see the new text',
  'I5-REPLACE-BOUNDARY': 'replace_symbol_body never writes outside the workspace (paths leading out, symlinks)',
  'I5-TOOLS-OPTION': '--tools (or LSP_BRIDGE_TOOLS) registers only the named tools; an unknown name exits 2 naming the valid ones',
  'R-ERR-SYMBOL_NOT_FOUND': 'no symbol of that name or node id in the file: SYMBOL_NOT_FOUND',
  'R-ERR-AMBIGUOUS_SYMBOL': 'a name that matches several symbols: AMBIGUOUS_SYMBOL',
  'R-ERR-INVALID_REPLACEMENT': 'a replacement that does not parse as the construct it replaces: INVALID_REPLACEMENT',
  // Issue 10: one copy of each policy
  'I10-RENAME-RULE':
    'rename conflicts are decided by the domain from what names refer to before and after the edits: both backends refuse the same renames with the same messages',
  'I10-RENAME-EXPORT-STAR':
    'a rename that makes an `export *` barrel ambiguous is refused on every backend, though the barrel is not edited',
  'I10-RENAME-OWN-IMPORTS': 'import specifiers that the rename itself rewrites are never taken for conflicting declarations',
  'I10-ONE-MEANING':
    'a name or node id of an overloaded callable designates its implementation for every tool; outlines list it once, anonymous items without a node id',
  'I11-NO-NETWORK':
    'no backend reaches the network: automatic type acquisition (npm install of types-registry and @types) is off for every TypeScript server',
  'I11-DRY-RUN': 'rename_symbol and replace_symbol_body with dryRun answer as if done, applied false, and write nothing',
  // Writes under stress
  'R-WRITE-CONCURRENT':
    'parallel writes over the same files (replace_symbol_body, rename_symbol): each answer says what is on disk (the second plans on what the first wrote; FILE_CHANGED only when its files keep changing), no temp file is left, the project type-checks',
  'R-WRITE-PROCESSES':
    'bridge processes writing one workspace at once take turns across processes: every success answer is on disk afterwards, no file corrupted, at most 1 write in 20 refused, the project type-checks',
  'R-WRITE-OUTSIDE':
    'another program writing the files of a write (an editor saving): a file that changed is planned again (FILE_CHANGED only when it keeps changing), never a success answer whose edits were applied to another text',
  'R-WRITE-SHUTDOWN':
    'SIGTERM, SIGINT or the end of stdin during a rename: every file renamed or none, no temp file, and the call answered as the disk is before the server exits',
  'R-WRITE-CRASH': 'a server killed (SIGKILL) during a rename: the next start leaves every file renamed or none, and no temp file',
  'R-REPLACE-DOC-COMMENT':
    'replace-node with its own doc comment replaces only the old doc comment of the declaration; a "/**" in a line comment above is none',
  'R-REPLACE-BLANK': 'an empty or blank replace-body replacement is INVALID_REPLACEMENT; "{}" empties a body',
  'I11-FUZZ':
    'every tool called with fuzzed arguments (valid-looking and hostile) answers a valid result or a documented error, bounded and without stack traces; reads and dry runs change no file; real writes leave the project type-checking as before or change nothing',
  'I11-SOAK':
    'mixed calls of every tool, 8 in flight, while files churn on disk: no wrong answer (references equal to the current text, never empty), no unexpected error, memory and descriptors flat after warm-up',
  'I11-SERVER-KILL-RANDOM':
    'language servers killed (SIGKILL) or frozen (SIGSTOP) at random moments of a run of concurrent calls: every answer is the complete result or LANGUAGE_SERVER_ERROR, never empty or a user error, and the server recovers',
  'R-ERR-UNKNOWN-ARGUMENT': 'an unknown argument, on every tool, is INVALID_INPUT naming the valid ones, and nothing is written',
  // Issue 16: a tool list and results an agent can afford, summaries that tell the truth
  'I16-TOOLS-PRESETS': '--tools takes the presets core (the four FS-001 tools), navigation and all, alone or with tool names',
  'I16-DIAG-SEVERITY':
    'get_diagnostics severity lists only the severities asked for (every one by default); the counts and fileCount still count every diagnostic found',
  'I16-DIAG-TEXT': 'the get_diagnostics text lists errors and warnings and sums up hints and info by code, with the call that lists them',
  'I16-OUTLINE-DEPTH-KINDS':
    'document_symbols depth lists that many levels, kinds those kinds and what contains them; totalCount counts every symbol of the file',
  'I16-OUTLINE-LOCALS':
    'the document_symbols text leaves out locals (constants and variables inside functions) unless kinds is given, and counts them; structuredContent keeps them',
  'I16-TRUE-COUNTS':
    'find_references counts every reference and the files they are in (fileCount) whatever the limit, in the result and its text',
  'I16-SYMBOL-RANKING':
    'workspace_symbols ranks, within a quality of match, exported and top-level declarations above members and locals, and a re-export never above its declaration',
  // Issue 12: the project's own compiler answers
  'I12-OWN-COMPILER':
    "a project on TypeScript 6 is answered by its own compiler (6.0's default strictness: TS7006 an error, as its tsc says), and get_diagnostics names it",
  'I12-NATIVE-COMPILER':
    'a project on TypeScript 7 is answered by its own native compiler (a 7-only check: JSDoc @enum is no type), as its tsc says',
  'I12-MONOREPO-VERSIONS':
    'a monorepo on TypeScript 5.0 and 7.0: each project by its own compiler, one file at a time and project-wide (both compilers named), references across them',
  'I12-NO-COMPILER': 'a project without a typescript of its own is answered by the bundled compiler, named, without a note',
  'I12-DECLARED-NOT-INSTALLED':
    'a typescript package.json asks for but that is not installed: the bundled compiler answers and the result says why',
  'I12-FORCE-BUNDLED':
    'LSP_BRIDGE_TYPESCRIPT=bundled answers with the bundled compiler and says so; an unknown value stops the server at start-up',
  // Issue 15: every language an agent meets
  'I15-PY-REFERENCES': 'Python (pyright): find_references across modules, declaration and usages typed, nothing from a comment',
  'I15-PY-DEFINITION': 'Python: go_to_definition into another module, and into the standard library marked external with an absolute path',
  'I15-PY-RENAME':
    'Python: rename_symbol across modules writes every reference; a name that would capture others is RENAME_CONFLICT and nothing is written',
  'I15-PY-DIAGNOSTICS': "Python: get_diagnostics of a file and of the workspace, with pyright's own code (reportUndefinedVariable)",
  'I15-PY-NAVIGATION': 'Python: document_symbols as a tree, workspace_symbols, hover with the signature, call_hierarchy callers',
  'I15-PY-FRESHNESS': 'Python: an edit made on disk by another program is seen by the very next call',
  'I15-PY-PATHS': 'Python: a path outside the workspace, relative or absolute, is PATH_OUTSIDE_WORKSPACE for reading and writing tools',
  'I15-PY-REFUSALS': 'Python: find_implementations is refused naming pyright, which does not offer it, and nothing is written',
  'I15-REPLACE-BODY':
    'Python, C, Go: replace_symbol_body replaces a body (replace-body) or a whole declaration (replace-node); the file is the expected text and its server finds no new error',
  'I15-REPLACE-REFUSED':
    "Python, C, Go: a replacement with a new syntax error (the server's own, read in memory) is INVALID_REPLACEMENT and nothing is written; a new type or name error is written and reported",
  'I15-REPLACE-DRY-RUN': 'Python, C, Go: a dry run of replace_symbol_body checks the replacement and writes nothing',
  'I15-RENAME-NAMES':
    "Python, C, Go: rename_symbol's newName must be a name of the file's language (INVALID_NEW_NAME saying what one is); a name only JavaScript reserves is accepted",
  'I15-C-REFERENCES':
    'C (clangd): find_references across a header and three files, prototype and definition typed declarations, nothing from a comment',
  'I15-C-DEFINITION': 'C: go_to_definition from a use to the definition in another file, and into a system header marked external',
  'I15-C-RENAME':
    'C: rename_symbol across the header and every file writes every reference; a name another function has is RENAME_CONFLICT and nothing is written',
  'I15-C-DIAGNOSTICS': "C: get_diagnostics of a file and of the workspace, with clang's own code (undeclared_var_use)",
  'I15-C-NAVIGATION': 'C: document_symbols with node ids, addressing by symbol and nodeId, workspace_symbols, hover with the signature',
  'I15-C-IMPLEMENTATIONS':
    'C++ (clangd): find_implementations lists the classes deriving from a class and the overrides of a virtual method',
  'I15-C-CALLS': 'C: call_hierarchy callers across files with their call sites; callees refused naming clangd, which does not offer them',
  'I15-C-FRESHNESS': 'C: an edit made on disk by another program (a fix, a new file) is seen by the very next call',
  'I15-C-PATHS': 'C: a path outside the workspace, relative or absolute, is PATH_OUTSIDE_WORKSPACE for reading and writing tools',
  'I15-GO-REFERENCES': 'Go (gopls): find_references across files and packages of the module, declaration typed, nothing from a comment',
  'I15-GO-DEFINITION': 'Go: go_to_definition into another package, into a dependency module and into the standard library, both external',
  'I15-GO-RENAME':
    'Go: rename_symbol across packages of the module writes every reference; a name already declared in the package is RENAME_CONFLICT and nothing is written',
  'I15-GO-DIAGNOSTICS': "Go: get_diagnostics of a file and of the workspace, with gopls's own code (UndeclaredName)",
  'I15-GO-NAVIGATION': 'Go: document_symbols with node ids, addressing by symbol and nodeId, workspace_symbols, hover with the signature',
  'I15-GO-IMPLEMENTATIONS': 'Go: find_implementations of an interface lists every type that implements it',
  'I15-GO-CALLS': 'Go: call_hierarchy callers and callees across packages, each with its call sites',
  'I15-GO-FRESHNESS': 'Go: an edit made on disk by another program (a fix, a new file) is seen by the very next call',
  'I15-GO-PATHS': 'Go: a path outside the workspace, relative or absolute (the dependency module), is PATH_OUTSIDE_WORKSPACE',
  'I23-RENAME-DEPENDENTS':
    'a rename that would break a file it does not edit (a package importing the edited one) is RENAME_CONFLICT naming that file and its error, nothing written',
  'I23-RENAME-METHOD-FAMILY':
    'Go: an interface method is renamed with its implementations, and an implementation with its interface and the others; the module still builds',
  'I23-C-NO-DATABASE':
    'C without a compilation database: references and a rename from a header reach every file that uses it, and nothing is written into the workspace',
  'I23-C-EDITED-INCLUDES':
    "C: a rename's check compiles each file against the edited headers and included .c files, so it is not refused without cause",
  'I23-RENAME-REACH':
    "Python: a rename reaches every file that uses the symbol, outside pyright's configured include too (tests, examples); the program runs after",
  'I23-RENAME-UNRESOLVED':
    'a name spelled like the symbol, in a file the rename does not reach, that the server cannot resolve is RENAME_CONFLICT naming it, nothing written',
  'I23-CHECKER-SCOPE':
    "Python: project-wide diagnostics check the files pyright's own include and exclude say, every error pyright reports there and none elsewhere, with pyright's codes",
  'I23-STRING-REFERENCE':
    'a name the language reads inside a string (Python\'s forward reference "Position") is a symbol where the server defines it: definition, references and rename from it; the same word in a comment or an ordinary string is NO_SYMBOL_AT_POSITION',
  'I23-PATH-CHARACTERS':
    'a workspace whose path holds "+", a space and non-ASCII letters is served like any other (Go: diagnostics and rename)',
  'I23-GO-FIRST-LOAD':
    "Go: the first project-wide diagnostics of an empty Go build cache wait for gopls's load, every file checked, none failing",
  'I15-CLI-PYTHON': 'the CLI on Python: refs, def, diag (exit 1 on errors, 0 when clean), outline, rename written to disk',
  'I15-CLI-C': 'the CLI on C: refs, def, diag (exit 1 on errors, 0 when clean), outline, rename written to disk',
  'I15-CLI-GO': 'the CLI on Go: refs, def, diag (exit 1 on errors, 0 when clean), outline, rename written to disk',
  'I15-CLI-REFUSALS': 'the CLI on a language refusal: exit 3 with the error code and resolution on stderr, nothing written',
  'I15-LIFECYCLE-LAZY': "a language's server is not started until a call touches one of its files",
  'I15-LIFECYCLE-TIMEOUT':
    "a language's server that stops answering fails the call with LANGUAGE_SERVER_ERROR after LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS, not a hang",
  'I15-LIFECYCLE-RESTART': "a language's server killed mid-session is restarted, and the next call answers correctly",
  'I15-LIFECYCLE-IDLE': "a language's server unused for LSP_BRIDGE_LSP_IDLE_TIMEOUT_MS is stopped, and started again by the next call",
  'I15-LIFECYCLE-ORPHANS': 'no language server outlives the MCP server, whether it exits on end of input or is terminated',
  'I15-NOT-INSTALLED': 'a file whose server is not installed is LANGUAGE_SERVER_NOT_FOUND, whose resolution names the install command',
  'I15-UNSUPPORTED': 'a file no language serves is UNSUPPORTED_FILE_TYPE, whose resolution says how to configure a server in .lsp.json',
  'I15-CONFIGURED-SERVER':
    "a server configured in the workspace's .lsp.json (Claude Code's shape) serves its extensions; an invalid one is CONFIG_NOT_FOUND naming the field",
  'I15-MIXED':
    'a workspace of TypeScript, Python and Go: each file answered by its language, project-wide diagnostics and workspace_symbols cover every language',
  // Issue 24: a configuration a language server reads is as fresh as the sources
  'I24-CONFIG-C': 'C: compile_flags.txt added, changed or removed between two calls is seen by the next call (clangd is started again)',
  'I24-CONFIG-PY':
    'Python: pyrightconfig.json added, changed or removed between two calls is seen by the next call (pyright is started again)',
  'I24-CONFIG-GO': 'Go: go.mod changed between two calls is seen by the next call (gopls, which watches it, is told)',
  'I24-CONFIG-LSP-JSON':
    "a server's entry in .lsp.json changed between two calls: the next call is answered by the server as now configured",
  // Issue 13: real monorepos, packages consumed by name through their built declarations
  'I13-MONO-REFERENCES':
    'packages imported by name through their built .d.ts: references from the declaration and from a consumer are the same complete set, in source',
  'I13-MONO-IMPLEMENTATIONS': 'implementations of an interface include the classes of the consumer packages',
  'I13-MONO-CALLS':
    'call_hierarchy across packages: the callers of a function of the shared package include the consumer packages, and what a consumer calls is at its source',
  'I13-MONO-DEFINITION': "go_to_definition from a consumer lands on the package's source, never on its build output",
  'I13-MONO-RENAME':
    "a rename of an exported symbol updates every consumer package, never the build output, names the package to rebuild, and every package's own tsc is clean after that build",
  'I13-MONO-RENAME-REFUSED':
    'a rename that cannot reach every consumer (build output that leads to no source) refuses with RENAME_CONFLICT naming the packages, and writes nothing',
  'I13-MONO-REPOSITORY':
    "on a built copy of this repository's packages: references of BridgeException from its declaration are every file that imports it, in every package; its rename leaves every package's tsc clean after the domain is rebuilt",
  'I13-MONO-PUBLIC-API':
    "a rename of a symbol a package's entry point exports reports each entry point and public name it changes; one exported under another name, or not at all, reports none",
  'I13-MONO-LAYOUTS':
    "layouts b (project references, tsc -b), e (exports with a source condition named by customConditions) and f (Turborepo internal packages exporting .ts, no build): references, implementations, calls, definition and rename cross the packages, and the layout's own type check is clean after the rename",
  'I13-MONO-UNBUILT':
    'layout g, build output named but not built yet: in process, references, implementations, calls, definition and rename cross the packages (the rename leaves every tsc clean after the first build); over a language server, references name the consumers they could not search and a rename is refused; get_diagnostics on a consumer says what its own tsc says (the missing module), no more, no less',
  // Issue 23: exact answers in CommonJS JavaScript
  'I23-CJS-REFERENCES':
    "CommonJS: find_references at a member access on a required module, an alias of it, a destructured require, an exports.x or module.exports.x property, or the declaration gives every use (TypeScript's own answer at that position included), the same from each",
  'I23-CJS-DEFINITION': 'CommonJS: go_to_definition from every use of an export lands on its declaration',
  'I23-CJS-OUTLINE':
    'CommonJS: document_symbols names module.exports with its members below it and each exports.x once, with node ids that address them; a name resolves the same on every backend',
  'I23-CJS-RENAME':
    "CommonJS: rename_symbol of an export from any use or its declaration renames every use (TypeScript's own rename locations included), and node runs the program with the same output",
  'I23-CJS-UNLISTED-FILES':
    "CommonJS: a workspace file outside every config's include (tests/) that requires the declaring module is searched: find_references lists its uses, rename_symbol renames them, and the tests pass after",
  'I23-ESM-UNLISTED-FILES':
    "ES modules: a workspace file outside every config's include (test/) that imports a project's file (import, export … from, import()) is searched: find_references lists its uses, rename_symbol (dry run or written) renames them and tsc of a config including the tests is clean after; a file created since is seen by the next call; a file importing nothing of the project is left alone",
  // Issue 26: type navigation
  'I26-TYPE-DEFINITION':
    "go_to_type_definition answers the declaration of a value's type (interface, class, object type alias; through a type alias to what it names where the compiler does), at a declaration, a parameter, a member access and a call, by position, name or node id",
  'I26-IMPACT':
    'impact of a symbol: every use (the same set find_references gives, its declarations apart) grouped by package and file with test code apart, the package entry points that export it, and its callers with their depth',
  'I26-IMPACT-RANGE': 'impact of a line range of a file (a diff hunk) answers each declaration the range touches, and nothing else',
  'I26-CHECK-EDITS':
    'check_edits answers the errors edits would add in a file they do not touch (an importer of the edited file) and the errors they remove, writing nothing',
  'I26-CHECK-EDITS-APPLY':
    'check_edits with apply writes the edits only when they add no error (force writes them anyway), all or none; a bad oldText is INVALID_INPUT',
  'I26-TYPE-HIERARCHY':
    'type_hierarchy answers the supertypes of a class or interface (extends and implements, through imports, a namespace and a type alias) and its subtypes across files and workspace packages, a use in type arguments or a variable of the type being none, by position, name or node id',
  'I26-TYPE-HIERARCHY-DEPTH':
    'type_hierarchy follows the hierarchy depth levels (1..5, default 1) in each direction asked for, each type with its depth',
  'I26-TYPE-HIERARCHY-REFUSALS':
    'type_hierarchy refuses a symbol that is not a type with INVALID_INPUT naming it and pointing to call_hierarchy, a depth outside 1..5 and an unknown direction; a language server without a type hierarchy (pyright, gopls) is LANGUAGE_SERVER_ERROR naming it',
  'I26-TYPE-HIERARCHY-C':
    "C++ (clangd): type_hierarchy answers a struct's base and its derived structs in the header and in another file, from clangd's own type hierarchy",
  'I26-TYPE-DEFINITION-NONE': 'go_to_type_definition of a value of a primitive type answers no type definition, successfully',
  // Issue 24: one warm background server per workspace root and settings, for every front
  'R-DAEMON-ONE': 'however many lsp-bridge commands start at once on one root, one background server is started, and it answers every one',
  'R-DAEMON-SHARED':
    "MCP servers and lsp-bridge commands on one root share its background server: a second MCP server's first call is answered warm, loading neither the project again nor TypeScript in the MCP server",
  'R-DAEMON-STATUS':
    'lsp-bridge daemon status (--json) lists every background server: root, backend and settings, pid, memory with its language servers, age, last call, calls served',
  'R-DAEMON-STOP':
    "lsp-bridge daemon stop <root> stops the root's servers of every settings, --all every one: their language servers exit, no socket or status file is left",
  'R-DAEMON-STOP-WRITE': 'a background server stopped during a rename leaves every file renamed or none, as the answer says',
  'R-DAEMON-OPT-OUT':
    'with --no-daemon, LSP_BRIDGE_DAEMON=off or CI=true, for a root that is not a directory, or without a private directory, calls run in process and no background server starts',
  'R-DAEMON-LOST': 'a background server that died between two calls is replaced by the next call, which answers',
  // Issue 26: code actions and formatting
  'I26-CODE-ACTIONS-QUICKFIX':
    "code_actions lists the compiler's quick fixes at a line (add a missing import, implement an interface, add a missing await), each with an id, and applying one writes exactly its edits: tsc then reports no error left where it was, and the answer names the errors it fixed and added",
  'I26-CODE-ACTIONS-FIX-ALL':
    'code_actions with a diagnostic code and kind source.fixAll fixes every error of that code in the file at once (tsc clean)',
  'I26-CODE-ACTIONS-ORGANIZE-IMPORTS':
    'code_actions of kind source.organizeImports removes unused imports and merges the rest; tsc (noUnusedLocals) is clean after',
  'I26-CODE-ACTIONS-DRY-RUN': 'applying an action with dryRun writes nothing and answers what applying it writes',
  'I26-CODE-ACTIONS-STALE-ID': 'an action id is refused with FILE_CHANGED once its file changed, and nothing is written',
  'I26-CODE-ACTIONS-LANGUAGES':
    "code_actions over clangd and gopls: clang's fix-it (cc -fsyntax-only clean after) and gopls's organize imports (go build and go vet clean after)",
  'I26-FORMAT-TYPESCRIPT':
    "format_file formats a TypeScript file exactly as TypeScript's own formatter does with the project's .editorconfig settings, or only the lines asked for",
  'I26-FORMAT-DRY-RUN': 'format_file with dryRun writes nothing and lists the lines it would change; a formatted file is left as it is',
  'I26-FORMAT-LANGUAGES':
    "format_file formats Go as gofmt does and C with the project's .clang-format; Python is refused naming pyright, which has no formatter",
  // Issue 26: completion and signature help
  'I26-COMPLETION-MEMBERS':
    "completion after `obj.` lists the members of obj's type (the names TypeScript's own LanguageService offers there), each with its kind and its signature",
  'I26-COMPLETION-PREFIX':
    'completion keeps the names that start with the part of a name written before the cursor (or the prefix given), and lists the first limit of them, counting the rest',
  'I26-COMPLETION-SIGNATURE':
    "completion inside a call's arguments gives the call's signatures (every overload, as TypeScript's getSignatureHelpItems prints them), the one the call matches and the parameter at the cursor",
  'I26-COMPLETION-LANGUAGES':
    "completion and signature help over gopls, clangd and pyright: a struct's or class's members and a call's parameters",
  // Issue 26: safe_delete
  'I26-SAFE-DELETE':
    'safe_delete removes a symbol nothing uses, its doc comment and the imports only it used, and the project still type-checks',
  'I26-SAFE-DELETE-IN-USE': 'safe_delete refuses a symbol still used with SYMBOL_IN_USE, listing every use, and writes nothing',
  'I26-SAFE-DELETE-PUBLIC-API':
    "safe_delete refuses a symbol a workspace package's entry point exports (through export * too, which no reference shows) with SYMBOL_IN_USE naming the package",
  'I26-SAFE-DELETE-DRY-RUN': 'safe_delete with dryRun answers what it would remove and writes nothing',
  'I26-SAFE-DELETE-LANGUAGES':
    "safe_delete over a language server (Go): deletes an unused function, go build clean after; refuses one whose import would be left unused, naming the server's error",
} as const satisfies Record<string, string>;

export type RequirementId = keyof typeof requirements;
