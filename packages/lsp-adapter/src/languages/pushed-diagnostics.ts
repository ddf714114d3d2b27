import { dedupeSpans, type DiagnosticRecord, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { DocumentDiagnosticReportKind, DocumentDiagnosticRequest, type Diagnostic } from 'vscode-languageserver-protocol/node.js';
import { onAbort, withTimeout } from '../connection/abort.js';
import { serverError } from '../connection/errors.js';
import { diagnosticRecordOf } from '../convert/diagnostic-records.js';
import { uriOf } from '../convert/uris.js';
import type { ServerView } from '../server-view.js';

/**
 * Every diagnostic of one file as the server sees it now: pulled (`textDocument/diagnostic`)
 * where the server offers it, else pushed: the document is opened afresh as a new version and
 * the diagnostics published for that version are taken (a server that does not say which
 * version it checked: the first published after the opening). The wait is bounded.
 *
 * `awaitChecked` opens documents and waits until the server has checked each (its first
 * publish): a server that indexes what it is shown has indexed them by then.
 */
export async function fileDiagnostics(view: ServerView, path: string, timeoutMs: number): Promise<DiagnosticRecord[]> {
  return records(view, path, await serverDiagnostics(view, path, timeoutMs));
}

/** `fileDiagnostics` as the server sent them (with the fields LSP leaves to each server, clangd's `category`). */
export async function serverDiagnostics(view: ServerView, path: string, timeoutMs: number): Promise<Diagnostic[]> {
  const { server, sync } = view.live;
  if (server.capabilities.diagnosticProvider !== undefined) {
    await sync.ensureOpen(path);
    const report = await server.request(DocumentDiagnosticRequest.type, { textDocument: { uri: uriOf(path) } }, view.signal);
    return report.kind === DocumentDiagnosticReportKind.Full ? report.items : [];
  }
  const uri = uriOf(path);
  let wanted: number | undefined;
  let sent = false;
  let stop: () => void = () => undefined;
  let unwatch: () => void = () => undefined;
  const bounded = withTimeout(view.signal, timeoutMs, () =>
    serverError(
      `${server.name} published no diagnostics for ${path} within ${timeoutMs} ms`,
      'Retry: the first check of a large project can be slow. If it keeps timing out, raise LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS.',
    ),
  );
  try {
    const published = new Promise<Diagnostic[]>((resolve, reject) => {
      stop = server.onDiagnostics((params) => {
        if (params.uri !== uri || !sent) return;
        // A versionless publish may be the clearing of the closed document (clangd's): taken only from a server that never says versions.
        if (params.version === wanted || (params.version === undefined && !server.publishesVersions)) resolve(params.diagnostics);
      });
      onAbort(bounded.signal, (reason) => reject(reason instanceof Error ? reason : new Error(String(reason))));
      // A server that dies publishes nothing more: the call fails now, not at the timeout.
      unwatch = server.failWhenGone(reject);
    });
    published.catch(() => undefined);
    wanted = await sync.reopen(path);
    sent = true;
    return await published;
  } finally {
    stop();
    unwatch();
    bounded.dispose();
  }
}

/** Opens `files` (those not open yet) and waits for the server's first diagnostics of each, bounded by `timeoutMs`. */
export async function awaitChecked(view: ServerView, files: readonly string[], timeoutMs: number): Promise<void> {
  const { server, sync } = view.live;
  const pending = new Set(files.filter((file) => !sync.isOpen(file)).map(uriOf));
  if (pending.size === 0) return;
  let stop: () => void = () => undefined;
  let unwatch: () => void = () => undefined;
  const bounded = withTimeout(view.signal, timeoutMs, () =>
    serverError(`${server.name} did not check the ${pending.size} file(s) it was shown within ${timeoutMs} ms`, 'Retry the call.'),
  );
  try {
    const checked = new Promise<void>((resolve, reject) => {
      stop = server.onDiagnostics((params) => {
        if (pending.delete(params.uri) && pending.size === 0) resolve();
      });
      onAbort(bounded.signal, (reason) => reject(reason instanceof Error ? reason : new Error(String(reason))));
      unwatch = server.failWhenGone(reject);
    });
    checked.catch(() => undefined);
    for (const file of files) await sync.ensureOpen(file);
    await checked;
  } finally {
    stop();
    unwatch();
    bounded.dispose();
  }
}

export function records(view: ServerView, path: string, diagnostics: readonly Diagnostic[]): DiagnosticRecord[] {
  const lines = view.lines(path);
  // The server's code is kept as it is, and what produced it (`Pyright`, `clang`, `compiler`) with it.
  return lines === undefined
    ? []
    : diagnostics.map((d) => ({ ...diagnosticRecordOf(path, lines, d), ...(d.source === undefined ? {} : { source: d.source }) }));
}

/** The declarations a name refers to, as the server says (for the rename-conflict simulation). */
export async function referents(view: ServerView, site: FileOffset): Promise<SourceSpan[]> {
  return dedupeSpans(await view.definition(site.path, site.offset));
}

/**
 * The diagnostics a server pushes for the version `change` shows it (a `didChange` of new text),
 * only ever that version's: `undefined` when `change` showed nothing new (then the document must
 * be opened afresh, as `serverDiagnostics` does), or when the server's diagnostics are pulled.
 */
export async function diagnosticsOfChange(
  view: ServerView,
  path: string,
  timeoutMs: number,
  change: () => Promise<number | undefined>,
): Promise<Diagnostic[] | undefined> {
  const { server } = view.live;
  if (server.capabilities.diagnosticProvider !== undefined) {
    await change();
    return undefined;
  }
  const uri = uriOf(path);
  const published = new Map<number, Diagnostic[]>();
  let wanted: number | undefined;
  let found: (diagnostics: Diagnostic[]) => void = () => undefined;
  // Listening before the change is sent: a fast server may publish before `change` returns.
  const stop = server.onDiagnostics((params) => {
    if (params.uri !== uri || params.version === undefined) return;
    published.set(params.version, params.diagnostics);
    if (params.version === wanted) found(params.diagnostics);
  });
  const bounded = withTimeout(view.signal, timeoutMs, () =>
    serverError(
      `${server.name} published no diagnostics for the edited text of ${path} within ${timeoutMs} ms`,
      'Retry: the first check of a large project can be slow. If it keeps timing out, raise LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS.',
    ),
  );
  try {
    const version = await change();
    if (version === undefined) return undefined;
    wanted = version;
    const early = published.get(version);
    if (early !== undefined) return early;
    return await new Promise<Diagnostic[]>((resolve, reject) => {
      found = resolve;
      onAbort(bounded.signal, (reason) => reject(reason instanceof Error ? reason : new Error(String(reason))));
    });
  } finally {
    stop();
    bounded.dispose();
  }
}
