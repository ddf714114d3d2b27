/** What every tool shares: paths, positions, freshness, errors, projects, the protocol, compilers, language-server processes, background servers. */
export const server = {
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
  // Issue 5: editing
  'I5-TOOLS-OPTION': '--tools (or LSP_BRIDGE_TOOLS) registers only the named tools; an unknown name exits 2 naming the valid ones',
  // Issue 10: one copy of each policy
  'I11-NO-NETWORK':
    'no backend reaches the network: automatic type acquisition (npm install of types-registry and @types) is off for every TypeScript server',
  // Writes under stress
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
} as const satisfies Record<string, string>;
