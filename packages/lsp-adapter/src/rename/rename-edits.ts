import type { FileOffset, TextEdit } from '@mcp-lsp-bridge/domain';
import { spanKey } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import type { SyntaxCache } from '@mcp-lsp-bridge/ts-workspace';
import { isSameNameExportSpecifier, isSameNameImportSpecifier } from '../typescript/syntax.js';

/**
 * The server's rename edits (with prefixes and suffixes: `{ a: b }`, `a as b`), completed to
 * the tsservice backend's semantics:
 * - asked at an import that keeps the exported name (`import { foo }` or a use of it), the
 *   server renames only the local alias (`import { foo as bar }`); renaming from either side
 *   of a module boundary means renaming the exported symbol, so the rename restarts at its
 *   declaration;
 * - where the server keeps a re-exported name stable (`export { bar as foo } from`), the
 *   rename continues through the re-export to its importers.
 */
export async function renameEdits(
  ctx: CallContext,
  syntax: SyntaxCache,
  at: FileOffset,
  oldName: string,
  newName: string,
): Promise<TextEdit[]> {
  const textOf = (path: string): string | undefined => ctx.lines(path)?.text;
  const tree = (path: string) => {
    const text = textOf(path);
    return text === undefined ? undefined : syntax.get(path, text);
  };
  let start = at;
  let edits = await ctx.rename(at.path, at.offset, newName);
  const aliasOnly = edits.some((e) => {
    const sourceFile = tree(e.path);
    return e.newText === `${oldName} as ${newName}` && sourceFile !== undefined && isSameNameImportSpecifier(sourceFile, e.start);
  });
  if (aliasOnly) {
    const declaration = (await ctx.definition(at.path, at.offset)).find(
      (d) => textOf(d.path)?.slice(d.start, d.start + d.length) === oldName,
    );
    if (declaration !== undefined) {
      start = { path: declaration.path, offset: declaration.start };
      edits = await ctx.rename(start.path, start.offset, newName);
    }
  }

  const result = new Map<string, TextEdit>();
  const plain = new Set<string>();
  const visited = new Set([spanKey({ path: start.path, start: start.offset })]);
  const queue: TextEdit[] = [];
  const take = (list: readonly TextEdit[]): void => {
    for (const edit of list) {
      const key = spanKey(edit);
      const sourceFile = tree(edit.path);
      const reexport =
        (edit.newText === `${newName} as ${oldName}` || edit.newText === `${oldName} as ${newName}`) &&
        sourceFile !== undefined &&
        isSameNameExportSpecifier(sourceFile, edit.start);
      if (reexport) {
        result.set(key, { ...edit, newText: newName });
        plain.add(key);
        if (!visited.has(key)) {
          visited.add(key);
          queue.push(edit);
        }
      } else if (!plain.has(key) && !result.has(key)) {
        result.set(key, edit);
      }
    }
  };
  take(edits);
  for (let site = queue.pop(); site !== undefined; site = queue.pop()) take(await ctx.rename(site.path, site.start, newName));
  return [...result.values()];
}
