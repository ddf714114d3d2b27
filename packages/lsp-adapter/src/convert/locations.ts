import type { SourceSpan, TextEdit } from '@mcp-lsp-bridge/domain';
import type { Definition, DefinitionLink, Location, Range, WorkspaceEdit } from 'vscode-languageserver-protocol/node';

/** Where a server's `(uri, range)` is, as a span of the real path; `undefined` when the file has no text. */
export type SpanResolver = (uri: string, range: Range) => SourceSpan | undefined;

/** Locations as spans; of a link, its target's selection range (the name). */
export function spansOfLocations(
  answer: Definition | DefinitionLink[] | Location[] | null | undefined,
  spanOf: SpanResolver,
): SourceSpan[] {
  if (answer === null || answer === undefined) return [];
  const list = Array.isArray(answer) ? answer : [answer];
  const spans: SourceSpan[] = [];
  for (const item of list) {
    const span = 'targetUri' in item ? spanOf(item.targetUri, item.targetSelectionRange) : spanOf(item.uri, item.range);
    if (span !== undefined) spans.push(span);
  }
  return spans;
}

/** A `WorkspaceEdit` as the domain's edits (`changes` or `documentChanges`; file operations are left out). */
export function textEditsOf(edit: WorkspaceEdit, spanOf: SpanResolver): TextEdit[] {
  const out: TextEdit[] = [];
  const add = (uri: string, edits: readonly { range: Range; newText: string }[]): void => {
    for (const textEdit of edits) {
      const span = spanOf(uri, textEdit.range);
      if (span !== undefined) out.push({ ...span, newText: textEdit.newText });
    }
  };
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) add(uri, edits);
  for (const change of edit.documentChanges ?? []) {
    if ('textDocument' in change)
      add(
        change.textDocument.uri,
        // A snippet edit (LSP 3.18) inserts its snippet's text.
        change.edits.map((e) => ('newText' in e ? e : { range: e.range, newText: e.snippet.value })),
      );
  }
  return out;
}
