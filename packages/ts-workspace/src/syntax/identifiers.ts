import type { IdentifierSpan } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT, namesOverlapping } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import type { TsWorkspace } from '../ts-workspace.js';

/**
 * The identifiers overlapping [start, end) of the file's text on disk, from `tree` when the
 * caller has the bundled compiler's tree of that very text (a warm program's: a first call about
 * a file would otherwise parse it a second time), else from its standalone syntax tree (no
 * project or server needed).
 */
export function identifiersIn(workspace: TsWorkspace, path: string, start: number, end: number, tree?: ts.SourceFile): IdentifierSpan[] {
  const sourceFile = tree ?? workspace.syntaxOf(path);
  if (sourceFile === undefined) return [];
  return namesOverlapping(BUNDLED_TYPESCRIPT, sourceFile, start, end).map((node) => {
    const nodeStart = node.getStart(sourceFile);
    return { path, start: nodeStart, length: node.end - nodeStart, text: node.text };
  });
}
