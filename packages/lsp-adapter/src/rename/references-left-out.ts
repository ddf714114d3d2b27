import { isWorkspaceSource, type FileOffset, type SourceSpan, type TextEdit } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';

/**
 * The server's references to the symbol that its rename leaves out, each spelled exactly as the
 * name, renamed too: pyright lists a module's `__all__` entry among the references of what it
 * exports, but its rename skips the entry when the package has a stub (`attr/__init__.pyi`), and
 * `from package import *` fails afterwards on the name left there.
 */
export async function referencesLeftOut(
  ctx: CallContext,
  at: FileOffset,
  oldName: string,
  newName: string,
  found: readonly TextEdit[],
): Promise<TextEdit[]> {
  if (oldName === '') return [];
  const covered = (span: SourceSpan): boolean =>
    found.some((edit) => edit.path === span.path && edit.start <= span.start && span.start < edit.start + Math.max(edit.length, 1));
  return (await ctx.references(at.path, at.offset))
    .filter((r) => isWorkspaceSource(ctx.scope.workspaceRoot, r.path) && !covered(r))
    .filter((r) => ctx.lines(r.path)?.text.slice(r.start, r.start + r.length) === oldName)
    .map((r) => ({ path: r.path, start: r.start, length: r.length, newText: newName }));
}
