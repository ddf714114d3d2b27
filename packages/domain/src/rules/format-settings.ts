import type { FormatSettings } from '../ports/code-actions.js';

/** TypeScript's own defaults, for a file that says nothing about its indentation. */
const DEFAULT_INDENT = 4;

/**
 * How a formatter lays out a file, from the project's `.editorconfig` properties for it; what
 * they leave out is read from the file itself, as an editor does (an editor detects a file's
 * indentation before it formats it): a file indented by two spaces stays so.
 */
export function formatSettings(properties: Readonly<Record<string, string | number | boolean>>, text: string): FormatSettings {
  const style = lower(properties['indent_style']);
  const size = properties['indent_size'];
  const tabWidth = positive(properties['tab_width']);
  const detected = style === undefined || (positive(size) ?? tabWidth) === undefined ? detectIndentation(text) : undefined;
  const insertSpaces = style === 'space' ? true : style === 'tab' ? false : (detected?.insertSpaces ?? true);
  // `indent_size = tab` means one tab's width.
  const indentSize =
    (lower(size) === 'tab' ? tabWidth : positive(size)) ?? tabWidth ?? (insertSpaces ? detected?.indentSize : undefined) ?? DEFAULT_INDENT;
  const endOfLine = lower(properties['end_of_line']);
  const trim = properties['trim_trailing_whitespace'];
  const finalNewline = properties['insert_final_newline'];
  return {
    indentSize,
    tabSize: tabWidth ?? indentSize,
    insertSpaces,
    ...(endOfLine === 'lf' ? { newLine: '\n' as const } : endOfLine === 'crlf' ? { newLine: '\r\n' as const } : {}),
    ...(typeof trim === 'boolean' ? { trimTrailingWhitespace: trim } : {}),
    ...(typeof finalNewline === 'boolean' ? { insertFinalNewline: finalNewline } : {}),
  };
}

/**
 * The indentation a text uses: tabs when more lines start with a tab than with spaces, else
 * the step between a line and the next more indented one that occurs most often (the smaller
 * on a tie); `undefined` for a text without indented lines.
 */
export function detectIndentation(text: string): { readonly insertSpaces: boolean; readonly indentSize: number } | undefined {
  let tabs = 0;
  let spaces = 0;
  const steps = new Map<number, number>();
  let previous = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') continue;
    const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
    if (indent.startsWith('\t')) tabs++;
    else if (indent.length > 0) spaces++;
    const width = indent.includes('\t') ? -1 : indent.length;
    if (width >= 0 && width > previous && width - previous <= 8) steps.set(width - previous, (steps.get(width - previous) ?? 0) + 1);
    if (width >= 0) previous = width;
  }
  if (tabs === 0 && spaces === 0) return undefined;
  if (tabs > spaces) return { insertSpaces: false, indentSize: DEFAULT_INDENT };
  let best: [number, number] | undefined;
  for (const [step, count] of steps)
    if (best === undefined || count > best[1] || (count === best[1] && step < best[0])) best = [step, count];
  return { insertSpaces: true, indentSize: best?.[0] ?? DEFAULT_INDENT };
}

function lower(value: string | number | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}

function positive(value: string | number | boolean | undefined): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
  return n !== undefined && n > 0 && n <= 16 ? n : undefined;
}
