import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import { MAX_TYPES, type TypeHierarchyInput } from '../model/inputs.js';
import type { TypeHierarchyResult, TypeHierarchyType } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { TypeItem } from '../ports/symbol-index.js';
import { quoted } from '../rules/brief-text.js';
import { boundedInput, INPUT_BOUNDS } from '../rules/input-bounds.js';
import { compareLocations } from '../rules/ordering.js';
import { displayPath, isExternalPath } from '../rules/paths.js';
import { guard } from './guard.js';
import { describeItem, itemKey } from './hierarchy-items.js';
import type { BridgePorts } from './ports.js';
import { designatedTarget, resolvePositionQuery, type PositionQuery } from './resolve-address.js';
import { SourceTexts } from './source-texts.js';

type Step = 'supertypes' | 'subtypes';

/**
 * What a class, interface, struct or type extends or implements (supertypes) and what extends
 * or implements it (subtypes), `depth` levels deep in each direction asked for. A type already
 * on the path is marked recursive and not followed again; types outside the workspace (a
 * library's, the standard library's) are listed but not followed; at most MAX_TYPES are listed.
 * A symbol that is not a type is refused: its callers are call_hierarchy's question.
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

    let listed = 0;
    let truncated = false;
    const expand = async (step: Step, item: TypeItem, level: number, path: ReadonlySet<string>): Promise<TypeHierarchyType[]> => {
      const found = step === 'supertypes' ? await ports.symbols.supertypes(scope, item) : await ports.symbols.subtypes(scope, item);
      const unique = new Map(found.map((next) => [itemKey(next), next]));
      const described = await Promise.all(
        [...unique.values()].map(async (next) => ({ type: { ...(await describeItem(scope, texts, outlines, next)), depth: level }, next })),
      );
      described.sort((a, b) => compareLocations(a.type, b.type));
      const out: TypeHierarchyType[] = [];
      for (const { type, next } of described) {
        if (listed >= MAX_TYPES) {
          truncated = true;
          break;
        }
        listed++;
        const key = itemKey(next);
        if (path.has(key)) {
          out.push({ ...type, recursive: true });
          continue;
        }
        if (level < depth && !isExternalPath(scope.workspaceRoot, next.path)) {
          const deeper = await expand(step, next, level + 1, new Set([...path, key]));
          out.push(deeper.length > 0 ? { ...type, types: deeper } : type);
        } else {
          out.push(type);
        }
      }
      return out;
    };
    const start = new Set([itemKey(root)]);
    const supertypes = input.direction === 'subtypes' ? undefined : await expand('supertypes', root, 1, start);
    const subtypes = input.direction === 'supertypes' ? undefined : await expand('subtypes', root, 1, start);
    return {
      success: true,
      direction: input.direction,
      symbol: await describeItem(scope, texts, outlines, root),
      ...(supertypes === undefined ? {} : { supertypes }),
      ...(subtypes === undefined ? {} : { subtypes }),
      totalTypes: listed,
      truncated,
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
    "Address a class, interface, struct or type alias (document_symbols lists the file's types with their nodeIds); for who calls a function or method, call call_hierarchy.",
  );
}
