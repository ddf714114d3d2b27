import {
  dedupeSpans,
  renameUnavailableReason,
  type FileFailure,
  type FileOffset,
  type RenameInfo,
  type RenameLocations,
  type SourceSpan,
  type TextEdit,
} from '@mcp-lsp-bridge/domain';
import { renamePackageFacts } from '@mcp-lsp-bridge/ts-workspace';
import { fileSpells } from '@mcp-lsp-bridge/workspace';
import { definitionInBuild, outsideBuildNames } from './outside-build.js';
import { PrepareRenameRequest } from 'vscode-languageserver-protocol/node';
import { namedAfterRenames } from './named-after.js';
import { methodFamilyRenames } from './method-family-renames.js';
import { serverReferencesLeftOut } from './references-left-out.js';
import type { CallContext } from '../call-context.js';
import { ServerRequestError } from '../connection/errors.js';
import { uriOf } from '../convert/uris.js';
import { otherAnchors, reachAt, viewOf } from '../navigation/package-anchors.js';
import { loadFilesSpelling, spelledNames } from '../navigation/related-projects.js';
import { showUnlistedImporters } from '../navigation/unlisted-importers.js';
import { consumerRenames, plainConsumerImports } from './consumer-renames.js';
import { commonJsUses } from '../navigation/commonjs-uses.js';
import { definitionsAt } from '../navigation/definitions.js';

/**
 * The names spelled like the symbol in the workspace's files of the server's language that no
 * edit reaches, each asked of the server: one that leads to the symbol's declaration is a use
 * its rename missed (pyright renames within its project's `include` only, though its references
 * reach `tests/` and `examples/`; clangd renames nothing in a preprocessor branch its flags leave
 * out, though its definition finds the symbol there by name); one that leads nowhere may be a
 * use it cannot see. Names that lead to another declaration are another symbol's. A file the
 * server's build leaves out (gopls: a build constraint) cannot be asked about: its names that the
 * symbol's package reaches are given as such (`outsideBuildNames`).
 */
async function beyondTheServersRename(
  ctx: CallContext,
  definitions: readonly SourceSpan[],
  oldName: string,
  found: readonly TextEdit[],
): Promise<{ missed: SourceSpan[]; unresolved: SourceSpan[]; outsideBuild: SourceSpan[] }> {
  const missed: SourceSpan[] = [];
  const unresolved: SourceSpan[] = [];
  const outside: string[] = [];
  if (oldName === '') return { missed, unresolved, outsideBuild: [] };
  // The symbol is what its definition names, and every name the rename edits (its declarations among them).
  const declarations = new Set([...definitions, ...found].map((d) => `${d.path}\0${d.start}`));
  const edited = (file: string, start: number): boolean =>
    found.some((edit) => edit.path === file && edit.start <= start && start < edit.start + Math.max(edit.length, 1));
  for (const file of ctx.sourceFiles()) {
    if (!fileSpells(file, oldName)) continue;
    const text = ctx.workspace.files.text(file);
    if (text === undefined) continue;
    for (const name of ctx.identifiers(file, 0, text.length).filter((id) => id.text === oldName && !edited(file, id.start))) {
      ctx.signal.throwIfAborted();
      const leadsTo = await definitionInBuild(ctx, file, name.start);
      // A file outside the server's build (a build constraint): asked about as a whole below.
      if (leadsTo === undefined) {
        outside.push(file);
        break;
      }
      const span = { path: file, start: name.start, length: name.length };
      if (leadsTo.length === 0) unresolved.push(span);
      else if (leadsTo.some((d) => declarations.has(`${d.path}\0${d.start}`))) missed.push(span);
    }
  }
  return { missed, unresolved, outsideBuild: await outsideBuildNames(ctx, definitions, oldName, outside) };
}

/**
 * Whether the server can rename what is at `at`, and the name there: `textDocument/prepareRename`
 * where the server offers it (a refusal is the reason), else the name the language spells there.
 */
