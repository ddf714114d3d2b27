import { expect } from 'vitest';
import type { ReferenceItem } from './results.js';
import type { Marker } from './workspace.js';

interface Located {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
}

export function locationKey(item: Located): string {
  return `${item.filePath}:${item.line}:${item.column}`;
}

export function markerKey(marker: Marker): string {
  return `${marker.displayPath}:${marker.line}:${marker.column}`;
}

/** Sorted location keys; use to compare sets of locations with readable diffs. */
export function keysOf(items: readonly Located[]): string[] {
  return items.map(locationKey).sort();
}

export function markerKeys(markers: readonly Marker[]): string[] {
  return markers.map(markerKey).sort();
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareLocations(a: Located, b: Located): number {
  return compareStrings(a.filePath, b.filePath) || a.line - b.line || a.column - b.column;
}

/** BS-001.3: every declaration before every usage; each group by path, line, column. */
export function expectReferenceOrder(references: readonly ReferenceItem[]): void {
  const firstUsage = references.findIndex((r) => r.referenceType === 'usage');
  const declarationAfterUsage = firstUsage >= 0 && references.slice(firstUsage).some((r) => r.referenceType === 'declaration');
  expect(declarationAfterUsage, 'a declaration comes after a usage').toBe(false);
  const declarations = references.filter((r) => r.referenceType === 'declaration');
  const usages = references.filter((r) => r.referenceType === 'usage');
  expect(declarations.map(locationKey)).toEqual([...declarations].sort(compareLocations).map(locationKey));
  expect(usages.map(locationKey)).toEqual([...usages].sort(compareLocations).map(locationKey));
}

/** Every `decl` marker is typed declaration and every `use` marker usage. */
export function expectReferenceTypes(references: readonly ReferenceItem[], markers: readonly Marker[]): void {
  const byKey = new Map(references.map((r) => [locationKey(r), r.referenceType]));
  for (const marker of markers) {
    if (marker.kind === 'decl') expect(byKey.get(markerKey(marker)), `${markerKey(marker)} (decl)`).toBe('declaration');
    if (marker.kind === 'use') expect(byKey.get(markerKey(marker)), `${markerKey(marker)} (use)`).toBe('usage');
  }
}

/** Relative, `/`-separated, no `./` or `..` prefix: how project files are shown. */
export function expectProjectRelative(filePath: string): void {
  expect(filePath, filePath).not.toMatch(/^\/|^[A-Za-z]:|^\.\.?\/|\\/);
}

/** The first item; fails the test when there is none. */
export function first<T>(items: readonly T[], what = 'item'): T {
  const item = items[0];
  if (item === undefined) throw new Error(`expected at least one ${what}`);
  return item;
}

/** The last item; fails the test when there is none. */
export function last<T>(items: readonly T[], what = 'item'): T {
  const item = items[items.length - 1];
  if (item === undefined) throw new Error(`expected at least one ${what}`);
  return item;
}

/** Items with FS-001's fields only: issue 5's `nodeId` is checked by the addressing and navigation scenarios. */
export function withoutNodeIds<T extends { nodeId?: string }>(items: readonly T[]): Omit<T, 'nodeId'>[] {
  return items.map(({ nodeId: _nodeId, ...item }) => item);
}
