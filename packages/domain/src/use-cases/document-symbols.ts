import type { ToolError } from '../errors/bridge-error.js';
import type { DocumentSymbolsInput } from '../model/inputs.js';
import type { DocumentSymbolItem, DocumentSymbolsResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { SourceSyntax } from '../ports/source-syntax.js';
import type { OutlineSymbol } from '../ports/symbol-index.js';
import { boundedInput, INPUT_BOUNDS } from '../rules/input-bounds.js';
import { AnswerBudget, briefName } from '../rules/answer-size.js';
import { nodeIdOf } from '../rules/node-ids.js';
import { pruneOutline } from '../rules/outline.js';
import { symbolKinds } from './symbol-kinds-input.js';
import { relativeToRoot } from '../rules/paths.js';
import type { LineIndex } from '../rules/text-positions.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { openSource } from './resolve-target.js';

/**
 * The outline of a file: every declaration with its kind, node id, lines and nesting, or the
 * levels (`depth`) and kinds (`kinds`) asked for; `totalCount` counts every declaration.
 */
export function documentSymbols(
  ports: BridgePorts,
  input: DocumentSymbolsInput,
  signal: Signal,
): Promise<DocumentSymbolsResult | ToolError> {
  return guard(signal, async () => {
    const depth = boundedInput(INPUT_BOUNDS.outlineDepth, input.depth);
    if (typeof depth !== 'number') return depth;
    const kinds = symbolKinds(input.kinds);
    if (!(kinds instanceof Set)) return kinds;
    const source = await openSource(ports, input.workspaceRoot, input.filePath, signal);
    if ('success' in source) return source;
    const { root, path, scope, text, lines } = source;
    const filePath = relativeToRoot(root, path);
    // A generated file declares hundreds of thousands of symbols: the answer lists those that fit
    // (a prefix in pre-order) and counts them all.
    const budget = new AnswerBudget();
    let totalCount = 0;
    const toItems = (symbols: readonly OutlineSymbol[], prefix: string): DocumentSymbolItem[] => {
      const items: DocumentSymbolItem[] = [];
      for (const group of overloadGroups(symbols)) {
        if (++totalCount % 4096 === 0) signal.throwIfAborted();
        const symbol = implementationOf(ports.syntax, path, text, group);
        const qualifiedName = prefix === '' ? symbol.name : `${prefix}.${symbol.name}`;
        const item = budget.exhausted ? undefined : outlineItem(lines, filePath, qualifiedName, symbol, group);
        const listed = item !== undefined && budget.take(item);
        const children = toItems(symbol.children, qualifiedName);
        if (listed) items.push(children.length > 0 ? { ...item, children } : item);
      }
      return items;
    };
    const symbols = toItems(await ports.symbols.outline(scope, path), '');
    return { success: true, filePath, symbols: pruneOutline(symbols, depth, kinds), totalCount, truncated: budget.exhausted };
  });
}

/** One outline entry, without its children. */
function outlineItem(
  lines: LineIndex,
  filePath: string,
  qualifiedName: string,
  symbol: OutlineSymbol,
  group: readonly OutlineSymbol[],
): DocumentSymbolItem {
  const name = lines.positionOf(symbol.nameStart);
  const nodeId = nodeIdOf({ kind: symbol.kind, path: filePath, qualifiedName });
  const end = Math.max(...group.map((s) => s.start + s.length));
  return {
    name: briefName(symbol.name),
    kind: symbol.kind,
    ...(nodeId === undefined ? {} : { nodeId }),
    line: name.line,
    column: name.column,
    endLine: lines.positionOf(end).line,
    ...(group.length > 1 ? { overloads: group.length } : {}),
  };
}

const CALLABLE_KINDS = new Set(['function', 'method', 'constructor']);

/**
 * Siblings in source order, an overloaded callable's signatures and implementation as one
 * group: they share one node id, so they are listed once, as the declaration it designates.
 */
function overloadGroups(symbols: readonly OutlineSymbol[]): OutlineSymbol[][] {
  const groups: OutlineSymbol[][] = [];
  for (const symbol of [...symbols].sort((a, b) => a.start - b.start)) {
    const last = groups[groups.length - 1];
    const previous = last?.[last.length - 1];
    if (
      last !== undefined &&
      previous !== undefined &&
      CALLABLE_KINDS.has(symbol.kind) &&
      previous.kind === symbol.kind &&
      previous.name === symbol.name
    ) {
      last.push(symbol);
    } else {
      groups.push([symbol]);
    }
  }
  return groups;
}

/** The member of a group with a body (the implementation), else the last. */
function implementationOf(syntax: SourceSyntax, path: string, text: string, group: readonly OutlineSymbol[]): OutlineSymbol {
  const last = group[group.length - 1] as OutlineSymbol;
  if (group.length === 1) return last;
  return group.find((s) => syntax.declarationAt(path, text, s.nameStart)?.body !== undefined) ?? last;
}
