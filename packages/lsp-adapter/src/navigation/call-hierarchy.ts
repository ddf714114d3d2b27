import { dedupeSpans, mergeCallEdges, type CallEdge, type CallItem, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
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
import { consumerIncomingCalls, type ServerIncomingCall } from './consumer-callers.js';
import { consumerPlaces, inSource, otherAnchors, reachAt } from './package-anchors.js';
import { loadRelatedProjects } from './related-projects.js';
import { navigationRequest } from './requests.js';

/** `textDocument/prepareCallHierarchy`: the call items at a position (none when it is not callable), in source. */
export async function callItemsAt(ctx: CallContext, at: FileOffset): Promise<CallItem[]> {
  const items = await serverItemsAt(ctx, at);
  return Promise.all(items.map((item) => inSourceItem(ctx, item)));
}

/** The call items the server prepares at a position, wherever they are (build output included). */
async function serverItemsAt(ctx: CallContext, at: FileOffset): Promise<CallItem[]> {
  await ctx.live.sync.ensureOpen(at.path);
  const items = await navigationRequest(ctx, CallHierarchyPrepareRequest.type, 'callHierarchyProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: ctx.position(at.path, at.offset),
  });
  return (items ?? []).flatMap((item) => callItemOf(ctx, item) ?? []);
}

/**
 * A function a consumer package sees in a workspace package's build output (`dist/*.d.ts`) is
 * the item of its source declaration: answers never point into build output, and the next level
 * is asked where the function's body is.
 */
async function inSourceItem(ctx: CallContext, item: CallItem): Promise<CallItem> {
  const [source] = inSource(ctx, [{ path: item.path, start: item.nameStart, length: item.nameLength }]);
  if (source === undefined || source.path === item.path) return item;
  const [found] = await serverItemsAt(ctx, { path: source.path, offset: source.start });
  return found ?? item;
}

/**
 * `callHierarchy/incomingCalls`: each caller, with the call sites in its own file. Callers in
 * other projects spell the name, so their projects are loaded first; a consumer that imports
 * the function's package by name sees it in the package's build output, so the callers are
 * asked there too (as references are), and the same caller found twice is one edge.
 */
export async function incomingCallsOf(ctx: CallContext, item: CallItem, maxOpenDocuments: number): Promise<CallEdge[]> {
  await ctx.live.sync.ensureOpen(item.path);
  await loadRelatedProjects(ctx, new Set([item.name]), maxOpenDocuments);
  const edges = await serverIncomingCalls(ctx, item);
  if (item.kind === 'file') return edges;
  const at = { path: item.path, offset: item.nameStart };
  const reach = await reachAt(ctx, at);
  const anchors = otherAnchors(at, reach);
  for (const anchor of anchors) {
    for (const other of await serverItemsAt(ctx, anchor)) edges.push(...(await serverIncomingCalls(ctx, other)));
  }
  edges.push(...edgesOf(ctx, await consumerIncomingCalls(ctx, consumerPlaces(ctx, at, reach, anchors))));
  return mergeCallEdges(edges);
}

async function serverIncomingCalls(ctx: CallContext, item: CallItem): Promise<CallEdge[]> {
  const lspItem = await lspItemOf(ctx, item);
  const calls = await navigationRequest(ctx, CallHierarchyIncomingCallsRequest.type, 'callHierarchyProvider', { item: lspItem });
  return edgesOf(ctx, calls ?? []);
}

function edgesOf(ctx: CallContext, calls: readonly ServerIncomingCall[]): CallEdge[] {
  return calls.flatMap((call) => {
    const caller = callItemOf(ctx, call.from);
    return caller === undefined ? [] : [{ item: caller, sites: sitesIn(ctx, call.from.uri, call.fromRanges) }];
  });
}

/** `callHierarchy/outgoingCalls`: each callee (in source), with the call sites in `item`'s file. */
export async function outgoingCallsOf(ctx: CallContext, item: CallItem): Promise<CallEdge[]> {
  const lspItem = await lspItemOf(ctx, item);
  const calls = await navigationRequest(ctx, CallHierarchyOutgoingCallsRequest.type, 'callHierarchyProvider', { item: lspItem });
  const edges: CallEdge[] = [];
  for (const call of calls ?? []) {
    const callee = callItemOf(ctx, call.to);
    if (callee !== undefined) edges.push({ item: await inSourceItem(ctx, callee), sites: sitesIn(ctx, lspItem.uri, call.fromRanges) });
  }
  return edges;
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
