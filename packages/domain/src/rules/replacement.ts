/**
 * How replacement text is fitted into a file: line breaks in the file's style, the
 * indentation of the declaration it replaces, braces recognised and not doubled.
 */

/** The file's line break: CRLF if it uses any, else LF. */
export function lineBreakOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The whitespace that starts the line holding `offset`. */
export function indentationAt(text: string, offset: number): string {
  const lineStart = Math.max(text.lastIndexOf('\n', offset - 1) + 1, 0);
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/**
 * One level of indentation as the file writes it: the smallest positive step between
 * consecutive indented lines, or two spaces when the file shows none.
 */
export function indentUnitOf(text: string): string {
  if (/^\t/m.test(text) && !/^ {2}/m.test(text)) return '\t';
  let unit = Number.POSITIVE_INFINITY;
  let previous = 0;
  for (const line of text.split(/\r?\n/)) {
    // A block comment's ` * ` lines sit one space past the comment: not a level of indentation.
    if (line.trim() === '' || line.trimStart().startsWith('*')) continue;
    const width = /^ */.exec(line)?.[0].length ?? 0;
    if (width > previous) unit = Math.min(unit, width - previous);
    previous = width;
  }
  return Number.isFinite(unit) ? ' '.repeat(unit) : '  ';
}

/**
 * Lines without surrounding blank lines and without the indentation they all share.
 * `significant`: indentation is syntax (Python), so the first line is measured like the others.
 */
export function dedentLines(text: string, significant = false): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && (lines[0] ?? '').trim() === '') lines.shift();
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  const widthOf = (line: string): number => /^[ \t]*/.exec(line)?.[0].length ?? 0;
  const first = lines[0] ?? '';
  // A fragment copied from the middle of a line ("{", "add() {") has lost the indentation
  // the rest still has: measure the shared indentation on the other lines.
  const measured = widthOf(first) === 0 && lines.length > 1 && !significant ? lines.slice(1) : lines;
  const widths = measured.filter((l) => l.trim() !== '').map(widthOf);
  const common = widths.length === 0 ? 0 : Math.min(...widths);
  return lines.map((l) => (l.trim() === '' ? '' : l.slice(Math.min(common, widthOf(l))).trimEnd()));
}

export interface BodyTarget {
  /** The file's text. */
  readonly text: string;
  /** Where the declaration starts (its line gives the indentation). */
  readonly declarationStart: number;
  /** Whether the body is a block in braces (else an arrow function's expression). */
  readonly braced: boolean;
  /** Whether the body is an indented block after the header's `:` (Python's suite). */
  readonly indented?: boolean | undefined;
  /** Where the indented body starts: a line's start, or right after the `:` of a one-line declaration. */
  readonly bodyStart?: number | undefined;
  /** The language indents with tabs, whatever the replacement used (Go: gofmt). */
  readonly tabs?: boolean | undefined;
}

/**
 * The text that replaces a body. A braced replacement (`{ ... }`) is taken as the whole new
 * block; otherwise it is the inside of the block, placed one level below the declaration
 * (an indented block's statements likewise, each on its own line after the header).
 */
export function fitBody(target: BodyTarget, replacement: string): string {
  const trimmed = replacement.trim();
  const eol = lineBreakOf(target.text);
  const tabs = target.tabs === true;
  // An indented block's lines sit one level below the declaration, on the lines after its header.
  if (target.indented === true) {
    const inner = indentationAt(target.text, target.declarationStart) + indentUnitOf(target.text);
    const lines = dedentLines(replacement, true).map((l) => (l === '' ? '' : inner + l));
    const onHeaderLine = target.bodyStart !== undefined && !/(^|\n)$/.test(target.text.slice(0, target.bodyStart));
    return (onHeaderLine ? eol : '') + lines.join(eol);
  }
  if (!target.braced) return reindent(trimmed, indentationAt(target.text, target.declarationStart), eol, false, tabs);
  if (trimmed.startsWith('{') && trimmed.endsWith('}'))
    return reindent(trimmed, indentationAt(target.text, target.declarationStart), eol, false, tabs);
  const lines = tabbed(dedentLines(replacement), tabs);
  if (lines.length === 0) return '{}';
  const outer = indentationAt(target.text, target.declarationStart);
  const inner = outer + (tabs ? '\t' : indentUnitOf(target.text));
  return ['{', ...lines.map((l) => (l === '' ? '' : inner + l)), `${outer}}`].join(eol);
}

/**
 * The text that replaces a whole declaration: its first line where the old one started, the
 * rest at the declaration's indentation (`significant`: indentation is syntax, as in Python).
 */
export function fitNode(text: string, declarationStart: number, replacement: string, significant = false, tabs = false): string {
  return reindent(replacement, indentationAt(text, declarationStart), lineBreakOf(text), significant, tabs);
}

function reindent(replacement: string, indentation: string, eol: string, significant = false, tabs = false): string {
  const lines = tabbed(dedentLines(replacement, significant), tabs);
  return lines.map((l, i) => (i === 0 || l === '' ? l : indentation + l)).join(eol);
}

/**
 * Lines whose leading spaces become tabs, one per level of the replacement's own step (its
 * least indentation), as gofmt writes Go: an agent's replacement indented with spaces is not
 * left for the next gofmt to rewrite. Unchanged unless `tabs`.
 */
export function tabbed(lines: readonly string[], tabs: boolean): string[] {
  if (!tabs) return [...lines];
  const widthOf = (line: string): number => /^ */.exec(line)?.[0].length ?? 0;
  const widths = lines.map(widthOf).filter((width) => width > 0);
  const step = widths.length === 0 ? 0 : Math.min(...widths);
  return lines.map((line) => {
    const width = widthOf(line);
    return width === 0 ? line : '\t'.repeat(Math.max(1, Math.round(width / step))) + line.slice(width);
  });
}

/** How many lines a piece of text spans (an empty text still occupies one). */
export function lineCount(text: string): number {
  return text.split(/\r\n|\r|\n/).length;
}
