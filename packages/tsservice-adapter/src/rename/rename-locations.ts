import { spanKey, type FileOffset, type SourceSpan, type TextEdit } from '@mcp-lsp-bridge/domain';
import { nameAt } from '@mcp-lsp-bridge/ts-syntax';
import ts from 'typescript';

import type { Project } from '../project/project.js';

/**
 * TypeScript's rename locations with prefixes and suffixes (`{ a: b }`, `a as b`), with one
 * change: where TypeScript keeps a re-exported name stable (`export { newName as old } from`),
 * the rename continues through the re-export to its importers, so a symbol renamed in a
 * package is renamed in the packages that import it through a barrel. Shorthand properties
 * and destructuring keep their prefixes: those protect object shapes, not module APIs.
 */
export function renameLocations(
  project: Project,
  at: FileOffset,
  newName: string,
  span: (entry: ts.DocumentSpan) => SourceSpan,
): TextEdit[] {
  const program = project.program();
  const start = program.getSourceFile(at.path);
  const oldName = start === undefined ? undefined : nameAt(start, at.offset)?.text;
  const edits = new Map<string, TextEdit>();
  const plain = new Set<string>();
  const queue: FileOffset[] = [at];
  const visited = new Set([spanKey({ path: at.path, start: at.offset })]);
  const preferences = { providePrefixAndSuffixTextForRename: true };
  for (let site = queue.pop(); site !== undefined; site = queue.pop()) {
    for (const location of project.ls.findRenameLocations(site.path, site.offset, false, false, preferences) ?? []) {
      const edit = { ...span(location), newText: `${location.prefixText ?? ''}${newName}${location.suffixText ?? ''}` };
      const key = spanKey(edit);
      const reexport =
        oldName !== undefined &&
        ((location.suffixText === ` as ${oldName}` && !location.prefixText) ||
          (location.prefixText === `${oldName} as ` && !location.suffixText)) &&
        isSameNameExportSpecifier(program, location.fileName, location.textSpan.start);
      if (reexport) {
        edits.set(key, { ...edit, newText: newName });
        plain.add(key);
        if (!visited.has(key)) {
          visited.add(key);
          queue.push({ path: location.fileName, offset: location.textSpan.start });
        }
      } else if (!plain.has(key) && !edits.has(key)) {
        edits.set(key, edit);
      }
    }
  }
  return [...edits.values()];
}

function isSameNameExportSpecifier(program: ts.Program, file: string, offset: number): boolean {
  const sourceFile = program.getSourceFile(file);
  const node = sourceFile === undefined ? undefined : nameAt(sourceFile, offset);
  const parent = node?.parent;
  return parent !== undefined && ts.isExportSpecifier(parent) && parent.propertyName === undefined;
}
