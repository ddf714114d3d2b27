import { isDeclarationFile, isWorkspaceSource, spanKey, type SourceSpan, type SymbolKind, type SymbolMatch } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT, declarationPlace, symbolKindOfScriptElement } from '@mcp-lsp-bridge/ts-syntax';
import { configSpec, isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import {
  DocumentSymbolRequest,
  WorkspaceSymbolRequest,
  WorkspaceSymbolResolveRequest,
  type SymbolInformation,
  type WorkspaceSymbol,
} from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { symbolKindFromLsp } from '../convert/symbol-kinds.js';
import { uriOf } from '../convert/uris.js';
import { offersTsserverRequests, rangeOfTsSpan, tsserverRequest, type TsSpan } from '../typescript/tsserver-request.js';
import { ALIAS_KIND, aliasSymbols } from '../typescript/alias-symbols.js';
import { declarationKind } from '../typescript/declaration-kinds.js';
import { nameWithin } from './declaration-names.js';
import { navigationRequest } from './requests.js';

/** A declaration as a server found it: the whole declaration or its name, to be narrowed to the name. */
interface Found {
  readonly name: string;
  readonly kind: SymbolKind;
  readonly span: SourceSpan;
  readonly containerName: string | undefined;
}

/**
 * Declarations of the workspace's projects matching `query`. Servers search what they have
 * loaded, so every TypeScript project gets one of its files opened first (a server of another
 * language indexes its workspace once one of its documents is open). typescript-language-server
 * answers `workspace/symbol` for the projects of its most recently used document only, so with
 * it tsserver's `navto` is asked directly (every loaded project, with container names); other
 * servers get `workspace/symbol`. Declarations outside the workspace's own sources
 * (dependencies, `.d.ts` files) are left out; the domain ranks what is left. Each TypeScript
 * match's place in its file is read from the syntax tree its name was found in.
 */
export async function searchSymbols(ctx: CallContext, query: string, maxResults: number): Promise<SymbolMatch[]> {
  if (ctx.typescript !== undefined) await openEveryProject(ctx);
  else {
    const first = ctx.sourceFiles()[0];
    if (first !== undefined) {
      await ctx.live.sync.ensureOpen(first);
      // pyright answers workspace/symbol with nothing until its workspace is initialized, and does
      // not wait for it there as it does for a document's requests: one such request waits for it.
      if (ctx.live.server.capabilities.documentSymbolProvider !== undefined)
        await ctx.live.server.request(DocumentSymbolRequest.type, { textDocument: { uri: uriOf(first) } }, ctx.signal);
    }
  }
  const found = offersTsserverRequests(ctx.live.server) ? await navto(ctx, query, maxResults) : await workspaceSymbols(ctx, query);
  if (ctx.typescript?.native === true) {
    for (const alias of aliasSymbols(ctx, query)) found.push({ ...alias, kind: ALIAS_KIND, containerName: undefined });
  }
  const root = ctx.scope.workspaceRoot;
  const seen = new Set<string>();
  const matches: SymbolMatch[] = [];
  for (const item of found) {
    if (!isWorkspaceSource(root, item.span.path) || isDeclarationFile(item.span.path)) continue;
    // Declarations of another backend's projects are that backend's answer.
    if (!ctx.ownsFile(item.span.path)) continue;
    const name = nameWithin(ctx, item.span, item.name, true);
    const key = `${spanKey({ path: item.span.path, start: name.start })}\0${item.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const text = ctx.lines(item.span.path)?.text;
    matches.push({
      name: item.name,
      kind: declarationKind(ctx, item.span.path, name, item.kind),
      path: item.span.path,
      start: name.start,
      length: name.length,
      containerName: item.containerName,
      place:
        text === undefined || ctx.typescript === undefined
          ? undefined
          : declarationPlace(BUNDLED_TYPESCRIPT, ctx.workspace.syntax.get(item.span.path, text), name.start),
    });
  }
  // Ranking is the domain's (one rule for every backend): the server's order, at most maxResults.
  return matches.slice(0, maxResults);
}

/**
 * Opens one readable source file of every project none of whose files is open, so the server
 * loads it; without configs, the workspace's files themselves (an inferred project holds only
 * the open files and what they import). At most `maxOpenDocuments - 1` files are opened.
 */
async function openEveryProject(ctx: CallContext): Promise<void> {
  const root = ctx.scope.workspaceRoot;
  const { configs, broken, files } = ctx.projects();
  const firstBroken = broken[0];
  if (configs.length === 0 && firstBroken !== undefined) throw firstBroken.error;
  const readable = (file: string): boolean => ctx.workspace.files.text(file) !== undefined;
  const toOpen: string[] = [];
  if (configs.length === 0) {
    toOpen.push(...files.filter((file) => !ctx.live.sync.isOpen(file) && readable(file) && ctx.ownsFile(file)));
  } else {
    for (const config of configs) {
      if (!ctx.owns(configSpec(config.path))) continue;
      const own = config.parsed.fileNames.filter((file) => isWorkspaceFile(root, file));
      if (own.some((file) => ctx.live.sync.isOpen(file))) continue;
      const first = own.find(readable);
      if (first !== undefined) toOpen.push(first);
    }
  }
  for (const file of toOpen.slice(0, Math.max(0, ctx.live.sync.maxOpen - 1))) {
    ctx.signal.throwIfAborted();
    await ctx.live.sync.ensureOpen(file);
  }
}

interface NavtoItem extends TsSpan {
  readonly name: string;
  readonly kind: string;
  readonly file: string;
  readonly containerName?: string;
}

/**
 * tsserver's `navto` without a file: every loaded project. Its spans are whole declarations;
 * it sorts by match quality before cutting at `maxResultCount`, generous here because the
 * dependencies' matches are dropped afterwards.
 */
async function navto(ctx: CallContext, query: string, maxResults: number): Promise<Found[]> {
  const args = { searchValue: query, maxResultCount: Math.max(1000, maxResults * 10) };
  const body = (await tsserverRequest(ctx.live.server, 'navto', args, ctx.signal)) as NavtoItem[] | undefined;
  return (body ?? []).flatMap((item) => {
    const span = ctx.span(uriOf(item.file), rangeOfTsSpan(item));
    if (span === undefined) return [];
    return [
      {
        name: item.name,
        kind: symbolKindOfScriptElement(item.kind),
        span,
        containerName: item.containerName === '' ? undefined : item.containerName,
      },
    ];
  });
}

/** LSP `workspace/symbol`; a `WorkspaceSymbol` without a range is resolved when the server can. */
async function workspaceSymbols(ctx: CallContext, query: string): Promise<Found[]> {
  const answer: SymbolInformation[] | WorkspaceSymbol[] | null = await navigationRequest(
    ctx,
    WorkspaceSymbolRequest.type,
    'workspaceSymbolProvider',
    { query },
  );
  const provider = ctx.live.server.capabilities.workspaceSymbolProvider;
  const canResolve = typeof provider === 'object' && provider.resolveProvider === true;
  const found: Found[] = [];
  for (const symbol of answer ?? []) {
    let location = symbol.location;
    if (!('range' in location) && canResolve)
      location = (await ctx.live.server.request(WorkspaceSymbolResolveRequest.type, symbol, ctx.signal)).location;
    if (!('range' in location)) continue;
    const span = ctx.span(location.uri, location.range);
    if (span !== undefined)
      found.push({
        ...ownName(ctx, span, symbol.name, symbol.containerName === '' ? undefined : symbol.containerName),
        kind: symbolKindFromLsp(symbol.kind),
        span,
      });
  }
  return found;
}

/**
 * The declaration's own name, and what qualifies it as its container: gopls names a symbol with
 * the qualifier its fuzzy match went through (`UUID.String`, `github.com/google/uuid.tests`),
 * which would rank the package path's letters against the query (the domain matches a qualified
 * query against container and name). Split only where the last part is the name the declaration spells.
 */
function ownName(
  ctx: CallContext,
  span: SourceSpan,
  name: string,
  containerName: string | undefined,
): { name: string; containerName: string | undefined } {
  const qualified = /^(.+?)(?:\.|::)([^.:]+)$/.exec(name);
  const [, qualifier, last] = qualified ?? [];
  if (qualifier === undefined || last === undefined) return { name, containerName };
  const end = span.start + Math.max(span.length, last.length);
  if (!ctx.identifiers(span.path, span.start, end).some((id) => id.text === last)) return { name, containerName };
  // gopls's container is the package's path: a package's name or path qualifies a package-level
  // declaration, which keeps it; a type's name qualifies its method or field, and is its container.
  const isPackage = containerName !== undefined && (containerName === qualifier || containerName.endsWith(`/${qualifier}`));
  return { name: last, containerName: isPackage ? containerName : qualifier };
}
