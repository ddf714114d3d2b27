import type { Signal } from '@mcp-lsp-bridge/domain';
import { ExecuteCommandRequest, type Range } from 'vscode-languageserver-protocol/node';
import type { LanguageServer } from '../connection/language-server.js';

/** typescript-language-server forwards any tsserver command given to this one. */
export const TSSERVER_REQUEST_COMMAND = 'typescript.tsserverRequest';

/** A place as tsserver gives it: lines and characters (UTF-16) counted from 1. */
export interface TsSpan {
  readonly start: { readonly line: number; readonly offset: number };
  readonly end: { readonly line: number; readonly offset: number };
}

/** A tsserver span as an LSP range (counted from 0). */
export function rangeOfTsSpan({ start, end }: TsSpan): Range {
  return { start: { line: start.line - 1, character: start.offset - 1 }, end: { line: end.line - 1, character: end.offset - 1 } };
}

/** Whether the server forwards tsserver commands (typescript-language-server does). */
export function offersTsserverRequests(server: LanguageServer): boolean {
  return server.capabilities.executeCommandProvider?.commands.includes(TSSERVER_REQUEST_COMMAND) === true;
}

/** A tsserver command through the server; its response body. */
export async function tsserverRequest(
  server: LanguageServer,
  command: string,
  args: Record<string, unknown>,
  signal: Signal,
): Promise<unknown> {
  const response = (await server.request(
    ExecuteCommandRequest.type,
    { command: TSSERVER_REQUEST_COMMAND, arguments: [command, args] },
    signal,
  )) as { success?: boolean; body?: unknown; message?: string } | null | undefined;
  if (response?.success === false) throw new Error(`tsserver ${command} failed: ${response.message ?? 'no message'}`);
  return response?.body;
}

/**
 * After files appeared or went behind a consumer's `node_modules` link (a workspace package's
 * build), tsserver re-resolves the consumers' failed imports on a one-second timer. A request
 * that brings every project up to date (`compileOnSaveAffectedFileList` runs tsserver's
 * `ensureProjectStructuresUptoDate`) cancels the timer and re-resolves at once; tsserver
 * answers requests in order, so the call's own requests come after it. `file` is any of them.
 */
export async function resolveFailedImportsNow(server: LanguageServer, file: string): Promise<void> {
  if (!offersTsserverRequests(server)) return;
  await tsserverRequest(server, 'compileOnSaveAffectedFileList', { file }, new AbortController().signal);
}
