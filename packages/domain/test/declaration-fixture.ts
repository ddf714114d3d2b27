import type { SymbolKind } from '../src/model/symbols.js';
import type { DeclarationShape } from '../src/ports/source-syntax.js';
import type { OutlineSymbol } from '../src/ports/symbol-index.js';

/** A declaration as the toy parser finds it: the port's shape plus what an outline needs. */
export interface ToyDeclaration extends DeclarationShape {
  readonly name: string;
  readonly nameStart: number;
  readonly symbolKind: SymbolKind;
}

const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function']);

/**
 * The declarations of the small TypeScript the use-case fixtures are written in, one per
 * line: `class X {`, `[export] [function] name(...)[: T] {` or `;` (a method, a function
 * or an overload signature), `name = (...) => expression;` and `name = value;` (properties).
 * Enough to stand in for a parser in FakeSourceSyntax; not a parser.
 */
export function toyDeclarations(text: string): ToyDeclaration[] {
  const found: ToyDeclaration[] = [];
  for (const m of text.matchAll(/^[ \t]*((?:export )?class (\w+) )\{/gm)) {
    const start = m.index + m[0].indexOf(m[1] ?? '');
    const name = m[2] ?? '';
    const open = m.index + m[0].length - 1;
    const end = closing(text, open);
    found.push({
      kind: 'class',
      symbolKind: 'class',
      name,
      nameStart: m.index + m[0].indexOf(` ${name} `) + 1,
      start,
      end,
      body: { start: open, end, braced: true },
    });
  }
  for (const m of text.matchAll(/^[ \t]*((?:export )?(function )?(\w+)\([^)\n]*\)(?::\s*\w+)?\s*)([{;])/gm)) {
    const name = m[3] ?? '';
    if (KEYWORDS.has(name)) continue;
    const start = m.index + m[0].indexOf(m[1] ?? '');
    const nameStart = start + (m[1] ?? '').indexOf(`${name}(`);
    const kind = m[2] === undefined ? 'method' : 'function';
    const open = m.index + m[0].length - 1;
    if (m[4] === ';') {
      found.push({ kind, symbolKind: kind, name, nameStart, start, end: open + 1 });
    } else {
      const end = closing(text, open);
      found.push({ kind, symbolKind: kind, name, nameStart, start, end, body: { start: open, end, braced: true } });
    }
  }
  for (const m of text.matchAll(/^([ \t]*)(\w+) = (\([^)\n]*\) => )?([^;\n]*);/gm)) {
    const start = m.index + (m[1] ?? '').length;
    const name = m[2] ?? '';
    const end = m.index + m[0].length;
    if (m[3] === undefined && m[4]?.includes('(') === true) continue;
    const body = m[3] === undefined ? undefined : { start: end - 1 - (m[4] ?? '').length, end: end - 1, braced: false };
    found.push({ kind: 'property', symbolKind: 'property', name, nameStart: start, start, end, ...(body === undefined ? {} : { body }) });
  }
  return found
    .sort((a, b) => a.start - b.start)
    .map((d) => {
      const docComment = toyDocComment(text, d.start);
      return docComment === undefined ? d : { ...d, docComment };
    });
}

/**
 * A `/** … *\/` that starts its own line and ends right before `start` (only whitespace
 * between): the toy parser's doc comment. A `/**` inside a line comment is not at a line start.
 */
function toyDocComment(text: string, start: number): { start: number; end: number } | undefined {
  const before = text.slice(0, start).trimEnd();
  if (!before.endsWith('*/')) return undefined;
  const open = before.lastIndexOf('/**');
  if (open < 0 || before.indexOf('*/', open + 2) !== before.length - 2) return undefined;
  const lineStart = before.lastIndexOf('\n', open) + 1;
  return before.slice(lineStart, open).trim() === '' ? { start: open, end: before.length } : undefined;
}

/** The offset after the brace that closes the one at `open` (the end of the text if none does). */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The outline a service would give for the toy declarations: members nested in their class. */
export function toyOutline(text: string): OutlineSymbol[] {
  const all = toyDeclarations(text);
  const inside = (inner: ToyDeclaration, outer: ToyDeclaration): boolean =>
    inner !== outer && outer.start <= inner.start && inner.end <= outer.end;
  const entry = (d: ToyDeclaration): OutlineSymbol => ({
    name: d.name,
    kind: d.symbolKind,
    start: d.start,
    length: d.end - d.start,
    nameStart: d.nameStart,
    nameLength: d.name.length,
    children: all.filter((c) => inside(c, d) && !all.some((m) => inside(c, m) && inside(m, d))).map(entry),
  });
  return all.filter((d) => !all.some((outer) => inside(d, outer))).map(entry);
}
