import {
  dedupeSpans,
  isWorkspaceSource,
  spanKey,
  type CallEdge,
  type CallItem,
  type FileOffset,
  type OutlineSymbol,
  type SourceSpan,
  type SymbolMatch,
} from '@mcp-lsp-bridge/domain';
import {
  CallHierarchyIncomingCallsRequest,
  CallHierarchyOutgoingCallsRequest,
  CallHierarchyPrepareRequest,
  DocumentSymbolRequest,
  ImplementationRequest,
  WorkspaceSymbolRequest,
  type CallHierarchyItem,
  type DocumentSymbol,
  type Range,
  type SymbolInformation,
  type WorkspaceSymbol,
} from 'vscode-languageserver-protocol/node.js';
import { spansOfLocations } from '../convert/locations.js';
import { spanOfRange } from '../convert/ranges.js';
import { symbolKindFromLsp } from '../convert/symbol-kinds.js';
import { uriOf } from '../convert/uris.js';
import { lspItemOf } from '../navigation/call-hierarchy.js';
import { navigationRequest } from '../navigation/requests.js';
import type { ServerView } from '../server-view.js';
import type { Lexicon } from './language-profile.js';
import { scanIdentifiers } from './identifier-scan.js';

/*
 * The navigation requests of a language the bridge has no parser for: the server's answers
 * as they are, positions converted, names found in the text where the server gives a range.
 */

export async function outlineOf(view: ServerView, path: string): Promise<OutlineSymbol[]> {
  await view.live.sync.ensureOpen(path);
  const answer = await navigationRequest(view, DocumentSymbolRequest.type, 'documentSymbolProvider', {
    textDocument: { uri: uriOf(path) },
  });
  const lines = view.lines(path);
  if (answer === null || lines === undefined) return [];
  const convert = (symbol: DocumentSymbol): OutlineSymbol => {
    const range = spanOfRange(lines, symbol.range);
    const name = spanOfRange(lines, symbol.selectionRange);
    return {
      name: symbol.name,
      kind: symbolKindFromLsp(symbol.kind),
      start: range.start,
      length: range.length,
      nameStart: name.start,
      nameLength: name.length,
      children: sorted((symbol.children ?? []).map(convert)),
    };
  };
  const flat = (symbol: SymbolInformation): OutlineSymbol => {
    const range = spanOfRange(lines, symbol.location.range);
    return {
      name: symbol.name,
      kind: symbolKindFromLsp(symbol.kind),
      start: range.start,
      length: range.length,
      nameStart: range.start,
      nameLength: range.length,
      children: [],
    };
  };
  return sorted(answer.map((item: DocumentSymbol | SymbolInformation) => ('location' in item ? flat(item) : convert(item))));
}

function sorted(symbols: OutlineSymbol[]): OutlineSymbol[] {
  return symbols.sort((a, b) => a.start - b.start || b.length - a.length);
}

export async function implementationsOf(view: ServerView, at: FileOffset): Promise<SourceSpan[]> {
  await view.live.sync.ensureOpen(at.path);
  const answer = await navigationRequest(view, ImplementationRequest.type, 'implementationProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: view.position(at.path, at.offset),
  });
  return dedupeSpans(spansOfLocations(answer, (uri, range) => view.span(uri, range)));
}

/**
 * `workspace/symbol`, the workspace's own declarations only (not dependencies nor the
 * standard library). `opened` is a file of the language: servers index a workspace once one
 * of its documents is open.
 */
