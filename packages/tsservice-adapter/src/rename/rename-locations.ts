import { BridgeException, changedWhileComputing, type FileOffset, type SourceSpan, type TextEdit } from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';
import type { Project } from '../project/project.js';

/**
 * TypeScript's own rename locations at `at` in one project, as edits to `newName` with the
 * text TypeScript puts around the name (`{ a: b }`, `a as b`), and into `texts` the text of
 * each edited file as the program that answered holds it: the edits are offsets into exactly
 * that text, whatever the file store or the disk say by now. Where a rename goes on from there
 * (through re-exports, from an import to the declaration) the domain decides.
 */
export function renameLocationsIn(
  project: Project,
  at: FileOffset,
  newName: string,
  span: (entry: ts.DocumentSpan) => SourceSpan,
  texts: ProgramTexts,
): TextEdit[] {
  const preferences = { providePrefixAndSuffixTextForRename: true };
  const locations = project.ls.findRenameLocations(at.path, at.offset, false, false, preferences) ?? [];
  // The program the locations come from (the project version has not moved since, so no new one is built).
  const program = project.ls.getProgram();
  return locations.map((location) => {
    const edit = { ...span(location), newText: `${location.prefixText ?? ''}${newName}${location.suffixText ?? ''}` };
    const text = program?.getSourceFile(location.fileName)?.text;
    if (text !== undefined) texts.add(edit.path, text);
    return edit;
  });
}

/** The texts renames were computed from, by real path, across the projects asked. */
export class ProgramTexts {
  readonly byPath = new Map<string, string>();

  constructor(private readonly root: string) {}

  /**
   * Two projects asked in one call hold one file's text from the same read, so they cannot
   * differ unless a program is stale: then edits of one would be applied to the other's text.
   */
  add(path: string, text: string): void {
    const known = this.byPath.get(path);
    if (known === undefined) this.byPath.set(path, text);
    else if (known !== text) {
      throw new BridgeException(changedWhileComputing(this.root, path));
    }
  }
}
