import { BridgeException, diagnosticsTimedOut, unusableFile, type DiagnosticRecord, type QueryScope } from '@mcp-lsp-bridge/domain';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import { DocumentDiagnosticReportKind, DocumentDiagnosticRequest, type Diagnostic } from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { onAbort, withProgressTimeout } from '../connection/abort.js';
import { ServerRequestError } from '../connection/errors.js';
import { categoryFromTsserver, diagnosticRecordOf } from '../convert/diagnostic-records.js';
import { pathOf, uriOf } from '../convert/uris.js';
import { offersTsserverRequests, tsserverRequest } from '../typescript/tsserver-request.js';
import { withUnusedSeverities } from './unused-severity.js';

/*
 * Every diagnostic of one file as the server sees it now, by the best way the server offers:
 * pulled (`textDocument/diagnostic`); asked of tsserver (typescript-language-server forwards its
 * synchronous commands, which answer completely for any file of a loaded project); else pushed,
 * the one way every server has: the document is shown as a new version and the diagnostics
 * published for exactly that version are taken (from a server that never says which version it
 * checked: the first published after it was shown), the wait bounded by the request timeout and
 * ended by the server's death.
 */

/** A file that cannot be read is refused with FILE_UNREADABLE before any server is asked. */
export function refuseUnreadable(files: FileStore, scope: QueryScope, path: string): void {
  const failure = files.failure(path);
  if (failure === undefined) return;
  throw new BridgeException(unusableFile(scope.workspaceRoot, path, failure, 'check'));
}

/** How `fileDiagnostics` asks the server. */
export type DiagnosticsWay = 'pull' | 'tsserver' | 'push';

export function diagnosticsWayOf(ctx: CallContext): DiagnosticsWay {
  const { server } = ctx.live;
  if (server.capabilities.diagnosticProvider !== undefined) return 'pull';
  return offersTsserverRequests(server) ? 'tsserver' : 'push';
}

/**
 * Every diagnostic of `path` as the port reports it. tsserver answers only for a file of a loaded
 * project, so the file is opened first, unless `loaded` (the project-wide loop opens one file a project).
 */
export async function fileDiagnostics(ctx: CallContext, path: string, loaded = false): Promise<DiagnosticRecord[]> {
  if (diagnosticsWayOf(ctx) === 'tsserver') {
    if (!loaded) await ctx.live.sync.ensureOpen(path);
    return tsserverDiagnostics(ctx, path);
  }
  const records = recordsOf(ctx, path, await serverDiagnostics(ctx, path));
  return ctx.typescript === undefined ? records : withUnusedSeverities(ctx, path, records);
}

/** The file's diagnostics as the server sent them (with the fields LSP leaves to each server, clangd's `category`), pulled or pushed. */
export async function serverDiagnostics(ctx: CallContext, path: string): Promise<Diagnostic[]> {
  const { server, sync } = ctx.live;
  if (server.capabilities.diagnosticProvider !== undefined) {
    await sync.ensureOpen(path);
    const report = await server.request(DocumentDiagnosticRequest.type, { textDocument: { uri: uriOf(path) } }, ctx.signal);
    return report.kind === DocumentDiagnosticReportKind.Full ? report.items : [];
  }
  // A version the server has not seen (see `recheck`): clangd is asked for it; a server that
  // checks nothing it has checked before is reopened; gopls publishes a changed document's
  // diagnostics with their version.
  if (ctx.profile.recheck === 'ask') return (await published(ctx, path, () => sync.ask(path))) ?? [];
  if (ctx.profile.recheck !== 'change') return (await published(ctx, path, () => sync.reopen(path))) ?? [];
  const touch = (): Promise<number> => sync.touch(path);
  return (await published(ctx, path, touch, touch)) ?? [];
}

/** A server that publishes versions is shown a document again at most this often when it publishes one without (see `published`). */
const MAX_AGAIN = 3;

/**
 * The diagnostics a server pushes for the version of `path` that `show` shows it (and returns),
 * or for a version `show` showed before it (the same text: `touch` opens, then changes); never an
 * older version's. Listening starts before `show` runs, as a fast server may publish before it
 * returns. `undefined` when `show` showed nothing new (`undefined` version), or when the
 * server's diagnostics are pulled (`show` has run).
 *
 * `again` shows the document anew when a server that publishes versions publishes it without
 * one meanwhile: gopls's check of a snapshot from before the document was opened publishes the
 * disk file's diagnostics so, and when they equal what the open document's check finds, gopls
 * publishes nothing more for the open version; a new version makes it publish.
 */
