import type { ToolError } from '../errors/bridge-error.js';
import { toolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { WorkspaceSymbolsInput } from '../model/inputs.js';
import { briefName } from '../rules/answer-size.js';
import { boundedInput, INPUT_BOUNDS } from '../rules/input-bounds.js';
import type { WorkspaceSymbolItem, WorkspaceSymbolsResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { SymbolKind } from '../model/symbols.js';
import type { QueryScope, SymbolMatch } from '../ports/symbol-index.js';
import { applyLimit, compareStrings } from '../rules/ordering.js';
import { displayPath, isDeclarationFile, isExternalPath } from '../rules/paths.js';
import { spanKey } from '../rules/spans.js';
import { compareSymbolRanks, lastNameOf, symbolRank, type SymbolRank } from '../rules/symbol-ranking.js';
import { symbolKinds } from './symbol-kinds-input.js';
import { guard } from './guard.js';
import { Outlines } from './outlines.js';
import type { BridgePorts } from './ports.js';
import { resolveWorkspace } from './resolve-target.js';
import { SourceTexts } from './source-texts.js';

/** How many candidates the service is asked for first, so ranking sees more than the page it returns. */
const CANDIDATE_POOL = 1000;

/**
 * When the first pool comes back full, the service is asked once more for this many, so the
 * count is true and the best matches are among them for any query but the broadest (one or
 * two letters on a large workspace); beyond it the result says its count is a lower bound.
 */
export const MAX_SYMBOL_CANDIDATES = 20_000;

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
    const kinds = symbolKinds(input.kinds);
    if (!(kinds instanceof Set)) return kinds;
    const root = await resolveWorkspace(ports.files, input.workspaceRoot, signal);
    if (typeof root !== 'string') return root;
    const scope: QueryScope = { workspaceRoot: root, signal };

    let found = await rankedCandidates(ports, scope, query, query, kinds);
    // A service that matches names alone finds nothing for a qualified query: asked for its last name, ranked by the whole.
    const last = lastNameOf(query);
    if (found.ranked.length === 0 && last !== undefined) found = await rankedCandidates(ports, scope, last, query, kinds);
    const { ranked, saturated } = found;
    // Offsets order a file's symbols as lines and columns do, so only the returned page is placed.
    ranked.sort(
      (a, b) =>
        compareSymbolRanks(a.rank, b.rank) ||
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
    return {
      success: true,
      // Echoed in the answer (twice, with its text): a long query is cut like a name.
      query: briefName(query),
      symbols,
      totalCount: limited.totalCount,
      truncated: limited.truncated,
      ...(saturated ? { totalCountIsLowerBound: true as const } : {}),
    };
  });
}

/** The service's candidates for `asked`, outside dependencies and of the kinds asked for, ranked for `query`. */
async function rankedCandidates(
  ports: BridgePorts,
  scope: QueryScope,
  asked: string,
  query: string,
  kinds: ReadonlySet<SymbolKind>,
): Promise<{ ranked: { match: SymbolMatch; rank: SymbolRank }[]; saturated: boolean }> {
  const root = scope.workspaceRoot;
  let candidates = await ports.symbols.searchSymbols(scope, asked, CANDIDATE_POOL);
  if (candidates.length >= CANDIDATE_POOL) candidates = await ports.symbols.searchSymbols(scope, asked, MAX_SYMBOL_CANDIDATES);
  const seen = new Set<string>();
  const ranked: { match: SymbolMatch; rank: SymbolRank }[] = [];
  for (const match of candidates) {
    if (isExternalPath(root, match.path) || isDeclarationFile(match.path)) continue;
    if (kinds.size > 0 && !kinds.has(match.kind)) continue;
    const rank = symbolRank(match.name, match.place, query, match.containerName);
    const key = spanKey(match);
    if (rank === undefined || seen.has(key)) continue;
    seen.add(key);
    ranked.push({ match, rank });
  }
  return { ranked, saturated: candidates.length >= MAX_SYMBOL_CANDIDATES };
}
