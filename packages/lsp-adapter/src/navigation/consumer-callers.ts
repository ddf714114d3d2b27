import type { FileOffset } from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import { symbolKindOfScriptElement } from '@mcp-lsp-bridge/ts-syntax';
import type { CallHierarchyItem, Range } from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { symbolKindToLsp } from '../convert/symbol-kinds.js';
import { uriOf } from '../convert/uris.js';
import { offersTsserverRequests, rangeOfTsSpan, tsserverRequest, type TsSpan } from '../typescript/tsserver-request.js';
import { consumerSites } from './package-anchors.js';

interface TsCallItem {
  readonly name: string;
  readonly kind: string;
  readonly file: string;
  readonly span: TsSpan;
  readonly selectionSpan: TsSpan;
}

interface TsIncomingCall {
  readonly from: TsCallItem;
  readonly fromSpans: readonly TsSpan[];
}

/** An incoming call as the LSP request answers it. */
export interface ServerIncomingCall {
  readonly from: CallHierarchyItem;
  readonly fromRanges: readonly Range[];
}

/**
 * The callers in the consumer packages of a function of a workspace package, asked of each
 * consumer's own project at those of `places` its program holds (see `consumerPlaces`). tsserver answers call hierarchy from
 * one project, the default one of the file asked in, and every consumer's program holds that file
 * (the package's `dist/` or its source): so the request names the project (tsserver's
 * `projectFileName`), found for one file of each consumer package that references the function.
 * Needs a server that forwards tsserver commands; none otherwise.
 */
export async function consumerIncomingCalls(ctx: CallContext, places: readonly FileOffset[]): Promise<ServerIncomingCall[]> {
  if (places.length === 0 || !offersTsserverRequests(ctx.live.server)) return [];
  // Each consumer project, with the files of its program.
  const projects = new Map<string, ReadonlySet<string>>();
  for (const site of await consumerSites(ctx, places)) {
    if (places.some((p) => p.path === site.path)) continue;
    await ctx.live.sync.ensureOpen(site.path);
    const info = (await tsserverRequest(ctx.live.server, 'projectInfo', { file: site.path, needFileNameList: true }, ctx.signal)) as
      { configFileName?: string; fileNames?: string[] } | undefined;
    if (info?.configFileName !== undefined && !projects.has(info.configFileName)) {
      projects.set(info.configFileName, new Set((info.fileNames ?? []).map((f) => path.resolve(f))));
    }
  }
  const calls: ServerIncomingCall[] = [];
  for (const [projectFileName, files] of projects) {
    // A project holds the declaration in the build output or in source (project references), not both.
    for (const place of places.filter((p) => files.has(path.resolve(p.path)))) {
      const at = ctx.position(place.path, place.offset);
      const args = { file: place.path, line: at.line + 1, offset: at.character + 1, projectFileName };
      const body = (await tsserverRequest(ctx.live.server, 'provideCallHierarchyIncomingCalls', args, ctx.signal)) as
        TsIncomingCall[] | undefined;
      for (const call of body ?? []) calls.push({ from: lspItemOfTs(call.from), fromRanges: call.fromSpans.map(rangeOfTsSpan) });
    }
  }
  return calls;
}

function lspItemOfTs(item: TsCallItem): CallHierarchyItem {
  return {
    name: item.name,
    kind: symbolKindToLsp(symbolKindOfScriptElement(item.kind)),
    uri: uriOf(item.file),
    range: rangeOfTsSpan(item.span),
    selectionRange: rangeOfTsSpan(item.selectionSpan),
  };
}
