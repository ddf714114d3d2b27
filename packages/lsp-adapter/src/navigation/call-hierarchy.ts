import { dedupeSpans, mergeCallEdges, type CallEdge, type CallItem, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import {
  CallHierarchyIncomingCallsRequest,
  CallHierarchyOutgoingCallsRequest,
  CallHierarchyPrepareRequest,
  type CallHierarchyItem,
  type Range,
} from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { symbolKindFromLsp, symbolKindToLsp } from '../convert/symbol-kinds.js';
import { pathOf, uriOf } from '../convert/uris.js';
import { declarationKind } from '../typescript/declaration-kinds.js';
import { consumerIncomingCalls, type ServerIncomingCall } from './consumer-callers.js';
import { consumerPlaces, inSource, otherAnchors, reachAt } from './package-anchors.js';
import { loadFilesSpelling } from './related-projects.js';
import { navigationRequest } from './requests.js';

/** `textDocument/prepareCallHierarchy`: the call items at a position (none when it is not callable), in source. */
export async function callItemsAt(ctx: CallContext, at: FileOffset): Promise<CallItem[]> {
  const items = (await serverItemsAt(ctx, at)).flatMap((item) => callItemOf(ctx, item) ?? []);
  return Promise.all(items.map((item) => inSourceItem(ctx, item)));
}

/** The server's own items at a position, wherever they are (build output included). */
async function serverItemsAt(ctx: CallContext, at: FileOffset): Promise<CallHierarchyItem[]> {
  await ctx.live.sync.ensureOpen(at.path);
  const items = await navigationRequest(ctx, CallHierarchyPrepareRequest.type, 'callHierarchyProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: ctx.position(at.path, at.offset),
  });
  return items ?? [];
}

/**
 * The server's own item for `item`, prepared again at its name: an item carries the server's
 * `data` (clangd's symbol id, without which clangd answers no callers at all), which the
 * port's items do not keep; rebuilt from the file and ranges when the server finds none there.
 */
async function serverItemOf(ctx: CallContext, item: CallItem): Promise<CallHierarchyItem> {
  const name = { path: item.path, offset: item.nameStart };
  const selection = ctx.range(item.path, { start: item.nameStart, length: item.nameLength }).start;
  // A server without call hierarchy refuses the request the call is about, not this one.
  const prepares = ctx.live.server.capabilities.callHierarchyProvider !== undefined;
  const prepared = (prepares ? await serverItemsAt(ctx, name) : []).find(
    (candidate) =>
      ctx.realPath(pathOf(candidate.uri)) === item.path &&
      candidate.selectionRange.start.line === selection.line &&
      candidate.selectionRange.start.character === selection.character,
  );
  return (
    prepared ?? {
      name: item.name,
      kind: symbolKindToLsp(item.kind),
      uri: uriOf(item.path),
      range: ctx.range(item.path, { start: item.start, length: item.length }),
      selectionRange: ctx.range(item.path, { start: item.nameStart, length: item.nameLength }),
    }
  );
}

/**
 * A function a consumer package sees in a workspace package's build output (`dist/*.d.ts`) is
 * the item of its source declaration: answers never point into build output, and the next level
 * is asked where the function's body is.
 */
async function inSourceItem(ctx: CallContext, item: CallItem): Promise<CallItem> {
  if (ctx.typescript === undefined) return item;
  const [source] = inSource(ctx, [{ path: item.path, start: item.nameStart, length: item.nameLength }]);
  if (source === undefined || source.path === item.path) return item;
  const [found] = await serverItemsAt(ctx, { path: source.path, offset: source.start });
  return (found === undefined ? undefined : callItemOf(ctx, found)) ?? item;
}

/**
 * `callHierarchy/incomingCalls`: each caller, with the call sites in its own file, once the
 * files that spell the name are shown to the server (callers in other projects or files).
 * Over a TypeScript server, a consumer that imports the function's package by name sees it in
 * the package's build output, so the callers are asked there too (as references are); the same
 * caller found twice is one edge.
 */
export async function incomingCallsOf(ctx: CallContext, item: CallItem): Promise<CallEdge[]> {
  await ctx.live.sync.ensureOpen(item.path);
  await loadFilesSpelling(ctx, new Set([ctx.nameAt({ path: item.path, offset: item.nameStart }) || item.name]), item.path);
  const edges = await serverIncomingCalls(ctx, item);
  if (ctx.typescript === undefined || item.kind === 'file') return mergeCallEdges(edges);
  const at = { path: item.path, offset: item.nameStart };
  const reach = await reachAt(ctx, at);
  const anchors = otherAnchors(at, reach);
  for (const anchor of anchors) {
    for (const other of await serverItemsAt(ctx, anchor)) {
      const calls = await navigationRequest(ctx, CallHierarchyIncomingCallsRequest.type, 'callHierarchyProvider', { item: other });
      edges.push(...incomingEdges(ctx, calls ?? []));
    }
  }
  edges.push(...incomingEdges(ctx, await consumerIncomingCalls(ctx, consumerPlaces(ctx, at, reach, anchors))));
  return mergeCallEdges(edges);
}

async function serverIncomingCalls(ctx: CallContext, item: CallItem): Promise<CallEdge[]> {
  const calls = await navigationRequest(ctx, CallHierarchyIncomingCallsRequest.type, 'callHierarchyProvider', {
    item: await serverItemOf(ctx, item),
  });
  return incomingEdges(ctx, calls ?? []);
}

function incomingEdges(ctx: CallContext, calls: readonly ServerIncomingCall[]): CallEdge[] {
  return calls.flatMap((call) => {
    const caller = callItemOf(ctx, call.from);
    return caller === undefined ? [] : [{ item: caller, sites: sitesIn(ctx, call.from.uri, call.fromRanges) }];
  });
}

/** `callHierarchy/outgoingCalls`: each callee (in source), with the call sites in `item`'s file. */
export async function outgoingCallsOf(ctx: CallContext, item: CallItem): Promise<CallEdge[]> {
  const serverItem = await serverItemOf(ctx, item);
  const calls = await navigationRequest(ctx, CallHierarchyOutgoingCallsRequest.type, 'callHierarchyProvider', { item: serverItem });
  const edges: CallEdge[] = [];
  for (const call of calls ?? []) {
    const callee = callItemOf(ctx, call.to);
    if (callee !== undefined) edges.push({ item: await inSourceItem(ctx, callee), sites: sitesIn(ctx, serverItem.uri, call.fromRanges) });
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
 * Call sites as the callees' names: a server gives the callee expression (TypeScript: `calc.add`
 * for `calc.add(v)`, once for the call and once more for the property access, which may call a
 * getter); the name is the identifier the expression ends with, and each site counts once.
 */
function sitesIn(ctx: CallContext, uri: string, ranges: readonly Range[]): SourceSpan[] {
  const sites = ranges.flatMap((range) => {
    const span = ctx.span(uri, range);
    if (span === undefined) return [];
    const end = span.start + span.length;
    const last = ctx.identifiers(span.path, span.start, end).at(-1);
    return last === undefined || last.start + last.length !== end || last.start < span.start
      ? span
      : { path: span.path, start: last.start, length: last.length };
  });
  return dedupeSpans(sites);
}
