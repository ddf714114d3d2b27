import type { SourceSpan, TextEdit } from '../ports/symbol-index.js';

/** A reference a server found to the symbol, with the text its span covers. */
export interface SpelledReference extends SourceSpan {
  readonly text: string;
}

/**
 * The server's references to the symbol that its own rename leaves out, renamed too: a reference
 * designates the symbol (the server resolved it there), so one left spelled as the old name is a
 * use the rename breaks. pyright lists a module's `__all__` entry among the references of what it
 * exports, but skips it in its rename when a stub (`__init__.pyi`) sits beside the module, and
 * `from package import *` fails on the name left there. Only a reference spelled exactly as the
 * old name is renamed, or the content of a string literal that is exactly it (a server may give
 * the quotes with it); any other span (an alias, an expression the server points at) is left to
 * the rename's check.
 */
export function referencesLeftOut(
  references: readonly SpelledReference[],
  edits: readonly TextEdit[],
  oldName: string,
  newName: string,
): TextEdit[] {
  if (oldName === '') return [];
  const covered = (span: SourceSpan): boolean =>
    edits.some((edit) => edit.path === span.path && edit.start <= span.start && span.start < edit.start + Math.max(edit.length, 1));
  const renamed = new Map<string, TextEdit>();
  for (const reference of references) {
    const name = nameIn(reference, oldName);
    if (name === undefined || covered(name)) continue;
    renamed.set(`${name.path}\0${name.start}`, { ...name, newText: newName });
  }
  return [...renamed.values()];
}

/** The span of `oldName` in a reference: all of it, or a quoted string's content. */
function nameIn(reference: SpelledReference, oldName: string): SourceSpan | undefined {
  const { path, start, text } = reference;
  if (text === oldName) return { path, start, length: oldName.length };
  const quote = text[0];
  if ((quote === '"' || quote === "'") && text === `${quote}${oldName}${quote}`) return { path, start: start + 1, length: oldName.length };
  return undefined;
}
