import { lineText } from './text.js';
import type { FileModification } from './results.js';
import type { Marker, Workspace } from './workspace.js';

export interface RenamePlan {
  readonly markers: readonly Marker[];
  /** Expected full text (BOM and line breaks kept) of every file the rename must touch. */
  readonly texts: ReadonlyMap<string, string>;
  /** The expected `filesModified`, sorted by path, changes by line. */
  readonly filesModified: readonly FileModification[];
  readonly totalChanges: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * What renaming the symbol marked `tag` to `newName` must do, derived from the fixture:
 * the identifier after every decl/use/ref marker of `tag` is replaced, nothing else.
 */
export async function planRename(ws: Workspace, tag: string, newName: string): Promise<RenamePlan> {
  // A reference outside the tsconfig include (`out`) is renamed too: the file imports the symbol.
  const markers = await ws.markers({ tag, kinds: ['decl', 'use', 'ref', 'out'] });
  const texts = new Map<string, string>();
  const filesModified: FileModification[] = [];
  for (const file of [...new Set(markers.map((m) => m.file))].sort()) {
    const inFile = markers.filter((m) => m.file === file);
    const oldName = inFile[0]?.identifier ?? tag;
    const original = await ws.read(file);
    const pattern = new RegExp(`(/\\*@(?:decl|use|ref|out):${escapeRegExp(tag)}\\*/)${escapeRegExp(oldName)}(?![\\p{ID_Continue}$])`, 'gu');
    const renamed = original.replace(pattern, (_, marker: string) => `${marker}${newName}`);
    texts.set(file, renamed);
    const lines = [...new Set(inFile.map((m) => m.line))].sort((a, b) => a - b);
    filesModified.push({
      filePath: file,
      changeCount: inFile.length,
      changes: lines.map((line) => ({ line, oldText: lineText(original, line), newText: lineText(renamed, line) })),
    });
  }
  return { markers, texts, filesModified, totalChanges: markers.length };
}

/** `filesModified` in a comparable order: by path, each file's changes by line. */
export function normalizeModifications(files: readonly FileModification[]): FileModification[] {
  return [...files]
    .map((f) => ({ ...f, changes: [...f.changes].sort((a, b) => a.line - b.line) }))
    .sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
}
