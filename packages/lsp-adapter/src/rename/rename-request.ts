import { dedupeSpans, type FileOffset, type RenameInfo, type TextEdit } from '@mcp-lsp-bridge/domain';
import { nameAt } from '@mcp-lsp-bridge/ts-syntax';
import { PrepareRenameRequest } from 'vscode-languageserver-protocol/node.js';
import type { CallContext } from '../call-context.js';
import { ServerRequestError } from '../connection/errors.js';
import { uriOf } from '../convert/uris.js';
import { loadRelatedProjects } from '../navigation/related-projects.js';
import { renameEdits } from './rename-edits.js';

/** `textDocument/prepareRename`: whether the server can rename what is at `at`, and the name there. A server's refusal is the reason. */
export async function renameInfoAt(ctx: CallContext, at: FileOffset): Promise<RenameInfo> {
  await ctx.live.sync.ensureOpen(at.path);
  const name = ctx.lines(at.path)?.text.slice(at.offset);
  try {
    const range = await ctx.live.server.request(
      PrepareRenameRequest.type,
      { textDocument: { uri: uriOf(at.path) }, position: ctx.position(at.path, at.offset) },
      ctx.signal,
    );
    if (range === null) return { canRename: false, reason: 'the language server finds nothing to rename at this position' };
    return { canRename: true, name: name === undefined ? '' : (/^[#\p{ID_Continue}$]+/u.exec(name)?.[0] ?? '') };
  } catch (error) {
    if (error instanceof ServerRequestError) return { canRename: false, reason: error.serverMessage };
    throw error;
  }
}

/** The rename's edits, once every project that spells the old name is loaded (the server renames in loaded projects only). */
export async function renameEditsAt(ctx: CallContext, at: FileOffset, newName: string, maxOpenDocuments: number): Promise<TextEdit[]> {
  const text = ctx.lines(at.path)?.text ?? '';
  const oldName = nameAt(ctx.workspace.syntax.get(at.path, text), at.offset)?.text ?? '';
  await ctx.live.sync.ensureOpen(at.path);
  await loadRelatedProjects(ctx, new Set([oldName]), maxOpenDocuments);
  return dedupeSpans(await renameEdits(ctx, ctx.workspace.syntax, at, oldName, newName));
}
