import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import { MAX_IMPACT_SYMBOLS, type ImpactInput, type PositionInput } from '../model/inputs.js';
import type {
  CallHierarchyCall,
  DocumentSymbolItem,
  ImpactCaller,
  ImpactFile,
  ImpactPackage,
  ImpactResult,
  ImpactSymbol,
  ReferenceItem,
} from '../model/results.js';
import type { Signal } from '../model/signal.js';
import { boundedInput, INPUT_BOUNDS, type InputBound } from '../rules/input-bounds.js';
import { compareLocations, compareStrings } from '../rules/ordering.js';
import { PACKAGE_MANIFESTS } from '../rules/package-manifests.js';
import { displayPath, resolvePath } from '../rules/paths.js';
import { publicApiItems } from '../rules/public-api.js';
import { isTestPath } from '../rules/test-code.js';
import { callHierarchy } from './call-hierarchy.js';
import { documentSymbols } from './document-symbols.js';
import { findReferences } from './find-references.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { resolvePositionQuery } from './resolve-address.js';

/** Kinds whose members are declarations of their own (a method of a class), rather than locals. */
const CONTAINERS: ReadonlySet<string> = new Set(['class', 'interface', 'namespace', 'module', 'package', 'enum', 'struct', 'object']);

/**
 * What a change to a symbol reaches, in one call: its uses by package and file with test code
 * apart, where workspace packages export it, and its callers `depth` levels up. The symbol is
 * addressed as everywhere, or given as a file and a line range (a diff's hunk): then every
 * declaration the range touches is one of the answer's symbols.
 */
export function impact(ports: BridgePorts, input: ImpactInput, signal: Signal): Promise<ImpactResult | ToolError> {
  return guard(signal, async () => {
    const depth = boundedInput(INPUT_BOUNDS.impactDepth, input.depth);
    if (typeof depth !== 'number') return depth;
    const limit = boundedInput(INPUT_BOUNDS.impactLimit, input.limit);
    if (typeof limit !== 'number') return limit;
    const targets = await targetsOf(ports, input, signal);
    if (!Array.isArray(targets)) return targets;
    const manifests = new PackageDirectories(ports, input.workspaceRoot, signal);
    const symbols: ImpactSymbol[] = [];
    for (const address of targets.slice(0, MAX_IMPACT_SYMBOLS)) {
      const found = await symbolImpact(ports, address, depth, limit, manifests, signal);
      if ('success' in found) return found;
      symbols.push(found);
    }
    return {
      success: true,
      symbols,
      totalReferences: symbols.reduce((sum, s) => sum + s.referenceCount, 0),
      truncated: targets.length > MAX_IMPACT_SYMBOLS,
    };
  });
}

/** The symbols asked about: the one addressed, or the declarations a line range of a file touches. */
async function targetsOf(ports: BridgePorts, input: ImpactInput, signal: Signal): Promise<PositionInput[] | ToolError> {
  const { startLine, endLine, depth: _depth, limit: _limit, ...address } = input;
  const addressed =
    address.nodeId !== undefined || address.symbol !== undefined || address.line !== undefined || address.column !== undefined;
  if (addressed) {
    if (startLine !== undefined || endLine !== undefined)
      return invalid('startLine and endLine give a range of filePath instead of a symbol: pass either a symbol address or a range');
    return [address];
  }
  if (address.filePath === undefined)
    return invalid('Give the symbol (nodeId, filePath + symbol, or filePath + line + column), or filePath with startLine and endLine');
  const first = lineBound(startLine ?? 1, 'startLine');
  if (typeof first !== 'number') return first;
  const last = lineBound(endLine ?? startLine ?? Number.MAX_SAFE_INTEGER, 'endLine');
  if (typeof last !== 'number') return last;
  if (last < first) return invalid(`endLine (${last}) is before startLine (${first})`);
  const outline = await documentSymbols(ports, { workspaceRoot: input.workspaceRoot, filePath: address.filePath }, signal);
  if (!outline.success) return outline;
  return declarationsTouched(outline.symbols, first, last).map((item) =>
    item.nodeId !== undefined
      ? { workspaceRoot: input.workspaceRoot, nodeId: item.nodeId }
      : { workspaceRoot: input.workspaceRoot, filePath: outline.filePath, line: item.line, column: item.column },
  );
}

/**
 * The declarations lines `first`..`last` touch: the innermost ones, a container's members
 * rather than the container when the range is inside them (a method of a class), a function
 * rather than its locals.
 */
export function declarationsTouched(items: readonly DocumentSymbolItem[], first: number, last: number): DocumentSymbolItem[] {
  return items.flatMap((item) => {
    if (item.endLine < first || item.line > last) return [];
    const members = CONTAINERS.has(item.kind) ? declarationsTouched(item.children ?? [], first, last) : [];
    return members.length > 0 ? members : [item];
  });
}

