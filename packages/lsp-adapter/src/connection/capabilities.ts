import type { ClientCapabilities, CompletionItemKind, SymbolKind } from 'vscode-languageserver-protocol/node';
import type { LanguageProfile } from '../languages/language-profile.js';

/** LSP's SymbolKind 1..26: a client that does not list them gets only the LSP 3.0 kinds. */
const ALL_SYMBOL_KINDS = Array.from({ length: 26 }, (_, i) => (i + 1) as SymbolKind);
/** LSP's CompletionItemKind 1..25: without them a server keeps to the first 18 (clangd sends every item as text). */
const ALL_COMPLETION_KINDS = Array.from({ length: 25 }, (_, i) => (i + 1) as CompletionItemKind);

/**
 * What this client tells a server at `initialize`: UTF-16 positions, the requests the port
 * needs (with links and hierarchical symbols), watched-file notifications (we report disk
 * changes), and no workspace edits applied on the server's behalf (we write files ourselves).
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  workspace: {
    workspaceFolders: true,
    configuration: true,
    didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
    applyEdit: false,
    symbol: { dynamicRegistration: false, symbolKind: { valueSet: ALL_SYMBOL_KINDS } },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: false, willSave: false, willSaveWaitUntil: false },
    definition: { linkSupport: true },
    references: {},
    rename: { prepareSupport: true },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true, symbolKind: { valueSet: ALL_SYMBOL_KINDS } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    implementation: { linkSupport: true },
    callHierarchy: { dynamicRegistration: false },
    typeHierarchy: { dynamicRegistration: false },
    // Items by name (a signature in the label is clangd's default), documentation as markdown, details on request.
    completion: {
      completionItemKind: { valueSet: ALL_COMPLETION_KINDS },
      completionItem: {
        snippetSupport: false,
        documentationFormat: ['markdown', 'plaintext'],
        resolveSupport: { properties: ['detail', 'documentation'] },
      },
      contextSupport: true,
    },
    signatureHelp: {
      signatureInformation: {
        documentationFormat: ['markdown', 'plaintext'],
        parameterInformation: { labelOffsetSupport: true },
        activeParameterSupport: true,
      },
      contextSupport: true,
    },
    // Code actions as literals with their edits, or resolved on request (never a command run against us); formatting.
    codeAction: {
      codeActionLiteralSupport: {
        codeActionKind: { valueSet: ['quickfix', 'refactor', 'source', 'source.organizeImports', 'source.fixAll'] },
      },
      resolveSupport: { properties: ['edit'] },
      dataSupport: true,
      isPreferredSupport: true,
      disabledSupport: true,
    },
    formatting: { dynamicRegistration: false },
    rangeFormatting: { dynamicRegistration: false },
    // categorySupport is clangd's extension: each diagnostic names clang's category ("Parse Issue"), which tells syntax errors apart.
    publishDiagnostics: { relatedInformation: false, versionSupport: true, tagSupport: { valueSet: [1, 2] }, ...{ categorySupport: true } },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
  },
  // Progress is how a server says it is still loading (gopls's first load of a module): waits do not time out meanwhile.
  window: { workDoneProgress: true },
};

/** What this client tells the server of `profile`: pulled diagnostics registered where the profile pulls them (`pullsDiagnostics`). */
export function clientCapabilities(profile: LanguageProfile): ClientCapabilities {
  if (profile.pullsDiagnostics !== true) return CLIENT_CAPABILITIES;
  const { textDocument } = CLIENT_CAPABILITIES;
  return {
    ...CLIENT_CAPABILITIES,
    textDocument: { ...textDocument, diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false } },
  };
}
