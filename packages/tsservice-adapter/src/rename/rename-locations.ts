import type { FileOffset, SourceSpan, TextEdit } from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';
import type { Project } from '../project/project.js';

/**
 * TypeScript's own rename locations at `at` in one project, as edits to `newName` with the
 * text TypeScript puts around the name (`{ a: b }`, `a as b`). Where a rename goes on from
 * there (through re-exports, from an import to the declaration) the domain decides.
 */
export function renameLocationsIn(
  project: Project,
  at: FileOffset,
  newName: string,
  span: (entry: ts.DocumentSpan) => SourceSpan,
): TextEdit[] {
  const preferences = { providePrefixAndSuffixTextForRename: true };
  return (project.ls.findRenameLocations(at.path, at.offset, false, false, preferences) ?? []).map((location) => ({
    ...span(location),
    newText: `${location.prefixText ?? ''}${newName}${location.suffixText ?? ''}`,
  }));
}
