import type { QueryScope, SourceSpan, SymbolIndex } from '../ports/symbol-index.js';
import { snippetAround } from '../rules/brief-text.js';
import { LineIndex, type TextPosition } from '../rules/text-positions.js';

export interface PlacedSpan {
  readonly start: TextPosition;
  readonly end: TextPosition;
  /** The line of the start, indentation kept (DR-001.2); a very long line cut around the span. */
  readonly codeSnippet: string;
}

/** Turns offsets into positions and snippets, reading each file's text once per call. */
export class SourceTexts {
  private readonly cache = new Map<string, Promise<LineIndex | undefined>>();

  constructor(
    private readonly symbols: SymbolIndex,
    private readonly scope: QueryScope,
  ) {}

  seed(path: string, lines: LineIndex): void {
    this.cache.set(path, Promise.resolve(lines));
  }

  lines(path: string): Promise<LineIndex | undefined> {
    let entry = this.cache.get(path);
    if (entry === undefined) {
      entry = this.symbols.sourceText(this.scope, path).then((text) => (text === undefined ? undefined : LineIndex.of(text)));
      this.cache.set(path, entry);
    }
    return entry;
  }

  /** `undefined` when the file cannot be read. */
  async place(span: SourceSpan): Promise<PlacedSpan | undefined> {
    const lines = await this.lines(span.path);
    if (lines === undefined) return undefined;
    const start = lines.positionOf(span.start);
    const codeSnippet = snippetAround(lines.lineText(start.line), span.start - lines.lineStart(start.line));
    return { start, end: lines.positionOf(span.start + span.length), codeSnippet };
  }
}
