import type { SymbolKind } from '@mcp-lsp-bridge/domain';
import { symbolKindOfDeclaration } from '@mcp-lsp-bridge/ts-syntax';
import type { CallContext } from '../call-context.js';
import type { OffsetSpan } from '../convert/ranges.js';
import { declarationOfName, nameAt } from './syntax.js';

/**
 * The kind of the declaration named at `name` in `path`: the server's, unless its dialect names
 * kinds its own way (TypeScript 7's native server), then as typescript-language-server names
 * the declaration the syntax shows there, so node ids agree across backends. The server's kind
 * stands when the syntax shows no declaration named exactly there.
 */
export function declarationKind(ctx: CallContext, path: string, name: OffsetSpan, serverKind: SymbolKind): SymbolKind {
  if (ctx.typescript?.native !== true) return serverKind;
  const text = ctx.lines(path)?.text;
  if (text === undefined) return serverKind;
  const sourceFile = ctx.workspace.syntax.get(path, text);
  const node = nameAt(sourceFile, name.start);
  if (node === undefined || node.getStart(sourceFile) !== name.start || node.end !== name.start + name.length) return serverKind;
  const declaration = declarationOfName(node);
  return (declaration === undefined ? undefined : symbolKindOfDeclaration(declaration)) ?? serverKind;
}
