import { DOCUMENT_SYMBOLS, FIND_REFERENCES, RENAME_SYMBOL, WORKSPACE_SYMBOLS } from '../catalogue/operation-names.js';
/**
 * Every failure a user can cause has one of these codes. Codes are strings so they
 * survive process and wire boundaries; the first seven are FS-001's table.
 */
export const ErrorCode = {
  WORKSPACE_NOT_FOUND: 'WORKSPACE_NOT_FOUND',
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  INVALID_POSITION: 'INVALID_POSITION',
  NO_SYMBOL_AT_POSITION: 'NO_SYMBOL_AT_POSITION',
  RENAME_CONFLICT: 'RENAME_CONFLICT',
  CONFIG_NOT_FOUND: 'CONFIG_NOT_FOUND',
  LANGUAGE_SERVER_ERROR: 'LANGUAGE_SERVER_ERROR',
  // Beyond FS-001: what a real user runs into.
  INVALID_INPUT: 'INVALID_INPUT',
  PATH_OUTSIDE_WORKSPACE: 'PATH_OUTSIDE_WORKSPACE',
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  FILE_UNREADABLE: 'FILE_UNREADABLE',
  INVALID_NEW_NAME: 'INVALID_NEW_NAME',
  SYMBOL_NOT_RENAMEABLE: 'SYMBOL_NOT_RENAMEABLE',
  FILE_CHANGED: 'FILE_CHANGED',
  WRITE_FAILED: 'WRITE_FAILED',
  CANCELLED: 'CANCELLED',
  // Symbol addressing and the editing tools.
  SYMBOL_NOT_FOUND: 'SYMBOL_NOT_FOUND',
  AMBIGUOUS_SYMBOL: 'AMBIGUOUS_SYMBOL',
  INVALID_REPLACEMENT: 'INVALID_REPLACEMENT',
  // `safeDelete`: the symbol is still used.
  SYMBOL_IN_USE: 'SYMBOL_IN_USE',
  // A language the bridge knows whose server is not installed.
  LANGUAGE_SERVER_NOT_FOUND: 'LANGUAGE_SERVER_NOT_FOUND',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The default resolution of each code; use-cases usually give a more specific one. */
export const defaultResolution: Readonly<Record<ErrorCode, string>> = {
  WORKSPACE_NOT_FOUND: 'Verify the workspace path exists and is accessible; pass an absolute path to a directory.',
  FILE_NOT_FOUND: 'Check that the file path is correct and the file exists; paths are relative to workspaceRoot.',
  INVALID_POSITION: 'Verify the position is within the file bounds; line and column are 1-based.',
  NO_SYMBOL_AT_POSITION: 'Position the cursor on a symbol (identifier, type name, etc.).',
  RENAME_CONFLICT: "Choose a different name that doesn't conflict with existing symbols in scope.",
  CONFIG_NOT_FOUND: 'Create the missing configuration file or fix the reference to it, then retry.',
  LANGUAGE_SERVER_ERROR: 'Retry the operation. If persistent, check project configuration.',
  INVALID_INPUT: 'Fix the arguments as described and call again.',
  PATH_OUTSIDE_WORKSPACE: 'Pass a path inside workspaceRoot, or pass a workspaceRoot that contains the file.',
  UNSUPPORTED_FILE_TYPE:
    'Use a file of a supported language (TypeScript, JavaScript, Python, C/C++, Go), or configure a language server for this extension in <workspaceRoot>/.lsp.json.',
  FILE_UNREADABLE: 'Make sure the file is a readable text file of reasonable size.',
  INVALID_NEW_NAME:
    "Pass a name of the file's language (a JavaScript identifier for TypeScript and JavaScript) that is not one of its reserved words.",
  SYMBOL_NOT_RENAMEABLE: 'Rename a symbol declared in your own source files instead.',
  FILE_CHANGED: `Files changed on disk while the rename was prepared; call ${RENAME_SYMBOL} again.`,
  WRITE_FAILED: 'No file was changed. Check file permissions and free disk space, then retry.',
  CANCELLED: 'The call was cancelled; call again if the answer is still needed.',
  SYMBOL_NOT_FOUND: `Call ${DOCUMENT_SYMBOLS} on the file (or ${WORKSPACE_SYMBOLS}) to see the names and node ids it declares.`,
  AMBIGUOUS_SYMBOL: 'Call again with one of the listed nodeIds, or with a qualified name such as "Class.method".',
  INVALID_REPLACEMENT: 'Fix the replacement so it parses as the construct it replaces, then call again; nothing was written.',
  SYMBOL_IN_USE: `Remove or replace the listed uses first (${FIND_REFERENCES} lists them all), then call again; nothing was written.`,
  LANGUAGE_SERVER_NOT_FOUND:
    "Install the file's language server (the message names the command), or set its path in <workspaceRoot>/.lsp.json.",
};
