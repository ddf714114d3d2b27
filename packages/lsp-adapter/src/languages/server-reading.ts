import type { ServerReading } from '@mcp-lsp-bridge/domain';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-protocol/node.js';
import type { ServerView } from '../server-view.js';
import type { LanguageProfile, ServerSyntaxProfile } from './language-profile.js';
import { outlineOf } from './profile-navigation.js';
import { records, serverDiagnostics } from './pushed-diagnostics.js';
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
  const restore = await view.live.sync.overlay(overlay, view.signal);
  view.invalidate(overlay.keys());
  try {
    // The outline first: clangd may leave a `documentSymbol` unanswered right after the document is reopened.
    const outline = await outlineOf(view, path);
    const errors = (await serverDiagnostics(view, path, timeoutMs)).filter((d) => isSyntaxError(syntax, d));
    return {
      syntaxErrors: records(view, path, errors),
      declarations: declarationsOf(profile.lexicon, syntax, text, outline),
      onlyTrivia: (start, end) => onlyTrivia(profile.lexicon, text, start, end),
    };
  } finally {
    await restore();
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
