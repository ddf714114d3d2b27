import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import { MAX_TYPES, type TypeHierarchyInput } from '../model/inputs.js';
import type { TypeHierarchyResult, TypeHierarchyType } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import { quoted } from '../rules/brief-text.js';
import { boundedInput, INPUT_BOUNDS } from '../rules/input-bounds.js';
import { displayPath } from '../rules/paths.js';
import { guard } from './guard.js';
import { describeItem, HierarchyWalk, itemKey, type HierarchyStep } from './hierarchy-items.js';
import type { BridgePorts } from './ports.js';
import { designatedTarget, resolvePositionQuery, type PositionQuery } from './resolve-address.js';
import { SourceTexts } from './source-texts.js';
import { CALL_HIERARCHY, DOCUMENT_SYMBOLS } from '../catalogue/operation-names.js';

type Direction = 'supertypes' | 'subtypes';

/**
 * What a class, interface, struct or type extends or implements (supertypes) and what extends
 * or implements it (subtypes), `depth` levels deep in each direction asked for. A type already
 * on the path is marked recursive and not followed again; types outside the workspace (a
 * library's, the standard library's) are listed but not followed; at most MAX_TYPES are listed.
 * A symbol that is not a type is refused: its callers are `callHierarchy`'s question.
 */
export function typeHierarchy(ports: BridgePorts, input: TypeHierarchyInput, signal: Signal): Promise<TypeHierarchyResult | ToolError> {
  return guard(signal, async () => {
    const depth = boundedInput(INPUT_BOUNDS.typeDepth, input.depth);
    if (typeof depth !== 'number') return depth;
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { scope, outlines } = query;
    const target = await designatedTarget(ports, query);
    const [root] = await ports.symbols.typeItems(scope, { path: target.path, offset: target.identifier.start });
    if (root === undefined) return notAType({ ...query, target });
    const texts = new SourceTexts(ports.symbols, scope);
    texts.seed(target.path, target.lines);

    const walk = new HierarchyWalk<TypeHierarchyType>(scope.workspaceRoot, depth, MAX_TYPES, (type, types) => ({ ...type, types }));
    const stepTo =
      (direction: Direction): HierarchyStep<TypeHierarchyType> =>
      async (item, level) => {
        const found = direction === 'supertypes' ? await ports.symbols.supertypes(scope, item) : await ports.symbols.subtypes(scope, item);
        const unique = new Map(found.map((next) => [itemKey(next), next]));
        return Promise.all(
          [...unique.values()].map(async (next) => ({
            node: { ...(await describeItem(scope, texts, outlines, next)), depth: level },
            item: next,
          })),
        );
      };
    const supertypes = input.direction === 'subtypes' ? undefined : await walk.expand(stepTo('supertypes'), root);
    const subtypes = input.direction === 'supertypes' ? undefined : await walk.expand(stepTo('subtypes'), root);
    return {
      success: true,
      direction: input.direction,
      symbol: await describeItem(scope, texts, outlines, root),
      ...(supertypes === undefined ? {} : { supertypes }),
      ...(subtypes === undefined ? {} : { subtypes }),
      totalTypes: walk.listed,
      truncated: walk.truncated,
    };
  });
}

/** The symbol addressed is a function, a variable, a member…: no type hierarchy to list. */
async function notAType(query: PositionQuery): Promise<ToolError> {
  const { root, target, outlines } = query;
  const declaration = await outlines.declarationAt(target.path, target.identifier.start);
  const placed = target.lines.positionOf(target.identifier.start);
  const where = `${displayPath(root, target.path)}:${placed.line}:${placed.column}`;
  const what = declaration === undefined ? '' : ` (${declaration.kind})`;
  return toolError(
    ErrorCode.INVALID_INPUT,
    `${quoted(target.identifier.text)} at ${where}${what} is not a class, interface, struct or type: only types have supertypes and subtypes`,
    `Address a class, interface, struct or type alias (${DOCUMENT_SYMBOLS} lists the file's types with their nodeIds); for who calls a function or method, call ${CALL_HIERARCHY}.`,
  );
}
