import type { OutlineSymbol, ServerDeclaration, SymbolKind } from '@mcp-lsp-bridge/domain';
import { skipComment, skipNonCode } from './identifier-scan.js';
import type { Lexicon, ServerSyntaxProfile } from './language-profile.js';

/** The kinds whose body a replacement may take: functions and the braces (or suite) of a type. */
const WITH_BODY: ReadonlySet<SymbolKind> = new Set([
  'function',
  'method',
  'constructor',
  'class',
  'struct',
  'interface',
  'enum',
  'namespace',
]);

/**
 * The declarations of a server's outline of `text` as the parser port would give them: the
 * server says where each starts and ends and where its name is; the body is found by the
 * language's lexicon (a `{…}` block that ends the declaration, brackets in comments and strings
 * not counted, or Python's suite after the header's `:`).
 */
export function declarationsOf(
  lexicon: Lexicon,
  syntax: ServerSyntaxProfile,
  text: string,
  outline: readonly OutlineSymbol[],
): ServerDeclaration[] {
  return outline.flatMap((symbol) => {
    const nameEnd = symbol.nameStart + symbol.nameLength;
    const end = trimEnd(text, symbol.start + symbol.length);
    const body = WITH_BODY.has(symbol.kind)
      ? syntax.blocks === 'braces'
        ? bracedBody(lexicon, text, nameEnd, end)
        : indentedBody(lexicon, text, nameEnd, end)
      : undefined;
    const own: ServerDeclaration = {
      kind: symbol.kind,
      // The name as written: an outline may qualify it (gopls's `(T).M`).
      name: symbol.nameLength > 0 ? text.slice(symbol.nameStart, nameEnd) : symbol.name,
      start: withLeadingKeyword(syntax, text, symbol.start),
      end,
      nameStart: symbol.nameStart,
      nameLength: symbol.nameLength,
      ...(body === undefined ? {} : { body }),
    };
    return [own, ...declarationsOf(lexicon, syntax, text, symbol.children)];
  });
}

/** Whether [start, end) of `text` holds only whitespace and comments. */
export function onlyTrivia(lexicon: Lexicon, text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end) {
    if (/\s/.test(text[i] ?? '')) {
      i++;
      continue;
    }
    const skipped = skipComment(lexicon, text, i);
    if (skipped === i || skipped > end) return false;
    i = skipped;
  }
  return true;
}

/** The last `{…}` at bracket depth 0 after the name, if it is what ends the declaration. */
function bracedBody(lexicon: Lexicon, text: string, from: number, end: number): ServerDeclaration['body'] {
  let open: number | undefined;
  let last: { start: number; end: number } | undefined;
  eachCodeCharacter(lexicon, text, from, end, (ch, i, depth) => {
    if (ch === '{' && depth === 0) open = i;
    if (ch === '}' && depth === 1 && open !== undefined) last = { start: open, end: i + 1 };
    return false;
  });
  return last?.end === end ? { ...last, braced: true } : undefined;
}

/** The suite after the header's `:` (at bracket depth 0), from its first line; a comment after the `:` stays with the header. */
function indentedBody(lexicon: Lexicon, text: string, from: number, end: number): ServerDeclaration['body'] {
  let colon: number | undefined;
  eachCodeCharacter(lexicon, text, from, end, (ch, i, depth) => {
    if (ch === ':' && depth === 0) colon = i;
    return colon !== undefined;
  });
  if (colon === undefined) return undefined;
  let start = colon + 1;
  let j = start;
  while (text[j] === ' ' || text[j] === '\t') j++;
  j = skipComment(lexicon, text, j);
  if (text[j] === '\r') j++;
  // A suite on its own lines starts with its first line (a one-line `def f(): …`, right after the `:`).
  if (text[j] === '\n') start = j + 1;
  return start < end ? { start, end, braced: false, indented: true } : undefined;
}

/**
 * Calls `visit` with each character of [from, end) that is code (comments and strings skipped)
 * and the bracket depth before it, until `visit` answers true.
 */
function eachCodeCharacter(
  lexicon: Lexicon,
  text: string,
  from: number,
  end: number,
  visit: (ch: string, i: number, depth: number) => boolean,
): void {
  let depth = 0;
  for (let i = from; i < end;) {
    const skipped = skipNonCode(lexicon, text, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const ch = text[i] ?? '';
    if (visit(ch, i, depth)) return;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    i++;
  }
}

/** Where the declaration starts with a keyword the outline left out (`type` before Go's `T struct{…}`). */
function withLeadingKeyword(syntax: ServerSyntaxProfile, text: string, start: number): number {
  for (const keyword of syntax.leadingKeywords ?? []) {
    const before = /([A-Za-z_]+)[ \t]+$/.exec(text.slice(Math.max(0, start - keyword.length - 16), start));
    if (before?.[1] === keyword) return start - before[0].length;
  }
  return start;
}

/** `end` moved back over trailing whitespace (a range may end on the next line). */
function trimEnd(text: string, end: number): number {
  let i = Math.min(end, text.length);
  while (i > 0 && /\s/.test(text[i - 1] ?? '')) i--;
  return i;
}
