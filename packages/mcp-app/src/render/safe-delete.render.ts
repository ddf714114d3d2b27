import type { SafeDeleteResult } from '@mcp-lsp-bridge/domain/front';
import { lineRange } from './text.js';

/** The lines removed and the imports that went with them, and whether the file was written. */
export function renderSafeDelete(result: SafeDeleteResult): string {
  const where = `${result.filePath} ${result.removed.map((r) => lineRange(r.startLine, r.endLine)).join(', ')}`;
  const imports =
    result.importsRemoved.length === 0
      ? ''
      : ` and the ${result.importsRemoved.length === 1 ? 'import' : `${result.importsRemoved.length} imports`} only it used (${result.importsRemoved.join(', ')})`;
  return result.applied
    ? `Deleted ${result.symbolName} (${where})${imports}. The file was changed on disk; re-read it before editing it.`
    : `Dry run: would delete ${result.symbolName} (${where})${imports}; nothing uses it and no file gains an error. Nothing was written.`;
}
