import { lineMarkers } from './line-markers.js';
import type { CallHierarchyCall, DocumentSymbolItem } from './symbol-results.js';
import { linesOf } from './text.js';
import type { Marker, Workspace } from './workspace.js';

/*
 * What the scenarios of the languages served by their own language servers (C, Go, Python)
 * share: expected renames, outlines and call graphs from the fixtures' line markers.
 */

export function flattenSymbols(symbols: readonly DocumentSymbolItem[]): DocumentSymbolItem[] {
  return symbols.flatMap((s) => [s, ...flattenSymbols(s.children ?? [])]);
}

/** `text` with `newName` in place of the identifier at each marker (columns count code points). */
export function renamedAt(text: string, markers: readonly Marker[], newName: string): string {
  const lines = linesOf(text);
  for (const marker of [...markers].sort((a, b) => b.line - a.line || b.column - a.column)) {
    const line = lines[marker.line - 1] ?? '';
    let offset = 0;
    for (let column = 1; column < marker.column; column++) offset += (line.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
    lines[marker.line - 1] = line.slice(0, offset) + newName + line.slice(offset + marker.identifier.length);
  }
  return lines.join('\n');
}

/** Each file the markers are in, as it must read once their identifiers are renamed to `newName`. */
export async function expectedRename(ws: Workspace, markers: readonly Marker[], newName: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of new Set(markers.map((m) => m.file)))
    out.set(
      file,
      renamedAt(
        await ws.read(file),
        markers.filter((m) => m.file === file),
        newName,
      ),
    );
  return out;
}

/** `caller@file:line:column` for each call site of an answer, sorted. */
export function callSites(calls: readonly CallHierarchyCall[]): string[] {
  return calls.flatMap((c) => c.callSites.map((s) => `${c.name}@${s.filePath}:${s.line}:${s.column}`)).sort();
}

/**
 * The call sites the `@call:<caller>><callee>` markers draw into `callee` (incoming) or out of
 * `caller` (outgoing), in the form of `callSites`: named by the other end.
 */
export async function markedCallSites(ws: Workspace, direction: 'incoming' | 'outgoing', name: string): Promise<string[]> {
  return (await lineMarkers(ws, { kinds: ['call'] }))
    .flatMap((m) => {
      const [caller = '', callee = ''] = m.tag.split('>');
      if (direction === 'incoming' && callee === name) return [`${caller}@${m.file}:${m.line}:${m.column}`];
      if (direction === 'outgoing' && caller === name) return [`${callee}@${m.file}:${m.line}:${m.column}`];
      return [];
    })
    .sort();
}
