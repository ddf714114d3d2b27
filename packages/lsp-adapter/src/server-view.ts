import { LineIndex, type QueryScope, type SourceSpan, type TextEdit } from '@mcp-lsp-bridge/domain';
import fs from 'node:fs';
import {
  DefinitionRequest,
  ReferencesRequest,
  RenameRequest,
  type Definition,
  type DefinitionLink,
  type Position,
  type Range,
} from 'vscode-languageserver-protocol/node.js';
import type { Live } from './connection/server-session.js';
import { spansOfLocations, textEditsOf } from './convert/locations.js';
import { positionOf, rangeOf, spanOfRange, type OffsetSpan } from './convert/ranges.js';
import { pathOf, uriOf } from './convert/uris.js';

/**
 * One port call's view of a running server, whatever its language: offsets ↔ LSP positions
 * through the domain's LineIndex (on the text the server has), the requests every language
 * shares, and paths made real as the domain expects.
 */
export class ServerView {
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
    return positionOf(this.lines(path), offset);
  }

  range(path: string, span: OffsetSpan): Range {
    return rangeOf(this.lines(path), span);
  }

  /** A range in `uri` as a span of the real path; `undefined` when the file has no text. */
  span(uri: string, range: Range): SourceSpan | undefined {
    const path = this.realPath(pathOf(uri));
    const lines = this.lines(path);
    return lines === undefined ? undefined : { path, ...spanOfRange(lines, range) };
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
    return spansOfLocations(answer, (uri, range) => this.span(uri, range));
  }

  async references(path: string, offset: number): Promise<SourceSpan[]> {
    await this.live.sync.ensureOpen(path);
    const answer = await this.live.server.request(
      ReferencesRequest.type,
      { textDocument: { uri: uriOf(path) }, position: this.position(path, offset), context: { includeDeclaration: true } },
      this.signal,
    );
    return spansOfLocations(answer, (uri, range) => this.span(uri, range));
  }

  async rename(path: string, offset: number, newName: string): Promise<TextEdit[]> {
    await this.live.sync.ensureOpen(path);
    const answer = await this.live.server.request(
      RenameRequest.type,
      { textDocument: { uri: uriOf(path) }, position: this.position(path, offset), newName },
      this.signal,
    );
    return answer === null ? [] : textEditsOf(answer, (uri, range) => this.span(uri, range));
  }
}
