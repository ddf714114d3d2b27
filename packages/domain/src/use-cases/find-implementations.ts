import type { ToolError } from '../errors/bridge-error.js';
import type { FindImplementationsInput } from '../model/inputs.js';
import { boundedInput, INPUT_BOUNDS } from '../rules/input-bounds.js';
import type { FindImplementationsResult, ImplementationItem } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import { applyLimit, compareLocations } from '../rules/ordering.js';
import { displayPath, isDependencyPath } from '../rules/paths.js';
import { dedupeSpans } from '../rules/spans.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { resolvePositionQuery } from './resolve-address.js';
import { SourceTexts } from './source-texts.js';

/**
 * The implementations of an interface, abstract class or member: the classes that
 * implement or extend it and the members that implement or override it. Ordered and
 * limited like `findReferences`' usages.
 */
export function findImplementations(
  ports: BridgePorts,
  input: FindImplementationsInput,
  signal: Signal,
): Promise<FindImplementationsResult | ToolError> {
  return guard(signal, async () => {
    const limit = boundedInput(INPUT_BOUNDS.implementationLimit, input.limit);
    if (typeof limit !== 'number') return limit;
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { root, scope, target, outlines } = query;
    const spans = await ports.symbols.implementations(scope, { path: target.path, offset: target.identifier.start });
    const includeNodeModules = input.includeNodeModules ?? false;
    const texts = new SourceTexts(ports.symbols, scope);
    texts.seed(target.path, target.lines);
    const implementations: ImplementationItem[] = [];
    for (const span of dedupeSpans(spans)) {
      if (!includeNodeModules && isDependencyPath(root, span.path)) continue;
      const placed = await texts.place(span);
      if (placed === undefined) continue;
      const declaration = await outlines.kindAndNodeIdAt(span.path, span.start);
      implementations.push({
        filePath: displayPath(root, span.path),
        line: placed.start.line,
        column: placed.start.column,
        codeSnippet: placed.codeSnippet,
        ...(declaration === undefined ? {} : { kind: declaration.kind }),
        ...(declaration?.nodeId === undefined ? {} : { nodeId: declaration.nodeId }),
      });
    }
    implementations.sort(compareLocations);
    const limited = applyLimit(implementations, limit);
    return {
      success: true,
      symbolName: target.identifier.text,
      implementations: limited.items,
      totalCount: limited.totalCount,
      truncated: limited.truncated,
    };
  });
}
