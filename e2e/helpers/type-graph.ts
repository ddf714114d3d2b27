import { compareLocations } from './expectations.js';
import { lineMarkers } from './line-markers.js';
import type { TypeHierarchyType } from './symbol-results.js';
import type { Marker, Workspace } from './workspace.js';

/**
 * A type marked `/*@type:<kind>:<Name>[<Super,…]*\/Name` (a line marker `// @type:<kind>:<Name>[<Super,…] Name`
 * in C++): its outline kind, its name and the names of its direct supertypes.
 */
export interface MarkedType {
  readonly marker: Marker;
  readonly kind: string;
  readonly name: string;
  readonly supertypes: readonly string[];
  readonly nodeId: string;
}

/** Every marked type of the project; `lines`: line markers (C++, Go, Python), else block comments. */
export async function markedTypes(ws: Workspace, lines = false): Promise<MarkedType[]> {
  const markers = lines ? await lineMarkers(ws, { kinds: ['type'] }) : await ws.markers({ kinds: ['type'] });
  return markers.map((marker) => {
    const [head = '', supers = ''] = marker.tag.split('<');
    const [kind = '', name = ''] = head.split(':');
    return { marker, kind, name, supertypes: supers === '' ? [] : supers.split(','), nodeId: `${kind}:${marker.file}:${name}` };
  });
}

export function markedType(types: readonly MarkedType[], name: string): MarkedType {
  const found = types.filter((t) => t.name === name);
  if (found.length !== 1) throw new Error(`expected one type marker of ${name}, found ${found.length}`);
  return found[0] as MarkedType;
}

/** The type as an answer names it. */
export function typeSymbol(type: MarkedType): {
  name: string;
  kind: string;
  nodeId: string;
  filePath: string;
  line: number;
  column: number;
} {
  return {
    name: type.name,
    kind: type.kind,
    nodeId: type.nodeId,
    filePath: type.marker.file,
    line: type.marker.line,
    column: type.marker.column,
  };
}

/**
 * What type_hierarchy must answer in one direction for `name`, `depth` levels deep, drawn from
 * the markers alone: supertypes are a type's marked supertypes, subtypes the types that mark it
 * as one; by path, line and column at each level; a type already on the path is recursive.
 */
export function expectedTypes(
  types: readonly MarkedType[],
  name: string,
  step: 'supertypes' | 'subtypes',
  depth: number,
  level = 1,
  path: ReadonlySet<string> = new Set([name]),
): TypeHierarchyType[] {
  const next =
    step === 'supertypes'
      ? markedType(types, name).supertypes.map((n) => markedType(types, n))
      : types.filter((t) => t.supertypes.includes(name));
  return next
    .map((t): TypeHierarchyType => {
      const entry = { ...typeSymbol(t), depth: level };
      if (path.has(t.name)) return { ...entry, recursive: true };
      const deeper = level < depth ? expectedTypes(types, t.name, step, depth, level + 1, new Set([...path, t.name])) : [];
      return deeper.length > 0 ? { ...entry, types: deeper } : entry;
    })
    .sort(compareLocations);
}

/** The count an answer gives: every type listed at every level. */
export function countTypes(types: readonly TypeHierarchyType[]): number {
  return types.reduce((sum, t) => sum + 1 + countTypes(t.types ?? []), 0);
}
