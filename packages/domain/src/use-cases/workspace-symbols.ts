import type { ToolError } from '../errors/bridge-error.js';
import { toolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { WorkspaceSymbolsInput } from '../model/inputs.js';
import { boundedInput, INPUT_BOUNDS } from '../rules/input-bounds.js';
import type { WorkspaceSymbolItem, WorkspaceSymbolsResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import { isSymbolKind, SYMBOL_KINDS, type SymbolKind } from '../model/symbols.js';
import type { QueryScope, SymbolMatch } from '../ports/symbol-index.js';
import { applyLimit, compareStrings } from '../rules/ordering.js';
import { displayPath, isDeclarationFile, isExternalPath } from '../rules/paths.js';
import { spanKey } from '../rules/spans.js';
import { quoted } from '../rules/brief-text.js';
import { matchRank } from '../rules/symbol-ranking.js';
import { guard } from './guard.js';
import { Outlines } from './outlines.js';
import type { BridgePorts } from './ports.js';
import { resolveWorkspace } from './resolve-target.js';
import { SourceTexts } from './source-texts.js';

/** How many candidates the service is asked for, so ranking sees more than the page it returns. */
const CANDIDATE_POOL = 1000;

/** Declarations across the workspace whose names match a query, best matches first. */
export function workspaceSymbols(
  ports: BridgePorts,
  input: WorkspaceSymbolsInput,
  signal: Signal,
): Promise<WorkspaceSymbolsResult | ToolError> {
  return guard(signal, async () => {
    const limit = boundedInput(INPUT_BOUNDS.workspaceSymbolLimit, input.limit);
    if (typeof limit !== 'number') return limit;
    const query = input.query.trim();
    if (query === '') {
      return toolError(ErrorCode.INVALID_INPUT, 'query is empty', 'Pass a name or part of one, e.g. "parseConfig", "Calc" or "pC".');
    }
    const unknown = (input.kinds ?? []).filter((k) => !isSymbolKind(k));
    if (unknown.length > 0) {
      return toolError(
        ErrorCode.INVALID_INPUT,
        `Unknown symbol kind${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).map(quoted).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`,
        `Use kinds from: ${SYMBOL_KINDS.join(', ')}.`,
      );
    }
    const kinds = new Set<SymbolKind>((input.kinds ?? []).filter(isSymbolKind));
    const root = await resolveWorkspace(ports.files, input.workspaceRoot, signal);
    if (typeof root !== 'string') return root;
    const scope: QueryScope = { workspaceRoot: root, signal };

    const candidates = await ports.symbols.searchSymbols(scope, query, CANDIDATE_POOL);
    const seen = new Set<string>();
    const ranked: { match: SymbolMatch; rank: number }[] = [];
    for (const match of candidates) {
      if (isExternalPath(root, match.path) || isDeclarationFile(match.path)) continue;
      if (kinds.size > 0 && !kinds.has(match.kind)) continue;
      const rank = matchRank(match.name, query);
      const key = spanKey(match);
      if (rank === undefined || seen.has(key)) continue;
      seen.add(key);
      ranked.push({ match, rank });
    }
    // Offsets order a file's symbols as lines and columns do, so only the returned page is placed.
    ranked.sort(
      (a, b) =>
        a.rank - b.rank ||
        a.match.name.length - b.match.name.length ||
        compareStrings(displayPath(root, a.match.path), displayPath(root, b.match.path)) ||
        a.match.start - b.match.start,
    );
    const limited = applyLimit(ranked, limit);
    const texts = new SourceTexts(ports.symbols, scope);
    const outlines = new Outlines(ports.symbols, scope);
    const symbols: WorkspaceSymbolItem[] = [];
    for (const { match } of limited.items) {
      const at = await texts.place(match);
      const declaration = await outlines.declarationAt(match.path, match.start);
      symbols.push({
        name: match.name,
        kind: match.kind,
        ...(declaration?.nodeId === undefined ? {} : { nodeId: declaration.nodeId }),
        filePath: displayPath(root, match.path),
        line: at?.start.line ?? 1,
        column: at?.start.column ?? 1,
        ...(match.containerName === undefined || match.containerName === '' ? {} : { containerName: match.containerName }),
      });
    }
    return { success: true, query, symbols, totalCount: limited.totalCount, truncated: limited.truncated };
  });
}
