import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import { deletedDuringCall } from '../errors/file-failures.js';
import type { Signal } from '../model/signal.js';
import type { FileSystem } from '../ports/file-system.js';
import type { SourceLanguages } from '../ports/source-languages.js';
import type { IdentifierSpan, QueryScope, SourceSpan, SymbolIndex } from '../ports/symbol-index.js';
import {
  SUPPORTED_EXTENSIONS,
  isAbsolutePath,
  isInsideRoot,
  isSupportedSourceFile,
  normalizePath,
  relativeToRoot,
  resolvePath,
} from '../rules/paths.js';
import { quoted } from '../rules/brief-text.js';
import { LineIndex } from '../rules/text-positions.js';

/** The real path of the workspace root, or WORKSPACE_NOT_FOUND. */
export async function resolveWorkspace(files: FileSystem, workspaceRoot: string, signal: Signal): Promise<string | ToolError> {
  if (workspaceRoot.includes('\0')) return nulInPath('workspaceRoot', workspaceRoot);
  if (!isAbsolutePath(workspaceRoot)) {
    return toolError(
      ErrorCode.WORKSPACE_NOT_FOUND,
      `workspaceRoot must be an absolute path, got ${quoted(workspaceRoot)}`,
      'Pass the absolute path of the project root directory, e.g. "/home/me/project".',
    );
  }
  const real = await files.realPath(normalizePath(workspaceRoot), signal);
  if (real === undefined) {
    return toolError(ErrorCode.WORKSPACE_NOT_FOUND, `Workspace directory ${quoted(workspaceRoot)} does not exist`);
  }
  if ((await files.kindOf(real, signal)) !== 'directory') {
    return toolError(
      ErrorCode.WORKSPACE_NOT_FOUND,
      `workspaceRoot ${quoted(workspaceRoot)} is not a directory`,
      'Pass the project root directory, not a file inside it.',
    );
  }
  return real;
}

/**
 * The real path of a source file inside the workspace. `..` that climbs out and symlinks
 * that lead out are both outside; the decision is made on real paths, whole segments.
 */
export async function resolveSourceFile(
  ports: { readonly files: FileSystem; readonly languages?: SourceLanguages | undefined },
  root: string,
  filePath: string,
  signal: Signal,
): Promise<string | ToolError> {
  const { files } = ports;
  if (filePath.trim() === '') {
    return toolError(
      ErrorCode.INVALID_INPUT,
      'filePath is empty',
      'Pass the path of a source file relative to workspaceRoot, e.g. "src/index.ts".',
    );
  }
  if (filePath.includes('\0')) return nulInPath('filePath', filePath);
  const lexical = resolvePath(root, filePath);
  const lexicallyInside = isInsideRoot(root, lexical);
  // An absolute path may spell the root through a symlink (`root` is already real), so only
  // its real path can say whether it is outside; a relative one that climbs out is outside.
  if (!lexicallyInside && !isAbsolutePath(filePath)) return outside(filePath, root);
  const real = await files.realPath(lexical, signal);
  if (real === undefined && !lexicallyInside) return outside(filePath, root);
  if (real === undefined) {
    return toolError(
      ErrorCode.FILE_NOT_FOUND,
      `File ${quoted(filePath)} does not exist in workspace "${root}"`,
      'Check that the file path is correct and the file exists; paths are relative to workspaceRoot (e.g. "src/index.ts").',
    );
  }
  if (!isInsideRoot(root, real)) return outside(filePath, root, real === lexical ? undefined : real);
  const kind = await files.kindOf(real, signal);
  if (kind !== 'file') {
    return toolError(
      ErrorCode.FILE_NOT_FOUND,
      `${quoted(filePath)} is a ${kind ?? 'missing path'}, not a file`,
      'Pass the path of a source file, not a directory.',
    );
  }
  const extensions = ports.languages?.extensions(root) ?? SUPPORTED_EXTENSIONS;
  if (!isSupportedSourceFile(real, extensions)) return unsupported(filePath, extensions, ports.languages?.configFile?.(root));
  return real;
}

