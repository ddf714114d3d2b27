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
  protected abstract forFile(scope: QueryScope, path: string): SymbolIndex | Promise<SymbolIndex>;

  async sourceText(scope: QueryScope, path: string): Promise<string | undefined> {
    return (await this.forFile(scope, path)).sourceText(scope, path);
  }

  async identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]> {
    return (await this.forFile(scope, path)).identifiersIn(scope, path, start, end);
  }

  async definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return (await this.forFile(scope, at.path)).definitions(scope, at);
  }

  async references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer> {
    return (await this.forFile(scope, at.path)).references(scope, at);
  }

  async renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo> {
    return (await this.forFile(scope, at.path)).renameInfo(scope, at);
  }

  async renameLocations(scope: QueryScope, at: FileOffset, newName: string): Promise<RenameLocations> {
    return (await this.forFile(scope, at.path)).renameLocations(scope, at, newName);
  }

  async diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]> {
    return (await this.forFile(scope, path)).diagnostics(scope, path);
  }

  async outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    return (await this.forFile(scope, path)).outline(scope, path);
  }

  async hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    return (await this.forFile(scope, at.path)).hover(scope, at);
  }

  async implementations(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return (await this.forFile(scope, at.path)).implementations(scope, at);
  }

  async callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]> {
    return (await this.forFile(scope, at.path)).callItems(scope, at);
  }

  async incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return (await this.forFile(scope, item.path)).incomingCalls(scope, item);
  }

  async outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return (await this.forFile(scope, item.path)).outgoingCalls(scope, item);
  }
}
