import type { SourceSpan } from '@mcp-lsp-bridge/domain';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import type ts from 'typescript';

/** A span TypeScript reports (a reference, a definition, a rename location) as the port's span of the real path. */
export function sourceSpanOf(files: FileStore, entry: ts.DocumentSpan): SourceSpan {
  return { path: files.realpath(entry.fileName), start: entry.textSpan.start, length: entry.textSpan.length };
}
