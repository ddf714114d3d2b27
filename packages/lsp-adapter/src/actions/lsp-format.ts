import type { FormatAnswer, FormatQuery } from '@mcp-lsp-bridge/domain';
import { DocumentFormattingRequest, DocumentRangeFormattingRequest, type FormattingOptions } from 'vscode-languageserver-protocol/node';
import { uriOf } from '../convert/uris.js';
import { navigationRequest } from '../navigation/requests.js';
import type { CallContext } from '../call-context.js';

/**
 * The server's own formatting of a file or a range (`textDocument/formatting`,
 * `textDocument/rangeFormatting`), refused naming the server when it offers none. clangd reads
 * the project's `.clang-format` and gopls is gofmt whatever the options; a TypeScript server
 * takes the indentation from them.
 */
export async function lspFormatEdits(view: CallContext, query: FormatQuery): Promise<FormatAnswer> {
  const { path, settings, range } = query;
  await view.live.sync.ensureOpen(path);
  const options: FormattingOptions = {
    tabSize: settings.insertSpaces ? settings.indentSize : settings.tabSize,
    insertSpaces: settings.insertSpaces,
    ...(settings.trimTrailingWhitespace === undefined ? {} : { trimTrailingWhitespace: settings.trimTrailingWhitespace }),
    ...(settings.insertFinalNewline === undefined ? {} : { insertFinalNewline: settings.insertFinalNewline }),
  };
  const textDocument = { uri: uriOf(path) };
  const answer =
    range === undefined
      ? await navigationRequest(view, DocumentFormattingRequest.type, 'documentFormattingProvider', { textDocument, options })
      : await navigationRequest(view, DocumentRangeFormattingRequest.type, 'documentRangeFormattingProvider', {
          textDocument,
          options,
          range: view.range(path, { start: range.start, length: range.end - range.start }),
        });
  const edits = (answer ?? []).flatMap((edit) => {
    const span = view.span(textDocument.uri, edit.range);
    return span === undefined ? [] : [{ ...span, newText: edit.newText }];
  });
  return { text: view.lines(path)?.text ?? '', edits };
}
