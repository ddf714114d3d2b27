import { dedupeSpans, type FileFailure, type FileOffset, type RenameInfo, type RenameLocations } from '@mcp-lsp-bridge/domain';
import { nameAt } from '../typescript/syntax.js';
import { fileSpells, renamePackageFacts } from '@mcp-lsp-bridge/ts-workspace';
import { PrepareRenameRequest } from 'vscode-languageserver-protocol/node.js';
import type { CallContext } from '../call-context.js';
import type { ServerView } from '../server-view.js';
import { ServerRequestError } from '../connection/errors.js';
import { uriOf } from '../convert/uris.js';
import { otherAnchors, reachAt, viewOf } from '../navigation/package-anchors.js';
import { consumerRenames, plainConsumerImports } from './consumer-renames.js';
import { loadRelatedProjects } from '../navigation/related-projects.js';
import { commonJsUses } from '../navigation/commonjs-uses.js';
import { definitionsAt } from '../navigation/definitions.js';

/** `textDocument/prepareRename`: whether the server can rename what is at `at`, and the name there. A server's refusal is the reason. */
export async function renameInfoAt(ctx: ServerView, at: FileOffset): Promise<RenameInfo> {
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

/**
 * The server's `textDocument/rename` edits (with the text it puts around a name: `{ a: b }`,
 * `a as b`), once every project that spells the old name is loaded (a server renames in loaded
 * projects only), asked too at the declaration in its package's build output and in its source;
 * the texts the server had; the workspace's project files it could not be given that spell the
 * name; which edited files are build output; and the consumer packages that could not be searched.
 */
export async function renameLocationsAt(
  ctx: CallContext,
  at: FileOffset,
  newName: string,
  maxOpenDocuments: number,
): Promise<RenameLocations> {
  const text = ctx.lines(at.path)?.text ?? '';
  const oldName = nameAt(ctx.workspace.syntax.get(at.path, text), at.offset)?.text ?? '';
  await ctx.live.sync.ensureOpen(at.path);
  const names = new Set([oldName]);
  await loadRelatedProjects(ctx, names, maxOpenDocuments);
  const found = await ctx.rename(at.path, at.offset, newName);
  // Consumers importing the declaring package by name see it in its build output: asked there too.
  const reach = await reachAt(ctx, at);
  const anchors = otherAnchors(at, reach);
  for (const anchor of anchors) found.push(...(await ctx.rename(anchor.path, anchor.offset, newName)));
  if (reach !== undefined && anchors.length > 0) {
    found.push(...(await consumerRenames(ctx, anchors, reach, oldName, newName, [...found])));
  }
  // The uses of a CommonJS export the server's rename does not reach (see commonJsUses): the name, plainly.
  for (const use of await commonJsUses(ctx, at, await definitionsAt(ctx, at))) found.push({ ...use, newText: newName });
  const edits = dedupeSpans(reach !== undefined && anchors.length > 0 ? plainConsumerImports(ctx, reach, oldName, newName, found) : found);
  const texts = new Map<string, string>();
  for (const edit of edits) {
    const server = ctx.lines(edit.path)?.text;
    if (server !== undefined) texts.set(edit.path, server);
  }
  const failures: FileFailure[] = [];
  for (const file of ctx.projects().files) {
    const reason = ctx.workspace.files.failure(file);
    if (reason !== undefined && (oldName === '' || fileSpells(file, oldName))) failures.push({ path: file, reason });
  }
  return { edits, texts, failures, ...renamePackageFacts(ctx.workspace, viewOf(ctx), edits, reach, names) };
}
