import type { IdentifierSpan } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT, namesOverlapping } from '@mcp-lsp-bridge/ts-syntax';
import type { SyntaxCache } from '@mcp-lsp-bridge/ts-workspace';
import type { LanguageProfile, Lexicon } from './language-profile.js';

/** The generic spelling for a configured language the bridge has no lexicon of (C-like and shell-like comments). */
export const GENERIC_LEXICON: Lexicon = {
  lineComments: ['//', '#'],
  blockComments: [['/*', '*/']],
  strings: [
    { open: '"', close: '"' },
    { open: "'", close: "'" },
    { open: '`', close: '`' },
  ],
  keywords: [],
};

/**
 * The identifiers of `text` (the content of `path`) overlapping [start, end), by the profile's
 * rules: a TypeScript server's files by their syntax tree, any other language's by its lexicon.
 */
export function identifiersOf(
  profile: LanguageProfile,
  syntax: SyntaxCache,
  path: string,
  text: string,
  start: number,
  end: number,
): IdentifierSpan[] {
  if (profile.typescript === undefined) return scanIdentifiers(profile.lexicon ?? GENERIC_LEXICON, path, text, start, end);
  const sourceFile = syntax.get(path, text);
  return namesOverlapping(BUNDLED_TYPESCRIPT, sourceFile, start, end).map((node) => {
    const nodeStart = node.getStart(sourceFile);
    return { path, start: nodeStart, length: node.end - nodeStart, text: node.text };
  });
}

const IDENTIFIER = /[\p{ID_Start}_$][\p{ID_Continue}$]*/uy;

/**
 * The identifiers of `text` overlapping [start, end), skipping comments, strings and keywords:
 * enough to find the name at a position in a language the bridge has no parser for (the
 * server answers everything else). `$` is taken as part of a name (harmless where it is not one).
 */
export function scanIdentifiers(lexicon: Lexicon, path: string, text: string, start: number, end: number): IdentifierSpan[] {
  const keywords = new Set(lexicon.keywords);
  const out: IdentifierSpan[] = [];
  let i = 0;
  while (i < text.length && i < end) {
    const skipped = skipNonCode(lexicon, text, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    IDENTIFIER.lastIndex = i;
    const match = IDENTIFIER.exec(text);
    if (match === null || (i > 0 && /[\p{ID_Continue}$]/u.test(text[i - 1] ?? ''))) {
      i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
      continue;
    }
    const word = match[0];
    const prefixesString =
      lexicon.stringPrefix?.test(word) === true && lexicon.strings.some((s) => text.startsWith(s.open, i + word.length));
    if (!keywords.has(word) && !prefixesString && i + word.length > start) out.push({ path, start: i, length: word.length, text: word });
    i += word.length;
  }
  return out;
}

/** The offset after a comment or string that starts at `i`, or `i` when none does. */
export function skipNonCode(lexicon: Lexicon, text: string, i: number): number {
  const comment = skipComment(lexicon, text, i);
  return comment !== i ? comment : skipString(lexicon, text, i);
}

/**
 * The offset after a comment that starts at `i`, or `i` when none does. Block comments are tried
 * first: one may open with a line comment's prefix (Lua's `--[[ … ]]` beside `--`).
 */
export function skipComment(lexicon: Lexicon, text: string, i: number): number {
  for (const [open, close] of lexicon.blockComments) {
    if (text.startsWith(open, i)) {
      const closing = text.indexOf(close, i + open.length);
      return closing < 0 ? text.length : closing + close.length;
    }
  }
  for (const opener of lexicon.lineComments) {
    if (text.startsWith(opener, i)) {
      const newline = text.indexOf('\n', i);
      return newline < 0 ? text.length : newline;
    }
  }
  return i;
}

function skipString(lexicon: Lexicon, text: string, i: number): number {
  for (const string of lexicon.strings) {
    if (!text.startsWith(string.open, i)) continue;
    let j = i + string.open.length;
    while (j < text.length && !text.startsWith(string.close, j)) {
      // A one-line string that is not closed ends at the line (an apostrophe in a comment-like place).
      if (string.open.length === 1 && string.close.length === 1 && text[j] === '\n' && !string.raw) return j;
      j += !string.raw && text[j] === '\\' ? 2 : 1;
    }
    return Math.min(text.length, j + string.close.length);
  }
  return i;
}
