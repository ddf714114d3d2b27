import type { LineIndex, OutlineSymbol } from '@mcp-lsp-bridge/domain';
import { isJavaScriptFile, isPlaceholder, withCommonJsExports } from '@mcp-lsp-bridge/ts-workspace';
import { DocumentSymbolRequest, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { spanOfRange, type OffsetSpan } from '../convert/ranges.js';
import { symbolKindFromLsp } from '../convert/symbol-kinds.js';
import { uriOf } from '../convert/uris.js';
import { declarationKind } from '../typescript/declaration-kinds.js';
import { isAliasDeclarationName, isSpreadOfExpression, nameAt } from '../typescript/syntax.js';
import { nameWithin } from './declaration-names.js';
import { navigationRequest } from './requests.js';

/** An outline symbol while its children are still being gathered. */
interface Node extends Omit<OutlineSymbol, 'children'> {
  readonly children: Node[];
}

/**
 * `textDocument/documentSymbol` as the port's outline, for every server: offsets through the
 * file's LineIndex, siblings in source order (typescript-language-server sorts them by name),
 * anonymous items (`<function>`, kept by the server when something named is inside) replaced by
 * their children, a name the server gives no span of its own found in the declaration, import
 * and export aliases left out (TypeScript's syntax tells them). A flat `SymbolInformation[]`
 * answer is nested by range containment. A JavaScript file's CommonJS exports are named from its syntax.
 */
export async function outline(ctx: CallContext, path: string): Promise<OutlineSymbol[]> {
  await ctx.live.sync.ensureOpen(path);
  const answer = await navigationRequest(ctx, DocumentSymbolRequest.type, 'documentSymbolProvider', { textDocument: { uri: uriOf(path) } });
  const lines = ctx.lines(path);
  if (answer === null || lines === undefined) return [];
  const convert = new Converter(ctx, path, lines);
  const nodes = answer.flatMap((item: DocumentSymbol | SymbolInformation) => ('location' in item ? [] : convert.documentSymbol(item)));
  const flat = answer.flatMap((item: DocumentSymbol | SymbolInformation) => ('location' in item ? convert.symbolInformation(item) : []));
  const symbols = sortTree([...nodes, ...nest(flat)]);
  // A CommonJS module's exports as on every backend (see withCommonJsExports).
  return isJavaScriptFile(path) ? withCommonJsExports(ctx.workspace.syntax.get(path, lines.text), symbols) : symbols;
}

class Converter {
  constructor(
    private readonly ctx: CallContext,
    private readonly path: string,
    private readonly lines: LineIndex,
  ) {}

  documentSymbol(symbol: DocumentSymbol): Node[] {
    const children = (symbol.children ?? []).flatMap((child) => this.documentSymbol(child));
    if (isPlaceholder(symbol.name)) return children;
    const range = spanOfRange(this.lines, symbol.range);
    let name = spanOfRange(this.lines, symbol.selectionRange);
    // No name (a constructor: typescript-language-server repeats the range, tsgo gives an empty one),
    // or typescript-language-server's later overloads, which repeat the range for want of their own name span.
    if (name.length === 0 || (name.start === range.start && name.length === range.length)) name = this.nameIn(range, symbol.name);
    if (this.isAlias(name) || this.isSpreadOfExpression(name)) return children;
    return [this.node(symbol.name, symbol.kind, range, name, children)];
  }

  symbolInformation(symbol: SymbolInformation): Node[] {
    if (isPlaceholder(symbol.name)) return [];
    const range = spanOfRange(this.lines, symbol.location.range);
    const name = this.nameIn(range, symbol.name);
    return this.isAlias(name) ? [] : [this.node(symbol.name, symbol.kind, range, name, [])];
  }

  /** An import or export alias (tsgo lists them; typescript-language-server leaves them out). */
  private isAlias(name: OffsetSpan): boolean {
    if (this.ctx.typescript === undefined) return false;
    const node = nameAt(this.ctx.workspace.syntax.get(this.path, this.lines.text), name.start);
    return node !== undefined && node.getStart() === name.start && node.end === name.start + name.length && isAliasDeclarationName(node);
  }

  /** A spread of something other than a name (`...a.b`), which TypeScript 7 lists by its text (see `isSpreadOfExpression`). */
  private isSpreadOfExpression(name: OffsetSpan): boolean {
    if (this.ctx.typescript === undefined) return false;
    return isSpreadOfExpression(this.ctx.workspace.syntax.get(this.path, this.lines.text), name.start, name.start + name.length);
  }

  private node(name: string, kind: number, range: OffsetSpan, nameSpan: OffsetSpan, children: Node[]): Node {
    return {
      name: receiverMethodName(name),
      kind: declarationKind(this.ctx, this.path, nameSpan, symbolKindFromLsp(kind)),
      start: range.start,
      length: range.length,
      nameStart: nameSpan.start,
      nameLength: nameSpan.length,
      children,
    };
  }

  private nameIn(range: OffsetSpan, name: string): OffsetSpan {
    return nameWithin(this.ctx, { path: this.path, ...range }, name, false);
  }
}

const RECEIVER_METHOD = /^\(\*?([\p{L}_][\p{L}\p{Nd}_]*)(?:\[[^\]]*\])?\)\.([\p{L}_][\p{L}\p{Nd}_]*)$/u;

/**
 * A method as its language writes its name, `Circle.Area`: gopls names a method by its receiver
 * (`(Circle).Area`, `(*Circle).Area`, `(List[T]).Len`), which no address can spell and no node
 * id can hold. `Type.Method` is Go's own spelling (`go doc Circle.Area`), so `symbol:
 * "Circle.Area"` and `symbol: "Area"` both find it.
 */
export function receiverMethodName(name: string): string {
  const match = RECEIVER_METHOD.exec(name);
  return match === null ? name : `${match[1] ?? ''}.${match[2] ?? ''}`;
}

/** Flat symbols nested by containment: each goes under the smallest symbol whose range holds it. */
function nest(flat: readonly Node[]): Node[] {
  const sorted = [...flat].sort((a, b) => a.start - b.start || b.length - a.length);
  const roots: Node[] = [];
  const open: Node[] = [];
  for (const node of sorted) {
    while (open.length > 0 && !contains(open[open.length - 1] as Node, node)) open.pop();
    const parent = open[open.length - 1];
    (parent === undefined ? roots : parent.children).push(node);
    open.push(node);
  }
  return roots;
}

function contains(outer: Node, inner: Node): boolean {
  return outer.start <= inner.start && inner.start + inner.length <= outer.start + outer.length;
}

function sortTree(nodes: readonly Node[]): OutlineSymbol[] {
  return [...nodes]
    .sort((a, b) => a.start - b.start || b.length - a.length)
    .map((node) => ({ ...node, children: sortTree(node.children) }));
}
