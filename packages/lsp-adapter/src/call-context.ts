import { LineIndex, type QueryScope, type SourceSpan, type TextEdit } from '@mcp-lsp-bridge/domain';
import fs from 'node:fs';
import {
  DefinitionRequest,
  ReferencesRequest,
  RenameRequest,
  type Definition,
  type DefinitionLink,
  type Location,
  type Position,
  type Range,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node.js';
import type { Live } from './connection/server-session.js';
import { pathOf, uriOf } from './document-sync.js';

/**
 * One port call's view of a running server: offsets ↔ LSP positions through the domain's
 * LineIndex (on the text the server has), the requests the port methods share, and paths
 * made real as the domain expects.
 */
export class CallContext {
  private readonly lineIndexes = new Map<string, LineIndex | undefined>();
  private readonly realPaths = new Map<string, string>();

  constructor(
    readonly live: Live,
    readonly scope: QueryScope,
  ) {}

  get signal(): QueryScope['signal'] {
    return this.scope.signal;
  }

  /** The line index of the text the server has for `path` now. */
  lines(path: string): LineIndex | undefined {
    if (!this.lineIndexes.has(path)) {
      const text = this.live.sync.serverText(path);
      this.lineIndexes.set(path, text === undefined ? undefined : new LineIndex(text));
    }
    return this.lineIndexes.get(path);
  }

  /** Forgets cached texts (after the server was shown other texts). */
  invalidate(paths?: Iterable<string>): void {
    if (paths === undefined) this.lineIndexes.clear();
    else for (const path of paths) this.lineIndexes.delete(path);
  }

  position(path: string, offset: number): Position {
    const lines = this.lines(path);
    return lines === undefined ? { line: 0, character: 0 } : lines.utf16PositionOf(offset);
  }

  /** A range in `uri` as a span of the real path; `undefined` when the file has no text. */
  span(uri: string, range: Range): SourceSpan | undefined {
    const path = this.realPath(pathOf(uri));
    const lines = this.lines(path);
    if (lines === undefined) return undefined;
    const start = lines.offsetOfUtf16(range.start);
    const end = lines.offsetOfUtf16(range.end);
    return { path, start, length: Math.max(0, end - start) };
  }

  realPath(path: string): string {
    let real = this.realPaths.get(path);
    if (real === undefined) {
      try {
        real = fs.realpathSync.native(path);
      } catch {
        real = path;
      }
      this.realPaths.set(path, real);
    }
    return real;
  }

  async definition(path: string, offset: number): Promise<SourceSpan[]> {
    await this.live.sync.ensureOpen(path);
    const answer: Definition | DefinitionLink[] | null = await this.live.server.request(
      DefinitionRequest.type,
      { textDocument: { uri: uriOf(path) }, position: this.position(path, offset) },
      this.signal,
    );
    return this.locations(answer);
  }

  async references(path: string, offset: number): Promise<SourceSpan[]> {
    await this.live.sync.ensureOpen(path);
    const answer = await this.live.server.request(
      ReferencesRequest.type,
      { textDocument: { uri: uriOf(path) }, position: this.position(path, offset), context: { includeDeclaration: true } },
      this.signal,
    );
    return this.locations(answer);
  }

  async rename(path: string, offset: number, newName: string): Promise<TextEdit[]> {
    await this.live.sync.ensureOpen(path);
    const answer = await this.live.server.request(
      RenameRequest.type,
      { textDocument: { uri: uriOf(path) }, position: this.position(path, offset), newName },
      this.signal,
    );
    return answer === null ? [] : this.edits(answer);
  }

  /** A `WorkspaceEdit` as the domain's edits (`changes` or `documentChanges`; file operations refused). */
  edits(edit: WorkspaceEdit): TextEdit[] {
    const out: TextEdit[] = [];
    const add = (uri: string, edits: readonly { range: Range; newText: string }[]): void => {
      for (const textEdit of edits) {
        const span = this.span(uri, textEdit.range);
        if (span !== undefined) out.push({ ...span, newText: textEdit.newText });
      }
    };
    for (const [uri, edits] of Object.entries(edit.changes ?? {})) add(uri, edits);
    for (const change of edit.documentChanges ?? []) {
      if ('textDocument' in change)
        add(
          change.textDocument.uri,
          change.edits.map((e) => ('newText' in e ? e : { range: e, newText: '' })),
        );
    }
    return out;
  }

  /** Locations as spans; of a link, its target's selection range (the name). */
  locations(answer: Definition | DefinitionLink[] | Location[] | null | undefined): SourceSpan[] {
    if (answer === null || answer === undefined) return [];
    const list = Array.isArray(answer) ? answer : [answer];
    const spans: SourceSpan[] = [];
    for (const item of list) {
      const span = 'targetUri' in item ? this.span(item.targetUri, item.targetSelectionRange) : this.span(item.uri, item.range);
      if (span !== undefined) spans.push(span);
    }
    return spans;
  }
}
