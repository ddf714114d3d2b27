import { isToolError, toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { PositionInput } from '../model/inputs.js';
import type { Signal } from '../model/signal.js';
import type { FileSystem } from '../ports/file-system.js';
import type { SourceSyntax } from '../ports/source-syntax.js';
import type { IdentifierSpan, QueryScope, SymbolIndex } from '../ports/symbol-index.js';
import { NODE_ID_EXAMPLE, parseNodeId } from '../rules/node-ids.js';
import { closestSymbols, matchSymbolName, type QualifiedSymbol } from '../rules/outline.js';
import { relativeToRoot } from '../rules/paths.js';
import { quoted } from '../rules/brief-text.js';
import { LineIndex } from '../rules/text-positions.js';
import { Outlines, type NamedDeclaration } from './outlines.js';
import { resolveSourceFile, resolveSymbolAt, resolveWorkspace, unreadableSource, type SymbolTarget } from './resolve-target.js';
import { DOCUMENT_SYMBOLS, GO_TO_DEFINITION, WORKSPACE_SYMBOLS } from '../catalogue/operation-names.js';

export interface PositionQuery {
  readonly root: string;
  readonly scope: QueryScope;
  /** The identifier the address designates: for an overloaded callable, the implementation's name. */
  readonly target: SymbolTarget;
  /** The outlines asked so far in this call (reuse them to name declarations). */
  readonly outlines: Outlines;
  /** When the symbol was addressed by name or node id: its declarations (overloads share one node id). */
  readonly declarations?: readonly NamedDeclaration[];
}

type Address =
  | { readonly form: 'position'; readonly filePath: string; readonly line: number; readonly column: number }
  | { readonly form: 'symbol'; readonly filePath: string; readonly symbol: string }
  | { readonly form: 'nodeId'; readonly nodeId: string; readonly filePath?: string };

const HOW =
  'Address the symbol in one of three ways: filePath + line + column, filePath + symbol (e.g. "Calculator.add"), ' +
  `or nodeId (e.g. "${NODE_ID_EXAMPLE}", as ${DOCUMENT_SYMBOLS}, ${WORKSPACE_SYMBOLS} and ${GO_TO_DEFINITION} return them).`;

/** Which of the three address forms the input uses, or INVALID_INPUT. */
export function addressOf(input: PositionInput): Address | ToolError {
  const hasLine = input.line !== undefined;
  const hasColumn = input.column !== undefined;
  const forms = [
    hasLine || hasColumn ? 'line/column' : undefined,
    input.symbol !== undefined ? 'symbol' : undefined,
    input.nodeId !== undefined ? 'nodeId' : undefined,
  ].filter((f) => f !== undefined);
  if (forms.length === 0) return toolError(ErrorCode.INVALID_INPUT, 'No symbol given: pass line and column, symbol, or nodeId', HOW);
  if (forms.length > 1)
    return toolError(ErrorCode.INVALID_INPUT, `Pass only one way of addressing the symbol, got ${forms.join(' and ')}`, HOW);
  if (input.nodeId !== undefined) {
    if (input.nodeId.trim() === '') return toolError(ErrorCode.INVALID_INPUT, 'nodeId is empty', HOW);
    return { form: 'nodeId', nodeId: input.nodeId, ...(input.filePath !== undefined ? { filePath: input.filePath } : {}) };
  }
  if (input.filePath === undefined) {
    return toolError(ErrorCode.INVALID_INPUT, `filePath is required with ${forms[0] ?? 'line/column'}`, HOW);
  }
  if (input.symbol !== undefined) {
    if (input.symbol.trim() === '') return toolError(ErrorCode.INVALID_INPUT, 'symbol is empty', HOW);
    return { form: 'symbol', filePath: input.filePath, symbol: input.symbol.trim() };
  }
  if (input.line === undefined || input.column === undefined) {
    return toolError(
      ErrorCode.INVALID_INPUT,
      `${input.line === undefined ? 'column' : 'line'} was given without ${input.line === undefined ? 'line' : 'column'}`,
      HOW,
    );
  }
  return { form: 'position', filePath: input.filePath, line: input.line, column: input.column };
}

/**
 * Everything a position-taking use-case needs before it asks its real question: the real
 * workspace root, the file inside it, and the identifier the address names.
 */
export async function resolvePositionQuery(
  ports: { readonly files: FileSystem; readonly symbols: SymbolIndex; readonly syntax: SourceSyntax },
  input: PositionInput,
  signal: Signal,
): Promise<PositionQuery | ToolError> {
  const address = addressOf(input);
  if ('success' in address) return address;
  const root = await resolveWorkspace(ports.files, input.workspaceRoot, signal);
  if (typeof root !== 'string') return root;
  const scope: QueryScope = { workspaceRoot: root, signal };
  const outlines = new Outlines(ports.symbols, scope);

  if (address.form === 'position') {
    const path = await resolveSourceFile(ports, root, address.filePath, signal);
    if (typeof path !== 'string') return path;
    const target = await resolveSymbolAt(ports, scope, path, address.line, address.column);
    if ('success' in target) return target;
    return { root, scope, target, outlines };
  }

  const declared = await resolveDeclared(ports, scope, outlines, address);
  // A node id given as the symbol (outlines and searches print them; the CLI's `--symbol` is
  // easily handed one) names no declaration, and means the declaration the node id names. A name
  // that matches wins: a qualified C++ name shaped like a node id (`module::detail::run`) is itself.
  if (address.form === 'symbol' && isNotFound(declared) && !('problem' in parseNodeId(address.symbol))) {
    return resolveDeclared(ports, scope, outlines, { form: 'nodeId', nodeId: address.symbol, filePath: address.filePath });
  }
  return declared;
}

/** The declaration a name or node id designates, through its file's outline. */
async function resolveDeclared(
  ports: { readonly files: FileSystem; readonly symbols: SymbolIndex; readonly syntax: SourceSyntax },
  scope: QueryScope,
  outlines: Outlines,
  address: Exclude<Address, { readonly form: 'position' }>,
): Promise<PositionQuery | ToolError> {
  const { workspaceRoot: root, signal } = scope;
  let filePath: string;
  let matches: (flat: readonly QualifiedSymbol[]) => QualifiedSymbol[];
  let asked: string;
  if (address.form === 'symbol') {
    filePath = address.filePath;
    matches = (flat) => matchSymbolName(flat, address.symbol);
    asked = address.symbol;
  } else {
    const parts = parseNodeId(address.nodeId);
    if ('problem' in parts) return toolError(ErrorCode.INVALID_INPUT, parts.problem, HOW);
    filePath = parts.path;
    matches = (flat) => flat.filter((q) => q.qualifiedName === parts.qualifiedName && q.symbol.kind === parts.kind);
    asked = parts.qualifiedName;
  }
  const path = await resolveSourceFile(ports, root, filePath, signal);
  if (typeof path !== 'string') return path;
  if (address.form === 'nodeId' && address.filePath !== undefined) {
    const named = await resolveSourceFile(ports, root, address.filePath, signal);
    if (typeof named !== 'string') return named;
    if (named !== path) {
      return toolError(
        ErrorCode.INVALID_INPUT,
        `filePath ${quoted(address.filePath)} is not the file of nodeId ${quoted(address.nodeId)}`,
        'Pass nodeId alone; it already names its file.',
      );
    }
  }
  const text = await ports.symbols.sourceText(scope, path);
  if (text === undefined) return unreadableSource(ports.files, scope, path);
  const flat = await outlines.addressed(path);
  const found = matches(flat).map((q) => outlines.named(path, q));
  const groups = groupBySymbol(found);
  const first = groups[0];
  if (first === undefined) return notFound(outlines, path, flat, asked, address.form === 'nodeId' ? address.nodeId : undefined);
  if (groups.length > 1) return ambiguous(asked, relativeToRoot(root, path), groups, new LineIndex(text));
  const lines = new LineIndex(text);
  const identifier = await designatedName(ports, scope, path, text, first);
  if (identifier === undefined) return notFound(outlines, path, flat, asked, undefined);
  return { root, scope, target: { path, text, lines, identifier }, outlines, declarations: first };
}

function isNotFound(answer: PositionQuery | ToolError): boolean {
  return isToolError(answer) && answer.error.code === ErrorCode.SYMBOL_NOT_FOUND;
}

/** Declarations of one symbol share a qualified name and kind (overloads, merged declarations). */
function groupBySymbol(found: readonly NamedDeclaration[]): NamedDeclaration[][] {
  const groups = new Map<string, NamedDeclaration[]>();
  for (const declaration of found) {
    const key = `${declaration.kind}:${declaration.qualifiedName}`;
    const group = groups.get(key) ?? [];
    group.push(declaration);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * What an address of several declarations designates, for every tool alike: the one with a
 * body (an overloaded function's or method's implementation, so call hierarchy, rename and
 * replace all start from the code that runs), else the first. Definitions still list every
 * signature: the service gives all of them for any one.
 */
export async function designatedName(
  ports: { readonly symbols: SymbolIndex; readonly syntax: SourceSyntax },
  scope: QueryScope,
  path: string,
  text: string,
  declarations: readonly NamedDeclaration[],
): Promise<IdentifierSpan | undefined> {
  let first: IdentifierSpan | undefined;
  for (const declaration of declarations) {
    const name = await nameOf(ports.symbols, scope, path, text, declaration);
    first ??= name;
    if (declarations.length === 1) break;
    const shape = ports.syntax.declarationAt(path, text, name.start) ?? ports.syntax.declarationAt(path, text, declaration.symbol.start);
    if (shape?.body !== undefined) return name;
  }
  return first;
}

/**
 * A position on one signature of an overloaded callable designates what its name does: the
 * implementation. Other positions stay as they are.
 */
export async function designatedTarget(
  ports: { readonly symbols: SymbolIndex; readonly syntax: SourceSyntax },
  query: PositionQuery,
): Promise<SymbolTarget> {
  if (query.declarations !== undefined) return query.target;
  const { target, outlines } = query;
  const at = await outlines.declarationAt(target.path, target.identifier.start);
  if (at === undefined) return target;
  const group = (await outlines.flat(target.path))
    .filter((q) => q.qualifiedName === at.qualifiedName && q.symbol.kind === at.kind)
    .map((q) => outlines.named(target.path, q));
  if (group.length < 2) return target;
  const identifier = await designatedName(ports, query.scope, target.path, target.text, group);
  return identifier === undefined ? target : { ...target, identifier };
}

/** The identifier of a declaration's name; for a nameless one (a constructor), its keyword. */
export async function nameOf(
  symbols: SymbolIndex,
  scope: QueryScope,
  path: string,
  text: string,
  declaration: NamedDeclaration,
): Promise<IdentifierSpan> {
  const { name, nameStart, nameLength, start, length } = declaration.symbol;
  const inName = await symbols.identifiersIn(scope, path, nameStart, nameStart + Math.max(nameLength, 1));
  const identifier = inName.find((id) => id.text === name) ?? (nameLength < length ? inName[0] : undefined);
  if (identifier !== undefined) return identifier;
  const keyword = text.indexOf(name, start);
  const at = keyword >= 0 && keyword < start + length ? keyword : nameStart;
  return { path, start: at, length: keyword >= 0 && keyword < start + length ? name.length : nameLength, text: name };
}

function notFound(
  outlines: Outlines,
  path: string,
  flat: readonly QualifiedSymbol[],
  asked: string,
  nodeId: string | undefined,
): ToolError {
  const file = outlines.relative(path);
  const suggestions = closestSymbols(flat, asked, 5).flatMap((q) => outlines.named(path, q).nodeId ?? []);
  const what =
    nodeId === undefined
      ? `No symbol named ${quoted(asked)} is declared in ${file}`
      : `No declaration matches nodeId ${quoted(nodeId)} in ${file}`;
  const resolution =
    suggestions.length > 0
      ? `Closest names in ${file}: ${suggestions.join(', ')}. Call again with one of these nodeIds, or call ${DOCUMENT_SYMBOLS} on the file.`
      : flat.length > 0
        ? `Call ${DOCUMENT_SYMBOLS} on ${file} to see what it declares, or ${WORKSPACE_SYMBOLS} to search the whole workspace.`
        : `${file} declares no symbols; call ${WORKSPACE_SYMBOLS} to find where ${quoted(asked)} is declared.`;
  return toolError(ErrorCode.SYMBOL_NOT_FOUND, what, resolution);
}

function ambiguous(asked: string, file: string, groups: readonly (readonly NamedDeclaration[])[], lines: LineIndex): ToolError {
  const shown = groups.slice(0, 20).map((group) => {
    const first = group[0];
    if (first === undefined) return '';
    return `${first.nodeId ?? first.qualifiedName} (${first.kind}, line ${lines.positionOf(first.symbol.nameStart).line})`;
  });
  const more = groups.length > shown.length ? ` and ${groups.length - shown.length} more` : '';
  return toolError(
    ErrorCode.AMBIGUOUS_SYMBOL,
    `${quoted(asked)} matches ${groups.length} symbols in ${file}: ${shown.join('; ')}${more}`,
    'Call again with one of these nodeIds, or with a longer qualified name (e.g. "Class.method").',
  );
}
