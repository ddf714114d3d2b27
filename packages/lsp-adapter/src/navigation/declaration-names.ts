import type { SourceSpan } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { nameSpelledIn, type NameSpan } from '../typescript/syntax.js';

/**
 * The name inside a declaration's span, for answers that give only the whole declaration
 * (typescript-language-server's `workspace/symbol`, the second and later overloads of its
 * document symbols, a flat outline): the name spelled `name` (TypeScript's: the declaration
 * name of that spelling before any other identifier), else, with `textual`, the first
 * occurrence of the text (a quoted property name), else the whole span.
 */
export function nameWithin(ctx: CallContext, declaration: SourceSpan, name: string, textual: boolean): NameSpan {
  const whole = { start: declaration.start, length: declaration.length };
  const text = ctx.lines(declaration.path)?.text;
  if (text === undefined || name === '') return whole;
  const end = declaration.start + Math.max(declaration.length, 1);
  const named =
    ctx.typescript !== undefined
      ? nameSpelledIn(ctx.workspace.syntax.get(declaration.path, text), declaration.start, end, name)
      : ctx.identifiers(declaration.path, declaration.start, end).find((id) => id.text === name && id.start >= declaration.start);
  if (named !== undefined) return { start: named.start, length: named.length };
  if (!textual) return whole;
  const at = text.slice(declaration.start, end).indexOf(name);
  return at < 0 ? whole : { start: declaration.start + at, length: name.length };
}
