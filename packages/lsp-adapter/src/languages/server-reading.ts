import type { ServerReading } from '@mcp-lsp-bridge/domain';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { published, recordsOf, serverDiagnostics } from '../diagnostics/file-diagnostics.js';
import { outline } from '../navigation/outline.js';
import { GENERIC_LEXICON } from './identifier-scan.js';
import type { ServerSyntaxProfile } from './language-profile.js';
import { declarationsOf, onlyTrivia } from './server-declarations.js';

/**
 * How the server reads `text` as the content of `path`: the text is shown to it in memory (a
 * new version of the open document, never written), its diagnostics for that version and its
 * outline are taken, and it is shown the disk's text again. The caller holds the server alone.
 */
export async function readText(ctx: CallContext, syntax: ServerSyntaxProfile, path: string, text: string): Promise<ServerReading> {
  const overlay = new Map([[path, text]]);
  const { sync } = ctx.live;
  const lexicon = ctx.profile.lexicon ?? GENERIC_LEXICON;
  let restore: (() => Promise<void>) | undefined;
  try {
    // A new text is a change of the open document, and only the diagnostics published for that
    // version are its own (never a versionless publish, such as clangd's clearing of a closed
    // document). The document's own text is checked by opening it afresh.
    await sync.ensureOpen(path);
    const opened = sync.openVersion(path);
    const changed = await published(ctx, path, async () => {
      restore = await sync.overlay(overlay, ctx.signal);
      ctx.invalidate(overlay.keys());
      const version = sync.openVersion(path);
      return version === opened ? undefined : version;
    });
    // The outline before a reopening: clangd may leave a `documentSymbol` unanswered right after one.
    const symbols = await outline(ctx, path);
    const all = changed ?? (await serverDiagnostics(ctx, path));
    const errors = all.filter((d) => isSyntaxError(syntax, d));
    return {
      syntaxErrors: recordsOf(ctx, path, errors),
      declarations: declarationsOf(lexicon, syntax, text, symbols),
      onlyTrivia: (start, end) => onlyTrivia(lexicon, text, start, end),
    };
  } finally {
    await restore?.();
    ctx.invalidate(overlay.keys());
  }
}

/** Whether the server marks `diagnostic` as a syntax error, by the profile's description of it. */
function isSyntaxError(syntax: ServerSyntaxProfile, diagnostic: Diagnostic & { readonly category?: unknown }): boolean {
  const { source, categories, withoutCode } = syntax.errors;
  // A diagnostic without a severity is the client's to rate: as an error, so nothing broken passes.
  if ((diagnostic.severity ?? DiagnosticSeverity.Error) !== DiagnosticSeverity.Error) return false;
  if (source !== undefined && diagnostic.source !== source) return false;
  if (categories !== undefined && !(typeof diagnostic.category === 'string' && categories.includes(diagnostic.category))) return false;
  return withoutCode !== true || diagnostic.code === undefined;
}