/** UNSUPPORTED_FILE_TYPE; `configFile`: the `.lsp.json` that configures the workspace's servers, when known. */
function unsupported(filePath: string, extensions: readonly string[], configFile: string | undefined): ToolError {
  const dot = filePath.lastIndexOf('.');
  const extension = dot > filePath.lastIndexOf('/') ? filePath.slice(dot).toLowerCase() : undefined;
  const example = JSON.stringify({
    'my-server': { command: 'my-language-server', args: ['--stdio'], extensionToLanguage: { [extension ?? '.ext']: 'mylang' } },
  });
  return toolError(
    ErrorCode.UNSUPPORTED_FILE_TYPE,
    `${quoted(filePath)} is not a file of a language this workspace serves (${[...extensions].sort().join(', ')})`,
    `No language server is configured for ${extension === undefined ? 'files without an extension' : `"${extension}" files`}. ` +
      `To add one, name it in ${configFile ?? "the workspace's .lsp.json (or the file LSP_BRIDGE_CONFIG names)"}, e.g. ${example}.`,
  );
}

function nulInPath(name: string, path: string): ToolError {
  return toolError(
    ErrorCode.INVALID_INPUT,
    `${name} ${quoted(path)} contains a NUL character, which no path can hold`,
    'Pass the path without it.',
  );
}

function outside(filePath: string, root: string, real?: string): ToolError {
  const via = real === undefined ? '' : ` (it resolves to "${real}")`;
  return toolError(
    ErrorCode.PATH_OUTSIDE_WORKSPACE,
    `${quoted(filePath)} is outside the workspace "${root}"${via}`,
    'Pass a path inside workspaceRoot, or call again with a workspaceRoot that contains the file.',
  );
}

/**
 * Why a resolved file's text could not be had: deleted since it was resolved (another process
 * changing the tree while the call ran), or not readable as source text.
 */
export async function unreadableSource(files: FileSystem, scope: QueryScope, path: string): Promise<ToolError> {
  if ((await files.kindOf(path, scope.signal)) === undefined)
    return { success: false, error: deletedDuringCall(scope.workspaceRoot, path) };
  return toolError(ErrorCode.FILE_UNREADABLE, `"${relativeToRoot(scope.workspaceRoot, path)}" cannot be read as source text`);
}

export interface SymbolTarget {
  readonly path: string;
  readonly text: string;
  readonly lines: LineIndex;
  readonly identifier: IdentifierSpan;
}

/** A source file of the workspace, resolved and read as the language service sees it. */
export interface OpenedSource {
  readonly root: string;
  readonly path: string;
  readonly scope: QueryScope;
  readonly text: string;
  readonly lines: LineIndex;
}

/** The workspace root and a source file in it, read: what every tool about one file starts with. */
export async function openSource(
  ports: { readonly symbols: SymbolIndex; readonly files: FileSystem; readonly languages?: SourceLanguages | undefined },
  workspaceRoot: string,
  filePath: string,
  signal: Signal,
): Promise<OpenedSource | ToolError> {
  const root = await resolveWorkspace(ports.files, workspaceRoot, signal);
  if (typeof root !== 'string') return root;
  const path = await resolveSourceFile(ports, root, filePath, signal);
  if (typeof path !== 'string') return path;
  const scope: QueryScope = { workspaceRoot: root, signal };
  const text = await ports.symbols.sourceText(scope, path);
  if (text === undefined) return unreadableSource(ports.files, scope, path);
  return { root, path, scope, text, lines: LineIndex.of(text) };
}

/**
 * The identifier at a 1-based position, or INVALID_POSITION / NO_SYMBOL_AT_POSITION. The
 * latter names the identifiers on that line with their columns so the caller can retry. A word
 * the identifier scan skips (in a string or a comment) is a symbol only where the server
 * itself defines it (see `definedWord`).
 */
export async function resolveSymbolAt(
  ports: { readonly symbols: SymbolIndex; readonly files: FileSystem },
  scope: QueryScope,
  path: string,
  line: number,
  column: number,
): Promise<SymbolTarget | ToolError> {
  const text = await ports.symbols.sourceText(scope, path);
  if (text === undefined) return unreadableSource(ports.files, scope, path);
  const lines = LineIndex.of(text);
  const offset = lines.offsetOf({ line, column });
  if (offset === undefined) return invalidPosition(lines, line, column);
  // Around the position only: a minified line can hold a megabyte of identifiers.
  const from = Math.max(lines.lineStart(line), offset - NEARBY);
  const to = Math.min(lines.lineEnd(line), offset + NEARBY);
  const onLine = await ports.symbols.identifiersIn(scope, path, from, to);
  const identifier =
    onLine.find((id) => id.start <= offset && offset < id.start + id.length) ?? onLine.find((id) => offset === id.start + id.length);
  if (identifier !== undefined) return { path, text, lines, identifier };
  const defined = await definedWord(ports.symbols, scope, path, text, offset);
  if (defined !== undefined) return { path, text, lines, identifier: defined };
  return noSymbol(lines, nearest(onLine, offset), line, column);
}

