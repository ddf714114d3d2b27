import type { ReferenceItem } from '../model/results.js';

interface Located {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
}

/** Code-unit order, so results are the same on every machine and locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** By file path, then line, then column. */
export function compareLocations(a: Located, b: Located): number {
  return compareStrings(a.filePath, b.filePath) || a.line - b.line || a.column - b.column;
}

/** BS-001.3: declarations first, then usages; each group by file path, line, column. */
export function compareReferences(a: ReferenceItem, b: ReferenceItem): number {
  if (a.referenceType !== b.referenceType) return a.referenceType === 'declaration' ? -1 : 1;
  return compareLocations(a, b);
}

export interface Limited<T> {
  readonly items: readonly T[];
  /** How many there were before the limit. */
  readonly totalCount: number;
  readonly truncated: boolean;
}

/** BS-001.5: at most `limit` items; `totalCount` is the count before truncation. */
export function applyLimit<T>(items: readonly T[], limit: number): Limited<T> {
  return { items: items.slice(0, limit), totalCount: items.length, truncated: items.length > limit };
}
