import type { SourceSpan } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { nameSpelledIn, type NameSpan } from '../typescript/syntax.js';

/**
 * The name inside a declaration's span, for answers that give only the whole declaration
 * (typescript-language-server's `workspace/symbol`, the second and later overloads of its
 * document symbols): the declaration name spelled `name` (syntax), else, with `textual`, the
 * first occurrence of the text (a quoted property name), else the whole span.
 */
export function nameWithin(ctx: CallContext, declaration: SourceSpan, name: string, textual: boolean): NameSpan {
  const whole = { start: declaration.start, length: declaration.length };
  const text = ctx.lines(declaration.path)?.text;
  if (text === undefined || name === '') return whole;
  const end = declaration.start + declaration.length;
  const named = nameSpelledIn(ctx.workspace.syntax.get(declaration.path, text), declaration.start, end, name);
  if (named !== undefined || !textual) return named ?? whole;
  const at = text.slice(declaration.start, end).indexOf(name);
  return at < 0 ? whole : { start: declaration.start + at, length: name.length };
}
