import type { Style } from './style.js';

/*
 * Hover documentation, and a signature's in completion, is markdown (the MCP tools return it so,
 * for an agent's renderer). A terminal renders none of it, so the CLI prints what a renderer
 * would show: clangd's `FILE\*` as `FILE*`, pyright's `&nbsp;` indentation as spaces,
 * TypeScript's `*@param*` as `@param`, clangd's `### function` heading and `---` rules as plain
 * lines. Code (fenced blocks, `code spans`) is left as written: a backslash there is the code's own.
 */

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
const RULE = /^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const HEADING = /^[ \t]{0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const ENTITIES: Readonly<Record<string, string>> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The documentation's lines as a terminal reader should see them: no markup, at most one blank line in a row. */
export function terminalMarkdown(markdown: string, style: Style): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const opening = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
      else out.push(`    ${line}`.trimEnd());
      continue;
    }
    if (opening !== undefined) {
      fence = opening;
      continue;
    }
    if (RULE.test(line)) {
      out.push('');
      continue;
    }
    const heading = HEADING.exec(line);
    out.push(heading === null ? inline(line, style).trimEnd() : style.bold(inline(heading[1] ?? '', style).trim()));
  }
  return withoutExtraBlankLines(out);
}

/** One line's text outside code spans (kept with their backticks): escapes, entities, emphasis and links as they read. */
function inline(markdown: string, style: Style): string {
  // A link's label may hold code (gopls: [`mux.NewRouter` on pkg.go.dev](https://…)).
  const line = markdown.replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_, label: string, url: string) =>
    label === '' ? url : `${label} (${url})`,
  );
  let out = '';
  let from = 0;
  for (const span of codeSpans(line)) {
    out += prose(line.slice(from, span.start), style) + line.slice(span.start, span.end);
    from = span.end;
  }
  return out + prose(line.slice(from), style);
}

/** Where a run of backticks opens a code span: up to the next run of the same length (CommonMark). */
function codeSpans(line: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  const runs = [...line.matchAll(/(?<!\\)`+/g)];
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i] as RegExpMatchArray;
    const close = runs.findIndex((run, j) => j > i && run[0].length === open[0].length);
    if (close < 0) continue;
    const end = runs[close] as RegExpMatchArray;
    spans.push({ start: open.index ?? 0, end: (end.index ?? 0) + end[0].length });
    i = close;
  }
  return spans;
}

function prose(text: string, style: Style): string {
  return text
    .replace(/(?<![\w*\\])\*\*(?=\S)(.+?)(?<=\S)\*\*(?![\w*])/g, (_, text: string) => style.bold(text))
    .replace(/(?<![\w*\\])\*(?=[^\s*])(.+?)(?<=[^\s*\\])\*(?![\w*])/g, '$1')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity: string, name: string) => decodeEntity(name) ?? entity);
}

function decodeEntity(name: string): string | undefined {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return ENTITIES[name.toLowerCase()];
}

function withoutExtraBlankLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) if (line !== '' || (out.length > 0 && out.at(-1) !== '')) out.push(line);
  while (out.at(-1) === '') out.pop();
  return out;
}