const WORD_PART = /[\p{ID_Continue}$]/u;
const WORD_START = /[\p{ID_Start}_$]/u;

/**
 * The word at `offset` that the identifier scan skipped, when the server defines a declaration
 * of that very name from it: a name the language reads inside a string (Python's forward
 * reference `-> "Position"`, which pyright resolves, finds references of and renames). A word
 * of an ordinary string or comment has no definition, or one that names something else (a
 * module path's file), and stays no symbol. The server is asked only once the scan found none.
 */
async function definedWord(
  symbols: SymbolIndex,
  scope: QueryScope,
  path: string,
  text: string,
  offset: number,
): Promise<IdentifierSpan | undefined> {
  let start = offset;
  while (start > 0 && WORD_PART.test(text[start - 1] ?? '')) start--;
  let end = offset;
  while (end < text.length && WORD_PART.test(text[end] ?? '')) end++;
  while (start < end && !WORD_START.test(text[start] ?? '')) start++;
  if (start >= end || end - start > MAX_WORD) return undefined;
  const word = text.slice(start, end);
  let definitions: readonly SourceSpan[];
  try {
    definitions = await symbols.definitions(scope, { path, offset: start });
  } catch (error) {
    // A server that fails to answer there has not said the word is a symbol: the scan's answer stands.
    if (scope.signal.aborted) throw error;
    return undefined;
  }
  for (const definition of definitions) {
    if (definition.length !== word.length) continue;
    const defined = definition.path === path ? text : await symbols.sourceText(scope, definition.path);
    if (defined?.slice(definition.start, definition.start + definition.length) === word)
      return { path, start, length: word.length, text: word };
  }
  return undefined;
}

/** The longest word asked of the server (a name, not a run of base64 in a string). */
const MAX_WORD = 200;

/** How far from a position (UTF-16 units, each way) identifiers are looked for. */
const NEARBY = 2000;
/** How many identifiers a NO_SYMBOL_AT_POSITION resolution suggests. */
const SUGGESTED = 12;

/** The identifiers closest to `offset`, in line order. */
function nearest(ids: readonly IdentifierSpan[], offset: number): IdentifierSpan[] {
  if (ids.length <= SUGGESTED) return [...ids];
  const distance = (id: IdentifierSpan): number => Math.min(Math.abs(id.start - offset), Math.abs(id.start + id.length - offset));
  return [...ids]
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, SUGGESTED)
    .sort((a, b) => a.start - b.start);
}

export function invalidPosition(lines: LineIndex, line: number, column: number): ToolError {
  if (!Number.isInteger(line) || line < 1 || line > lines.lineCount) {
    return toolError(
      ErrorCode.INVALID_POSITION,
      `Line ${line} is out of bounds: the file has ${lines.lineCount} line${lines.lineCount === 1 ? '' : 's'}`,
      `Use a 1-based line between 1 and ${lines.lineCount}.`,
    );
  }
  const length = lines.lineLength(line);
  return toolError(
    ErrorCode.INVALID_POSITION,
    `Column ${column} is out of bounds: line ${line} has ${length} character${length === 1 ? '' : 's'}`,
    `Use a 1-based column between 1 and ${length + 1} (columns count Unicode characters).`,
  );
}

function noSymbol(lines: LineIndex, onLine: readonly IdentifierSpan[], line: number, column: number): ToolError {
  const candidates = onLine.map(
    (id) => `${id.text.length > 60 ? `${id.text.slice(0, 60)}…` : id.text} (column ${lines.positionOf(id.start).column})`,
  );
  const resolution =
    candidates.length > 0
      ? `Identifiers on line ${line}: ${candidates.join(', ')}. Call again with one of these columns.`
      : `Line ${line} has no identifier; position the cursor on a symbol (identifier, type name, etc.).`;
  return toolError(
    ErrorCode.NO_SYMBOL_AT_POSITION,
    `No symbol at line ${line}, column ${column}: the position is on whitespace, punctuation, a keyword, a comment or a string`,
    resolution,
  );
}
