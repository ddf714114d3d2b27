import type { LineIndex } from '@mcp-lsp-bridge/domain';
import type { Position, Range } from 'vscode-languageserver-protocol/node';

/** Offsets into one file's text. */
export interface OffsetSpan {
  readonly start: number;
  readonly length: number;
}

/**
 * An LSP range (UTF-16 line and character, the only encoding this client asks for) as offsets
 * into the text `lines` indexes: the one conversion of a server's ranges. An end before the
 * start gives an empty span.
 */
export function spanOfRange(lines: LineIndex, range: Range): OffsetSpan {
  const start = lines.offsetOfUtf16(range.start);
  return { start, length: Math.max(0, lines.offsetOfUtf16(range.end) - start) };
}

/** An offset as an LSP position; the start of the file when there is no text. */
export function positionOf(lines: LineIndex | undefined, offset: number): Position {
  return lines === undefined ? { line: 0, character: 0 } : lines.utf16PositionOf(offset);
}

/** Offsets as an LSP range. */
export function rangeOf(lines: LineIndex | undefined, span: OffsetSpan): Range {
  return { start: positionOf(lines, span.start), end: positionOf(lines, span.start + span.length) };
}
