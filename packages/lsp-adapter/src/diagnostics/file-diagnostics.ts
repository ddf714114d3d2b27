import { BridgeException, ErrorCode, bridgeError, displayPath, type DiagnosticRecord, type QueryScope } from '@mcp-lsp-bridge/domain';
import type { FileStore } from '@mcp-lsp-bridge/ts-workspace';
import { DocumentDiagnosticRequest, DocumentDiagnosticReportKind, type Diagnostic } from 'vscode-languageserver-protocol/node.js';
import type { CallContext } from '../call-context.js';
import { ServerRequestError } from '../connection/errors.js';
import { categoryFromTsserver, diagnosticRecordOf } from '../convert/diagnostic-records.js';
import { uriOf } from '../convert/uris.js';
import { offersTsserverRequests, tsserverRequest } from '../typescript/tsserver-request.js';
import { withUnusedSeverities } from './unused-severity.js';

/** How one file's complete diagnostics are obtained from a server. */
export interface DiagnosticsStrategy {
  readonly name: string;
  /** Every diagnostic of `path` as the server sees it now (syntax, semantic, suggestions). */
  file(ctx: CallContext, path: string): Promise<DiagnosticRecord[]>;
  /** Whether a file must be open for `file` to answer for it. */
  readonly needsOpenDocument: boolean;
}

/** A file that cannot be read is refused with FILE_UNREADABLE before any server is asked. */
export function refuseUnreadable(files: FileStore, scope: QueryScope, path: string): void {
  const failure = files.failure(path);
  if (failure === undefined) return;
  throw new BridgeException(bridgeError(ErrorCode.FILE_UNREADABLE, `Cannot check ${displayPath(scope.workspaceRoot, path)}: ${failure}`));
}

/** Every diagnostic of one file, by the best way the server offers. */
export async function diagnosticsAt(ctx: CallContext, path: string): Promise<DiagnosticRecord[]> {
  const strategy = diagnosticsStrategyFor(ctx);
  await ctx.live.sync.ensureOpen(path);
  return strategy.file(ctx, path);
}

/** Picks the best way the server offers: pull diagnostics, tsserver's synchronous commands, or push. */
export function diagnosticsStrategyFor(ctx: CallContext): DiagnosticsStrategy {
  const capabilities = ctx.live.server.capabilities;
  if (capabilities.diagnosticProvider !== undefined) return pullDiagnostics;
  if (offersTsserverRequests(ctx)) return tsserverDiagnostics;
  return pushDiagnostics;
}

/** LSP 3.17 pull diagnostics (`textDocument/diagnostic`): works for files that are not open. */
const pullDiagnostics: DiagnosticsStrategy = {
  name: 'pull',
  needsOpenDocument: false,
  async file(ctx, path) {
    const report = await ctx.live.server.request(DocumentDiagnosticRequest.type, { textDocument: { uri: uriOf(path) } }, ctx.signal);
    const items = report.kind === DocumentDiagnosticReportKind.Full ? report.items : [];
    return withUnusedSeverities(
      ctx,
      path,
      items.flatMap((d) => lspRecord(ctx, path, d) ?? []),
    );
  },
};

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
 * three debounced parts, with nothing to say the last part has come. It also forwards any
 * tsserver command (`typescript.tsserverRequest`): tsserver's synchronous diagnostics
 * commands answer completely for any file of a loaded project, open or not.
 */
const tsserverDiagnostics: DiagnosticsStrategy = {
  name: 'tsserver',
  needsOpenDocument: false,
  async file(ctx, path) {
    const lists = await Promise.all(
      TSSERVER_COMMANDS.map((command) => tsserverRequest(ctx, command, { file: path, includeLinePosition: true })),
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
  },
};

/** Is this the error tsserver gives for a file of no loaded project? */
export function isNoProjectError(error: unknown): boolean {
  const message = error instanceof ServerRequestError ? error.rawMessage : error instanceof Error ? error.message : String(error);
  return /No Project|Could not find source file/i.test(message);
}

/** Fallback for servers with neither: open the file and take the first diagnostics published for that version. */
const pushDiagnostics: DiagnosticsStrategy = {
  name: 'push',
  needsOpenDocument: true,
  async file(ctx, path) {
    const uri = uriOf(path);
    let stop: () => void = () => undefined;
    let unwatch: () => void = () => undefined;
    const published = new Promise<Diagnostic[]>((resolve, reject) => {
      stop = ctx.live.server.onDiagnostics((params) => {
        if (params.uri === uri) resolve(params.diagnostics);
      });
      // A server that dies publishes nothing more: the call fails now instead of waiting.
      unwatch = ctx.live.server.failWhenGone(reject);
    });
    published.catch(() => undefined);
    try {
      if (ctx.live.sync.isOpen(path)) await ctx.live.sync.close(path);
      await ctx.live.sync.ensureOpen(path);
      const diagnostics = await published;
      return diagnostics.flatMap((d) => lspRecord(ctx, path, d) ?? []);
    } finally {
      stop();
      unwatch();
    }
  },
};

function lspRecord(ctx: CallContext, path: string, diagnostic: Diagnostic): DiagnosticRecord | undefined {
  const lines = ctx.lines(path);
  return lines === undefined ? undefined : diagnosticRecordOf(path, lines, diagnostic);
}
