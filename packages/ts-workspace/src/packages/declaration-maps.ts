import { GREATEST_LOWER_BOUND, TraceMap, generatedPositionFor, originalPositionFor } from '@jridgewell/trace-mapping';
import path from 'node:path';
import type { FileStore } from '@mcp-lsp-bridge/workspace';

/** A position as a source map counts it: line from 1, column (UTF-16 units) from 0. */
export interface MapPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * The declaration maps (`.d.ts.map`, emitted with `declarationMap: true`) of build output,
 * decoded by @jridgewell/trace-mapping and kept while the map file's version holds. Paths in
 * a map are relative to the map's own directory (and its `sourceRoot`).
 */
export class DeclarationMaps {
  private readonly maps = new Map<string, { version: string; map: TraceMap | undefined; sources: readonly string[] }>();

  constructor(private readonly files: FileStore) {}

  /** The source files a map was made from (absolute paths); none when it is missing or unreadable. */
  sourcesOf(mapFile: string): readonly string[] {
    return this.entry(mapFile)?.sources ?? [];
  }

  /** Where a position of the declaration file `mapFile` describes came from, in which source file. */
  toSource(mapFile: string, at: MapPosition): (MapPosition & { readonly path: string }) | undefined {
    const entry = this.entry(mapFile);
    if (entry?.map === undefined) return undefined;
    const found = originalPositionFor(entry.map, { line: at.line, column: at.column, bias: GREATEST_LOWER_BOUND });
    if (found.source === null) return undefined;
    return { path: this.absolute(mapFile, found.source), line: found.line, column: found.column };
  }

  /** Where in the declaration file `mapFile` describes a position of `source` went. */
  toOutput(mapFile: string, source: string, at: MapPosition): MapPosition | undefined {
    const entry = this.entry(mapFile);
    if (entry?.map === undefined) return undefined;
    const index = entry.sources.indexOf(source);
    const spelled = entry.map.sources[index];
    if (index < 0 || spelled === null || spelled === undefined) return undefined;
    const found = generatedPositionFor(entry.map, { source: spelled, line: at.line, column: at.column, bias: GREATEST_LOWER_BOUND });
    return found.line === null ? undefined : { line: found.line, column: found.column };
  }

  private entry(mapFile: string): { map: TraceMap | undefined; sources: readonly string[] } | undefined {
    const version = this.files.version(mapFile);
    if (version === undefined) return undefined;
    const cached = this.maps.get(mapFile);
    if (cached?.version === version) return cached;
    let map: TraceMap | undefined;
    try {
      const text = this.files.text(mapFile);
      map = text === undefined ? undefined : new TraceMap(text);
    } catch {
      // A map that does not parse maps nothing; the caller falls back to rootDir/outDir.
      map = undefined;
    }
    const root = map?.sourceRoot ?? '';
    const sources = (map?.sources ?? []).map((s) => (s === null ? '' : this.absolute(mapFile, path.join(root, s))));
    const entry = { version, map, sources };
    this.maps.set(mapFile, entry);
    return entry;
  }

  private absolute(mapFile: string, source: string): string {
    return this.files.realpath(path.resolve(path.dirname(mapFile), source));
  }
}
