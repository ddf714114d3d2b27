/** Writing tools: rename, replace_symbol_body, safe_delete, code actions, formatting, check_edits, and writes under stress. */
export const editing = {
  // Rename
  'R-RENAME-ATOMIC': 'a rename writes every file or none',
  'R-RENAME-BOM-CRLF': "a rename keeps each file's byte-order mark and line breaks",
  'R-RENAME-SHADOW': 'a rename whose new name would capture a reference is RENAME_CONFLICT',
  'R-RENAME-UNEDITED':
    'a rename that would break a file it does not edit is RENAME_CONFLICT though that file reaches the edited one only through an import(…) type, the global scope (a script, declare global), or a module or package that imports an importer of the edited one (Go, Python)',
  // Issue 5: editing
  'I5-REPLACE-BODY': 'replace_symbol_body replace-body: only the body is rewritten on disk, signature and the rest of the file kept',
  'I5-REPLACE-NODE': 'replace_symbol_body replace-node: the whole declaration is replaced by one of the same construct',
  'I5-REPLACE-SYNTAX':
    'a replacement with syntax errors, of another construct, or a body for a bodiless declaration is refused; nothing written',
  'I5-REPLACE-DIAGNOSTICS':
    'replace_symbol_body reports the diagnostics the edit introduced in the file, and the next calls see the new text',
  'I5-REPLACE-BOUNDARY': 'replace_symbol_body never writes outside the workspace (paths leading out, symlinks)',
  'R-ERR-SYMBOL_NOT_FOUND': 'no symbol of that name or node id in the file: SYMBOL_NOT_FOUND',
  'R-ERR-AMBIGUOUS_SYMBOL': 'a name that matches several symbols: AMBIGUOUS_SYMBOL',
  'R-ERR-INVALID_REPLACEMENT': 'a replacement that does not parse as the construct it replaces: INVALID_REPLACEMENT',
  // Issue 10: one copy of each policy
  'I10-RENAME-RULE':
    'rename conflicts are decided by the domain from what names refer to before and after the edits: both backends refuse the same renames with the same messages',
  'I10-RENAME-EXPORT-STAR':
    'a rename that makes an `export *` barrel ambiguous is refused on every backend, though the barrel is not edited',
  'I10-RENAME-OWN-IMPORTS': 'import specifiers that the rename itself rewrites are never taken for conflicting declarations',
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
  // Issue 26: type navigation
  'I26-CHECK-EDITS':
    'check_edits answers the errors edits would add in a file they do not touch (an importer of the edited file) and the errors they remove, writing nothing',
  'I26-CHECK-EDITS-OUTSIDE-BUILD':
    "check_edits over a server whose build leaves files out (gopls: build constraints) lists them as notChecked, as go list's IgnoredGoFiles, and counts only the files it checked",
  'I26-CHECK-EDITS-APPLY':
    'check_edits with apply writes the edits only when they add no error (force writes them anyway), all or none; a bad oldText is INVALID_INPUT',
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
  // Issue 26: safe_delete
  'I26-SAFE-DELETE':
    'safe_delete removes a symbol nothing uses, its doc comment and the imports only it used, and the project still type-checks',
  'I26-SAFE-DELETE-IN-USE': 'safe_delete refuses a symbol still used with SYMBOL_IN_USE, listing every use, and writes nothing',
  'I26-SAFE-DELETE-PUBLIC-API':
    "safe_delete refuses a symbol a workspace package's entry point exports (through export * too, which no reference shows) with SYMBOL_IN_USE naming the package",
  'I26-SAFE-DELETE-DRY-RUN': 'safe_delete with dryRun answers what it would remove and writes nothing',
  'I26-SAFE-DELETE-LANGUAGES':
    "safe_delete over a language server (Go): deletes an unused function, go build clean after; refuses one whose import would be left unused, naming the server's error, and one that a file outside the server's build uses (a build constraint), naming the use",
} as const satisfies Record<string, string>;
