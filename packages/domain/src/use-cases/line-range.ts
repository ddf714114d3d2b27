import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { LineIndex } from '../rules/text-positions.js';

export interface LineRangeInput {
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly endLine?: number | undefined;
}

/** A place in a file's text: the whole file, a position, or lines. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
  /** A line was named (not the whole file). */
  readonly atLine: boolean;
}

/**
 * The range `line`, `column` and `endLine` name in a text: none of them, the whole file; `line`
 * alone, that line; with `column`, that position (to the end of `endLine` when it is given);
 * `line` and `endLine`, those lines whole. Out of bounds is INVALID_POSITION with the real bounds.
 */
export function lineRange(lines: LineIndex, input: LineRangeInput): TextRange | ToolError {
  const { line, column, endLine } = input;
  if (line === undefined) {
    if (column !== undefined || endLine !== undefined) {
      return toolError(
        ErrorCode.INVALID_INPUT,
        `${column !== undefined ? 'column' : 'endLine'} was given without line`,
        'Pass line (and optionally column or endLine), or none of them for the whole file.',
      );
    }
    return { start: 0, end: lines.text.length, atLine: false };
  }
  const bad = lineOutOfBounds(lines, line) ?? (endLine === undefined ? undefined : lineOutOfBounds(lines, endLine));
  if (bad !== undefined) return bad;
  if (endLine !== undefined && endLine < line) {
    return toolError(ErrorCode.INVALID_INPUT, `endLine ${endLine} is before line ${line}`, 'Pass an endLine at or after line.');
  }
  const end = lines.lineEnd(endLine ?? line);
  if (column === undefined) return { start: lines.lineStart(line), end, atLine: true };
  const start = lines.offsetOf({ line, column });
  if (start === undefined) {
    const length = lines.lineLength(line);
    return toolError(
      ErrorCode.INVALID_POSITION,
      `Column ${column} is out of bounds: line ${line} has ${length} character${length === 1 ? '' : 's'}`,
      `Use a 1-based column between 1 and ${length + 1} (columns count Unicode characters).`,
    );
  }
  return { start, end: endLine === undefined ? start : end, atLine: true };
}

function lineOutOfBounds(lines: LineIndex, line: number): ToolError | undefined {
  if (Number.isInteger(line) && line >= 1 && line <= lines.lineCount) return undefined;
  return toolError(
    ErrorCode.INVALID_POSITION,
    `Line ${line} is out of bounds: the file has ${lines.lineCount} line${lines.lineCount === 1 ? '' : 's'}`,
    `Use a 1-based line between 1 and ${lines.lineCount}.`,
  );
}
