import type { ToolError } from '../errors/bridge-error.js';
import { toolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { DocumentSymbolsInput } from '../model/inputs.js';
import type { DocumentSymbolItem, DocumentSymbolsResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { OutlineSymbol, QueryScope } from '../ports/symbol-index.js';
import { formatNodeId } from '../rules/node-ids.js';
import { relativeToRoot } from '../rules/paths.js';
import { LineIndex } from '../rules/text-positions.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { resolveSourceFile, resolveWorkspace } from './resolve-target.js';

/** The outline of a file: every declaration with its kind, node id, lines and nesting. */
export function documentSymbols(
  ports: BridgePorts,
  input: DocumentSymbolsInput,
  signal: Signal,
): Promise<DocumentSymbolsResult | ToolError> {
  return guard(signal, async () => {
    const root = await resolveWorkspace(ports.files, input.workspaceRoot, signal);
    if (typeof root !== 'string') return root;
    const path = await resolveSourceFile(ports.files, root, input.filePath, signal);
    if (typeof path !== 'string') return path;
    const scope: QueryScope = { workspaceRoot: root, signal };
    const text = await ports.symbols.sourceText(scope, path);
    const filePath = relativeToRoot(root, path);
    if (text === undefined) return toolError(ErrorCode.FILE_UNREADABLE, `"${filePath}" cannot be read as source text`);
    const lines = new LineIndex(text);
    let totalCount = 0;
    const toItems = (symbols: readonly OutlineSymbol[], prefix: string): DocumentSymbolItem[] =>
      [...symbols]
        .sort((a, b) => a.start - b.start)
        .map((symbol) => {
          totalCount++;
          const qualifiedName = prefix === '' ? symbol.name : `${prefix}.${symbol.name}`;
          const name = lines.positionOf(symbol.nameStart);
          const children = toItems(symbol.children, qualifiedName);
          return {
            name: symbol.name,
            kind: symbol.kind,
            nodeId: formatNodeId({ kind: symbol.kind, path: filePath, qualifiedName }),
            line: name.line,
            column: name.column,
            endLine: lines.positionOf(symbol.start + symbol.length).line,
            ...(children.length > 0 ? { children } : {}),
          };
        });
    const symbols = toItems(await ports.symbols.outline(scope, path), '');
    return { success: true, filePath, symbols, totalCount };
  });
}
