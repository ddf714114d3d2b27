import type { ToolError } from '../errors/bridge-error.js';
import { toolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { ServerReading } from '../ports/server-syntax.js';
import type { DeclarationShape } from '../ports/source-syntax.js';
import type { DiagnosticRecord, QueryScope } from '../ports/symbol-index.js';
import { declarationAtIn, declarationSpanningIn, leadingCommentIn } from '../rules/server-declarations.js';
import type { BridgePorts } from './ports.js';
import { GET_DIAGNOSTICS, REPLACE_SYMBOL_BODY } from '../catalogue/operation-names.js';

/**
 * The syntax a replaced body is located and checked with, for one file: the bridge's parser
 * where it has one (TypeScript, JavaScript), else the file's language server reading each
 * text in memory. Texts are the file's content (the disk's, or the edited one).
 */
export interface ReplacementSyntax {
  syntaxErrors(text: string): Promise<readonly DiagnosticRecord[]>;
  declarationAt(text: string, offset: number): Promise<DeclarationShape | undefined>;
  declarationSpanning(text: string, start: number, end: number): Promise<DeclarationShape | undefined>;
}

/** The syntax for `path` (whose text now is `text`), or why a replacement in it cannot be checked. */
export async function replacementSyntax(
  ports: BridgePorts,
  scope: QueryScope,
  path: string,
  text: string,
  file: string,
  /** The tool that asks, as its refusal names it, and what it would check. */
  asker: { readonly tool: string; readonly what: string } = { tool: REPLACE_SYMBOL_BODY, what: 'a replacement' },
): Promise<ReplacementSyntax | ToolError> {
  const { syntax, serverSyntax } = ports;
  if (syntax.parses?.(path) !== false) {
    return {
      syntaxErrors: (t) => Promise.resolve(syntax.syntaxErrors(path, t)),
      declarationAt: (t, offset) => Promise.resolve(syntax.declarationAt(path, t, offset)),
      declarationSpanning: (t, start, end) => Promise.resolve(syntax.declarationSpanning(path, t, start, end)),
    };
  }
  const unchecked = (why: string): ToolError =>
    toolError(
      ErrorCode.UNSUPPORTED_FILE_TYPE,
      `${asker.tool} cannot check ${asker.what} in ${file}: ${why}, and nothing unchecked is written`,
      `Edit the file with your own tools, then call ${GET_DIAGNOSTICS} on it to see what its language server says.`,
    );
  if (serverSyntax === undefined) return unchecked('the bridge has no parser for its language');
  const readings = new Map<string, ServerReading>();
  const read = async (t: string): Promise<ServerReading | { readonly unchecked: string }> => {
    const known = readings.get(t);
    if (known !== undefined) return known;
    const answer = await serverSyntax.readTexts(scope, path, [t]);
    if ('unchecked' in answer) return answer;
    const reading = answer[0];
    if (reading === undefined) throw new Error(`The language server read no text of ${path}`);
    readings.set(t, reading);
    return reading;
  };
  const first = await read(text);
  if ('unchecked' in first) return unchecked(first.unchecked);
  // Every later text is read by the server that read the first one.
  const reading = async (t: string): Promise<ServerReading> => {
    const answer = await read(t);
    if ('unchecked' in answer) throw new Error(`The language server stopped checking ${path}: ${answer.unchecked}`);
    return answer;
  };
  return {
    syntaxErrors: async (t) => (await reading(t)).syntaxErrors,
    declarationAt: async (t, offset) => {
      const read = await reading(t);
      const declaration = declarationAtIn(read, offset);
      if (declaration === undefined || declaration.docComment !== undefined) return declaration;
      // A server's outline has no doc comments: the comment lines right above the declaration are its own.
      const docComment = leadingCommentIn(read, t, declaration.start);
      return docComment === undefined ? declaration : { ...declaration, docComment };
    },
    declarationSpanning: async (t, start, end) => declarationSpanningIn(await reading(t), start, end),
  };
}