async function symbolImpact(
  ports: BridgePorts,
  address: PositionInput,
  depth: number,
  limit: number,
  manifests: PackageDirectories,
  signal: Signal,
): Promise<ImpactSymbol | ToolError> {
  const references = await findReferences(ports, { ...address, limit: INPUT_BOUNDS.referenceLimit.max }, signal);
  if (!references.success) return references;
  const calls = await callHierarchy(ports, { ...address, direction: 'incoming', depth }, signal);
  // A server without a call hierarchy still answers the rest; the answer says what is missing.
  if (!calls.success && (calls.error.code !== ErrorCode.LANGUAGE_SERVER_ERROR || !/does not support/.test(calls.error.message)))
    return calls;
  const query = await resolvePositionQuery(ports, address, signal);
  if ('success' in query) return query;
  const declarations = await ports.symbols.definitions(query.scope, { path: query.target.path, offset: query.target.identifier.start });
  const exported = declarations.length === 0 ? [] : await ports.symbols.publicExports(query.scope, declarations);

  const uses = references.references.filter((r) => r.referenceType === 'usage');
  const testUses = uses.filter((r) => isTestPath(r.filePath));
  let room = limit;
  const filesOf = (items: readonly ReferenceItem[]): ImpactFile[] =>
    groupBy(items, (r) => r.filePath).map(([filePath, found]) => {
      const lines = [...new Set(found.map((r) => r.line))].slice(0, Math.max(room, 0));
      room -= lines.length;
      return { filePath, count: found.length, lines };
    });
  const byPackage: ImpactPackage[] = [];
  const nonTest = uses.filter((r) => !isTestPath(r.filePath));
  const packageNames = new Map<string, string>();
  for (const file of new Set(nonTest.map((r) => r.filePath))) packageNames.set(file, await manifests.packageOf(file));
  for (const [name, found] of groupBy(nonTest, (r) => packageNames.get(r.filePath) ?? '.')) {
    byPackage.push({ package: name, count: found.length, files: filesOf(found) });
  }
  const tests = filesOf(testUses);
  const listedLines = [...byPackage.flatMap((p) => p.files), ...tests].reduce((sum, f) => sum + f.lines.length, 0);
  const allLines = new Set(uses.map((r) => `${r.filePath}:${r.line}`)).size;
  const placed = query.target.lines.positionOf(query.target.identifier.start);
  const declared = calls.success ? undefined : await query.outlines.declarationAt(query.target.path, query.target.identifier.start);
  const symbol = calls.success
    ? calls.symbol
    : {
        name: query.target.identifier.text,
        kind: declared?.kind ?? 'variable',
        ...(declared?.nodeId === undefined ? {} : { nodeId: declared.nodeId }),
        filePath: displayPath(query.root, query.target.path),
        line: placed.line,
        column: placed.column,
      };
  return {
    ...symbol,
    referenceCount: uses.length,
    testReferenceCount: testUses.length,
    fileCount: new Set(uses.map((r) => r.filePath)).size,
    packages: byPackage,
    tests,
    publicExports: publicApiItems(query.root, exported),
    callers: calls.success ? flattenCallers(calls.calls) : [],
    ...(calls.success ? {} : { callersUnavailable: calls.error.message }),
    truncated: listedLines < allLines || (calls.success && calls.truncated) || references.truncated,
    ...(references.failures === undefined ? {} : { failures: references.failures }),
  };
}

/** Every caller once, at the smallest depth it was found at; by depth, then location. */
function flattenCallers(calls: readonly CallHierarchyCall[]): ImpactCaller[] {
  const found = new Map<string, ImpactCaller>();
  const visit = (level: readonly CallHierarchyCall[], depth: number): void => {
    for (const call of level) {
      const key = call.nodeId ?? `${call.filePath}:${call.line}:${call.column}`;
      const known = found.get(key);
      if (known === undefined || known.depth > depth) {
        const { callSites: _sites, calls: _calls, recursive: _recursive, ...symbol } = call;
        found.set(key, { ...symbol, depth, test: isTestPath(call.filePath) });
      }
      visit(call.calls ?? [], depth + 1);
    }
  };
  visit(calls, 1);
  return [...found.values()].sort((a, b) => a.depth - b.depth || compareLocations(a, b));
}

/** Items grouped by key, keys in order, each group in its items' order. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return [...groups.entries()].sort(([a], [b]) => compareStrings(a, b));
}

/** The package of a workspace file: the nearest directory above it (within the root) holding a package manifest. */
class PackageDirectories {
  private readonly known = new Map<string, Promise<boolean>>();

  constructor(
    private readonly ports: BridgePorts,
    private readonly root: string,
    private readonly signal: Signal,
  ) {}

  /** `.` for the workspace root (or a file outside it). */
  async packageOf(filePath: string): Promise<string> {
    if (filePath.startsWith('/')) return '.';
    const segments = filePath.split('/').slice(0, -1);
    for (let n = segments.length; n > 0; n--) {
      const dir = segments.slice(0, n).join('/');
      if (await this.isPackage(dir)) return dir;
    }
    return '.';
  }

  private isPackage(dir: string): Promise<boolean> {
    let answer = this.known.get(dir);
    if (answer === undefined) {
      answer = (async () => {
        for (const manifest of PACKAGE_MANIFESTS)
          if ((await this.ports.files.kindOf(resolvePath(this.root, `${dir}/${manifest}`), this.signal)) === 'file') return true;
        return false;
      })();
      this.known.set(dir, answer);
    }
    return answer;
  }
}

function lineBound(value: number, name: string): number | ToolError {
  const bound: InputBound = { name, min: 1, max: Number.MAX_SAFE_INTEGER, default: 1, beyond: 'Lines count from 1.' };
  return boundedInput(bound, value);
}

function invalid(message: string): ToolError {
  return toolError(ErrorCode.INVALID_INPUT, message);
}
