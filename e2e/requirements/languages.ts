/** Languages beyond plain TypeScript projects: Python, C, Go, configured servers, monorepos of packages, CommonJS. */
export const languages = {
  // Issue 15: every language an agent meets
  'I15-PY-REFERENCES': 'Python (pyright): find_references across modules, declaration and usages typed, nothing from a comment',
  'I15-PY-DEFINITION': 'Python: go_to_definition into another module, and into the standard library marked external with an absolute path',
  'I15-PY-RENAME':
    'Python: rename_symbol across modules writes every reference; a name that would capture others is RENAME_CONFLICT and nothing is written',
  'I15-PY-DIAGNOSTICS': "Python: get_diagnostics of a file and of the workspace, with pyright's own code (reportUndefinedVariable)",
  'I15-PY-NAVIGATION':
    'Python: document_symbols as a tree, workspace_symbols (the first call on a workspace too), hover with the signature, call_hierarchy callers',
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
  'I23-C-HEADER-TYPES':
    "C: renaming a typedef declared in a header is judged against the edited header (clangd's answers once it has rebuilt from it), so it is not refused for the uses in the .c file; cc passes after",
  'I23-C-PREPROCESSOR-BRANCHES':
    "C: a rename renames the symbol's uses in preprocessor branches clangd's flags leave out, where its definition finds the symbol; the other builds still compile",
  'I23-GO-EXAMPLES':
    "Go: renaming a function, a type, a method or an interface's method renames the examples named after it (ExampleF, ExampleF_suffix, ExampleT_Method; an interface's method: ExampleI_Method); go build and go vet pass after",
  'I23-GO-NESTED-MODULE':
    'Go: a rename in the root module leaves a module nested below it alone (its own go.mod builds against a published version), neither editing it nor refused for its files; go build and go vet pass after',
  'I23-RENAME-BUILD-CONSTRAINTS':
    "Go: a name spelled like the symbol in a file gopls's build constraints leave out (another GOOS, a newer Go), in its package or one importing it, is RENAME_CONFLICT naming it, nothing written, and find_references lists its file as not searched; renamed by hand, the rename goes ahead; a local's name is not refused; every build passes after",
  'I23-PYTHON-OVERRIDES':
    'Python: renaming a method renames the methods of the same name that override it and that it overrides (pyright renames one alone), from any of them; a method of an unrelated class keeps its name; the program prints the same',
  'I23-RENAME-REACH':
    "Python: a rename reaches every file that uses the symbol, outside pyright's configured include too (tests, examples); the program runs after",
  'I23-RENAME-SERVER-REFERENCES':
    "a rename renames the server's references its own rename leaves out, spelled as the name (Python: the __all__ entries of a package with a stub beside it); pyright finds no error and the program runs the same after",
  'I23-RENAME-LINKED-FILE':
    'a file the server edits by two names (a symbolic link and its target) is one file: a rename and its dry run list it once, by its own name, as the write writes it once',
  'I23-QUALIFIED-SEARCH':
    'workspace_symbols: a qualified query (Class.method) finds the method of that class on a server that matches names alone (pyright), by the container it gives each symbol',
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
  'I23-CLI-HOVER-TEXT':
    "the CLI's hover prints the documentation as it reads, not the server's markdown: no backslash escapes (clangd's FILE\\*, pyright's \\_\\_mul\\_\\_), no HTML entities (&nbsp;, &lt;), no heading marks or rules",
  'I23-CLI-COMPLETE-TEXT':
    "the CLI's complete prints the documentation of a call's signature as it reads, as hover does: no backslash escapes, no HTML entities",
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
  'I13-MONO-UNRELATED-SPELLING':
    "a rename of a package's member that a consumer package spells only as a name of its own (a parameter) while importing other names from the package, whose compiler resolves to its source: renamed in the declaring package alone, not refused",
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
  'I23-CJS-CALLERS':
    'CommonJS: call_hierarchy (incoming) and impact list every call of an exported function, through require and member accesses, in the function that holds it (a function assigned to exports.f too), else in the module code',
  'I23-CJS-OUTLINE':
    'CommonJS: document_symbols names module.exports with its members below it and each exports.x once, with node ids that address them; a name resolves the same on every backend',
  'I23-CJS-RENAME':
    "CommonJS: rename_symbol of an export from any use or its declaration renames every use (TypeScript's own rename locations included), and node runs the program with the same output",
  'I23-CJS-UNLISTED-FILES':
    "CommonJS: a workspace file outside every config's include (tests/) that requires the declaring module is searched: find_references lists its uses, rename_symbol renames them, and the tests pass after",
  'I23-ESM-UNLISTED-FILES':
    "ES modules: a workspace file outside every config's include (test/) that imports a project's file (import, export … from, import()) is searched: find_references lists its uses, rename_symbol (dry run or written) renames them and tsc of a config including the tests is clean after; a file created since is seen by the next call; a file importing nothing of the project is left alone",
} as const satisfies Record<string, string>;
