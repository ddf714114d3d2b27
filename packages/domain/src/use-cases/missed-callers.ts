import type { SymbolKind } from '../model/symbols.js';
import type { CallEdge, CallItem, OutlineSymbol, QueryScope, SourceSpan } from '../ports/symbol-index.js';
import { isCalledAt } from '../rules/call-edges.js';
import { isWorkspaceSource } from '../rules/paths.js';
import type { Outlines } from './outlines.js';
import type { BridgePorts } from './ports.js';
import type { SourceTexts } from './source-texts.js';

/** The JavaScript files, where a function may be exported through CommonJS. */
const JAVASCRIPT = /\.(?:js|cjs|jsx)$/;

/** Outline entries whose body runs when they are called: the callers a call inside them belongs to. */
const CALLERS: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'constructor']);

/**
 * The callers of a JavaScript function that the service's call hierarchy misses. TypeScript
 * finds callers through its reference search, which does not follow CommonJS's `require`
 * (`const { add } = require('./math')`, `math.add(…)` after `const math = require(…)`); the
 * bridge's references do (docs/languages.md). Each reference no edge already counts and that is
 * called there is a call site, in the innermost function or method of its file's outline that
 * holds it (as the service names that caller), else in the file's module-level code.
 */
export async function missedCallers(
  ports: BridgePorts,
  scope: QueryScope,
  outlines: Outlines,
  texts: SourceTexts,
  item: CallItem,
  found: readonly CallEdge[],
): Promise<CallEdge[]> {
  if (item.kind === 'file' || !JAVASCRIPT.test(item.path)) return [];
  const counted = new Set([
    key(item.path, item.nameStart),
    ...found.flatMap((edge) => edge.sites.map((site) => key(site.path, site.start))),
  ]);
  const { references } = await ports.symbols.references(scope, { path: item.path, offset: item.nameStart });
  const edges = new Map<string, { item: CallItem; sites: SourceSpan[] }>();
  for (const use of references) {
    if (counted.has(key(use.path, use.start)) || !isWorkspaceSource(scope.workspaceRoot, use.path)) continue;
    const text = (await texts.lines(use.path))?.text;
    if (text === undefined || !isCalledAt(text, use.start + use.length)) continue;
    const caller = await callerOf(ports, scope, outlines, use.path, use.start);
    const edge = edges.get(key(caller.path, caller.nameStart)) ?? { item: caller, sites: [] };
    edge.sites.push(use);
    edges.set(key(caller.path, caller.nameStart), edge);
  }
  return [...edges.values()];
}

/**
 * The innermost function or method of `path`'s outline holding `offset`: the service's item for
 * it, else the outline's (a function assigned to `exports.f`, a callback); else the file.
 */
async function callerOf(ports: BridgePorts, scope: QueryScope, outlines: Outlines, path: string, offset: number): Promise<CallItem> {
  const [innermost] = (await outlines.flat(path))
    .map((entry) => entry.symbol)
    .filter((symbol) => CALLERS.has(symbol.kind) && symbol.start <= offset && offset < symbol.start + symbol.length)
    .sort((a, b) => a.length - b.length);
  if (innermost === undefined) {
    return { name: path.slice(path.lastIndexOf('/') + 1), kind: 'file', path, start: 0, length: 0, nameStart: 0, nameLength: 0 };
  }
  const items = await ports.symbols.callItems(scope, { path, offset: innermost.nameStart });
  return items.find((item) => item.path === path && item.nameStart === innermost.nameStart) ?? outlineItem(path, innermost);
}

function outlineItem(path: string, symbol: OutlineSymbol): CallItem {
  const { name, kind, start, length, nameStart, nameLength } = symbol;
  return { name, kind, path, start, length, nameStart, nameLength };
}

/**
 * The call item of a JavaScript function the service has none for: TypeScript's call hierarchy
 * knows functions by their own name or a `const`'s, not a function assigned to `exports.f` or
 * `module.exports.f`, which the outline names a function. Its callers are then the missed ones.
 */
export async function unnamedFunctionItem(outlines: Outlines, path: string, nameStart: number): Promise<CallItem | undefined> {
  if (!JAVASCRIPT.test(path)) return undefined;
  const declaration = await outlines.declarationAt(path, nameStart);
  return declaration === undefined || !CALLERS.has(declaration.kind) ? undefined : outlineItem(path, declaration.symbol);
}

function key(path: string, start: number): string {
  return `${path}\0${String(start)}`;
}
