import type {
  CallEdge,
  CallItem,
  DiagnosticRecord,
  FileOffset,
  HoverAnswer,
  IdentifierSpan,
  OutlineSymbol,
  QueryScope,
  ReferencesAnswer,
  RenameInfo,
  RenameLocations,
  SourceSpan,
  SymbolIndex,
} from '@mcp-lsp-bridge/domain';

/**
 * What a router of the `SymbolIndex` port does for every call about one file: hand it to the
 * backend `forFile` chooses for that file. The routers decide only that choice and how
 * project-wide calls are shared out and merged.
 */
export abstract class FileRoutedIndex {
  /** The backend that answers for `path`, as the disk is at the start of this call. */
  protected abstract forFile(scope: QueryScope, path: string): SymbolIndex;

  sourceText(scope: QueryScope, path: string): Promise<string | undefined> {
    return this.forFile(scope, path).sourceText(scope, path);
  }

  identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]> {
    return this.forFile(scope, path).identifiersIn(scope, path, start, end);
  }

  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.forFile(scope, at.path).definitions(scope, at);
  }

  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer> {
    return this.forFile(scope, at.path).references(scope, at);
  }

  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo> {
    return this.forFile(scope, at.path).renameInfo(scope, at);
  }

  renameLocations(scope: QueryScope, at: FileOffset, newName: string): Promise<RenameLocations> {
    return this.forFile(scope, at.path).renameLocations(scope, at, newName);
  }

  diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]> {
    return this.forFile(scope, path).diagnostics(scope, path);
  }

  outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    return this.forFile(scope, path).outline(scope, path);
  }

  hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    return this.forFile(scope, at.path).hover(scope, at);
  }

  implementations(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.forFile(scope, at.path).implementations(scope, at);
  }

  callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]> {
    return this.forFile(scope, at.path).callItems(scope, at);
  }

  incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.forFile(scope, item.path).incomingCalls(scope, item);
  }

  outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.forFile(scope, item.path).outgoingCalls(scope, item);
  }
}
