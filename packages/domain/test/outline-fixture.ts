import type { SymbolKind } from '../src/model/symbols.js';
import type { OutlineSymbol } from '../src/ports/symbol-index.js';

export interface EntryOptions {
  readonly children?: readonly OutlineSymbol[];
  /** Which occurrence of the declaration text (0-based). */
  readonly nth?: number;
  /** A declaration without a name (a constructor, `export default class`): its name range is the whole declaration. */
  readonly nameless?: boolean;
}

/**
 * An outline entry as a service gives it, worked out from the fixture text: the declaration
 * is the `nth` occurrence of `declaration` in `text`, its name the first `name` inside it.
 */
export function outlineEntry(text: string, kind: SymbolKind, name: string, declaration: string, options: EntryOptions = {}): OutlineSymbol {
  let start = -1;
  for (let i = 0; i <= (options.nth ?? 0); i++) {
    start = text.indexOf(declaration, start + 1);
    if (start < 0) throw new Error(`occurrence ${options.nth ?? 0} of "${declaration}" is not in the fixture`);
  }
  const nameAt = options.nameless === true ? -1 : declaration.indexOf(name);
  if (options.nameless !== true && nameAt < 0) throw new Error(`"${name}" is not in "${declaration}"`);
  return {
    name,
    kind,
    start,
    length: declaration.length,
    nameStart: nameAt < 0 ? start : start + nameAt,
    nameLength: nameAt < 0 ? declaration.length : name.length,
    children: options.children ?? [],
  };
}

/** The text from the first occurrence of `from` up to and including the first `to` after it. */
export function between(text: string, from: string, to: string): string {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start);
  if (start < 0 || end < 0) throw new Error(`"${from}" … "${to}" is not in the fixture`);
  return text.slice(start, end + to.length);
}
