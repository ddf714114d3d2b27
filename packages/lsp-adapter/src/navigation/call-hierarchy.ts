import { dedupeSpans, type CallEdge, type CallItem, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { namesOverlapping } from '../typescript/syntax.js';
import path from 'node:path';
import {
  CallHierarchyIncomingCallsRequest,
  CallHierarchyOutgoingCallsRequest,
  CallHierarchyPrepareRequest,
  type CallHierarchyItem,
  type Range,
} from 'vscode-languageserver-protocol/node.js';
import type { CallContext } from '../call-context.js';
import type { ServerView } from '../server-view.js';
import { symbolKindFromLsp, symbolKindToLsp } from '../convert/symbol-kinds.js';
import { pathOf, uriOf } from '../convert/uris.js';
import { declarationKind } from '../typescript/declaration-kinds.js';
import { loadRelatedProjects } from './related-projects.js';
import { navigationRequest } from './requests.js';

/** `textDocument/prepareCallHierarchy`: the call items at a position (none when it is not callable). */
export async function callItemsAt(ctx: CallContext, at: FileOffset): Promise<CallItem[]> {
  await ctx.live.sync.ensureOpen(at.path);
  const items = await navigationRequest(ctx, CallHierarchyPrepareRequest.type, 'callHierarchyProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: ctx.position(at.path, at.offset),
  });
  return (items ?? []).flatMap((item) => callItemOf(ctx, item) ?? []);
}

/**
 * `callHierarchy/incomingCalls`: each caller, with the call sites in its own file. Callers in
 * other projects spell the name, so their projects are loaded first.
 */
export async function incomingCallsOf(ctx: CallContext, item: CallItem, maxOpenDocuments: number): Promise<CallEdge[]> {
  await ctx.live.sync.ensureOpen(item.path);
  await loadRelatedProjects(ctx, new Set([item.name]), maxOpenDocuments);
  const lspItem = await lspItemOf(ctx, item);
  const calls = await navigationRequest(ctx, CallHierarchyIncomingCallsRequest.type, 'callHierarchyProvider', { item: lspItem });
  return (calls ?? []).flatMap((call) => {
    const caller = callItemOf(ctx, call.from);
    return caller === undefined ? [] : [{ item: caller, sites: sitesIn(ctx, call.from.uri, call.fromRanges) }];
  });
}

/** `callHierarchy/outgoingCalls`: each callee, with the call sites in `item`'s file. */
export async function outgoingCallsOf(ctx: CallContext, item: CallItem): Promise<CallEdge[]> {
  const lspItem = await lspItemOf(ctx, item);
  const calls = await navigationRequest(ctx, CallHierarchyOutgoingCallsRequest.type, 'callHierarchyProvider', { item: lspItem });
  return (calls ?? []).flatMap((call) => {
    const callee = callItemOf(ctx, call.to);
    return callee === undefined ? [] : [{ item: callee, sites: sitesIn(ctx, lspItem.uri, call.fromRanges) }];
  });
}

function callItemOf(ctx: CallContext, item: CallHierarchyItem): CallItem | undefined {
  const whole = ctx.span(item.uri, item.range);
  const name = ctx.span(item.uri, item.selectionRange);
  if (whole === undefined || name === undefined) return undefined;
  return {
    // Module-level code calls as its file: typescript-language-server names it by the file's
    // base name, tsgo by its path.
    name: item.name.includes('/') && pathOf(item.uri) === path.resolve(item.name) ? path.basename(item.name) : item.name,
    kind: declarationKind(ctx, name.path, name, symbolKindFromLsp(item.kind)),
    path: whole.path,
    start: whole.start,
    length: whole.length,
    nameStart: name.start,
    nameLength: name.length,
  };
}

/**
 * The server's item rebuilt from ours: servers find the function again from the uri and the
 * selection range (typescript-language-server asks tsserver at its start), so the file is
 * opened first, which also makes the server load its project.
 */
export async function lspItemOf(ctx: ServerView, item: CallItem): Promise<CallHierarchyItem> {
  await ctx.live.sync.ensureOpen(item.path);
  return {
    name: item.name,
    kind: symbolKindToLsp(item.kind),
    uri: uriOf(item.path),
    range: ctx.range(item.path, { start: item.start, length: item.length }),
    selectionRange: ctx.range(item.path, { start: item.nameStart, length: item.nameLength }),
  };
}

/**
 * Call sites as the callees' names. TypeScript gives the callee expression: `calc.add` for
 * `calc.add(v)`, once for the call and once more for the property access (which may call a
 * getter); the name is the identifier the expression ends with, and each site counts once.
 */
function sitesIn(ctx: CallContext, uri: string, ranges: readonly Range[]): SourceSpan[] {
  const sites = ranges.flatMap((range) => {
    const span = ctx.span(uri, range);
    const text = span === undefined ? undefined : ctx.lines(span.path)?.text;
    if (span === undefined || text === undefined) return span ?? [];
    const end = span.start + span.length;
    const last = namesOverlapping(ctx.workspace.syntax.get(span.path, text), span.start, end).at(-1);
    const lastStart = last?.getStart();
    return last === undefined || lastStart === undefined || last.end !== end || lastStart < span.start
      ? span
      : { path: span.path, start: lastStart, length: last.end - lastStart };
  });
  return dedupeSpans(sites);
}
