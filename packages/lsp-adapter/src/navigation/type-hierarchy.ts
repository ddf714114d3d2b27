import type { FileOffset, TypeItem } from '@mcp-lsp-bridge/domain';
import { subtypesOf, supertypesOf, typeItemsAt, type TypeHierarchyFacts } from '@mcp-lsp-bridge/ts-workspace';
import {
  ErrorCodes,
  RequestType,
  TypeHierarchyPrepareRequest,
  TypeHierarchySubtypesRequest,
  TypeHierarchySupertypesRequest,
  type Range,
  type SymbolKind as LspSymbolKind,
  type TypeHierarchyItem,
} from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { ServerRequestError } from '../connection/errors.js';
import { symbolKindFromLsp } from '../convert/symbol-kinds.js';
import { uriOf } from '../convert/uris.js';
import { definitionsAt } from './definitions.js';
import { referencesAt } from './references.js';
import { loadFilesSpelling } from './related-projects.js';
import { navigationRequest } from './requests.js';

/**
 * The type hierarchy over a language server. TypeScript's servers offer none (neither
 * typescript-language-server nor TypeScript 7's): it is built from their definitions and
 * references and TypeScript's syntax, as the in-process backend builds it (ts-workspace). Any
 * other server answers with its own, LSP 3.17's (`textDocument/prepareTypeHierarchy`), or
 * clangd's older extension, which clangd 14 declares `typeHierarchyProvider` for; a server that
 * declares no `typeHierarchyProvider` (pyright, gopls) refuses the call, naming itself.
 */
export function typeItemsOf(ctx: CallContext, at: FileOffset): Promise<TypeItem[]> {
  if (ctx.typescript !== undefined) return typeItemsAt(typescriptFacts(ctx), at);
  return serverHierarchy(ctx, at, 'items');
}

/** What `item` extends or implements. */
export function supertypesOfItem(ctx: CallContext, item: TypeItem): Promise<TypeItem[]> {
  if (ctx.typescript !== undefined) return supertypesOf(typescriptFacts(ctx), item);
  return serverHierarchy(ctx, { path: item.path, offset: item.nameStart }, 'supertypes');
}

/** What extends or implements `item`, once the files that spell its name are shown to the server (a subtype names its base). */
export async function subtypesOfItem(ctx: CallContext, item: TypeItem): Promise<TypeItem[]> {
  if (ctx.typescript !== undefined) return subtypesOf(typescriptFacts(ctx), item);
  await loadFilesSpelling(ctx, new Set([ctx.nameAt({ path: item.path, offset: item.nameStart }) || item.name]), item.path);
  return serverHierarchy(ctx, { path: item.path, offset: item.nameStart }, 'subtypes');
}

function typescriptFacts(ctx: CallContext): TypeHierarchyFacts {
  return {
    syntaxOf: (path) => ctx.workspace.syntaxOf(path),
    definitions: (at) => definitionsAt(ctx, at),
    references: async (at) => (await referencesAt(ctx, at)).references,
  };
}

type Asked = 'items' | 'supertypes' | 'subtypes';

/** clangd's extension (clangd 14): one request at a position, `direction` 0 children, 1 parents, `resolve` levels. */
interface ClangdTypeHierarchyItem {
  readonly name: string;
  readonly kind: LspSymbolKind;
  readonly uri: string;
  readonly range: Range;
  readonly selectionRange: Range;
  readonly parents?: readonly ClangdTypeHierarchyItem[];
  readonly children?: readonly ClangdTypeHierarchyItem[];
}
interface ClangdTypeHierarchyParams {
  readonly textDocument: { readonly uri: string };
  readonly position: { readonly line: number; readonly character: number };
  readonly resolve: number;
  readonly direction: 0 | 1 | 2;
}
const ClangdTypeHierarchyRequest = new RequestType<ClangdTypeHierarchyParams, ClangdTypeHierarchyItem | null, void>(
  'textDocument/typeHierarchy',
);

async function serverHierarchy(ctx: CallContext, at: FileOffset, asked: Asked): Promise<TypeItem[]> {
  await ctx.live.sync.ensureOpen(at.path);
  const position = { textDocument: { uri: uriOf(at.path) }, position: ctx.position(at.path, at.offset) };
  const declared: unknown = ctx.live.server.capabilities.typeHierarchyProvider;
  // A server that declares none is refused up front, the refusal naming it (pyright, gopls).
  if (declared === undefined || declared === null || declared === false)
    return itemsOf(ctx, (await navigationRequest(ctx, TypeHierarchyPrepareRequest.type, 'typeHierarchyProvider', position)) ?? []);
  let prepared: TypeHierarchyItem[];
  try {
    prepared = (await ctx.live.server.request(TypeHierarchyPrepareRequest.type, position, ctx.signal)) ?? [];
  } catch (error) {
    if (!isMethodNotFound(error)) throw error;
    // clangd 14 declares typeHierarchyProvider for its own protocol, which predates LSP 3.17's.
    const found = await navigationRequest(ctx, ClangdTypeHierarchyRequest, 'typeHierarchyProvider', {
      ...position,
      resolve: asked === 'items' ? 0 : 1,
      direction: asked === 'subtypes' ? 0 : 1,
    });
    if (found === null) return [];
    if (asked === 'items') return itemsOf(ctx, [found]);
    return itemsOf(ctx, (asked === 'subtypes' ? found.children : found.parents) ?? []);
  }
  if (asked === 'items') return itemsOf(ctx, prepared);
  const answers: TypeHierarchyItem[] = [];
  for (const item of prepared) {
    const request = asked === 'supertypes' ? TypeHierarchySupertypesRequest.type : TypeHierarchySubtypesRequest.type;
    answers.push(...((await navigationRequest(ctx, request, 'typeHierarchyProvider', { item })) ?? []));
  }
  return itemsOf(ctx, answers);
}

function isMethodNotFound(error: unknown): boolean {
  return error instanceof ServerRequestError && error.rpcCode === ErrorCodes.MethodNotFound;
}

function itemsOf(ctx: CallContext, items: readonly (TypeHierarchyItem | ClangdTypeHierarchyItem)[]): TypeItem[] {
  return items.flatMap((item) => {
    const name = ctx.span(item.uri, item.selectionRange);
    const whole = ctx.span(item.uri, item.range) ?? name;
    if (name === undefined || whole === undefined) return [];
    return [
      {
        name: item.name,
        kind: symbolKindFromLsp(item.kind),
        path: name.path,
        start: whole.start,
        length: whole.length,
        nameStart: name.start,
        nameLength: name.length,
      },
    ];
  });
}
