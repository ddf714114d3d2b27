import type { FileFault } from '@mcp-lsp-bridge/domain';
import { scriptKindOf } from '@mcp-lsp-bridge/ts-syntax';
import ts = require('typescript');

/** Why a file the parser ran out of stack on is left out (a failure entry, served empty). */
export const UNPARSABLE: FileFault = { kind: 'unparsable' };

/** The parser's stack overflow: a JavaScript engine reports it as a RangeError. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * Whether the parser runs out of stack on `text`. Asked only after a compiler or server failed
 * with a stack overflow, to find the file that caused it: parsing every file twice on every
 * change would cost every user for the sake of a generated file or two.
 */
export function overflowsParser(file: string, text: string): boolean {
  try {
    ts.createSourceFile(
      file,
      text,
      { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
      false,
      scriptKindOf(file),
    );
    return false;
  } catch (error) {
    if (isStackOverflow(error)) return true;
    throw error;
  }
}
