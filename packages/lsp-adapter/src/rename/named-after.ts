import { nameWithin, type SourceSpan, type TextEdit } from '@mcp-lsp-bridge/domain';
import { fileSpells } from '@mcp-lsp-bridge/workspace';
import path from 'node:path';
import type { CallContext } from '../call-context.js';

/**
 * The names of the functions named after the symbol (the profile's `namedAfter`: Go's
 * examples), renamed within: top-level functions of the files beside the symbol's top-level
 * declaration (a function or a type, not a method or a local: those are no example's).
 */
export function namedAfterRenames(ctx: CallContext, definitions: readonly SourceSpan[], oldName: string, newName: string): TextEdit[] {
  const rule = ctx.profile.namedAfter;
  if (rule === undefined || oldName === '') return [];
  const declarations = definitions.filter((d) => topLevel(ctx, d));
  const directories = new Set(declarations.map((d) => path.dirname(d.path)));
  const edits: TextEdit[] = [];
  for (const file of ctx.sourceFiles()) {
    if (!file.endsWith(rule.fileSuffix) || !directories.has(path.dirname(file)) || !fileSpells(file, `${rule.prefix}${oldName}`)) continue;
    const text = ctx.workspace.files.text(file);
    if (text === undefined) continue;
    for (const name of ctx.identifiers(file, 0, text.length)) {
      const within = nameWithin(name.text, rule, oldName);
      if (within !== undefined && /(?:^|\n)func[ \t]+$/.test(text.slice(Math.max(0, name.start - 8), name.start)))
        edits.push({ path: file, start: name.start + within, length: oldName.length, newText: newName });
    }
  }
  return edits;
}

/** A declaration that begins its line as `func Name` or `type Name`. */
function topLevel(ctx: CallContext, declaration: SourceSpan): boolean {
  const text = ctx.workspace.files.text(declaration.path);
  if (text === undefined) return false;
  const lineStart = text.lastIndexOf('\n', declaration.start - 1) + 1;
  return /^(?:func|type)[ \t]+$/.test(text.slice(lineStart, declaration.start));
}
