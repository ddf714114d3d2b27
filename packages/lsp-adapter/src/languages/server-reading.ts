import type { ServerReading } from '@mcp-lsp-bridge/domain';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-protocol/node.js';
import type { ServerView } from '../server-view.js';
import type { LanguageProfile, ServerSyntaxProfile } from './language-profile.js';
import { outlineOf } from './profile-navigation.js';
import { diagnosticsOfChange, records, serverDiagnostics } from './pushed-diagnostics.js';
import { declarationsOf, onlyTrivia } from './server-declarations.js';

/**
 * How the server reads `text` as the content of `path`: the text is shown to it in memory (a
 * new version of the open document, never written), its diagnostics for that version and its
 * outline are taken, and it is shown the disk's text again. The caller holds the server alone.
 */
export async function readText(
  view: ServerView,
  profile: LanguageProfile,
  syntax: ServerSyntaxProfile,
  path: string,
  text: string,
  timeoutMs: number,
): Promise<ServerReading> {
  const overlay = new Map([[path, text]]);
  const { sync } = view.live;
  let restore: (() => Promise<void>) | undefined;
  try {
    // A new text is a change of the open document, and only the diagnostics published for that
    // version are its own (never a versionless publish, such as clangd's clearing of a closed
    // document). The document's own text is checked by opening it afresh.
    const changed = await diagnosticsOfChange(view, path, timeoutMs, async () => {
      await sync.ensureOpen(path);
      const opened = sync.openVersion(path);
      restore = await sync.overlay(overlay, view.signal);
      view.invalidate(overlay.keys());
      const version = sync.openVersion(path);
      return version === opened ? undefined : version;
    });
    // The outline before a reopening: clangd may leave a `documentSymbol` unanswered right after one.
    const outline = await outlineOf(view, path);
    const all = changed ?? (await serverDiagnostics(view, path, timeoutMs));
    const errors = all.filter((d) => isSyntaxError(syntax, d));
    return {
      syntaxErrors: records(view, path, errors),
      declarations: declarationsOf(profile.lexicon, syntax, text, outline),
      onlyTrivia: (start, end) => onlyTrivia(profile.lexicon, text, start, end),
    };
  } finally {
    await restore?.();
    view.invalidate(overlay.keys());
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