export async function renameInfoAt(ctx: CallContext, at: FileOffset): Promise<RenameInfo> {
  await loadFilesSpelling(ctx, new Set([ctx.nameAt(at)]), at.path);
  await ctx.live.sync.ensureOpen(at.path);
  const { capabilities, name: server } = ctx.live.server;
  const rename = capabilities.renameProvider;
  if (rename === undefined || rename === false) return { canRename: false, reason: renameUnavailableReason(server, 'unsupported') };
  if (typeof rename !== 'object' || rename.prepareProvider !== true) {
    const name = ctx.nameAt(at);
    return name === '' ? { canRename: false, reason: renameUnavailableReason(server, 'no-name') } : { canRename: true, name };
  }
  const text = ctx.lines(at.path)?.text.slice(at.offset);
  try {
    const range = await ctx.live.server.request(
      PrepareRenameRequest.type,
      { textDocument: { uri: uriOf(at.path) }, position: ctx.position(at.path, at.offset) },
      ctx.signal,
    );
    if (range === null) return { canRename: false, reason: renameUnavailableReason(server, 'nothing-there') };
    return { canRename: true, name: text === undefined ? '' : (/^[#\p{ID_Continue}$]+/u.exec(text)?.[0] ?? '') };
  } catch (error) {
    if (error instanceof ServerRequestError) return { canRename: false, reason: error.serverMessage, refusedBy: server };
    throw error;
  }
}

/**
 * The server's `textDocument/rename` edits (with the text it puts around a name: `{ a: b }`,
 * `a as b`), once the files that spell the old name are shown to it (a server renames in what it
 * has loaded); the texts the server had; the workspace's source files it could not be given that
 * spell the name. Over a TypeScript server, asked too at the declaration in its package's build
 * output and in its source, with which edited files are build output and the consumer packages
 * that could not be searched. A server refusing the rename (gopls, for a name already taken)
 * throws its refusal as a fact; the domain words it.
 */
export async function renameLocationsAt(ctx: CallContext, at: FileOffset, newName: string): Promise<RenameLocations> {
  const oldName = ctx.nameAt(at);
  await ctx.live.sync.ensureOpen(at.path);
  const names = new Set([oldName]);
  await loadFilesSpelling(ctx, names, at.path);
  // The workspace files no config lists that import a project's file are renamed as its own (see showUnlistedImporters).
  const declarations = ctx.typescript === undefined ? [] : await definitionsAt(ctx, at);
  const reserved = ctx.typescript === undefined ? 0 : ctx.projects().configs.length + 1;
  const shown = await showUnlistedImporters(ctx, declarations, names, reserved);
  let found = await ctx.rename(at.path, at.offset, newName);
  const more = await showUnlistedImporters(ctx, declarations, spelledNames(ctx, found), reserved);
  if (more.opened) found = await ctx.rename(at.path, at.offset, newName);
  // Another language's server: the symbol is what its definition names (asked once, for each step below).
  const definitions = ctx.typescript === undefined && oldName !== '' ? await ctx.definition(at.path, at.offset) : [];
  if (ctx.typescript === undefined) found.push(...(await methodFamilyRenames(ctx, at, oldName, newName, found)));
  if (ctx.typescript === undefined) found.push(...namedAfterRenames(ctx, [...definitions, ...found], oldName, newName));
  // Consumers importing the declaring package by name see it in its build output: asked there too.
  const reach = ctx.typescript === undefined ? undefined : await reachAt(ctx, at);
  const anchors = otherAnchors(at, reach);
  for (const anchor of anchors) found.push(...(await ctx.rename(anchor.path, anchor.offset, newName)));
  if (reach !== undefined && anchors.length > 0) found.push(...(await consumerRenames(ctx, anchors, reach, oldName, newName, [...found])));
  // The uses of a CommonJS export the server's rename does not reach (see commonJsUses): the name, plainly.
  if (ctx.typescript !== undefined) for (const use of await commonJsUses(ctx, at, declarations)) found.push({ ...use, newText: newName });
  // Another language's server may rename within its configured project only (pyright's `include`):
  // the files it left alone are asked about name by name.
  const beyond =
    ctx.typescript === undefined
      ? await beyondTheServersRename(ctx, definitions, oldName, found)
      : { missed: [], unresolved: [], outsideBuild: [] };
  found.push(...beyond.missed.map((span) => ({ ...span, newText: newName })));
  // Last, so that the declarations it asks at include those the names above reached (pyright: a stub outside its `include`).
  if (ctx.typescript === undefined) found.push(...(await serverReferencesLeftOut(ctx, at, definitions, oldName, newName, found)));
  const edits = dedupeSpans(reach !== undefined && anchors.length > 0 ? plainConsumerImports(ctx, reach, oldName, newName, found) : found);
  const texts = new Map<string, string>();
  for (const edit of edits) {
    const server = ctx.lines(edit.path)?.text;
    if (server !== undefined) texts.set(edit.path, server);
  }
  const failures: FileFailure[] = [...new Map([...shown.failures, ...more.failures].map((f) => [f.path, f])).values()];
  for (const file of ctx.sourceFiles()) {
    const reason = ctx.workspace.files.failure(file);
    if (reason !== undefined && (oldName === '' || fileSpells(file, oldName))) failures.push({ path: file, reason });
  }
  const inFlux = ctx.workspace.files.inFlux(ctx.scope.workspaceRoot);
  const flux = inFlux.length > 0 ? { inFlux } : {};
  if (ctx.typescript === undefined)
    return {
      edits,
      texts,
      failures,
      ...flux,
      ...(beyond.unresolved.length > 0 ? { unresolved: beyond.unresolved } : {}),
      ...(beyond.outsideBuild.length > 0 ? { outsideBuild: beyond.outsideBuild } : {}),
    };
  return { edits, texts, failures, ...flux, ...renamePackageFacts(ctx.workspace, viewOf(ctx), edits, reach, names) };
}