export async function published(
  ctx: CallContext,
  path: string,
  show: () => Promise<number | undefined>,
  again?: () => Promise<number | undefined>,
): Promise<Diagnostic[] | undefined> {
  const { server, sync } = ctx.live;
  if (server.capabilities.diagnosticProvider !== undefined) {
    await show();
    return undefined;
  }
  const byVersion = new Map<number, Diagnostic[]>();
  // Versions only ever grow, across closing and opening: those above this one are shown by this call.
  const before = sync.versionShown(path);
  let wanted: number | undefined;
  let shownAgain = 0;
  // Published without a version while `show` ran (a closure's flag, which flow analysis does not follow).
  const during = { versionless: false };
  let found: ((diagnostics: Diagnostic[]) => void) | undefined;
  let failed: ((error: unknown) => void) | undefined;
  const current = (version: number): boolean => wanted !== undefined && version > before && version <= wanted;
  const showAgain = (): void => {
    if (again === undefined || shownAgain >= MAX_AGAIN) return;
    shownAgain++;
    again().then(
      (version) => {
        if (version !== undefined) wanted = version;
      },
      (error: unknown) => failed?.(error),
    );
  };
  const stop = server.onDiagnostics((params) => {
    // Compared as paths: gopls publishes `a+b` where the client wrote `a%2Bb`, and both are legal spellings of one file.
    if (pathOf(params.uri) !== path) return;
    if (params.version !== undefined) {
      byVersion.set(params.version, params.diagnostics);
      if (current(params.version)) found?.(params.diagnostics);
    } else if (wanted === undefined) during.versionless = true;
    // A versionless publish may be the clearing of a closed document (clangd's): taken only from a server that never says versions.
    else if (!server.publishesVersions) found?.(params.diagnostics);
    else showAgain();
  });
  const timeoutMs = server.requestTimeoutMs;
  // Not timed out while the server reports work in progress (a first load of the workspace).
  const bounded = withProgressTimeout(
    ctx.signal,
    timeoutMs,
    server.progress,
    () => new BridgeException(diagnosticsTimedOut(server.name, ctx.scope.workspaceRoot, path, timeoutMs)),
  );
  let unwatch: () => void = () => undefined;
  try {
    const version = await show();
    if (version === undefined) return undefined;
    wanted = version;
    const early = [...byVersion].find(([v]) => current(v));
    if (early !== undefined) return early[1];
    if (during.versionless && server.publishesVersions) showAgain();
    return await new Promise<Diagnostic[]>((resolve, reject) => {
      found = resolve;
      failed = reject;
      onAbort(bounded.signal, (reason) => reject(reason instanceof Error ? reason : new Error(String(reason))));
      // A server that dies publishes nothing more: the call fails now, not at the timeout.
      unwatch = server.failWhenGone(reject);
    });
  } finally {
    stop();
    unwatch();
    bounded.dispose();
  }
}

/**
 * Opens `files` (those not open yet) and waits until the server has checked each (its first
 * diagnostics of the opened version): a server that indexes what it is shown has indexed them by then.
 */
export async function awaitChecked(ctx: CallContext, files: readonly string[]): Promise<void> {
  const { sync } = ctx.live;
  const opening = files.filter((file) => !sync.isOpen(file));
  await Promise.all(
    opening.map((file) =>
      published(ctx, file, async () => {
        await sync.ensureOpen(file);
        return sync.openVersion(file);
      }),
    ),
  );
}

/** The server's diagnostics as the port's records; a language server's source (`Pyright`, `clang`, `compiler`) is kept with its code. */
export function recordsOf(ctx: CallContext, path: string, diagnostics: readonly Diagnostic[]): DiagnosticRecord[] {
  const lines = ctx.lines(path);
  if (lines === undefined) return [];
  const withSource = ctx.typescript === undefined;
  return diagnostics.map((d) => ({
    ...diagnosticRecordOf(path, lines, d, !withSource),
    ...(withSource && d.source !== undefined ? { source: d.source } : {}),
  }));
}

interface TsserverDiagnostic {
  readonly start?: number;
  readonly length?: number;
  readonly message?: string;
  readonly category?: string;
  readonly code?: number;
}

const TSSERVER_COMMANDS = ['syntacticDiagnosticsSync', 'semanticDiagnosticsSync', 'suggestionDiagnosticsSync'] as const;

/**
 * typescript-language-server publishes diagnostics only for open documents, after a delay, in
 * three debounced parts, with nothing to say the last part has come; tsserver's synchronous
 * diagnostics commands answer completely for any file of a loaded project, open or not.
 */
async function tsserverDiagnostics(ctx: CallContext, path: string): Promise<DiagnosticRecord[]> {
  const lists = await Promise.all(
    TSSERVER_COMMANDS.map((command) => tsserverRequest(ctx.live.server, command, { file: path, includeLinePosition: true }, ctx.signal)),
  );
  const records: DiagnosticRecord[] = [];
  for (const list of lists) {
    for (const d of (list as TsserverDiagnostic[] | undefined) ?? []) {
      if (d.start === undefined) continue;
      records.push({
        path,
        start: d.start,
        length: d.length ?? 0,
        category: categoryFromTsserver(d.category),
        code: d.code ?? 0,
        message: d.message ?? '',
      });
    }
  }
  return records;
}

/** Is this the error tsserver gives for a file of no loaded project? */
export function isNoProjectError(error: unknown): boolean {
  const message = error instanceof ServerRequestError ? error.rawMessage : error instanceof Error ? error.message : String(error);
  return /No Project|Could not find source file/i.test(message);
}
