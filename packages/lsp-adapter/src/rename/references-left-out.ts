import {
  isWorkspaceSource,
  referencesLeftOut,
  spanKey,
  type FileOffset,
  type SourceSpan,
  type SpelledReference,
  type TextEdit,
} from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { ServerRequestError } from '../connection/errors.js';

/**
 * The server's references to the symbol that its rename left out, renamed (see the domain's
 * `referencesLeftOut`), asked at the rename's position and at each declaration of the symbol the
 * rename edits: a server may list a reference from one declaration only (pyright lists the
 * `__all__` entry of `attrs/__init__.py` from the stub `attr/__init__.pyi` it imports through,
 * not from the implementation in `attr/_funcs.py`). The declarations are what the first edit of
 * each edited file leads to, one definition per file (the uses of a file lead where its import
 * does), kept when an edit renames it.
 */
export async function serverReferencesLeftOut(
  ctx: CallContext,
  at: FileOffset,
  definitions: readonly SourceSpan[],
  oldName: string,
  newName: string,
  found: readonly TextEdit[],
): Promise<TextEdit[]> {
  if (oldName === '') return [];
  const edited = (span: SourceSpan): boolean =>
    found.some((edit) => edit.path === span.path && edit.start <= span.start && span.start < edit.start + Math.max(edit.length, 1));
  const asked = new Set([spanKey({ path: at.path, start: at.offset }), ...definitions.map(spanKey)]);
  const sites: FileOffset[] = [at];
  // Of each file, the first edit of a name spelled as the symbol's (not a comment's word, gopls's doc comment, nor an example named after it).
  const firstEdits = new Map<string, TextEdit>();
  for (const edit of found)
    if (!firstEdits.has(edit.path) && ctx.nameAt({ path: edit.path, offset: edit.start }) === oldName) firstEdits.set(edit.path, edit);
  for (const edit of firstEdits.values()) {
    ctx.signal.throwIfAborted();
    for (const declaration of await leadsTo(ctx, edit)) {
      if (asked.has(spanKey(declaration)) || !edited(declaration)) continue;
      asked.add(spanKey(declaration));
      sites.push({ path: declaration.path, offset: declaration.start });
    }
  }
  const references: SpelledReference[] = [];
  for (const site of sites)
    for (const reference of await referencesAt(ctx, site)) {
      const text = ctx.lines(reference.path)?.text.slice(reference.start, reference.start + reference.length);
      if (text !== undefined && isWorkspaceSource(ctx.scope.workspaceRoot, reference.path)) references.push({ ...reference, text });
    }
  return referencesLeftOut(references, found, oldName, newName);
}

/** The definition and declaration of a name; nothing where the server refuses them (no symbol there, as it sees it). */
function leadsTo(ctx: CallContext, site: SourceSpan): Promise<SourceSpan[]> {
  return unlessRefused(async () => [...(await ctx.definition(site.path, site.start)), ...(await ctx.declaration(site.path, site.start))]);
}

/** The references at a name; nothing where the server refuses them (the rename's check still judges the edits). */
function referencesAt(ctx: CallContext, site: FileOffset): Promise<SourceSpan[]> {
  return unlessRefused(() => ctx.references(site.path, site.offset));
}

async function unlessRefused(ask: () => Promise<SourceSpan[]>): Promise<SourceSpan[]> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof ServerRequestError) return [];
    throw error;
  }
}