export async function symbolsMatching(
  view: ServerView,
  query: string,
  opened: string | undefined,
  lexicon: Lexicon,
): Promise<SymbolMatch[]> {
  if (opened !== undefined) await view.live.sync.ensureOpen(opened);
  const answer = await navigationRequest(view, WorkspaceSymbolRequest.type, 'workspaceSymbolProvider', { query });
  const root = view.scope.workspaceRoot;
  const seen = new Set<string>();
  const out: SymbolMatch[] = [];
  for (const item of (answer ?? []) as (SymbolInformation | WorkspaceSymbol)[]) {
    if (!('range' in item.location)) continue;
    const span = view.span(item.location.uri, item.location.range);
    if (span === undefined || !isWorkspaceSource(root, span.path)) continue;
    const name = nameIn(view, span, item.name, lexicon);
    const key = `${spanKey(name)}\0${item.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name: item.name, kind: symbolKindFromLsp(item.kind), ...name, containerName: item.containerName || undefined });
  }
  return out;
}

/** The identifier spelled `name` within a declaration's span (servers give either), else the span. */
function nameIn(view: ServerView, span: SourceSpan, name: string, lexicon: Lexicon): SourceSpan {
  const text = view.lines(span.path)?.text;
  if (text === undefined) return span;
  const found = scanIdentifiers(lexicon, span.path, text, span.start, span.start + Math.max(span.length, 1)).find((id) => id.text === name);
  return found === undefined ? span : { path: span.path, start: found.start, length: found.length };
}

export async function callItemsOf(view: ServerView, at: FileOffset): Promise<CallItem[]> {
  await view.live.sync.ensureOpen(at.path);
  const items = await navigationRequest(view, CallHierarchyPrepareRequest.type, 'callHierarchyProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: view.position(at.path, at.offset),
  });
  return (items ?? []).flatMap((item) => callItemOf(view, item) ?? []);
}

export async function incomingOf(view: ServerView, item: CallItem, lexicon: Lexicon): Promise<CallEdge[]> {
  const lspItem = await serverItemOf(view, item);
  const calls = await navigationRequest(view, CallHierarchyIncomingCallsRequest.type, 'callHierarchyProvider', { item: lspItem });
  return (calls ?? []).flatMap((call) => {
    const caller = callItemOf(view, call.from);
    return caller === undefined ? [] : [{ item: caller, sites: sitesIn(view, call.from.uri, call.fromRanges, lexicon) }];
  });
}

export async function outgoingOf(view: ServerView, item: CallItem, lexicon: Lexicon): Promise<CallEdge[]> {
  const lspItem = await serverItemOf(view, item);
  const calls = await navigationRequest(view, CallHierarchyOutgoingCallsRequest.type, 'callHierarchyProvider', { item: lspItem });
  return (calls ?? []).flatMap((call) => {
    const callee = callItemOf(view, call.to);
    return callee === undefined ? [] : [{ item: callee, sites: sitesIn(view, lspItem.uri, call.fromRanges, lexicon) }];
  });
}

/**
 * The server's own item for `item`, prepared again at its name: an item carries the server's
 * `data` (clangd's symbol id, without which clangd answers no callers at all), which the
 * bridge's items do not keep. Rebuilt from the uri and ranges when the server finds none there.
 */
async function serverItemOf(view: ServerView, item: CallItem): Promise<CallHierarchyItem> {
  const rebuilt = await lspItemOf(view, item);
  const prepared = await navigationRequest(view, CallHierarchyPrepareRequest.type, 'callHierarchyProvider', {
    textDocument: { uri: rebuilt.uri },
    position: rebuilt.selectionRange.start,
  });
  const same = (prepared ?? []).find(
    (candidate) =>
      candidate.uri === rebuilt.uri &&
      candidate.selectionRange.start.line === rebuilt.selectionRange.start.line &&
      candidate.selectionRange.start.character === rebuilt.selectionRange.start.character,
  );
  return same ?? rebuilt;
}

function callItemOf(view: ServerView, item: CallHierarchyItem): CallItem | undefined {
  const whole = view.span(item.uri, item.range);
  const name = view.span(item.uri, item.selectionRange);
  if (whole === undefined || name === undefined) return undefined;
  return {
    name: item.name,
    kind: symbolKindFromLsp(item.kind),
    path: whole.path,
    start: whole.start,
    length: whole.length,
    nameStart: name.start,
    nameLength: name.length,
  };
}

/** Call sites as the callee's name: the last identifier of the range a server gives (`obj.method` → `method`). */
function sitesIn(view: ServerView, uri: string, ranges: readonly Range[], lexicon: Lexicon): SourceSpan[] {
  return dedupeSpans(
    ranges.flatMap((range) => {
      const span = view.span(uri, range);
      const text = span === undefined ? undefined : view.lines(span.path)?.text;
      if (span === undefined || text === undefined) return span ?? [];
      const last = scanIdentifiers(lexicon, span.path, text, span.start, span.start + span.length)
        .filter((id) => id.start + id.length <= span.start + span.length)
        .at(-1);
      return last === undefined ? span : { path: span.path, start: last.start, length: last.length };
    }),
  );
}
